/**
 * The browser simulator's record download (sim/web/record-download.ts) in a real browser: moves played with the
 * page's own buttons, "Download record: SGF / CSV" clicked, the file caught as playwright's download, and read back
 * by a real SGF parser (@sabaki/sgf) and by RFC 4180's rules (test/record/helpers.ts). A game finished by the menu's
 * "New game" is the 1st finished one; a game with no record is said on the page in words, and nothing is
 * downloaded.
 *
 * Chromium: as test/browser/web-simulator.test.ts (test/browser/chromium.ts: /usr/bin/chromium, or GOCLOCK_CHROMIUM;
 * without it the tests fail under CI and are skipped elsewhere, said in a box at the end of the run).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BrowserContext, chromium, Download, Page } from 'playwright-core';
import { startWebServer, WebServer } from '../../sim/web-server';
import type { GoclockHook } from '../../sim/web/app';
import { parseCsv, parseSgf, SgfNode } from '../record/helpers';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, NO_CHROMIUM, suiteNeeding } from './chromium';

const FILE_NAME = /^goclock-\d{8}-\d{4}\.(sgf|csv)$/;
const CSV_HEADER = ['kind', 'side', 'move', 'at_ms', 'used_ms', 'left_ms', 'phase', 'periods_or_moves_left', 'text'];


/** Runs `fn` with the page's hook (the function is serialised into the page: it may use only its argument). */
function hook<T>(page: Page, fn: (goclock: GoclockHook) => T): Promise<T> {
  return page.evaluate(`(${fn.toString()})(window.goclock)`) as Promise<T>;
}

/** A mouse click on one of the clock's buttons: pointer down, a human 80 ms, pointer up. */
async function click(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error('not on screen: ' + selector);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
}

/** White's button starts Black's clock, then `moves` moves by clicks, Black first; returns who moved, in order. */
async function play(page: Page, moves: number): Promise<('black' | 'white')[]> {
  await click(page, '#right');
  await page.waitForFunction('window.goclock.view().running === "black"', undefined, { timeout: 5000 });
  const movers: ('black' | 'white')[] = [];
  for (let i = 0; i < moves; i++) {
    const mover = i % 2 === 0 ? 'black' : 'white';
    const next = mover === 'black' ? 'white' : 'black';
    await page.waitForTimeout(300);
    await click(page, mover === 'black' ? '#left' : '#right');
    await page.waitForFunction(`window.goclock.view().running === "${next}"`, undefined, { timeout: 5000 });
    movers.push(mover);
  }
  await page.waitForFunction(
    `window.goclock.log().filter(function (e) { return e.kind === "move"; }).length === ${moves}`,
    undefined,
    { timeout: 5000 },
  );
  return movers;
}

async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key, { delay: 60 });
  await page.waitForTimeout(90); // edges of one button closer than 30 ms are contact bounce
}

async function row0(page: Page, text: string): Promise<void> {
  await page.waitForFunction(`window.goclock.screenRows()[0].indexOf(${JSON.stringify(text)}) === 0`, undefined, { timeout: 5000 }).catch(async () => {
    throw new Error('expected "' + text + '" on the screen, got ' + JSON.stringify(await hook(page, (g) => g.screenRows())));
  });
}

/** Both keys held `ms`, then let go. */
async function chord(page: Page, ms: number): Promise<void> {
  await page.keyboard.down('a');
  await page.keyboard.down('l');
  await page.waitForTimeout(ms);
  await page.keyboard.up('a');
  await page.keyboard.up('l');
}

/** The game in progress ends by the menu's "New game" (confirmed): paused, the menu, New game, Yes. */
async function newGame(page: Page): Promise<void> {
  // A moment after the last move: a key down within 30 ms of the mouse's release on the same button would be contact
  // bounce, the button held since the move, and the chord would take that move back.
  await page.waitForTimeout(300);
  const moves = (): Promise<number> => hook(page, (g) => g.log().filter((e) => e.kind === 'move').length);
  const before = await moves();
  await chord(page, 800);
  await page.waitForFunction('window.goclock.view().status === "paused"', undefined, { timeout: 5000 });
  expect(await moves()).toBe(before); // the pause took no move back
  await page.waitForTimeout(200);
  await chord(page, 4400);
  await page.waitForFunction('window.goclock.menuOpen()', undefined, { timeout: 5000 });
  await page.waitForTimeout(200);
  for (let i = 0; i < 40 && (await hook(page, (g) => g.screenRows()))[0].indexOf('New game') !== 0; i++) await press(page, 'a');
  await row0(page, 'New game');
  await press(page, 'l');
  await row0(page, 'No, go back');
  await press(page, 'a');
  await row0(page, 'Yes, new game');
  await press(page, 'l');
  await page.waitForFunction('!window.goclock.menuOpen() && window.goclock.view().status === "ready"', undefined, { timeout: 5000 });
}

/** Clicks a download button and returns the file the browser was given. */
async function download(page: Page, button: '#record-sgf' | '#record-csv'): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 5000 }), page.click(button)]);
  const at = await (file as Download).path();
  return { name: (file as Download).suggestedFilename(), text: fs.readFileSync(at, 'utf8') };
}

/** The move nodes of an SGF: numbered 1..n (MN), each with the mover's time left (BL or WL). */
function expectMoves(nodes: SgfNode[], movers: ('black' | 'white')[]): void {
  expect(nodes.map((node) => node.data.MN)).toEqual(movers.map((_, i) => [String(i + 1)]));
  nodes.forEach((node, i) => {
    const mine = movers[i] === 'black' ? 'BL' : 'WL';
    const other = movers[i] === 'black' ? 'WL' : 'BL';
    expect(node.data[mine]).toHaveLength(1);
    expect(Number(node.data[mine][0])).toBeGreaterThan(3500); // 60 minutes less a few seconds of play
    expect(Number(node.data[mine][0])).toBeLessThanOrEqual(3600);
    expect(node.data[other]).toBeUndefined();
    expect(node.data.B).toBeUndefined(); // no point: the clock does not know where the stone went
    expect(node.data.W).toBeUndefined();
  });
}

