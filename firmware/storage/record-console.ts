/**
 * The game's record on the device's console: `goclock.record("sgf" | "csv", game)` (game 0 the current one, 1–3 the
 * finished ones, newest first) prints it between two marker lines, which `npm run record` (scripts/record.ts) looks
 * for in what the board prints; anything wrong is one line "goclock: record: …" instead. The record is read from
 * flash and printed line by line (record-export.ts streams it), never held whole in RAM.
 */
import { KeyValueStorage } from '../../hal/hal';
import { exportRecord } from './record-export';
import { recordReader, RECORD_NAMES } from './record-store';

export const RECORD_BEGIN = '-----BEGIN GOCLOCK RECORD-----';
export const RECORD_END = '-----END GOCLOCK RECORD-----';
export const RECORD_PROBLEM = 'goclock: record: ';

export function printRecord(storage: KeyValueStorage, format: unknown, game: unknown, print: (line: string) => void): void {
  if (format !== 'sgf' && format !== 'csv') {
    print(RECORD_PROBLEM + 'the format is "sgf" or "csv"');
    return;
  }
  const index = game === undefined ? 0 : game;
  if (typeof index !== 'number' || !(index >= 0 && index < RECORD_NAMES.length) || Math.floor(index) !== index) {
    print(RECORD_PROBLEM + 'the game is 0 (the current one) to ' + (RECORD_NAMES.length - 1) + ' (the oldest kept)');
    return;
  }
  // Espruino's print ends every call with a line break: text is printed a whole line at a time.
  let line = '';
  let begun = false;
  const problem = exportRecord(recordReader(storage, index), format, (text) => {
    if (!begun) print(RECORD_BEGIN);
    begun = true;
    line += text;
    let end = line.indexOf('\n');
    while (end >= 0) {
      print(line.substring(0, end).replace(/\r$/, ''));
      line = line.substring(end + 1);
      end = line.indexOf('\n');
    }
  });
  if (problem !== null) {
    print(RECORD_PROBLEM + problem);
    return;
  }
  if (!begun) print(RECORD_BEGIN);
  if (line.length > 0) print(line);
  print(RECORD_END);
}
