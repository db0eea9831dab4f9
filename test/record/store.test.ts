/**
 * The record in flash (firmware/storage/record-store.ts): the current game and the last three finished ones, copied before
 * they are erased, bounded by the cap, and never a throw when the flash is full or the storage fails.
 */
import { MemoryStorage } from '../../sim/virtual-hal';
import { recordAppend, recordNewGame, RECORD_NAMES } from '../../firmware/storage/record-store';
import { recordHeader, recordUndoLine, RECORD_FULL_LINE, RECORD_MAX_CHARS } from '../../firmware/storage/game-record';
import { readRecords } from '../../firmware/storage/journal';
import { createClock } from '../../firmware/clock/clock';
import { exported } from './helpers';

const clock = createClock({ system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 });
/** Game `n`'s header: its wall time tells the games apart. */
const header = (n: number): string => recordHeader(clock.controls, clock.options, n);

/** Plays game `n` into `storage`: its header, the start and a move, and `pauses` pauses more. */
function playGame(storage: MemoryStorage, n: number, pauses = 0): void {
  expect(recordNewGame(storage, header(n))).toBe(true);
  expect(recordAppend(storage, ['s 0 w - - - - - white start: black to move', 'm ' + n + ' b ' + n + ' 1000 m 3 1'])).toBe(true);
  for (let i = 0; i < pauses; i++) expect(recordAppend(storage, ['p ' + (n + i) + ' - - - - - - arbiter pause: black to move'])).toBe(true);
}

/** Which game each record file holds (by its header's wall time), null for none. */
function games(storage: MemoryStorage): (number | null)[] {
  return RECORD_NAMES.map((name) => {
    const records = readRecords(storage, name).records;
    return records.length === 0 ? null : JSON.parse(records[0]).w;
  });
}

/** A storage that refuses writes past `limit` characters in all (a full flash). */
class SmallFlash extends MemoryStorage {
  constructor(public limit: number) {
    super();
  }
  used(): number {
    return Object.keys(this.records).reduce((sum, name) => sum + this.records[name].length, 0);
  }
  append(name: string, data: string): boolean {
    return this.used() + data.length <= this.limit && super.append(name, data);
  }
  write(name: string, data: string): boolean {
    return this.used() - (this.read(name) || '').length + data.length <= this.limit && super.write(name, data);
  }
}

describe('the current game and the last three finished ones', () => {
  test('each new game moves the finished ones down; the fourth oldest is dropped', () => {
    const storage = new MemoryStorage();
    for (let n = 1; n <= 6; n++) playGame(storage, n);
    expect(games(storage)).toEqual([6, 5, 4, 3]);
    // Each finished record is the game whole.
    expect(readRecords(storage, RECORD_NAMES[1]).records).toEqual([header(5), 's 0 w - - - - - white start: black to move', 'm 5 b 5 1000 m 3 1']);
  });

  test('a game that never started (its header alone) is not kept as a finished game', () => {
    const storage = new MemoryStorage();
    playGame(storage, 1);
    recordNewGame(storage, header(2)); // settings changed before the first press: a new game at once
    recordNewGame(storage, header(3));
    expect(games(storage)).toEqual([3, 1, null, null]);
  });

  test('a power cut at any moment of the rotation leaves every game whole in one place at least', () => {
    const storage = new MemoryStorage();
    for (let n = 1; n <= 4; n++) playGame(storage, n);
    const whole: { [n: number]: string } = {};
    for (const name of RECORD_NAMES) {
      const text = storage.read(name);
      if (text !== undefined) whole[JSON.parse(readRecords(storage, name).records[0]).w] = text;
    }
    // Every state the flash goes through while game 5 begins: games 4, 3 and 2 must be whole somewhere in each.
    const states: string[][] = [];
    const look = (): void => {
      states.push(Object.keys(storage.records).map((name) => storage.records[name]));
    };
    for (const method of ['write', 'append', 'erase'] as const) {
      const original = storage[method].bind(storage) as (name: string, data: string) => boolean;
      (storage as unknown as { [key: string]: unknown })[method] = (name: string, data: string) => {
        const result = original(name, data);
        look();
        return result;
      };
    }
    recordNewGame(storage, header(5));
    expect(states.length).toBeGreaterThan(6);
    for (const state of states) {
      for (const n of [2, 3, 4]) expect(state).toContain(whole[n]);
    }
    expect(games(storage)).toEqual([5, 4, 3, 2]);
  });
});

