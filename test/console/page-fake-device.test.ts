/**
 * The console page against a fake clock (fake-device.ts) behind the same Bluetooth stand-in and UART framing as the
 * real board: the page and @espruino-tools/core are the real ones; the device answers the console API of version 1.
 * The fake prints a display frame every 150 ms, as the console board does, so answers arrive among other lines.
 */
import * as fs from 'fs';
import * as path from 'path';
import { FakeDevice, FAKE_PRESETS, LOCKED } from './fake-device';
import { browserSuite, connect, ConsoleBench, ConsolePage, hook, openBench, openConsole, waitForState } from './support';

browserSuite('the console page with a fake clock', () => {
  let bench: ConsoleBench;
  let device: FakeDevice;
  let view: ConsolePage;

  beforeAll(async () => {
    bench = await openBench();
  }, 60000);

  afterAll(async () => {
    if (bench) await bench.close();
  });

  beforeEach(async () => {
    device = new FakeDevice({ chatterMs: 150 });
    view = await openConsole(bench, device);
    await connect(view.page);
    await waitForState(view.page, 'connected, read-only');
  }, 30000);

  afterEach(async () => {
    await view.page.context().close();
    await device.close();
    expect(view.errors).toEqual([]);
  });

  const message = () => view.page.locator('#message').innerText();
  /** Clicks `selector` (the message cleared first) and waits until the message says `pattern`. */
  const act = async (selector: string, pattern: RegExp, timeoutMs?: number) => {
    await view.page.evaluate(() => (document.getElementById('message')!.textContent = ''));
    await view.page.click(selector);
    await waitForMessage(pattern, timeoutMs);
  };
  const waitForMessage = async (pattern: RegExp, timeoutMs?: number) => {
    await view.page.waitForFunction((source) => new RegExp(source).test(document.getElementById('message')!.textContent || ''), pattern.source, { timeout: timeoutMs || 10000 })
      .catch(async () => {
        throw new Error('the message is "' + (await message()) + '", not ' + pattern);
      });
  };

  test('shows the clock as the device reports it, polled every 500 ms', async () => {
    const { page } = view;
    await page.locator('#black-shown', { hasText: '1:00:00' }).waitFor();
    expect(await page.locator('#white-shown').innerText()).toBe('1:00:00');
    expect(await page.locator('#control-text').innerText()).toBe('60 min + 5x30 s');
    expect(await page.locator('#black-periods').innerText()).toBe('5');
    expect(await page.locator('#clock-state').innerText()).toBe('ready');
    // The presets come from the device.
    expect(await page.locator('#preset option').allInnerTexts()).toEqual(['— the clock\'s control —'].concat(FAKE_PRESETS.map((p) => p.name)));

    device.clock.press('white'); // the game starts: Black's clock runs
    await page.locator('#clock-state', { hasText: 'running' }).waitFor();
    await page.locator('#side-black[data-turn="running"]').waitFor();
    await page.locator('#black-shown', { hasText: '59:5' }).waitFor({ timeout: 5000 });
    const before = (await hook(page)).polls;
    await page.waitForTimeout(2000);
    const polls = (await hook(page)).polls - before;
    // Every 500 ms plus the time an answer takes among the display's frames.
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(polls).toBeLessThanOrEqual(5);
    device.clock.press('black');
    await page.locator('#side-white[data-turn="running"]').waitFor();
    expect(await page.locator('#black-moves').innerText()).toBe('1');
  }, 30000);

  test('every change is refused without the arbiter\'s code, in words, and nothing changes', async () => {
    const { page } = view;
    device.clock.press('white');
    await page.locator('#clock-state', { hasText: 'running' }).waitFor();
    const calls: Array<[string, RegExp]> = [
      ['#pause', /^Pause: refused by the clock — locked: unlock with the arbiter's code$/],
      ['#plus2-black', /^\+2:00 to Black: refused by the clock — locked/],
      ['#new-game', /^New game: refused by the clock — locked/],
    ];
    for (const [button, words] of calls) {
      await act(button, words);
    }
    expect(device.clock.calls.map((c) => c.name)).toEqual(['pause', 'adjust', 'newGame']);
    expect(device.clock.state).toBe('running');
    expect(device.clock.sides.black.remainingMs).toBeLessThanOrEqual(3600000);
    expect(LOCKED).toBe('locked: unlock with the arbiter\'s code');

    await page.fill('#code', '9999');
    await act('#unlock', /^Unlock: refused by the clock — wrong code$/);
    expect(await page.locator('#link-state').innerText()).toBe('connected, read-only');
    // A code of other than 4 digits is not sent at all.
    await page.fill('#code', '12');
    await act('#unlock', /4 digits/);
    expect(device.clock.calls.filter((c) => c.name === 'unlock').length).toBe(1);
  }, 30000);

  test('unlocked: pause, resume, the corrections and +2:00 reach the clock; locking again refuses', async () => {
    const { page } = view;
    device.clock.press('white');
    await page.fill('#code', '1234');
    await page.click('#unlock');
    await waitForState(page, 'connected, arbiter');

    await act('#pause', /^Pause: done\.$/);
    expect(device.clock.state).toBe('paused');
    await page.locator('#clock-state', { hasText: 'paused' }).waitFor();

    const white = device.clock.sides.white.remainingMs;
    await act('#plus2-white', /^\+2:00 to White: done\.$/);
    expect(device.clock.sides.white.remainingMs).toBe(white + 120000);
    await page.locator('#white-shown', { hasText: '1:02:00' }).waitFor();

    await page.selectOption('#adjust-side', 'black');
    await page.selectOption('#adjust-field', 'periodsLeft');
    await page.fill('#adjust-value', '3');
    await act('#adjust', /^Correction \(black, periods left 3\): done\.$/);
    expect(device.clock.sides.black.periodsLeft).toBe(3);
    await page.locator('#black-periods', { hasText: '3' }).waitFor();

    await page.selectOption('#adjust-field', 'deltaMs');
    await page.fill('#adjust-value', '-0:30');
    const black = device.clock.sides.black.remainingMs;
    await act('#adjust', /: done\.$/);
    expect(device.clock.sides.black.remainingMs).toBe(black - 30000);

    await page.selectOption('#adjust-field', 'movesLeft');
    await page.fill('#adjust-value', '4');
    await act('#adjust', /^Correction \(black, moves left 4\): refused by the clock — adjust: this control has no moves per period$/);

    await page.selectOption('#adjust-field', 'remainingMs');
    await page.fill('#adjust-value', 'ten minutes');
    await act('#adjust', /not sent — type a time like 1:00:00/);

    await act('#resume', /^Resume: done\.$/);
    expect(device.clock.state).toBe('running');

    await page.click('#lock');
    await waitForState(page, 'connected, read-only');
    await act('#pause', /refused by the clock — locked/);
    expect(device.clock.state).toBe('running');
    // Each change ran once on the device, though its answer came among the display's frames.
    expect(device.clock.calls.map((c) => c.name)).toEqual(['unlock', 'pause', 'adjust', 'adjust', 'adjust', 'adjust', 'resume', 'pause']);
  }, 40000);

  test('the control and options: refused while a game runs, set from a preset after a new game', async () => {
    const { page } = view;
    await page.fill('#code', '1234');
    await page.click('#unlock');
    await waitForState(page, 'connected, arbiter');
    device.clock.press('white');
    await page.locator('#clock-state', { hasText: 'running' }).waitFor();
    await page.selectOption('#preset', 'jp-10-3x30');
    await act('#set-control', /^Set control and options: refused by the clock — a game is in progress: start a new game first$/);

    await act('#new-game', /^New game: done\.$/);
    await page.selectOption('#option-onExpire', 'pass');
    await act('#set-control', /^Set control and options: done\.$/);
    expect(device.clock.control).toEqual(FAKE_PRESETS[1].control);
    expect(device.clock.options.onExpire).toBe('pass');
    await page.locator('#control-text', { hasText: '10 min + 3x30 s' }).waitFor();
    await page.locator('#black-shown', { hasText: '10:00' }).waitFor();

    await page.fill('#control', '{ "black": ');
    await act('#set-control', /^Set control: not sent — the control is not JSON/);
  }, 30000);

  test('the log shows the flags first; the record downloads as SGF and CSV, and its absence is said', async () => {
    const { page } = view;
    await act('#record-sgf', /^Record: none — no game record\.$/);

    device.clock.press('white');
    device.clock.press('black');
    device.clock.press('white');
    device.clock.flag('black');
    await page.click('#log-refresh');
    await page.locator('#log-flags li[data-kind="flag"]').waitFor();
    expect(await page.locator('#log-flags').innerText()).toMatch(/black: flag fell/);
    expect(await page.locator('#log-entries').innerText()).toMatch(/white: move 1/);
    await page.locator('#flags', { hasText: /^Flags, in the order they fell: black at / }).waitFor();
    await page.locator('#black-flag', { hasText: 'flag fell at' }).waitFor();

    for (const format of ['sgf', 'csv']) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-' + format)]);
      expect(download.suggestedFilename()).toMatch(new RegExp('^goclock-\\d{8}-\\d{4}\\.' + format + '$'));
      const file = path.join(bench.downloads, 'record.' + format);
      await download.saveAs(file);
      const text = fs.readFileSync(file, 'latin1');
      if (format === 'sgf') expect(text).toBe('(;GM[1]FF[4]CA[UTF-8]AP[goclock]\n;B[]BL[3600]\n;W[]WL[3600]\n)\n');
      else expect(text).toBe('move,side,remaining_s\r\n1,black,3600\r\n2,white,3600\r\n');
    }
  }, 30000);

  test('a lost link is "connection lost", and connecting again goes on', async () => {
    const { page, ble } = view;
    await ble.drop();
    await waitForState(page, 'connection lost');
    expect(await page.locator('#link-note').innerText()).toMatch(/lost/);
    expect(await page.locator('#connect').innerText()).toBe('Connect again');
    await connect(page);
    await waitForState(page, 'connected, read-only');
    await page.locator('#black-shown', { hasText: '1:00:00' }).waitFor();
  }, 60000);

  test('a firmware build is uploaded to .bootcde, checked, and the clock restarted', async () => {
    const { page } = view;
    // A build's shape with every byte value in it (a backquote, quotes, backslashes, control codes, latin1), 6 KB:
    // the real bundle goes to the real interpreter in connect-interpreter.test.ts.
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const bytes = Buffer.concat([Buffer.from('(function(){var s="'), all, all, Buffer.from('`\\"\\\\";})();\n')].concat(Array(20).fill(all)));
    const file = path.join(bench.downloads, 'console.js');
    fs.writeFileSync(file, bytes);
    await page.setInputFiles('#firmware-file', file);
    // As right after connecting, before the page's first poll has answered: the gate reads the status itself (it had
    // passed on an unknown status, and on a busy machine uploaded without the code).
    await page.evaluate(() => ((window as unknown as { goclockConsole: { status: unknown } }).goclockConsole.status = null));
    await act('#upload', /^Upload: refused — unlock/);
    await page.fill('#code', '1234');
    await page.click('#unlock');
    await waitForState(page, 'connected, arbiter');
    await act('#upload', /^Firmware uploaded: console\.js\. The clock restarts\.$/, 60000);
    expect(Buffer.from(device.storage['.bootcde'], 'latin1').equals(bytes)).toBe(true);
    expect(device.loads).toBe(1);
    expect(await page.locator('#upload-state').innerText()).toMatch(/CRC-32 matches/);
    // The firmware was stopped before its file was rewritten.
    const first = device.lines.findIndex((line) => line.indexOf('require("Storage").write(".bootcde"') === 0);
    expect(device.lines[first - 1]).toMatch(/^clearInterval\(\);clearTimeout\(\);clearWatch\(\);/);
  }, 120000);
});
