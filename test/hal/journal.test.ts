import fc from 'fast-check';
import { KeyValueStorage } from '../../hal/hal';
import { appendRecord, clearJournal, crc32, forEachRecord, MAX_RECORD_CHARS, readRecords } from '../../firmware/storage/journal';
import { createStorage } from '../../hal/espruino/storage';
import { createFakeEspruinoStorage } from './fakes';

/** A KeyValueStorage in memory whose file contents the test can cut and corrupt. */
function memoryStorage(): KeyValueStorage & { files: Record<string, string> } {
  const files: Record<string, string> = {};
  return {
    files,
    read: (name) => files[name],
    write: (name, data) => {
      files[name] = data;
      return true;
    },
    append: (name, data) => {
      files[name] = (files[name] || '') + data;
      return true;
    },
    erase: (name) => {
      delete files[name];
    },
  };
}

/** The same files, read back the way the device reads a StorageFile: piece by piece, cut where `cuts` say. */
function piecewise(files: Record<string, string>, cuts: number[]): KeyValueStorage {
  const whole = memoryStorage();
  Object.assign(whole.files, files);
  return Object.assign({}, whole, {
    readChunks(name: string, each: (chunk: string) => void): boolean {
      const data = whole.files[name];
      if (data === undefined) return false;
      let at = 0;
      for (let i = 0; at < data.length; i++) {
        const size = Math.max(1, cuts.length > 0 ? cuts[i % cuts.length] : data.length);
        each(data.slice(at, at + size));
        at += size;
      }
      return true;
    },
  });
}

/** Espruino's E.CRC32, transcribed from its C source (jswrap_espruino_CRC32): bit by bit, low byte of each element. */
function espruinoCrc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    crc = (crc ^ (text.charCodeAt(i) & 0xff)) >>> 0;
    for (let t = 0; t < 8; t++) crc = ((crc >>> 1) ^ (0xedb88320 & -(crc & 1))) >>> 0;
  }
  return ~crc >>> 0;
}

describe('CRC-32', () => {
  it('is the standard one: check value of "123456789" is CBF43926', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
  });

  it("equals Espruino's E.CRC32 for any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => crc32(text) === espruinoCrc32(text)),
    );
  });
});

