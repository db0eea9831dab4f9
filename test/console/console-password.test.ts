/**
 * The console page and a board whose Espruino console is locked, on the real interpreter (espruino-12k running the
 * console board booted from its flashed Storage) behind the Bluetooth stand-in: `E.setPassword("s3cret");
 * E.lockConsole();` is typed into the board's console before the page connects, so the board answers every line
 * with "Invalid password" and `password>` and runs nothing until the password and Enter come ("Logged in.").
 *
 * What the page may send to a locked console: the one line end that opens the link (it runs nothing, locked or not)
 * and, when the board answered `password>` and one was given, the console password and Enter — nothing else until
 * the board said "Logged in.".
 */
import * as fs from 'fs';
import { flashImage, freshBoard } from '../../sim/espruino/flash-image';
import { failureLines, interpreterProblem } from '../../sim/espruino/interpreter';
import { InterpreterUart } from './ble-standin';
import { browserSuite, connect, ConsoleBench, hook, linkState, openBench, openConsole, waitForState } from './support';

const problem = interpreterProblem('espruino-12k');
if (problem && !process.env.CI) console.warn('test/console: the console password tests are SKIPPED — ' + problem);
const suite = problem && !process.env.CI ? describe.skip : browserSuite;

const PASSWORD = 's3cret';

