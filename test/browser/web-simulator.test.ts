/**
 * The browser simulator in a real browser: `npm run sim:web`'s server (sim/web-server.ts) on a free port, the page
 * in Debian's chromium driven by playwright-core, and the firmware runtime inside it driven through the page's own
 * buttons — a mouse, two fingers, the keyboard — as a person would. The page's read-only hook `window.goclock`
 * tells what the clock shows and logs.
 *
 * Chromium: /usr/bin/chromium (Debian's `apt-get install -y chromium`), or GOCLOCK_CHROMIUM (test/browser/chromium.ts).
 * Without it the tests fail under CI (process.env.CI) and are skipped elsewhere, said in a box at the end of the run.
 *
 * Each run writes a screenshot of each board, simulator-web-lcd.png and simulator-web-oled.png, to reports/screenshots/
 * (ignored by git): a test run leaves the tree as it found it. `npm run docs:screenshots` (GOCLOCK_DOCS_SCREENSHOTS=1)
 * runs this file and also copies them over the committed docs/simulator-web-*.png; look at them before committing.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BrowserContext, chromium, Page } from 'playwright-core';
import { ROOT, startWebServer, WebServer } from '../../sim/web-server';
import type { GoclockHook } from '../../sim/web/app';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, NO_CHROMIUM, screenshotDir, suiteNeeding, updatingDocsScreenshots } from './chromium';

const LCD_READY = ['1:00:00  1:00:00', 'B first        W'];


/** Runs `fn` with the page's hook (the function is serialised into the page: it may use only its argument). */
function hook<T>(page: Page, fn: (goclock: GoclockHook) => T): Promise<T> {
  return page.evaluate(`(${fn.toString()})(window.goclock)`) as Promise<T>;
}

async function center(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error('not on screen: ' + selector);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A mouse click on one of the clock's buttons: pointer down, a human 80 ms, pointer up. */
async function click(page: Page, selector: string): Promise<void> {
  const at = await center(page, selector);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
}

async function canvasImage(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());
}