describe('journal', () => {
  it('round-trips records, oldest first', () => {
    const storage = memoryStorage();
    expect(appendRecord(storage, 'game', '{"atMs":0,"kind":"start"}')).toBe(true);
    expect(appendRecord(storage, 'game', '{"atMs":4200,"kind":"move"}')).toBe(true);
    expect(appendRecord(storage, 'game', 'a*b*c')).toBe(true);
    expect(readRecords(storage, 'game')).toEqual({
      records: ['{"atMs":0,"kind":"start"}', '{"atMs":4200,"kind":"move"}', 'a*b*c'],
      skipped: 0,
    });
  });

  it('writes each record as "\\n" + text + "*" + 8 hex digits of its CRC-32', () => {
    const storage = memoryStorage();
    appendRecord(storage, 'game', '123456789');
    expect(storage.files.game).toBe('\n123456789*cbf43926');
  });

  it('a missing journal has no records', () => {
    expect(readRecords(memoryStorage(), 'none')).toEqual({ records: [], skipped: 0 });
  });

  it('a record cut by a power failure is skipped and counted, and the next record still reads', () => {
    const storage = memoryStorage();
    appendRecord(storage, 'game', 'first');
    appendRecord(storage, 'game', 'second');
    storage.files.game = storage.files.game.slice(0, -3); // power lost during the second append
    expect(readRecords(storage, 'game')).toEqual({ records: ['first'], skipped: 1 });
    appendRecord(storage, 'game', 'third');
    expect(readRecords(storage, 'game')).toEqual({ records: ['first', 'third'], skipped: 1 });
  });

  it('a corrupted byte makes its record skipped', () => {
    const storage = memoryStorage();
    appendRecord(storage, 'game', 'move 1');
    appendRecord(storage, 'game', 'move 2');
    appendRecord(storage, 'game', 'move 3');
    storage.files.game = storage.files.game.replace('move 2', 'move 7');
    expect(readRecords(storage, 'game')).toEqual({ records: ['move 1', 'move 3'], skipped: 1 });
  });

  it('lines without a checksum are skipped', () => {
    const storage = memoryStorage();
    storage.files.game = 'garbage\n\nno star here\nshort*abc\n';
    expect(readRecords(storage, 'game')).toEqual({ records: [], skipped: 3 });
  });

  it('refuses a record with a line break (it would split into two lines)', () => {
    const storage = memoryStorage();
    expect(appendRecord(storage, 'game', 'a\nb')).toBe(false);
    expect(appendRecord(storage, 'game', 'a\rb')).toBe(false);
    expect(storage.files.game).toBeUndefined();
  });

  it('clearJournal erases it', () => {
    const storage = memoryStorage();
    appendRecord(storage, 'game', 'x');
    clearJournal(storage, 'game');
    expect(readRecords(storage, 'game')).toEqual({ records: [], skipped: 0 });
  });

  it('a native CRC (E.CRC32 on the device) writes and reads the same file', () => {
    const pure = memoryStorage();
    const native = memoryStorage();
    appendRecord(pure, 'game', '{"k":"move","side":"black"}');
    const crcs: string[] = [];
    Object.assign(native, { crc32: (text: string) => (crcs.push(text), espruinoCrc32(text)) });
    appendRecord(native, 'game', '{"k":"move","side":"black"}');
    expect(crcs).toEqual(['{"k":"move","side":"black"}']);
    expect(native.files.game).toBe(pure.files.game);
    native.files.game = pure.files.game;
    expect(readRecords(native, 'game').records).toEqual(['{"k":"move","side":"black"}']);
  });

  it('refuses a record longer than MAX_RECORD_CHARS, and skips a line that long without keeping it', () => {
    const storage = memoryStorage();
    expect(appendRecord(storage, 'game', 'x'.repeat(MAX_RECORD_CHARS + 1))).toBe(false);
    expect(appendRecord(storage, 'game', 'x'.repeat(MAX_RECORD_CHARS))).toBe(true);
    appendRecord(storage, 'game', 'after');
    storage.files.game = '\n' + 'garbage with no line break '.repeat(1000) + storage.files.game;
    const chunked = piecewise(storage.files, [256]);
    expect(readRecords(chunked, 'game')).toEqual({ records: ['x'.repeat(MAX_RECORD_CHARS), 'after'], skipped: 1 });
    expect(readRecords(storage, 'game')).toEqual(readRecords(chunked, 'game'));
  });

  it('forEachRecord: what the caller throws ends the reading and is thrown on', () => {
    const storage = piecewise({}, [3]);
    for (const text of ['one', 'two', 'three']) appendRecord(storage, 'game', text);
    const seen: string[] = [];
    expect(() =>
      forEachRecord(storage, 'game', (text) => {
        seen.push(text);
        if (text === 'two') throw new Error('no');
      }),
    ).toThrow('no');
    expect(seen).toEqual(['one', 'two']);
  });

  it('reports false when the storage cannot append', () => {
    const storage = memoryStorage();
    storage.append = () => false;
    expect(appendRecord(storage, 'game', 'x')).toBe(false);
  });

  it('works over the Espruino storage driver (StorageFile)', () => {
    const storage = createStorage({ storage: createFakeEspruinoStorage() });
    for (let i = 0; i < 50; i++) appendRecord(storage, 'game', JSON.stringify({ atMs: i * 1000, move: i }));
    const result = readRecords(storage, 'game');
    expect(result.skipped).toBe(0);
    expect(result.records.length).toBe(50);
    expect(JSON.parse(result.records[49])).toEqual({ atMs: 49000, move: 49 });
  });

  describe('properties', () => {
    const recordText = fc.string({ unit: 'binary', maxLength: 60 }).filter((text) => !/[\n\r]/.test(text));

    it('never throws on any bytes, and never returns more than the lines it read', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (data) => {
          const storage = memoryStorage();
          storage.files.game = data;
          const result = readRecords(storage, 'game');
          const lines = data.split('\n').filter((line) => line.length > 0).length;
          return result.records.length + result.skipped === lines;
        }),
        { numRuns: 2000 },
      );
    });

    it('random bytes almost never pass as records (a checksum must match)', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (data) => {
          const storage = memoryStorage();
          storage.files.game = data;
          return readRecords(storage, 'game').records.length === 0;
        }),
        { numRuns: 2000 },
      );
    });

    it('read piece by piece, cut anywhere, a file gives exactly what it gives read whole', () => {
      const line = fc.oneof(recordText.map((text) => ({ text, valid: true })), fc.string({ unit: 'binary', maxLength: 40 }).map((text) => ({ text, valid: false })));
      fc.assert(
        fc.property(fc.array(line, { maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 6 }), (lines, cuts) => {
          const storage = memoryStorage();
          for (const l of lines) {
            if (l.valid) appendRecord(storage, 'game', l.text);
            else storage.files.game = (storage.files.game || '') + l.text;
          }
          const whole = readRecords(storage, 'game');
          const pieces = readRecords(piecewise(storage.files, cuts), 'game');
          return JSON.stringify(pieces) === JSON.stringify(whole);
        }),
        { numRuns: 1000 },
      );
    });

    it('any records round-trip exactly', () => {
      fc.assert(
        fc.property(fc.array(recordText, { maxLength: 20 }), (texts) => {
          const storage = memoryStorage();
          for (const text of texts) appendRecord(storage, 'game', text);
          const result = readRecords(storage, 'game');
          return result.skipped === 0 && JSON.stringify(result.records) === JSON.stringify(texts);
        }),
      );
    });

    it('cut anywhere: every record before the cut survives, at most one is skipped, appends go on', () => {
      fc.assert(
        fc.property(fc.array(recordText, { minLength: 1, maxLength: 10 }), fc.nat(), recordText, (texts, at, later) => {
          const storage = memoryStorage();
          const ends: number[] = [];
          for (const text of texts) {
            appendRecord(storage, 'game', text);
            ends.push(storage.files.game.length);
          }
          const cut = at % (storage.files.game.length + 1);
          storage.files.game = storage.files.game.slice(0, cut);
          const complete = ends.filter((end) => end <= cut).length;
          const result = readRecords(storage, 'game');
          appendRecord(storage, 'game', later);
          const after = readRecords(storage, 'game');
          return (
            JSON.stringify(result.records) === JSON.stringify(texts.slice(0, complete)) &&
            result.skipped <= 1 &&
            JSON.stringify(after.records) === JSON.stringify(texts.slice(0, complete).concat([later]))
          );
        }),
        { numRuns: 1000 },
      );
    });
  });
});
