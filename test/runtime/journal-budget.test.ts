/**
 * Nothing lost: the journal stays within its budget for a game of any length, a failed write is told (log and
 * display) while the clock runs on, a compaction cut by the power at any point loses nothing already saved, a
 * journal that does not restore is set aside, and a restore that never ended is not run again.
 */
import { startRuntime, UNSAVED_NOTICE } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings, SETTINGS_RECORD } from '../../firmware/storage/settings';
import {
  COMPACT_AT_CHARS, COMPACT_AT_RECORDS, JOURNAL_FILES, journalEvent, journalNewGame, JOURNAL_RECORD, JOURNAL_SPARE, RESTORING_RECORD, SET_ASIDE_RECORD,
} from '../../firmware/storage/game-journal';
import { appendRecord, MAX_RECORD_CHARS, readRecords, RECORD_OVERHEAD_CHARS } from '../../firmware/storage/journal';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { ClockOptions } from '../../firmware/clock/options';
import { view } from '../../firmware/display/view';
import { createVirtualHal, MemoryStorage, VirtualHal } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';
import { ButtonName } from '../../hal/hal';
import { Hands } from '../../sim/hands';
import { copyOf } from '../fuzz/harness';

const DAY = 24 * 3600000;
const DAYS = 182;

/** Flash with room for `capacity` characters in all (settings, journal, everything): a write past it fails. */
class CappedStorage extends MemoryStorage {
  constructor(public capacity = Infinity) {
    super();
  }
  used(): number {
    return Object.keys(this.records).reduce((sum, name) => sum + name.length + this.records[name].length, 0);
  }
  write(name: string, data: string): boolean {
    const old = this.read(name);
    if (this.used() - (old === undefined ? 0 : old.length) + data.length > this.capacity) return false;
    return super.write(name, data);
  }
  append(name: string, data: string): boolean {
    if (this.used() + data.length > this.capacity) return false;
    return super.append(name, data);
  }
}

function storageWith<T extends MemoryStorage>(storage: T, control: object, options?: Partial<ClockOptions>): T {
  const settings = defaultSettings();
  settings.control = parseGameControl(control);
  if (options) settings.options = Object.assign({}, settings.options, options);
  saveSettings(storage, settings);
  return storage;
}

function journalChars(storage: MemoryStorage): number {
  return JOURNAL_FILES.reduce((sum, name) => sum + (storage.read(name) || '').length, 0);
}

function tap(hal: VirtualHal, button: ButtonName): void {
  hal.edge(button, true);
  hal.advanceTo(hal.nowMs() + 60);
  hal.edge(button, false);
}

/**
 * What the records of the journal in use (the newest generation) cost a restore, as the journal counts them for its
 * budget in records (game-journal.ts COMPACT_AT_RECORDS): a tick or an undo 1, any other event 4.
 */
function journalCost(storage: MemoryStorage): number {
  let newest: unknown[] = [];
  let generation = -1;
  for (const name of JOURNAL_FILES) {
    const records = readRecords(storage, name).records.map((r) => JSON.parse(r));
    if (records.length > 0 && (records[0].g || 0) > generation) {
      generation = records[0].g || 0;
      newest = records;
    }
  }
  let cost = 0;
  for (const r of newest as { t?: number; e?: { type: string }; u?: number }[]) {
    if (r.u !== undefined) cost += 1;
    else if (r.e !== undefined) cost += r.e.type === 'tick' ? 1 : 4;
  }
  return cost;
}

const times = (v: ReturnType<typeof view>) => [v.sides.black, v.sides.white].map((x) => [x.phase, x.remainingMs, x.moves, x.periodsLeft]);

/** The journal's most: the file at its budget, plus the record that crossed it. */
const BUDGET = COMPACT_AT_CHARS + MAX_RECORD_CHARS + RECORD_OVERHEAD_CHARS;