suiteNeeding(haveChromium ? null : NO_CHROMIUM, 'the browser simulator', () => {
  let server: WebServer;
  let context: BrowserContext;
  let userDataDir: string;
  let shotDir: string;
  const started = Date.now();

  beforeAll(async () => {
    if (!haveChromium) throw new Error(NO_CHROMIUM + ': CI must install it for test/browser');
    server = await startWebServer({ port: 0 });
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-chromium-'));
    shotDir = screenshotDir(ROOT);
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1200, height: 820 },
      hasTouch: true,
    });
  }, 60000);

  afterAll(async () => {
    if (context) await context.close();
    if (server) await server.close();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
    console.log(`test/browser: ${((Date.now() - started) / 1000).toFixed(1)} s (page built in ${server ? server.buildMs : '?'} ms)`);
  });

  /** A fresh page (fresh firmware, empty flash) on `board`, ready to use. */
  async function open(query: string): Promise<Page> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url + query);
    await page.waitForFunction('window.goclock !== undefined', undefined, { timeout: 10000 }).catch(() => {
      throw new Error('the page did not start: ' + (errors.join('; ') || 'no goclock hook'));
    });
    return page;
  }

  /** The screenshot into reports/screenshots/, and over the committed one in docs/ with GOCLOCK_DOCS_SCREENSHOTS=1. */
  async function screenshot(page: Page, name: string): Promise<void> {
    const file = path.join(shotDir, name);
    fs.rmSync(file, { force: true }); // the last run's must not pass for this one's
    const box = await page.locator('.layout').boundingBox();
    await page.screenshot(box ? { path: file, fullPage: true, clip: box } : { path: file });
    expect(fs.statSync(file).size).toBeGreaterThan(10000);
    if (updatingDocsScreenshots()) {
      fs.copyFileSync(file, path.join(ROOT, 'docs', name));
      console.log('test/browser: docs/' + name + ' refreshed from ' + path.relative(ROOT, file));
    }
  }


  test('LCD: the ready frame, a mouse press starts Black, two fingers held 0.8 s pause', async () => {
    const page = await open('');
    expect(await hook(page, (g) => g.board())).toBe('esp32-lcd1602');
    expect(await hook(page, (g) => g.screenRows())).toEqual(LCD_READY);
    expect(await hook(page, (g) => g.view().status)).toBe('ready');
    const ready = await canvasImage(page, '#lcd');
    // The legend, from the one notation table (sim/button-notation.ts): each gesture by name, each button's keys.
    const legend = await page.locator('.help li.gesture b').allTextContents();
    expect(legend).toEqual(['Left', 'Right', 'Left long', 'Right long', 'Both', 'Both 2 s', 'Both 4 s']);
    expect(await page.locator('#left ~ .label .keys').textContent()).toBe('A←');
    expect(await page.locator('#right ~ .label .keys').textContent()).toBe('L→');

    // White (the right button) presses: Black's clock starts (12.5).
    await click(page, '#right');
    await page.waitForFunction('window.goclock.view().running === "black"', undefined, { timeout: 5000 });
    let rows = await hook(page, (g) => g.screenRows());
    expect(rows[0].charCodeAt(7)).toBe(0); // ◀: the left half (Black) runs
    expect(rows[1]).toMatch(/^#0 /);
    expect(await canvasImage(page, '#lcd')).not.toBe(ready);

    // Black moves, then White: each press switches the clock.
    await page.waitForTimeout(300);
    await click(page, '#left');
    await page.waitForFunction('window.goclock.view().running === "white"', undefined, { timeout: 5000 });
    await page.waitForTimeout(300);
    await click(page, '#right');
    await page.waitForFunction('window.goclock.view().running === "black"', undefined, { timeout: 5000 });
    expect(await hook(page, (g) => g.view().sides.black.moves)).toBe(1);
    expect(await hook(page, (g) => g.view().sides.white.moves)).toBe(1);
    await page.waitForTimeout(1200); // a second later, Black's time has moved
    await screenshot(page, 'simulator-web-lcd.png');

    // Both buttons held together, one finger on each, for 0.8 s: the clock pauses (12.13).
    const left = await center(page, '#left');
    const right = await center(page, '#right');
    const cdp = await context.newCDPSession(page);
    const touches = [
      { x: left.x, y: left.y, id: 1 },
      { x: right.x, y: right.y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touches });
    await page.waitForTimeout(800);
    expect(await page.locator('#left.pressed').count()).toBe(1);
    expect(await page.locator('#right.pressed').count()).toBe(1);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForFunction('document.querySelectorAll(".pressed").length === 0', undefined, { timeout: 5000 });
    expect(await hook(page, (g) => g.view().status)).toBe('paused');
    // The hint ("hold: menu") gives way to PAUSE once the release is past the bounce window.
    await page.waitForFunction('window.goclock.screenRows()[1].indexOf("PAUSE") === 0', undefined, { timeout: 5000 });
    rows = await hook(page, (g) => g.screenRows());
    expect(rows[0].charCodeAt(7)).toBe(2); // ‖ on Black's side: Black runs on resume
    const log = await hook(page, (g) => g.log());
    expect(log.map((entry) => entry.kind)).toEqual(['start', 'move', 'move', 'pause']);
    expect(await page.locator('#log li').first().textContent()).toContain('arbiter pause');
    await page.close();
  }, 30000);

  test('OLED: keys start and move, a key and the mouse held together pause, held 2 s and let go resume', async () => {
    const page = await open('?board=esp32-oled');
    expect(await hook(page, (g) => g.board())).toBe('esp32-oled');
    const ready = await hook(page, (g) => g.screenRows());
    expect(ready).toHaveLength(64);
    expect(ready[0]).toHaveLength(128);
    expect(ready.join('')).toContain('#');
    expect(await page.locator('#lcd-window').isHidden()).toBe(true);
    const readyImage = await canvasImage(page, '#oled');

    await page.keyboard.press('l'); // White's key starts Black's clock
    await page.waitForFunction('window.goclock.view().running === "black"', undefined, { timeout: 5000 });
    expect(await hook(page, (g) => g.screenRows())).not.toEqual(ready);
    expect(await canvasImage(page, '#oled')).not.toBe(readyImage);
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowLeft'); // Black moves
    await page.waitForFunction('window.goclock.view().running === "white"', undefined, { timeout: 5000 });
    await page.waitForTimeout(1200);
    await screenshot(page, 'simulator-web-oled.png');

    // The A key and the mouse on the right button, together for 0.8 s: paused.
    const right = await center(page, '#right');
    await page.mouse.move(right.x, right.y);
    await page.keyboard.down('a');
    await page.mouse.down();
    await page.waitForTimeout(800);
    await page.keyboard.up('a');
    await page.mouse.up();
    await page.waitForFunction('window.goclock.view().status === "paused"', undefined, { timeout: 5000 });
    expect(await hook(page, (g) => g.view().toMove)).toBe('white');

    // Held 2.6 s ("let go: resume") and let go: White's clock runs again. (A finger needs a moment between two
    // presses: edges of one button closer than 30 ms are contact bounce.)
    await page.waitForTimeout(200);
    await page.keyboard.down('a');
    await page.keyboard.down('l');
    await page.waitForTimeout(2600);
    await page.keyboard.up('a');
    await page.keyboard.up('l');
    await page.waitForFunction('window.goclock.view().running === "white"', undefined, { timeout: 5000 });
    expect((await hook(page, (g) => g.log())).map((entry) => entry.kind)).toEqual(['start', 'move', 'pause', 'resume']);
    await page.close();
  }, 30000);

  test('at 60× the game fast-forwards but a held chord keeps its real length; the board switch keeps the game', async () => {
    const page = await open('?speed=60');
    expect(await page.locator('input[name="speed"][value="60"]').isChecked()).toBe(true);
    await click(page, '#right');
    await page.waitForFunction('window.goclock.view().running === "black"', undefined, { timeout: 5000 });
    await page.waitForTimeout(1000); // about a minute of game time at 60×
    expect(await hook(page, (g) => g.view().sides.black.remainingMs)).toBeLessThan(3600000 - 30000);

    // Held 0.8 s: a pause, not 48 s of holding (which would open the menu): the clock runs at 1× while held.
    await page.keyboard.down('a');
    await page.keyboard.down('l');
    await page.waitForTimeout(800);
    await page.keyboard.up('a');
    await page.keyboard.up('l');
    await page.waitForFunction('window.goclock.screenRows()[1].indexOf("PAUSE") === 0', undefined, { timeout: 5000 });
    expect(await hook(page, (g) => g.menuOpen())).toBe(false);
    expect(await hook(page, (g) => g.speed())).toBe(60);

    // The OLED board boots with the same flash: the game comes back, paused, as after a power cut.
    await page.locator('input[name="board"][value="esp32-oled"]').check();
    await page.waitForFunction('window.goclock.board() === "esp32-oled"', undefined, { timeout: 5000 });
    expect(page.url()).toContain('board=esp32-oled');
    const view = await hook(page, (g) => g.view());
    expect(view.status).toBe('paused');
    expect(view.toMove).toBe('black');
    expect(view.sides.black.remainingMs).toBeLessThan(3600000 - 30000);
    await page.close();
  }, 30000);
});