async function options(page: Page): Promise<{ value: string; text: string; disabled: boolean }[]> {
  return page.locator('#record-game option').evaluateAll((list) =>
    list.map((o) => ({ value: (o as HTMLOptionElement).value, text: (o.textContent || '').trim(), disabled: (o as HTMLOptionElement).disabled })),
  );
}

suiteNeeding(haveChromium ? null : NO_CHROMIUM, 'the browser simulator: the record as a download', () => {
  let server: WebServer;
  let context: BrowserContext;
  let userDataDir: string;

  beforeAll(async () => {
    if (!haveChromium) throw new Error(NO_CHROMIUM + ': CI must install it for test/browser');
    server = await startWebServer({ port: 0, voice: false });
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1200, height: 820 },
      acceptDownloads: true,
    });
  }, 60000);

  afterAll(async () => {
    if (context) await context.close();
    if (server) await server.close();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  /** A fresh page: fresh firmware, empty flash. */
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

  test('the moves clicked on the page come back as SGF move nodes and CSV move rows', async () => {
    const page = await open('');
    // The controls, by their accessible names.
    await expect(page.getByRole('button', { name: 'Download record: SGF' }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Download record: CSV' }).count()).resolves.toBe(1);
    await expect(page.getByRole('combobox', { name: 'game' }).count()).resolves.toBe(1);

    const movers = await play(page, 3);
    expect(movers).toEqual(['black', 'white', 'black']);
    // Only the current game has a record: the finished ones cannot be chosen.
    expect(await options(page)).toEqual([
      { value: '0', text: 'current game', disabled: false },
      { value: '1', text: '1st finished game (none)', disabled: true },
      { value: '2', text: '2nd finished game (none)', disabled: true },
      { value: '3', text: '3rd finished game (none)', disabled: true },
    ]);

    const sgf = await download(page, '#record-sgf');
    expect(sgf.name).toMatch(FILE_NAME);
    expect(sgf.name.endsWith('.sgf')).toBe(true);
    const { root, nodes } = parseSgf(sgf.text);
    expect(root.data.FF).toEqual(['4']);
    expect(root.data.GM).toEqual(['1']);
    expect(root.data.AP[0]).toMatch(/^goclock:/);
    expect(root.data.TM).toEqual(['3600']); // the default 60m+5x30s
    expectMoves(nodes, movers);
    expect(await page.locator('#record-message').textContent()).toBe('Downloaded ' + sgf.name + ' (the current game).');
    expect(await page.locator('#record-message.error').count()).toBe(0);

    const csv = await download(page, '#record-csv');
    expect(csv.name).toMatch(FILE_NAME);
    expect(csv.name.endsWith('.csv')).toBe(true);
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows[1][0]).toBe('game');
    const moveRows = rows.filter((row) => row[0] === 'move');
    expect(moveRows.map((row) => row[1])).toEqual(movers);
    expect(csv.text.split('\r\n').filter((line) => line.indexOf('move,') === 0)).toHaveLength(movers.length);
    // The same moves as the SGF: time left, ms against s.
    moveRows.forEach((row, i) => {
      const left = nodes[i].data[movers[i] === 'black' ? 'BL' : 'WL'][0];
      expect(Math.abs(Number(row[5]) / 1000 - Number(left))).toBeLessThan(1);
    });
    await page.close();
  }, 40000);

  test('a game ended by "New game" is the 1st finished one; no record is said in words and nothing is downloaded', async () => {
    const page = await open('');
    const movers = await play(page, 2);
    await newGame(page);
    await page.waitForFunction('!document.querySelector("#record-game option[value=\\"1\\"]").disabled', undefined, { timeout: 5000 });
    expect((await options(page)).map((o) => o.disabled)).toEqual([false, false, true, true]);

    await page.locator('#record-game').selectOption('1');
    const finished = await download(page, '#record-sgf');
    expectMoves(parseSgf(finished.text).nodes, movers);
    expect(await page.locator('#record-message').textContent()).toBe('Downloaded ' + finished.name + ' (the 1st finished game).');
    const finishedCsv = await download(page, '#record-csv');
    expect(parseCsv(finishedCsv.text).filter((row) => row[0] === 'move')).toHaveLength(movers.length);

    // The new game has its record already: its header, no moves yet.
    await page.locator('#record-game').selectOption('0');
    expect(parseSgf((await download(page, '#record-sgf')).text).nodes).toEqual([]);

    // The 3rd finished game does not exist: it cannot be chosen; a choice of it anyway (made programmatically, as a
    // stale one would be) is told on the page, as the device's exporter says it, and gives no file.
    expect(await page.locator('#record-game option[value="3"]').isDisabled()).toBe(true);
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.locator('#record-game').evaluate((select) => {
      (select as HTMLSelectElement).value = '3';
    });
    await page.click('#record-sgf');
    await expect(page.locator('#record-message').textContent()).resolves.toBe('No SGF of the 3rd finished game: no game record.');
    expect(await page.locator('#record-message.error').count()).toBe(1);
    expect(await page.locator('#record-message').getAttribute('role')).toBe('status');
    await page.click('#record-csv');
    await expect(page.locator('#record-message').textContent()).resolves.toBe('No CSV of the 3rd finished game: no game record.');
    await page.waitForTimeout(500);
    expect(downloads).toBe(0);
    await page.close();
  }, 60000);
});