async function until(what: string, holds: () => boolean, timeoutMs: number): Promise<void> {
  for (const started = Date.now(); !holds(); ) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for ' + what);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the board printed after `from`, its console's answers and prompts, for a failed expectation to show. */
function since(board: InterpreterUart, from: number): string {
  return board.rawOutput().slice(from);
}

suite('the console page and a board whose Espruino console is locked', () => {
  let bench: ConsoleBench;
  let uart: InterpreterUart | null = null;
  let dir = '';

  beforeAll(async () => {
    if (problem) throw new Error(problem);
    bench = await openBench();
  }, 120000);

  afterEach(async () => {
    if (uart) await uart.close();
    uart = null;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  afterAll(async () => {
    if (bench) await bench.close();
  });

  /** A console board, booted, whose console was then locked through the stand-in's backend (its stdin). */
  async function lockedBoard(): Promise<{ board: InterpreterUart; lockedAt: number }> {
    dir = freshBoard(await flashImage('console'));
    uart = await InterpreterUart.boot({ dir: dir });
    const board = uart;
    await board.typeLine('E.setPassword("' + PASSWORD + '");E.lockConsole();');
    await until('the board\'s password> prompt', () => /=undefined\r\npassword>/.test(board.rawOutput()), 10000);
    // Locked: a line typed now runs nothing (measured on this build before the page is trusted to rely on it).
    await board.typeLine('print("@"+"@ran")');
    await until('the board\'s refusal', () => /Invalid password\r\npassword>$/.test(board.rawOutput()), 10000);
    expect(board.output()).not.toContain('@@ran');
    return { board: board, lockedAt: board.rawOutput().length };
  }

  test('no console password: the page says the console is locked, sends the opening line end only, evaluates nothing; then Log in', async () => {
    const { board, lockedAt } = await lockedBoard();
    const { page, ble, errors } = await openConsole(bench, board);
    await connect(page);
    await waitForState(page, 'connected, locked console');
    await page.locator('#message', { hasText: 'The board\'s console is locked: enter its console password' }).waitFor({ timeout: 10000 });
    expect(await page.locator('#link-note').innerText()).toContain('password>');
    expect(await page.locator('#console-login').isVisible()).toBe(true);
    expect(await page.locator('#connect').isVisible()).toBe(false);
    // A moment more: no poll, no eval, nothing but the line end that opened the link.
    await page.waitForTimeout(2000);
    expect(ble.written()).toBe('\n');
    const answered = since(board, lockedAt);
    expect(answered).toBe('\r\n  Invalid password\r\npassword>');
    const state = await hook(page);
    expect(state.status).toBe(null);
    expect(state.polls).toBe(0);
    expect(await linkState(page)).toBe('connected, locked console');

    // The password typed afterwards, on the same link: logged in, then the page goes on as it does on an open console.
    await page.fill('#console-password', PASSWORD);
    await page.click('#console-login');
    await waitForState(page, 'connected, read-only');
    await page.locator('#clock-state', { hasText: 'ready' }).waitFor({ timeout: 10000 });
    expect(ble.written().indexOf('\n' + PASSWORD + '\n')).toBe(0);
    expect(await page.locator('#console-password').inputValue()).toBe('');
    expect((await hook(page)).status).not.toBe(null);
    expect(errors).toEqual([]);
    expect(failureLines(board.output())).toEqual([]);
    await page.context().close();
  }, 120000);

  test('a wrong console password: "console password wrong", the console stays locked, nothing else is sent', async () => {
    const { board, lockedAt } = await lockedBoard();
    const { page, ble, errors } = await openConsole(bench, board);
    await page.fill('#console-password', 'not-it');
    await connect(page);
    await waitForState(page, 'connected, locked console');
    await page.locator('#message', { hasText: 'Console password wrong' }).waitFor({ timeout: 10000 });
    expect(await page.locator('#message').innerText()).toMatch(/^Console password wrong: the board answered "Invalid password" and stays locked\b/);
    await page.waitForTimeout(2000);
    expect(ble.written()).toBe('\nnot-it\n');
    // The board's answers: to the line end, then to the wrong password; nothing ran.
    expect(since(board, lockedAt)).toBe('\r\n  Invalid password\r\npassword>\r\n  Invalid password\r\npassword>');
    const state = await hook(page);
    expect(state.status).toBe(null);
    expect(state.polls).toBe(0);
    expect(await linkState(page)).toBe('connected, locked console');
    // The field does not keep what was sent.
    expect(await page.locator('#console-password').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120000);

  test('the right console password: logged in, goclock.status read; Disconnect locks the console again', async () => {
    const { board, lockedAt } = await lockedBoard();
    const { page, ble, errors } = await openConsole(bench, board);
    await page.fill('#console-password', PASSWORD);
    await connect(page);
    await waitForState(page, 'connected, read-only');
    await page.locator('#clock-state', { hasText: 'ready' }).waitFor({ timeout: 10000 });
    await page.locator('#control-text').filter({ hasText: /\S/ }).waitFor({ timeout: 10000 });
    const state = await hook(page);
    expect(state.noApi).toBe(null);
    expect(state.status && state.status.state).toBe('ready');
    expect(state.polls).toBeGreaterThan(0);
    // The line end, the password (not led by DLE), then the library's evals.
    const written = ble.written();
    expect(written.indexOf('\n' + PASSWORD + '\n\x10eval(process.env.CONSOLE).println(JSON.stringify(1+2))\n')).toBe(0);
    expect(since(board, lockedAt).indexOf('\r\n  Invalid password\r\npassword>\r\n  Logged in.\r\n>')).toBe(0);
    await page.locator('#message', { hasText: 'Logged in to the board\'s console' }).waitFor({ timeout: 5000 });

    // Locked again on the board itself (as a restart running .boot0 would): the next poll is refused with
    // "Invalid password", the page says so and stops polling; the password again, and it goes on.
    await board.typeLine('E.lockConsole()');
    await waitForState(page, 'connected, locked console');
    await page.locator('#message', { hasText: 'The board\'s console is locked again' }).waitFor({ timeout: 5000 });
    const polls = (await hook(page)).polls;
    const quietFrom = ble.written().length;
    await page.waitForTimeout(1500);
    expect(ble.written().length).toBe(quietFrom);
    expect((await hook(page)).polls).toBe(polls);
    await page.fill('#console-password', PASSWORD);
    await page.press('#console-password', 'Enter');
    await waitForState(page, 'connected, read-only');
    expect(ble.written().slice(quietFrom).indexOf(PASSWORD + '\n')).toBe(0);
    await page.waitForFunction((before) => (window as unknown as { goclockConsole: { polls: number } }).goclockConsole.polls > before + 1, polls, { timeout: 10000 });

    const disconnectedAt = board.rawOutput().length;
    await page.click('#disconnect');
    await waitForState(page, 'not connected');
    expect(await page.locator('#link-note').innerText()).toContain('locked again');
    await until('E.lockConsole() from the page', () => /E\.lockConsole\(\)\r\n=undefined\r\npassword>/.test(since(board, disconnectedAt)), 10000);
    await until('the page to close the link', () => !ble.isLinked(), 10000);
    // Locked again: a line typed into the board runs nothing.
    const relockedAt = board.rawOutput().length;
    await board.typeLine('print("@"+"@after")');
    await until('the board\'s refusal', () => /Invalid password\r\npassword>$/.test(since(board, relockedAt)), 10000);
    expect(board.output()).not.toContain('@@after');
    expect(errors).toEqual([]);
    expect(failureLines(board.output())).toEqual([]);
    await page.context().close();
  }, 120000);
});
