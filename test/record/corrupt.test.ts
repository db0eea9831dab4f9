/**
 * Records read back as they may be found in flash: undo lines applied, lines cut by a power failure skipped and
 * counted, and a record that is missing, damaged or foreign refused with one clear line, nothing written, no throw.
 */
import { MemoryStorage } from '../../sim/virtual-hal';
import { appendRecord } from '../../firmware/storage/journal';
import { recordReader, RECORD_NAMES } from '../../firmware/storage/record-store';
import { exportRecord } from '../../firmware/storage/record-export';
import { recordHeader, recordUndoLine } from '../../firmware/storage/game-record';
import { createClock } from '../../firmware/clock/clock';
import { csvObjects, exported, parseSgf } from './helpers';

const clock = createClock({ system: 'absolute', mainMs: 60000 });
const HEADER = recordHeader(clock.controls, clock.options, Date.UTC(2024, 5, 1, 12, 0, 0));

/** A record of these lines (checksummed as record-store.ts writes them) in a fresh storage. */
function recordOf(lines: string[]): MemoryStorage {
  const storage = new MemoryStorage();
  for (const line of lines) appendRecord(storage, RECORD_NAMES[0], line);
  return storage;
}

const move = (n: number, side: 'b' | 'w'): string => 'm ' + n * 1000 + ' ' + side + ' 1000 ' + (60000 - n * 1000) + ' m - ' + n;

/** The export's result and whether anything was written. */
function tried(storage: MemoryStorage, format: 'sgf' | 'csv'): { error: string | null; written: string } {
  let written = '';
  const error = exportRecord(recordReader(storage, 0), format, (text) => {
    written += text;
  });
  return { error: error, written: written };
}

describe('undo lines', () => {
  test('take back the last entries that stand, one undo after another', () => {
    const storage = recordOf([
      HEADER, 's 0 w - - - - - white start: black to move', move(1, 'b'), move(2, 'w'), move(3, 'b'), recordUndoLine(2),
      move(4, 'w'), recordUndoLine(1), recordUndoLine(1), move(5, 'w'),
    ]);
    const rows = csvObjects(exported(storage, 'csv'));
    // Moves 3 and 2 were taken back, then 4, then 1: the start and move 5 stand.
    expect(rows.map((row) => row.kind + row.at_ms)).toEqual(['game', 'start0', 'move5000']);
    expect(parseSgf(exported(storage, 'sgf')).nodes).toHaveLength(1);
  });

  test('in a long record, the entries taken back are left out of every reading, a flag taken back too', () => {
    const lines = [HEADER];
    for (let n = 1; n <= 100; n++) {
      lines.push('m ' + n * 1000 + ' ' + (n % 2 ? 'b' : 'w') + ' 1000 ' + (500000 - n * 1000) + ' m - ' + n);
      if (n === 40) lines.push('f 40500 w - - - - - white flag', recordUndoLine(2)); // move 40 and the flag taken back
      if (n === 70) lines.push(recordUndoLine(1), recordUndoLine(1)); // moves 70 and 69, one after the other
    }
    const storage = recordOf(lines);
    const rows = csvObjects(exported(storage, 'csv'));
    const moves = rows.filter((row) => row.kind === 'move').map((row) => Number(row.at_ms) / 1000);
    expect(moves).toEqual(Array.from({ length: 100 }, (_, i) => i + 1).filter((n) => n !== 40 && n !== 69 && n !== 70));
    expect(rows.some((row) => row.kind === 'flag')).toBe(false);
    const sgf = exported(storage, 'sgf');
    expect(parseSgf(sgf).nodes).toHaveLength(97);
    expect(sgf).not.toContain('RE[');
    // The same flag standing gives the result.
    const flagged = recordOf([HEADER, move(1, 'b'), 'f 1500 w - - - - - white flag']);
    expect(exported(flagged, 'sgf')).toContain('RE[B+T]');
  });

  test('an undo further back than the window is refused, not applied wrongly', () => {
    const lines = [HEADER];
    for (let n = 1; n <= 40; n++) lines.push(move(n, n % 2 ? 'b' : 'w'));
    lines.push(recordUndoLine(33));
    const result = tried(recordOf(lines), 'sgf');
    expect(result.error).toBe('record line 42 takes back more than the last 32 entries');
    expect(result.written).toBe('');
  });
});

describe('damage', () => {
  test('a line cut by a power failure is skipped, and the export says so', () => {
    const storage = recordOf([HEADER, move(1, 'b'), move(2, 'w')]);
    storage.append(RECORD_NAMES[0], '\nm 3000 b 10'); // cut before its checksum
    appendRecord(storage, RECORD_NAMES[0], move(4, 'w'));
    const sgf = parseSgf(exported(storage, 'sgf'));
    expect(sgf.nodes).toHaveLength(3);
    expect(sgf.root.data.C[0]).toContain('1 damaged lines of the record were skipped.');
    const rows = csvObjects(exported(storage, 'csv'));
    expect(rows[1]).toMatchObject({ kind: 'damaged', text: '1 damaged lines skipped' });
  });

  test('the wall time of the start is the SGF date', () => {
    expect(parseSgf(exported(recordOf([HEADER]), 'sgf')).root.data.DT).toEqual(['2024-06-01']);
  });

  const refused: [string, () => MemoryStorage, string][] = [
    ['no record at all', () => new MemoryStorage(), 'no game record'],
    ['an empty record', () => {
      const storage = new MemoryStorage();
      storage.write(RECORD_NAMES[0], '');
      return storage;
    }, 'the record is empty or damaged'],
    ['flash garbage', () => {
      const storage = new MemoryStorage();
      storage.write(RECORD_NAMES[0], '\u00ff\u00ff\u0000garbage\nmore garbage');
      return storage;
    }, 'the record is empty or damaged'],
    ['a damaged header', () => recordOf(['{"v":1,"c":', move(1, 'b')]), 'the record has no header this firmware wrote (damaged, or from another firmware)'],
    ['a record of another format', () => recordOf([HEADER.replace('"v":1', '"v":2'), move(1, 'b')]), 'the record has no header this firmware wrote (damaged, or from another firmware)'],
    ['a header with an impossible control', () => recordOf([HEADER.replace('60000', '-5'), move(1, 'b')]), 'the record has no header this firmware wrote (damaged, or from another firmware)'],
    ['a line that is not an entry', () => recordOf([HEADER, move(1, 'b'), 'm 2000 w lots of time']), 'record line 3 is not understood (damaged)'],
    ['a second header', () => recordOf([HEADER, move(1, 'b'), HEADER]), 'record line 3 is not understood (damaged)'],
  ];
  test.each(refused)('%s: one line, nothing written', (_name, make, message) => {
    for (const format of ['sgf', 'csv'] as const) {
      expect(tried(make(), format)).toEqual({ error: message, written: '' });
    }
  });

  test('a storage that throws while it is read: an error, not a throw', () => {
    const storage = recordOf([HEADER, move(1, 'b')]);
    storage.read = () => {
      throw new Error('bus error');
    };
    expect(tried(storage, 'sgf')).toEqual({ error: 'the record could not be read (bus error)', written: '' });
  });

  test('a finished game that is not there', () => {
    expect(tried(recordOf([HEADER]), 'csv').error).toBeNull();
    expect(exportRecord(recordReader(recordOf([HEADER]), 2), 'sgf', () => {})).toBe('no game record');
    expect(exportRecord(recordReader(recordOf([HEADER]), 9), 'sgf', () => {})).toBe('no game record');
  });
});