test('a six-month correspondence game (60 days per 10 moves) keeps its journal under budget and comes back whole', () => {
  const storage = storageWith(new MemoryStorage(), { system: 'stages', stages: [{ moves: 10, ms: 60 * DAY }] });
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  tap(hal, 'right'); // White starts Black's clock
  let most = 0;
  // Each compaction moves the journal to the other file: it erases the spare before and the old file after. (Counted
  // at each erase: the heartbeats compact the journal many times a day, so a daily look at which file is in use would
  // miss most of them.)
  let erased = 0;
  const erase = storage.erase.bind(storage);
  storage.erase = (name: string) => {
    if (name === JOURNAL_RECORD || name === JOURNAL_SPARE) erased++;
    erase(name);
  };
  for (let day = 1; day <= DAYS; day++) {
    hal.advanceTo(day * DAY);
    // a move every other day, from alternate sides (Black's button is on the left)
    if (day % 2 === 0) tap(hal, (day / 2) % 2 === 1 ? 'left' : 'right');
    most = Math.max(most, journalChars(storage));
  }
  const compactions = erased / 2;
  expect(runtime.view().sides.black.moves + runtime.view().sides.white.moves).toBe(DAYS / 2);
  expect(compactions).toBeGreaterThan(10);
  expect(most).toBeLessThan(BUDGET);
  expect(runtime.log().some((e) => e.kind === 'storage')).toBe(false);
  // After a power cut the game is where its last record left it: the heartbeat's minute at most before now.
  const again = startRuntime(createVirtualHal({ storage: copyOf(storage) }), { layout: layoutFor(hal.display) });
  expect(again.notices).toContain('game restored');
  expect(runtime.nowMs() - again.state().atMs).toBeLessThanOrEqual(60000);
  expect(times(again.view())).toEqual(times(view(runtime.state(), again.state().atMs)));
  expect(again.log().slice(0, -1)).toEqual(runtime.log().slice(-(again.log().length - 1)));
});

test('flash full: every failed write is logged once and shown, the clock runs on, and the next compaction clears it', () => {
  const storage = storageWith(new CappedStorage(), { system: 'absolute', mainMs: 3600000 });
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  tap(hal, 'right');
  hal.advanceTo(5000);
  tap(hal, 'left');
  // The flash fills up (another program's files, say): nothing more fits.
  storage.capacity = storage.used();
  hal.advanceTo(9000);
  tap(hal, 'right');
  hal.advanceTo(12000);
  tap(hal, 'left');
  const notSaved = runtime.log().filter((e) => e.kind === 'storage');
  // The record (a file of its own) stops at its first failed line, and says so once, before the journal's failure.
  expect(notSaved.map((e) => e.text)).toEqual(['record stopped: full, missing or flash full?', 'game not saved: flash full?']);
  // The clock runs on, moves counted.
  expect(runtime.view().running).toBe('white');
  expect(runtime.view().sides.black.moves + runtime.view().sides.white.moves).toBe(3);
  // Shown for 3 s of every 10 s while the clock runs (the notice row), always while it stands.
  const shownAt = (atMs: number) => {
    hal.advanceTo(atMs);
    return runtime.screen().notice === UNSAVED_NOTICE && hal.display.lines.join('\n').indexOf(UNSAVED_NOTICE) >= 0;
  };
  expect(shownAt(20500)).toBe(true);
  expect(shownAt(24000)).toBe(false);
  expect(shownAt(30100)).toBe(true);
  // Room again: the next record is a fresh snapshot with everything since the failure; the notice goes.
  storage.capacity = Infinity;
  hal.advanceTo(35000);
  tap(hal, 'right');
  // (The record stays stopped until the next game or boot: a line missing in it would make undo lines miscount.)
  expect(runtime.log().filter((e) => e.kind === 'storage').map((e) => e.text)).toEqual(['record stopped: full, missing or flash full?', 'game not saved: flash full?', 'game saved again']);
  hal.advanceTo(40100);
  expect(runtime.screen().notice).toBeUndefined();
  const again = startRuntime(createVirtualHal({ storage: copyOf(storage) }), { layout: layoutFor(hal.display) });
  expect(again.view().sides.black.moves + again.view().sides.white.moves).toBe(4);
  expect(times(again.view())).toEqual(times(view(runtime.state(), again.state().atMs)));
});

test('settings that cannot be saved are logged and shown too', () => {
  const storage = storageWith(new CappedStorage(), { system: 'absolute', mainMs: 600000 });
  const settingsWrites: boolean[] = [];
  const write = storage.write.bind(storage);
  storage.write = (name: string, data: string) => {
    const ok = name === SETTINGS_RECORD ? false : write(name, data);
    if (name === SETTINGS_RECORD) settingsWrites.push(ok);
    return ok;
  };
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  choosePresetInMenu(hal);
  expect(settingsWrites.length).toBeGreaterThan(0);
  expect(runtime.log().filter((e) => e.kind === 'storage').map((e) => e.text)).toContain('settings not saved: flash full?');
  expect(runtime.screen().notice).toBe(UNSAVED_NOTICE);
});

/** From a ready clock: both buttons held 2 s open the menu, right opens Presets, right chooses the first (stored). */
function choosePresetInMenu(hal: VirtualHal): void {
  const hands = new Hands(hal.nowMs() + 1000).both(2100).tap('right').tap('right');
  for (const e of hands.events) {
    hal.advanceTo(e.atMs);
    hal.edge(e.button, e.down);
  }
  hal.advanceTo(hands.atMs);
}

