/**
 * The journal's format 3 (game-journal.ts): the longest journal the firmware keeps restores to the game the core
 * plays, a journal of format 2 (older firmware) still restores, and a snapshot's packed log is input like any other.
 */
import { restoreGame, JOURNAL_RECORD } from '../../firmware/storage/game-journal';
import { createClock, step } from '../../firmware/clock/clock';
import { ClockState } from '../../firmware/clock/clock-types';
import { appendRecord, readRecords } from '../../firmware/storage/journal';
import { MemoryStorage } from '../../sim/virtual-hal';
import { journalAtBudget, legacyJournalAtBudget } from '../../sim/espruino/crafted-journal';
import { packLogEntry, unpackLog, unpackLogEntry } from '../../firmware/storage/packed-log';

function storageHolding(text: string): MemoryStorage {
  const storage = new MemoryStorage();
  storage.append(JOURNAL_RECORD, text);
  return storage;
}

/** The ten-hour absolute game of crafted-journal.ts, its presses 20 s apart, played by the core to `presses`. */
function played(presses: number): ClockState {
  const control = { system: 'absolute' as const, mainMs: 36000000 };
  let state = step(createClock({ black: control, white: control }, {}), { type: 'press', side: 'white' }, 0).state;
  for (let n = 1; n <= presses; n++) state = step(state, { type: 'press', side: state.toMove }, n * 20000).state;
  return step(state, { type: 'pause' }, presses * 20000).state;
}

test('the journal at its budget comes back as the core plays the game, its log the latest 64 entries', () => {
  const text = journalAtBudget();
  const restored = restoreGame(storageHolding(text), 64).game!;
  expect(restored.skipped).toBe(0);
  expect(restored.state.sides).toEqual(played(116).sides);
  expect(restored.log.length).toBe(64);
  // A move's entry packed without the words its side and kind say (packed-log.ts), and read back whole.
  expect(restored.log[62]).toBe('2320000 w move 58 (20000 ms)');
  expect(unpackLogEntry(restored.log[62])).toEqual({ atMs: 2320000, side: 'white', kind: 'move', text: 'white move 58 (20000 ms)' });
  expect(restored.log[63]).toBe('2320000 - pause arbiter pause: black to move');
  // The snapshot's log: several packed entries to a record.
  const records = readRecords(storageHolding(text), JOURNAL_RECORD).records.map((r) => JSON.parse(r));
  expect(records[0].v).toBe(3);
  expect(records[1].p.length).toBe(16);
});

test('a journal of format 2 at its old budget still comes back', () => {
  const restored = restoreGame(storageHolding(legacyJournalAtBudget()), 64).game!;
  expect(restored.skipped).toBe(0);
  expect(restored.state.status).toBe('paused');
  expect(restored.state.sides.black.moves + restored.state.sides.white.moves).toBeGreaterThan(100);
});

test('a snapshot written before moves were packed short (their words whole) comes back to the same log', () => {
  const text = journalAtBudget();
  const lines = readRecords(storageHolding(text), JOURNAL_RECORD).records;
  const log = JSON.parse(lines[1]);
  const whole = log.p.map((p: string) => {
    const e = unpackLogEntry(p);
    return e.atMs + ' ' + (e.side === null ? '-' : e.side.charAt(0)) + ' ' + e.kind + ' ' + e.text;
  });
  expect(whole.some((p: string, i: number) => p !== log.p[i] && / [bw] move (black|white) move \d/.test(p))).toBe(true);
  const storage = new MemoryStorage();
  appendRecord(storage, JOURNAL_RECORD, lines[0]);
  appendRecord(storage, JOURNAL_RECORD, JSON.stringify(Object.assign({}, log, { p: whole })));
  for (const line of lines.slice(2)) appendRecord(storage, JOURNAL_RECORD, line);
  const old = restoreGame(storage, 64).game!;
  const now = restoreGame(storageHolding(text), 64).game!;
  expect(old.state).toEqual(now.state);
  expect(unpackLog(old.log)).toEqual(unpackLog(now.log));
  // Packed again, an old entry takes the short form.
  expect(packLogEntry(unpackLogEntry(whole[whole.length - 1]))).toBe(log.p[log.p.length - 1]);
});

test('a snapshot whose log holds an entry the clock does not write is refused, and one cut in its log too', () => {
  const text = journalAtBudget();
  const lines = readRecords(storageHolding(text), JOURNAL_RECORD).records;
  const header = lines[0];
  const log = JSON.parse(lines[1]);
  for (const bad of ['x', '12 q move black move 1 (1 ms)', '012 b move black move 1 (1 ms)', '12 b shout black move 1', '-5 b move a']) {
    const storage = new MemoryStorage();
    appendRecord(storage, JOURNAL_RECORD, header);
    appendRecord(storage, JOURNAL_RECORD, JSON.stringify({ p: [bad].concat(log.p.slice(1)) }));
    for (const line of lines.slice(2)) appendRecord(storage, JOURNAL_RECORD, line);
    expect(restoreGame(storage, 64).problem).toBe('journal does not replay (snapshot log cut); ignored');
  }
  const cut = new MemoryStorage();
  appendRecord(cut, JOURNAL_RECORD, header);
  appendRecord(cut, JOURNAL_RECORD, lines[1]);
  expect(restoreGame(cut, 64).problem).toBe('journal snapshot is incomplete; ignored');
});
