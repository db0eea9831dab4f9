/**
 * Power-loss recovery: the clock is reset (or loses power) after every single step of a scripted game, and each
 * time it boots into the same game, paused, with exactly the times it had at that step — including steps inside
 * the menu, a chord that took presses back, a flag, and an arbiter's correction.
 */
import { startRuntime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings, SETTINGS_RECORD } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { JOURNAL_RECORD } from '../../firmware/storage/game-journal';
import { createVirtualHal, MemoryStorage } from '../../sim/virtual-hal';
import { Hands } from '../../sim/hands';
import { layoutFor } from '../../firmware/display/layouts';

function storageWith(control: object): MemoryStorage {
  const storage = new MemoryStorage();
  const settings = defaultSettings();
  settings.control = parseGameControl(control);
  saveSettings(storage, settings);
  return storage;
}

function copyOf(storage: MemoryStorage): MemoryStorage {
  const copy = new MemoryStorage();
  copy.records = Object.assign({}, storage.records);
  return copy;
}

/** What must survive: everyone's times, periods, moves and flags, and whose turn it is. */
function times(view: ReturnType<ReturnType<typeof startRuntime>['view']>) {
  const side = (s: typeof view.sides.black) => [s.phase, s.remainingMs, s.periodsLeft, s.movesLeft, s.moves, s.flaggedAtMs];
  return { toMove: view.toMove, black: side(view.sides.black), white: side(view.sides.white), flags: view.flags };
}

test('a reset at every step of a scripted game restores the same times', () => {
  const hands = new Hands(500)
    .tap('right') // White starts Black's clock
    .wait(4000).tap('left') // Black moves
    .wait(2500).tap('right')
    .wait(9000).tap('left') // Black: main time over, into byo-yomi
    .wait(1000).both(600) // a pause (chord)
    .wait(3000).both(4100) // the menu
    .tap('left').tap('right') // +2:00 White
    .tap('right') // resume
    .wait(3000).tap('right')
    .wait(40000); // Black's periods run out: the flag
  const storage = storageWith({ system: 'byoyomi', mainMs: 10000, periods: 2, periodMs: 5000 });
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  let checked = 0;
  let paused = 0;
  // The times as they were when the journal last grew: what a reset must bring back.
  let journal = storage.read(JOURNAL_RECORD);
  let expected = times(runtime.view());
  let expectedStatus = runtime.view().status;
  // The log the arbiter reads must survive too (ignored presses and refused corrections change nothing and are not
  // journaled); a game that was running gains the restore's pause.
  const kept = () => runtime.log().filter((e) => e.kind !== 'ignored' && e.kind !== 'refused');
  let expectedLog = kept();

  const resetNowAndCompare = (): void => {
    if (storage.read(JOURNAL_RECORD) !== journal) {
      journal = storage.read(JOURNAL_RECORD);
      expected = times(runtime.view());
      expectedStatus = runtime.view().status;
      expectedLog = kept();
    }
    const reboot = createVirtualHal({ storage: copyOf(storage) });
    reboot.advanceTo(1234); // the new boot's monotonic time has nothing to do with the old one
    const restored = startRuntime(reboot, { layout: layoutFor(reboot.display) });
    expect(times(restored.view())).toEqual(expected);
    expect(restored.view().status).toBe(expectedStatus === 'running' ? 'paused' : expectedStatus);
    if (expectedStatus === 'running') paused++;
    const restoredLog = restored.log();
    expect(restoredLog.slice(0, expectedLog.length)).toEqual(expectedLog);
    expect(restoredLog.slice(expectedLog.length).map((e) => e.kind)).toEqual(expectedStatus === 'running' ? ['pause'] : []);
    reboot.advanceTo(60000);
    expect(times(restored.view())).toEqual(expected); // paused, nothing runs on its own
    checked++;
  };

  for (const edge of hands.events) {
    hal.advanceTo(edge.atMs);
    hal.edge(edge.button, edge.down);
    resetNowAndCompare();
  }
  hal.advanceTo(hands.atMs);
  resetNowAndCompare();
  expect(checked).toBe(hands.events.length + 1);
  expect(paused).toBeGreaterThan(10);
  expect(runtime.view().flags).toEqual([{ side: 'black', atMs: expect.any(Number) }]);
});

test('a corrupt or foreign journal and corrupt settings: a message, the defaults, nothing crashes', () => {
  const cases: [string, string | undefined, RegExp][] = [
    ['\u0000\u00ff\u00fe garbage', undefined, /journal/],
    ['\n{"v":99,"control":{}}*00000000', undefined, /journal/],
    ['', '{"control":{"system":"byoyomi","mainMs":-1}}', /settings/],
    ['', 'not json at all', /settings/],
  ];
  for (const [journal, settings, message] of cases) {
    const storage = new MemoryStorage();
    if (journal) storage.write(JOURNAL_RECORD, journal);
    if (settings !== undefined) storage.write(SETTINGS_RECORD, settings);
    const hal = createVirtualHal({ storage: storage });
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
    expect(runtime.notices.join(' ')).toMatch(message);
    expect(runtime.view().status).toBe('ready');
    hal.edge('right', true); // and the clock works
    hal.advanceTo(50);
    hal.edge('right', false);
    hal.advanceTo(3000);
    expect(runtime.view().status).toBe('running');
  }
});

test('with a valid RTC the display says how long the power was off', () => {
  const storage = storageWith({ system: 'absolute', mainMs: 600000 });
  let wallMs = Date.UTC(2026, 10, 29, 12, 0, 0);
  const first = createVirtualHal({ storage: storage });
  first.rtc = { readWallMs: () => wallMs, writeWallMs: () => undefined };
  startRuntime(first, { layout: layoutFor(first.display) });
  first.edge('right', true);
  first.advanceTo(40);
  first.edge('right', false);
  first.advanceTo(5000);
  wallMs += 5000; // the last journaled event (the start) was 5 s before the power went
  wallMs += 754000; // the power was off for 12 min 34 s
  const second = createVirtualHal({ storage: storage });
  second.rtc = { readWallMs: () => wallMs, writeWallMs: () => undefined };
  const restored = startRuntime(second, { layout: layoutFor(second.display) });
  // Measured from the last journal record (an event, or the minute heartbeat of a running clock): at most a minute
  // more than the real gap.
  expect(restored.notices).toEqual(['game restored', 'power off 12:39']);
  // Each notice fits the LCD's row; they take turns every 2 s until the first press.
  expect(restored.screen().notice).toBe('game restored');
  second.advanceTo(2000);
  expect(restored.screen().notice).toBe('power off 12:39');
  second.advanceTo(4000);
  expect(restored.screen().notice).toBe('game restored');
});

test('a long think is not lost: a running clock journals a heartbeat every minute', () => {
  const storage = storageWith({ system: 'absolute', mainMs: 600000 });
  const hal = createVirtualHal({ storage: storage });
  startRuntime(hal, { layout: layoutFor(hal.display) });
  hal.edge('right', true);
  hal.advanceTo(40);
  hal.edge('right', false);
  hal.advanceTo(90000); // Black thinks for a minute and a half; then the power goes
  const restoredHal = createVirtualHal({ storage: copyOf(storage) });
  const restored = startRuntime(restoredHal, { layout: layoutFor(restoredHal.display) });
  expect(restored.view().status).toBe('paused');
  expect(restored.view().sides.black.remainingMs).toBe(600000 - 60000); // as of the heartbeat at 1:00
});
