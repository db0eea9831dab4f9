/**
 * The game's record from the clock: `goclock.record(format, game)` prints it between two marker lines
 * (firmware/storage/record-console.ts; it is read from flash and printed line by line, never held whole in the device's
 * RAM, so it cannot come back as one value), or one line "goclock: record: …" saying why not. The page runs it, reads
 * the printed lines, and offers the file as a download, named as the browser simulator names it.
 */
import { RECORD_BEGIN, RECORD_END, RECORD_PROBLEM } from '../../firmware/storage/record-console';
import { recordFileName, RecordFormat, RECORD_GAMES } from '../web/record-download';
import { literal } from './device-api';

export { recordFileName, RECORD_GAMES };
export type { RecordFormat };

/** The line ends of each format as the firmware exports it; its console prints lines without them. */
const LINE_END: { [format in RecordFormat]: string } = { sgf: '\n', csv: '\r\n' };

export const MIME: { [format in RecordFormat]: string } = { sgf: 'application/x-go-sgf', csv: 'text/csv' };

/** The statement that prints the record. */
export function recordStatement(format: RecordFormat, game: number): string {
  return 'goclock.record(' + literal(format) + ',' + literal(game) + ')';
}

/** A line without the console's prompt (">"), which leads the first line printed after it. */
function unprompted(line: string): string {
  return line.replace(/^>+/, '');
}

/** Whether `line` ends what the record statement prints. */
export function endsRecord(printed: string): boolean {
  const line = unprompted(printed);
  return line === RECORD_END || line.indexOf(RECORD_PROBLEM) === 0 || /^Uncaught /.test(line);
}

/** The file from the printed lines, or why there is none (the board's own words). */
export function recordFromLines(lines: string[], format: RecordFormat): { text: string } | { problem: string } {
  const begin = lines.map(unprompted).indexOf(RECORD_BEGIN);
  const last = unprompted(lines[lines.length - 1] || '');
  if (last.indexOf(RECORD_PROBLEM) === 0) return { problem: last.slice(RECORD_PROBLEM.length) };
  if (/^Uncaught /.test(last)) return { problem: 'the clock failed: ' + last };
  if (begin < 0 || last !== RECORD_END) return { problem: 'the record came back incomplete' };
  const body = lines.slice(begin + 1, lines.length - 1);
  return { text: body.map((line) => line + LINE_END[format]).join('') };
}
