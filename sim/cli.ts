/**
 * `npm run sim -- --script FILE.json` (or `--script -`, or a scenario piped on stdin): runs a scenario in virtual
 * time and prints the report of docs/scenarios.md. Bad input: one line on stderr, exit 1; never a stack trace. The input is
 * read in pieces up to MAX_SCENARIO_BYTES (4 MB), so `/dev/zero` or an endless pipe is refused, not read until the
 * process dies; a UTF-8 byte-order mark at its start is allowed. `--record OUT.sgf|OUT.csv` also writes the game's
 * record in the format its extension names (firmware/storage/record-export.ts); the report is the same with or without it.
 * `--help` (`-h`) prints the usage.
 */
import * as fs from 'fs';
import { parseScenario, runChecked } from './scenario';
import { oneLine } from '../firmware/clock/text';
import { cut, InputTooLarge, MAX_SCENARIO_BYTES, readLimited } from './input-limits';
import { MemoryStorage } from './virtual-hal';
import { recordReader } from '../firmware/storage/record-store';
import { exportRecord } from '../firmware/storage/record-export';
import { printedHelp } from '../scripts/cli-help';

const USAGE = 'usage: npm run sim -- --script FILE.json [--record OUT.sgf|OUT.csv]   (or --script - to read the scenario from stdin)';

const HELP = `${USAGE}
  runs a scenario (a time control and timed button events, JSON) through the clock's firmware in virtual time
  and prints its report as JSON: the log, each side's time, phase, periods or moves left, flags, announcements
  --script FILE.json   the scenario; - reads it from stdin (so does a pipe with no arguments); at most 4 MB
  --record OUT.sgf     also write the game's record, as SGF or CSV by the file name's extension (OUT.csv)
  --help, -h           this text
examples: sim/scenarios/*.json (npm run demo plays them)`;

/** `--record FILE` taken out of `args`: the file and its format (by extension), or null when not asked for. */
function recordArg(args: string[]): { file: string; format: 'sgf' | 'csv' } | null {
  const at = args.indexOf('--record');
  if (at < 0) return null;
  if (at + 1 >= args.length) throw new Error('--record needs a file name (.sgf or .csv); ' + USAGE);
  const file = args[at + 1];
  args.splice(at, 2);
  const dot = file.lastIndexOf('.');
  const format = dot < 0 ? '' : file.substring(dot + 1).toLowerCase();
  if (format !== 'sgf' && format !== 'csv') throw new Error('--record ' + cut(file, 120) + ': the file name must end in .sgf or .csv');
  return { file: file, format: format };
}

/** The record of the game in `storage` as text, written to its file. */
function writeRecord(storage: MemoryStorage, record: { file: string; format: 'sgf' | 'csv' }): void {
  const parts: string[] = [];
  const error = exportRecord(recordReader(storage, 0), record.format, (text) => parts.push(text));
  if (error !== null) throw new Error('the game record could not be exported: ' + error);
  try {
    fs.writeFileSync(record.file, parts.join(''));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error('cannot write ' + cut(record.file, 120) + (code ? ' (' + code + ')' : ''));
  }
}

function scriptPath(args: string[]): string {
  const at = args.indexOf('--script');
  if (at >= 0) {
    if (at + 1 >= args.length) throw new Error('--script needs a file name (or - for stdin); ' + USAGE);
    return args[at + 1];
  }
  if (args.length === 0 && !process.stdin.isTTY) return '-';
  throw new Error(args.length === 0 ? USAGE : 'unknown arguments: ' + cut(args.join(' '), 80) + '; ' + USAGE);
}

function readScript(path: string): string {
  const name = path === '-' ? 'stdin' : cut(path, 120);
  try {
    return readLimited(path === '-' ? 0 : path, name, MAX_SCENARIO_BYTES, 'a scenario');
  } catch (e) {
    if (e instanceof InputTooLarge) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error('cannot read ' + name + (code ? ' (' + code + ')' : ''));
  }
}

function main(argv: string[]): number {
  if (printedHelp(argv, HELP)) return 0;
  try {
    const args = argv.slice();
    const record = recordArg(args);
    const storage = new MemoryStorage();
    const report = runChecked(parseScenario(readScript(scriptPath(args))), record === null ? undefined : storage);
    if (record !== null) writeRecord(storage, record);
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write('goclock sim: ' + oneLine(cut(message, 1000)) + '\n');
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
