/**
 * A control changed mid-game on the device, through the menu, keeping each side's time: the runtime applies it, the
 * journal keeps it, and after a power cut the clock boots into the same game with the same kept times, whether the
 * journal replays the change itself or a compaction (a snapshot) holds it.
 */
import { startRuntime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { journalSnapshot, restoreGame, JOURNAL_RECORD } from '../../firmware/storage/game-journal';
import { packLogEntry } from '../../firmware/storage/packed-log';
import { readRecords } from '../../firmware/storage/journal';
import { createVirtualHal, MemoryStorage } from '../../sim/virtual-hal';
import { Hands } from '../../sim/hands';
import { layoutFor } from '../../firmware/display/layouts';

const BYO = { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 };

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

/**
 * White starts, Black moves after 5 s, White thinks 3 s; the menu: +2:00 White; Change control > Preset > Abs 60m >
 * Both sides > `keep` (L for Start afresh), and the game stays paused in the menu.
 */
function changeMidGame(keep: boolean): Hands {
  const hands = new Hands(1000).tap('right').wait(5000).tap('left').wait(3000);
  hands.both(4100).tap('left').tap('right'); // +2:00 White (the cursor back on Resume)
  for (let i = 0; i < 9; i++) hands.tap('left'); // Change control
  hands.tap('right').tap('right'); // Preset: the presets, on Abs 5m
  for (let i = 0; i < 4; i++) hands.tap('left'); // Abs 60m
  hands.tap('right').tap('right'); // Both sides: "Keep times?"
  if (!keep) hands.tap('left');
  hands.tap('right');
  return hands;
}

function run(hands: Hands, storage: MemoryStorage) {
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  for (const edge of hands.events) {
    hal.advanceTo(edge.atMs);
    hal.edge(edge.button, edge.down);
  }
  hal.advanceTo(hands.atMs + 500);
  return { hal, runtime };
}

const sides = (v: { sides: { black: object; white: object } }) => ({ black: v.sides.black, white: v.sides.white });

test('keep: White keeps the +2:00 just given, and a power cut brings the kept times back', () => {
  const storage = storageWith(BYO);
  const { runtime } = run(changeMidGame(true), storage);
  const view = runtime.view();
  expect(runtime.state().controls.white).toEqual({ system: 'absolute', mainMs: 3600000 });
  expect(view.status).toBe('paused');
  expect(view.sides.black.remainingMs).toBe(600000 - 5300);
  // White has what it had right after the +2:00 (its log line says how much), and more than its main time
  const given = runtime.log().filter((e) => /time \+120000/.test(e.text))[0].text;
  expect(view.sides.white.remainingMs).toBe(Number(/(\d+) ms left/.exec(given)![1]));
  expect(view.sides.white.remainingMs).toBeGreaterThan(600000 + 110000);
  expect(runtime.screen().menu).toEqual(['Resume          ', 'Now Abs 60m     ']);
  expect(runtime.log().map((e) => e.text)).toContain('arbiter adjust both control 60 min, times kept');
  const records = readRecords(storage, JOURNAL_RECORD).records.map((r) => JSON.parse(r));
  expect(records.filter((r) => r.e && r.e.keepTimes === true)).toHaveLength(1);

  // The power goes: the clock boots into the same game, the kept times and the new control.
  const reboot = createVirtualHal({ storage: copyOf(storage) });
  reboot.advanceTo(777);
  const restored = startRuntime(reboot, { layout: layoutFor(reboot.display) });
  expect(restored.notices).toContain('game restored');
  expect(sides(restored.view())).toEqual(sides(view));
  expect(restored.state().controls).toEqual(runtime.state().controls);
  expect(restored.log().map((e) => e.text)).toContain('arbiter adjust both control 60 min, times kept');
});

test('keep, restored from a compacted journal (a snapshot holds the kept times)', () => {
  const storage = storageWith(BYO);
  const { runtime } = run(changeMidGame(true), storage);
  const place = restoreGame(storage).game!.place;
  const fresh = journalSnapshot(storage, place, { state: runtime.state(), atMs: runtime.state().atMs, log: runtime.log().map(packLogEntry), logged: runtime.log().length });
  expect(fresh).not.toBeNull();
  const restored = restoreGame(copyOf(storage)).game!;
  expect(restored.place.generation).toBe(1);
  expect(restored.state.sides).toEqual(runtime.state().sides);
  expect(restored.state.controls).toEqual(runtime.state().controls);
});

test('start afresh: both start 60 minutes (as a change always did), and a power cut keeps that too', () => {
  const storage = storageWith(BYO);
  const { runtime } = run(changeMidGame(false), storage);
  expect(runtime.view().sides.black.remainingMs).toBe(3600000);
  expect(runtime.view().sides.white.remainingMs).toBe(3600000);
  expect(runtime.view().sides.black.moves).toBe(1);
  expect(runtime.log().map((e) => e.text)).toContain('arbiter adjust both control 60 min');
  const reboot = createVirtualHal({ storage: copyOf(storage) });
  const restored = startRuntime(reboot, { layout: layoutFor(reboot.display) });
  expect(sides(restored.view())).toEqual(sides(runtime.view()));
});