test('a compaction cut by the power at any point loses nothing already saved', () => {
  // A journal close to its budget: the next press compacts it. Every prefix of the writes that compaction makes
  // is a power cut at that point; each must boot into the same game.
  const storage = storageWith(new MemoryStorage(), { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 });
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: 16 });
  let at = 0;
  let moves = 0;
  const move = () => {
    at += 3000;
    hal.advanceTo(at);
    tap(hal, moves++ % 2 === 0 ? 'left' : 'right'); // Black's button is on the left
  };
  tap(hal, 'right');
  while (journalCost(storage) < COMPACT_AT_RECORDS - 12) move();
  const before = copyOf(storage);
  const operations: ((s: MemoryStorage) => void)[] = [];
  const spy = storage as MemoryStorage;
  const append = spy.append.bind(spy);
  const erase = spy.erase.bind(spy);
  spy.append = (name, data) => {
    operations.push((s) => s.append(name, data));
    return append(name, data);
  };
  spy.erase = (name) => {
    operations.push((s) => s.erase(name));
    erase(name);
  };
  for (let i = 0; i < 6; i++) move();
  expect(operations.length).toBeGreaterThan(10); // the records, and the compaction's snapshot and log
  const movesOf = (r: ReturnType<typeof startRuntime>) => r.view().sides.black.moves + r.view().sides.white.moves;
  let previousMoves = movesOf(startRuntime(createVirtualHal({ storage: copyOf(before) }), { layout: layoutFor(hal.display) }));
  for (let cut = 0; cut <= operations.length; cut++) {
    const flash = copyOf(before);
    for (let i = 0; i < cut; i++) operations[i](flash);
    const again = startRuntime(createVirtualHal({ storage: flash }), { layout: layoutFor(hal.display), logLimit: 16 });
    expect(again.notices[0]).toBe('game restored');
    // Never fewer moves than a cut before it had: nothing saved is lost by a later cut.
    expect(movesOf(again)).toBeGreaterThanOrEqual(previousMoves);
    previousMoves = movesOf(again);
  }
  expect(previousMoves).toBe(movesOf(runtime));
});

test('a journal that does not restore is set aside, kept, and not replayed at the next boot', () => {
  const storage = storageWith(new MemoryStorage(), { system: 'absolute', mainMs: 600000 });
  const crafted = '{"v":2,"g":0,"control":{"system":"absolute","mainMs":1},"options":{"onExpire":"sometimes"}}';
  appendRecord(storage, JOURNAL_RECORD, crafted);
  const kept = storage.read(JOURNAL_RECORD);
  const first = startRuntime(createVirtualHal({ storage: storage }), { layout: layoutFor(createVirtualHal().display) });
  expect(first.notices).toEqual(['journal has impossible options; ignored', 'bad journal kept']);
  expect(storage.read(SET_ASIDE_RECORD)).toBe(kept);
  const second = startRuntime(createVirtualHal({ storage: storage }), { layout: layoutFor(createVirtualHal().display) });
  expect(second.notices).toEqual(['game restored']);
  expect(storage.read(SET_ASIDE_RECORD)).toBe(kept);
});

test('a restore that never ended (the board reset during it) is not run again: its journal is set aside', () => {
  const storage = storageWith(new MemoryStorage(), { system: 'absolute', mainMs: 600000 });
  const hal = createVirtualHal({ storage: storage });
  startRuntime(hal, { layout: layoutFor(hal.display) });
  tap(hal, 'right');
  hal.advanceTo(4000);
  tap(hal, 'left');
  const journal = storage.read(JOURNAL_RECORD);
  storage.write(RESTORING_RECORD, 'restoring'); // what a reset in the middle of the restore leaves behind
  const again = startRuntime(createVirtualHal({ storage: storage }), { layout: layoutFor(hal.display) });
  expect(again.notices).toEqual(['last boot failed', 'bad journal kept']);
  expect(again.state().status).toBe('ready');
  expect(storage.read(SET_ASIDE_RECORD)).toBe(journal);
  expect(storage.read(RESTORING_RECORD)).toBeUndefined();
});

test('the watchdog is kicked at every record of a long restore', () => {
  // Longer than the firmware keeps (it compacts at COMPACT_AT_RECORDS), as a journal of older firmware may be: written
  // record by record with the journal's own writer, 120 moves after the game's start.
  const control = { system: 'absolute', mainMs: 3600000 };
  const storage = storageWith(new MemoryStorage(), control);
  const place = journalNewGame(storage, parseGameControl(control), defaultSettings().options)!;
  journalEvent(storage, place, 0, { type: 'press', side: 'white' });
  for (let i = 1; i <= 120; i++) journalEvent(storage, place, i * 2000, { type: 'press', side: i % 2 === 0 ? 'white' : 'black' });
  const lines = (storage.read(JOURNAL_RECORD) || '').split('\n').filter((l) => l.length > 0).length;
  const board = createVirtualHal({ storage: copyOf(storage), watchdog: true });
  let kicksBeforeDisplay = -1;
  const show = board.display.show.bind(board.display);
  board.display.show = (rows: string[]) => {
    if (kicksBeforeDisplay < 0) kicksBeforeDisplay = board.kicks;
    show(rows);
  };
  startRuntime(board, { layout: layoutFor(board.display), watchdogMs: 5000 });
  expect(lines).toBeGreaterThan(120);
  expect(kicksBeforeDisplay).toBeGreaterThanOrEqual(lines);
});