describe('a full flash', () => {
  test('the oldest finished game is dropped when its copy does not fit; the new game still gets its record', () => {
    const probe = new MemoryStorage();
    playGame(probe, 1);
    const gameChars = (probe.read(RECORD_NAMES[0]) as string).length;
    // Room for three games: a copy of the oldest would make four.
    const storage = new SmallFlash(gameChars * 3 + 10);
    for (let n = 1; n <= 3; n++) playGame(storage, n);
    expect(games(storage)).toEqual([3, 2, 1, null]);
    playGame(storage, 4);
    expect(games(storage)).toEqual([4, 3, 2, null]);
  });

  test('a newer game whose copy does not fit gets the room of the older ones', () => {
    const probe = new MemoryStorage();
    playGame(probe, 1);
    const small = (probe.read(RECORD_NAMES[0]) as string).length;
    const storage = new SmallFlash(Infinity);
    playGame(storage, 1);
    playGame(storage, 2);
    playGame(storage, 3, 30); // a long game: 30 more lines
    const big = (storage.read(RECORD_NAMES[0]) as string).length;
    expect(big).toBeGreaterThan(3 * small);
    // Games 1 and 2 move down; game 3's copy fits only once game 1 (already moved) is gone.
    storage.limit = 2 * big + small + 5;
    playGame(storage, 4);
    expect(games(storage)).toEqual([4, 3, 2, null]);
    expect(storage.used()).toBeLessThanOrEqual(storage.limit);
  });

  test('a flash that takes nothing: no record, false, no throw', () => {
    const storage = new SmallFlash(0);
    expect(recordNewGame(storage, header(1))).toBe(false);
    expect(recordAppend(storage, ['s 0 w - - - - - x'])).toBe(false);
    expect(storage.records).toEqual({});
  });

  test('a write that fails ends the record: nothing more is written, even once there is room again', () => {
    const storage = new SmallFlash(1000);
    playGame(storage, 1);
    const line = 'p 1 - - - - - - ' + 'x'.repeat(100);
    let writes = 0;
    while (recordAppend(storage, [line])) writes++;
    expect(writes).toBeGreaterThan(3);
    const before = storage.read(RECORD_NAMES[0]);
    storage.limit = 100000;
    expect(recordAppend(storage, ['r 2 - - - - - - resumed'])).toBe(false);
    expect(storage.read(RECORD_NAMES[0])).toBe(before);
  });

  test('a storage that throws: false, never a throw', () => {
    const storage = new MemoryStorage();
    storage.append = () => {
      throw new Error('flash on fire');
    };
    expect(recordNewGame(storage, header(1))).toBe(false);
    expect(recordAppend(storage, ['r 2 - - - - - - resumed'])).toBe(false);
  });
});

describe('the cap', () => {
  test('at the cap one last line says the record is full, and nothing more is written', () => {
    const storage = new MemoryStorage();
    playGame(storage, 1);
    let moves = 0;
    while (recordAppend(storage, ['m ' + (1000 * moves) + ' b 1000 599000 m 3 ' + moves])) moves++;
    const text = storage.read(RECORD_NAMES[0]) as string;
    expect(text.length).toBeLessThanOrEqual(RECORD_MAX_CHARS);
    expect(text.length).toBeGreaterThan(RECORD_MAX_CHARS - 200);
    const records = readRecords(storage, RECORD_NAMES[0]).records;
    expect(records[records.length - 1]).toBe(RECORD_FULL_LINE);
    expect(moves).toBeGreaterThan(700);
    expect(recordAppend(storage, [recordUndoLine(1)])).toBe(false);
    expect(storage.read(RECORD_NAMES[0])).toBe(text);
    // The export says so.
    expect(exported(storage, 'sgf')).toContain('record full: nothing after this was recorded');
  });

  test('of lines that do not all fit, those that fit are written, then the last line', () => {
    const storage = new MemoryStorage();
    playGame(storage, 1);
    const line = 'p 1 - - - - - - ' + 'z'.repeat(90); // 116 characters with its checksum
    while ((storage.read(RECORD_NAMES[0]) as string).length + 2 * 116 < RECORD_MAX_CHARS - 80) recordAppend(storage, [line]);
    const before = readRecords(storage, RECORD_NAMES[0]).records.length;
    expect(recordAppend(storage, [line, line, line, line])).toBe(false);
    const records = readRecords(storage, RECORD_NAMES[0]).records;
    expect(records.length - before).toBeGreaterThanOrEqual(2); // at least one of the four, and the last line
    expect(records.length - before).toBeLessThan(5);
    expect(records[records.length - 1]).toBe(RECORD_FULL_LINE);
    expect((storage.read(RECORD_NAMES[0]) as string).length).toBeLessThanOrEqual(RECORD_MAX_CHARS);
  });

  test('after a boot the record is counted again: a full one stays full, another goes on', () => {
    const storage = new MemoryStorage();
    playGame(storage, 1);
    const rebooted = new MemoryStorage();
    rebooted.records = Object.assign({}, storage.records);
    expect(recordAppend(rebooted, ['r 5 - - - - - - resumed'])).toBe(true);
    while (recordAppend(rebooted, ['p 6 - - - - - - ' + 'y'.repeat(200)]));
    const full = new MemoryStorage();
    full.records = Object.assign({}, rebooted.records);
    expect(recordAppend(full, ['r 7 - - - - - - resumed'])).toBe(false);
    expect(full.records).toEqual(rebooted.records);
  });

  test('no game recorded (no header): nothing is appended', () => {
    const storage = new MemoryStorage();
    expect(recordAppend(storage, ['r 5 - - - - - - resumed'])).toBe(false);
    expect(storage.records).toEqual({});
  });
});
