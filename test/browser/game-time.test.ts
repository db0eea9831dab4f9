/**
 * The browser simulator's times as people read them (issue 14, item 4): the log panel and the status line count from
 * the game's start, never in raw milliseconds, and the page's power button (a power cut: the firmware boots again on
 * the same flash) moves neither the start nor any entry's time; the game time goes on from the restored game.
 * Needs chromium, as test/browser/web-simulator.test.ts (test/browser/chromium.ts).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BrowserContext, chromium, Page } from 'playwright-core';
import { startWebServer, WebServer } from '../../sim/web-server';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, NO_CHROMIUM, suiteNeeding } from './chromium';

/** "m:ss.t" or "h:mm:ss.t" in ms. */
function msOf(text: string): number {
  const parts = text.split(':').map(Number);
  let seconds = 0;
  for (const part of parts) seconds = seconds * 60 + part;
  return Math.round(seconds * 1000);
}

async function statusGameMs(page: Page): Promise<number> {
  const status = (await page.locator('#status').textContent()) || '';
  const found = / game time (\d[\d:.]*) /.exec(status);
  if (!found) throw new Error('no game time in the status: ' + status);
  return msOf(found[1]);
}

/** The log panel's rows, oldest first: "0:00.0 white start: black to move". */
async function logRows(page: Page): Promise<string[]> {
  const rows = await page.locator('#log li:not(.empty)').evaluateAll((items) =>
    items.map((li) => (li.querySelector('.when')?.textContent || '') + ' ' + (li.querySelector('.what')?.textContent || '')),
  );
  return rows.reverse();
}

async function click(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error('not on screen: ' + selector);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
}

suiteNeeding(haveChromium ? null : NO_CHROMIUM, "the browser simulator's game time", () => {
  let server: WebServer;
  let context: BrowserContext;
  let userDataDir: string;

  beforeAll(async () => {
    if (!haveChromium) throw new Error(NO_CHROMIUM + ': CI must install it for test/browser');
    server = await startWebServer({ port: 0 });
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 60000);

  afterAll(async () => {
    if (context) await context.close();
    if (server) await server.close();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  test("counts from the game's start, and a power cut moves nothing", async () => {
    const page = await context.newPage();
    await page.goto(server.url + '?speed=10');
    await page.waitForFunction('window.goclock !== undefined', undefined, { timeout: 10000 });
    await page.waitForTimeout(800); // 8 s of clock before anyone presses: not game time
    expect(await statusGameMs(page)).toBe(0);

    await click(page, '#right'); // White starts Black's clock
    await page.waitForFunction('window.goclock.view().running === "black"', undefined, { timeout: 5000 });
    await page.waitForTimeout(500);
    await click(page, '#left'); // Black's first move, some 5 s in
    await page.waitForFunction('window.goclock.view().running === "white"', undefined, { timeout: 5000 });
    await page.waitForTimeout(300);
    const before = await logRows(page);
    expect(before.length).toBe(2);
    expect(before[0]).toBe('0:00.0 white start: black to move');
    const move = /^(\d:\d\d\.\d) black move 1 \((\d:\d\d\.\d)\)$/.exec(before[1]);
    expect(move).not.toBeNull();
    const moveMs = msOf((move as RegExpExecArray)[1]);
    expect(moveMs).toBeGreaterThan(3000);
    expect(moveMs).toBeLessThan(20000);
    expect(before.join('\n')).not.toMatch(/\d ms\b/);
    const runningMs = await statusGameMs(page);
    expect(runningMs).toBeGreaterThanOrEqual(moveMs);

    await page.locator('#power').click();
    await page.waitForFunction('window.goclock.view().status === "paused"', undefined, { timeout: 5000 });
    const after = await logRows(page);
    // The same entries at the same instants (the restore adds its pause, at the last journaled instant: the move).
    expect(after.slice(0, 2)).toEqual(before);
    expect(after[2]).toBe(before[1].split(' ')[0] + ' arbiter pause: white to move');
    const restoredMs = await statusGameMs(page);
    expect(restoredMs).toBeGreaterThanOrEqual(moveMs);
    expect(restoredMs).toBeLessThanOrEqual(runningMs + 2000);
    await page.waitForTimeout(500);
    expect(await statusGameMs(page)).toBeGreaterThan(restoredMs); // and it goes on from there
    await page.close();
  }, 30000);
});