test('a host that keeps a long log in memory still compacts into a journal with room to grow', () => {
  // The scripted simulator's device path once kept the whole log: a snapshot of it was over the budget, so every
  // record after it compacted again. A snapshot keeps at most half the budget of log.
  const storage = storageWith(new MemoryStorage(), { system: 'fischer', mainMs: 600000, incrementMs: 5000 });
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: 100000 });
  let compactions = 0;
  const erase = storage.erase.bind(storage);
  storage.erase = (name: string) => {
    if (name === JOURNAL_RECORD || name === JOURNAL_SPARE) compactions++;
    erase(name);
  };
  tap(hal, 'right');
  for (let i = 1; i <= 600; i++) {
    hal.advanceTo(i * 1500);
    tap(hal, i % 2 === 1 ? 'left' : 'right');
  }
  expect(runtime.log().length).toBeGreaterThan(600);
  // Each compaction erases two files (the spare before, the old one after). The journal compacts once its records
  // reach their budget (16 moves, COMPACT_AT_RECORDS at 4 each), never sooner: a snapshot leaves room for them.
  expect(compactions / 2).toBeLessThanOrEqual(Math.ceil((601 * 4) / COMPACT_AT_RECORDS));
  expect(journalChars(storage)).toBeLessThan(BUDGET);
  const again = startRuntime(createVirtualHal({ storage: copyOf(storage) }), { layout: layoutFor(hal.display) });
  expect(times(again.view())).toEqual(times(view(runtime.state(), again.state().atMs)));
});

test('a chord whose first press was folded into a compaction takes it back from the journal too', () => {
  // The press that begins a chord is a move until the second finger comes; if that press's record made the journal
  // compact, the take-back cannot be an undo record: the game is written afresh, without the press or its log line.
  const storage = storageWith(new MemoryStorage(), { system: 'absolute', mainMs: 3600000 });
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  tap(hal, 'right');
  let n = 0;
  const activeChars = () => Math.max(...JOURNAL_FILES.map((name) => (storage.read(name) || '').length));
  // Moves, then heartbeats (a quarter of a move's share each), until the next move's record reaches the budget.
  while (journalCost(storage) < COMPACT_AT_RECORDS - 8) {
    hal.advanceTo(hal.nowMs() + 700);
    tap(hal, n++ % 2 === 0 ? 'left' : 'right');
  }
  while (journalCost(storage) < COMPACT_AT_RECORDS - 1) hal.advanceTo(hal.nowMs() + 60000);
  expect(activeChars()).toBeLessThan(COMPACT_AT_CHARS);
  const moves = () => runtime.view().sides.black.moves + runtime.view().sides.white.moves;
  const before = moves();
  const runner = n % 2 === 0 ? 'left' : 'right';
  const sparesBefore = storage.read(JOURNAL_SPARE);
  hal.advanceTo(hal.nowMs() + 700);
  hal.edge(runner, true);
  hal.advanceTo(hal.nowMs() + 20);
  hal.edge(runner === 'left' ? 'right' : 'left', true);
  hal.advanceTo(hal.nowMs() + 2200);
  hal.edge('left', false);
  hal.advanceTo(hal.nowMs() + 10);
  hal.edge('right', false);
  hal.advanceTo(hal.nowMs() + 300);
  // Two compactions: the press crossed the budget (into the spare file), the take-back wrote the game afresh (back).
  expect(sparesBefore).toBeUndefined();
  expect(storage.read(JOURNAL_SPARE)).toBeUndefined();
  expect(JSON.parse(readRecords(storage, JOURNAL_RECORD).records[0]).g).toBe(2);
  expect(runtime.view().status).toBe('paused');
  expect(moves()).toBe(before);
  const again = startRuntime(createVirtualHal({ storage: copyOf(storage) }), { layout: layoutFor(hal.display) });
  expect(again.view().sides.black.moves + again.view().sides.white.moves).toBe(before);
  expect(times(again.view())).toEqual(times(view(runtime.state(), again.state().atMs)));
  expect(again.log().map((e) => e.text)).toEqual(runtime.log().map((e) => e.text));
});
