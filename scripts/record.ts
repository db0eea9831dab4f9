/**
 * `npm run record -- --port /dev/ttyUSB0 --out game.sgf`: fetches a game's record from a flashed board over its
 * console and writes it to a file, as SGF or CSV.
 *
 *   npm run record -- --port /dev/ttyUSB0 --out game.sgf             the current game, SGF
 *   npm run record -- --port /dev/ttyUSB0 --out last.csv --game 1    the last finished game, CSV
 *
 * It runs the espruino CLI (EspruinoTools) with an expression, which does not reset the board:
 *
 *   espruino -q -p PORT -b 115200 --board boards/espruino/ESP32.board.json --no-ble -e 'goclock.record("sgf",0)'
 *
 * The CLI sends the expression, prints every line the board prints, and exits 500 ms after the output stops. The
 * firmware (firmware/storage/record-console.ts) prints the record between two marker lines, or one line "goclock: record: …"
 * saying why not. The lines between the markers are written to --out, through a temporary file renamed into place
 * once the end marker has come: a record cut short leaves no file (and an older file of that name as it was).
 *
 * Options:
 *   --port, -p PORT    the board's serial port (/dev/ttyUSB0, COM3), or tcp://host:port
 *   --out, -o FILE     where the record goes; FILE.sgf or FILE.csv says the format
 *   --format sgf|csv   the format, for a FILE named otherwise
 *   --game N           0 the current game (default), 1–3 the finished ones, newest first
 *   --baud N           serial speed (default 115200; the CLI's own default 9600 is wrong for the ESP32)
 *   --help
 * Exit status: 0 written, 1 no record (the board's reason, no connection, no goclock firmware), 2 a usage error.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { StringDecoder } from 'string_decoder';
import { RECORD_BEGIN, RECORD_END, RECORD_PROBLEM } from '../firmware/storage/record-console';
import { dropTemporary, TemporaryFile, temporaryBeside, writeTemporary } from '../sim/temporary-file';

const ROOT = path.resolve(__dirname, '..');
export const DEFAULT_BAUD = 115200;
/** Espruino's ESP32 board description (boards/espruino/README.md): the CLI then asks the board nothing about itself. */
const BOARD_JSON = path.join(ROOT, 'boards', 'espruino', 'ESP32.board.json');
/** How long the board may print other things (or nothing) before the record begins. */
const BEGIN_TIMEOUT_MS = 20000;
/** How long the CLI waits after sending before its 0.5 s of quiet may end it (within BEGIN_TIMEOUT_MS). */
const AFTER_SEND_S = 5;
/** How long a record that has begun may stall. */
const STALL_TIMEOUT_MS = 10000;

export type RecordFormat = 'sgf' | 'csv';
const FORMATS: RecordFormat[] = ['sgf', 'csv'];
/** The line ends of each format as the firmware exports it (record-export.ts); its console prints lines without them. */
const LINE_END: { [format in RecordFormat]: string } = { sgf: '\n', csv: '\r\n' };

export interface RecordArgs {
  port: string;
  out: string;
  format: RecordFormat;
  game: number;
  baud: number;
}

export class UsageError extends Error {}

export const USAGE =
  'usage: npm run record -- --port /dev/ttyUSB0 --out game.sgf [--format sgf|csv] [--game 0] [--baud 115200]\n' +
  '  --port, -p PORT   the board\'s serial port, or tcp://host:port\n' +
  '  --out, -o FILE    FILE.sgf or FILE.csv (or another name with --format)\n' +
  '  --format sgf|csv  the format when FILE\'s extension does not say it\n' +
  '  --game N          0 the current game (default), 1-3 the finished ones, newest first\n' +
  '  --baud N          serial speed (default 115200)\n' +
  '  --help, -h        this text';

/** The command line, checked; 'help' for --help. Throws UsageError. */
export function parseRecordArgs(argv: string[]): RecordArgs | 'help' {
  const values: { [key: string]: string | undefined } = {};
  const withValue: { [flag: string]: string } = {
    '--port': 'port',
    '-p': 'port',
    '--out': 'out',
    '-o': 'out',
    '--format': 'format',
    '--game': 'game',
    '--baud': 'baud',
  };
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let value: string | undefined;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    if (eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (Object.prototype.hasOwnProperty.call(withValue, arg)) {
      if (value === undefined) {
        value = argv[++i];
        if (value === undefined || (value.startsWith('-') && value !== '-')) throw new UsageError(arg + ' needs a value');
      }
      values[withValue[arg]] = value;
    } else if ((arg === '--help' || arg === '-h') && value === undefined) help = true;
    else throw new UsageError('unknown argument ' + JSON.stringify(argv[i]) + ' (see --help)');
  }
  if (help) return 'help';
  const port = values.port;
  if (!port) throw new UsageError('--port is required (e.g. --port /dev/ttyUSB0, or tcp://host:port)');
  // The CLI takes a following word without "-" and ".js" as another port, and a "-" word as an option.
  if (port.startsWith('-') || port.indexOf('.js') >= 0) throw new UsageError('--port ' + JSON.stringify(port) + ' is not a port the espruino CLI takes');
  const out = values.out;
  if (!out) throw new UsageError('--out FILE is required (FILE.sgf or FILE.csv)');
  const extension = path.extname(out).slice(1).toLowerCase();
  const named = (FORMATS as string[]).indexOf(extension) >= 0 ? (extension as RecordFormat) : null;
  let format: RecordFormat;
  if (values.format !== undefined) {
    const asked = values.format.toLowerCase();
    if ((FORMATS as string[]).indexOf(asked) < 0) throw new UsageError('--format is sgf or csv (got ' + JSON.stringify(values.format) + ')');
    format = asked as RecordFormat;
    if (named !== null && named !== format) throw new UsageError('--format ' + format + ' but --out names a .' + named + ' file');
  } else if (named !== null) format = named;
  else {
    throw new UsageError(
      'cannot tell the format from ' + JSON.stringify(out) + ': name a .sgf or .csv file, or add --format sgf|csv',
    );
  }
  const gameText = values.game === undefined ? '0' : values.game;
  // Which games the board keeps is the firmware's to say (it answers a game it has not with its own line).
  if (!/^\d{1,3}$/.test(gameText)) throw new UsageError('--game is a number: 0 the current game, 1-3 the finished ones (got ' + JSON.stringify(gameText) + ')');
  const baudText = values.baud === undefined ? String(DEFAULT_BAUD) : values.baud;
  if (!/^\d+$/.test(baudText) || !(Number(baudText) > 0)) throw new UsageError('--baud must be a positive integer (got ' + JSON.stringify(baudText) + ')');
  return { port: port, out: path.resolve(out), format: format, game: Number(gameText), baud: Number(baudText) };
}

/** The expression the board runs (the console's `goclock` global, boards/device/boot.ts). */
export function recordExpression(args: RecordArgs): string {
  return 'goclock.record(' + JSON.stringify(args.format) + ',' + args.game + ')';
}

/**
 * The espruino CLI's arguments (after its script). The CLI quits once the board has been quiet for 0.5 s after the
 * expression was sent; the board's first `goclock` loads the console part from Storage before it prints anything, so
 * `--sleep` gives it AFTER_SEND_S first (we stop the CLI ourselves as soon as the record has come).
 */
export function espruinoArgs(args: RecordArgs): string[] {
  return ['-q', '-p', args.port, '-b', String(args.baud), '--board', BOARD_JSON, '--no-ble', '--sleep', String(AFTER_SEND_S), '-e', recordExpression(args)];
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
}

/** The command line as a user would type it (paths relative to the repository). */
export function displayCommand(args: RecordArgs): string {
  const shown = (a: string) => (path.isAbsolute(a) && a.startsWith(ROOT + path.sep) ? path.relative(ROOT, a) : a);
  return ['node_modules/.bin/espruino'].concat(espruinoArgs(args).map(shown)).map(shellQuote).join(' ');
}

/**
 * What the CLI logs of its own with -q (its lines without "\r"; the board's all end in "\r", Espruino's console ends
 * lines with "\r\n" and the CLI splits at "\n"). "Upload Complete" can come in the middle of a long record.
 */
const CLI_OWN_LINE = /^(Upload Complete|Explicit board JSON supplied|Connecting to|Connected|Disconnected|Done$)/;

/** A line as a terminal shows it: the last carriage return's text, without erase codes and prompts. */
function shownLine(line: string): string {
  const text = line.replace(/\r+$/, '');
  return text.slice(text.lastIndexOf('\r') + 1).replace(/\x1b\[J/g, '').replace(/^>+/, '').trim();
}

/** Reads the CLI's output line by line: the record between the markers, or the board's problem line. */
export class RecordScanner {
  state: 'waiting' | 'record' | 'done' | 'problem' = 'waiting';
  /** The record's lines, without their line ends. */
  readonly lines: string[] = [];
  problem: string | null = null;
  /** Lines that came from the board before the record (not the CLI's own), for saying what the board is. */
  readonly before: string[] = [];
  private partial = '';

  /** Feeds output as the CLI printed it; true once the record is whole or the problem line has come. */
  push(text: string): boolean {
    this.partial += text;
    let end = this.partial.indexOf('\n');
    while (end >= 0 && !this.finished()) {
      this.line(this.partial.slice(0, end));
      this.partial = this.partial.slice(end + 1);
      end = this.partial.indexOf('\n');
    }
    return this.finished();
  }

  finished(): boolean {
    return this.state === 'done' || this.state === 'problem';
  }

  private line(line: string): void {
    const cliOwn = !line.endsWith('\r') && CLI_OWN_LINE.test(line);
    if (cliOwn) return;
    const shown = shownLine(line);
    if (this.state === 'waiting') {
      if (shown === RECORD_BEGIN) this.state = 'record';
      else if (shown.startsWith(RECORD_PROBLEM)) {
        this.problem = printable(shown);
        this.state = 'problem';
      } else {
        const text = printable(shown);
        if (text !== '') this.before.push(text);
      }
    } else if (this.state === 'record') {
      if (shown === RECORD_END) this.state = 'done';
      else this.lines.push(line.replace(/\r$/, ''));
    }
  }
}

/** The record in `output` (the CLI's whole output), as the file's text; null when it is not there whole. */
export function recordFromOutput(output: string, format: RecordFormat): string | null {
  const scanner = new RecordScanner();
  scanner.push(output);
  return scanner.state === 'done' ? recordText(scanner.lines, format) : null;
}

/** The record's lines as its file: each with the format's line end. */
export function recordText(lines: string[], format: RecordFormat): string {
  return lines.map((line) => line + LINE_END[format]).join('');
}

/** The moves in a record's text, for the closing line. */
function moveCount(lines: string[], format: RecordFormat): number {
  return lines.filter((line) => (format === 'sgf' ? /^;[BW]L\[/.test(line) : /^move,/.test(line))).length;
}

/** What Node's socket error codes mean, for the line that reports them. */
const SOCKET_ERRORS: { [code: string]: string } = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

/** Why the CLI could not reach the port, from what it printed on stderr (it exits 0 then); null when it did. */
export function connectionProblem(stderr: string): string | null {
  const lines = stderr.split('\n').map((line) => line.trim());
  for (const line of lines) {
    const received = /^RECEIVE ERROR: (.*)$/.exec(line);
    if (received) {
      try {
        const code = String((JSON.parse(received[1]) as { code?: string }).code);
        return (SOCKET_ERRORS[code] ? SOCKET_ERRORS[code] + ' ' : '') + '(' + code + ')';
      } catch {
        return received[1];
      }
    }
  }
  if (lines.some((line) => /^serial: Port .* not found$/.test(line))) {
    return 'no such serial port (is the board plugged in? ls /dev/ttyUSB* /dev/ttyACM*)';
  }
  return lines.filter((line) => /^(Unable to open device|Unable to connect!)/.test(line))[0] || null;
}

/** The line of a crashed CLI's stderr that says what went wrong (not its stack trace). */
/**
 * What the board (or anything on its port) printed, safe to show on a terminal: control characters (C0, DEL and C1,
 * among them the escape that starts a terminal's control sequences) are left out.
 */
export function printable(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f]/g, '');
}

export function crashLine(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !/^at /.test(line));
  const error = lines.filter((line) => /Error\b/.test(line))[0] || lines[lines.length - 1] || 'no message';
  const hint = /Permission denied/.test(error) ? ' (may you use the port? on Linux: the dialout group)' : '';
  return printable(error.replace(/^(Error: )+/, '')) + hint;
}

function cliPath(): string {
  try {
    return require.resolve('espruino/bin/espruino-cli.js');
  } catch {
    throw new Error('the espruino CLI is not installed (npm install)');
  }
}

interface CliRun {
  scanner: RecordScanner;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** We stopped it: the record (or the problem) had come, or it timed out. */
  stopped: 'finished' | 'no-begin' | 'stalled' | null;
}

/** Runs the CLI until the record or the problem line has come (then stops it), or it exits. */
function runCli(args: RecordArgs, onChild: (child: ChildProcess) => void): Promise<CliRun> {
  const cli = cliPath();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli].concat(espruinoArgs(args)), { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
    onChild(child);
    const run: CliRun = { scanner: new RecordScanner(), stderr: '', code: null, signal: null, stopped: null };
    // The CLI prints the board's bytes as characters 0–255 encoded as UTF-8: decoded, they are the bytes again.
    const decoder = new StringDecoder('utf8');
    const stop = (why: CliRun['stopped']) => {
      if (run.stopped === null) run.stopped = why;
      clearTimeout(timer);
      child.kill('SIGTERM');
    };
    let timer = setTimeout(() => stop('no-begin'), BEGIN_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (run.stopped !== null) return;
      if (run.scanner.push(decoder.write(chunk))) stop('finished');
      else if (run.scanner.state === 'record') {
        // Once the record has begun, it may take as long as it takes while it keeps coming.
        clearTimeout(timer);
        timer = setTimeout(() => stop('stalled'), STALL_TIMEOUT_MS);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      run.stderr += chunk.toString('utf8');
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error('could not run the espruino CLI: ' + e.message));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (run.stopped === null) run.scanner.push(decoder.end());
      run.code = code;
      run.signal = signal;
      resolve(run);
    });
  });
}

/** Why the run gave no record, as one line. */
function failure(args: RecordArgs, run: CliRun): string {
  const scanner = run.scanner;
  if (scanner.state === 'record') {
    const why = run.stopped === 'stalled' ? 'nothing more came for ' + STALL_TIMEOUT_MS / 1000 + ' s' : 'the connection ended';
    return 'the record did not come whole from ' + args.port + ' (' + why + ' after ' + scanner.lines.length + ' lines); nothing written';
  }
  if (run.stopped === null && (run.signal !== null || run.code !== 0)) {
    return 'the espruino CLI failed (' + (run.signal || 'exit ' + run.code) + '): ' + crashLine(run.stderr);
  }
  const connection = connectionProblem(run.stderr);
  if (connection !== null && scanner.before.length === 0) return 'could not connect to ' + args.port + ': ' + connection;
  const flash = ' (npm run flash -- --port ' + args.port + ')';
  if (scanner.before.length === 0) {
    const silent = run.stopped === 'no-begin' ? 'no answer in ' + BEGIN_TIMEOUT_MS / 1000 + ' s' : 'it printed nothing';
    return 'no goclock record from ' + args.port + ': ' + silent + ': a wrong --baud, or no goclock firmware on the board?' + flash;
  }
  const said = scanner.before.filter((line) => /Uncaught|not defined/.test(line))[0] || scanner.before[0];
  return (
    'no goclock record from ' + args.port + ': no goclock firmware on the board? It printed ' + JSON.stringify(said.slice(0, 80)) +
    (run.stopped === 'no-begin' ? ' and more for ' + BEGIN_TIMEOUT_MS / 1000 + ' s' : '') + flash
  );
}

/** A path relative to the working directory when it is inside it. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** A temporary file beside `out`, made now: it says at once whether `out` can be written. */
function makeTemporary(out: string): TemporaryFile {
  let stat: fs.Stats | null = null;
  try {
    stat = fs.statSync(out);
  } catch {
    // not there yet: fine
  }
  if (stat !== null && stat.isDirectory()) throw new Error('cannot write ' + out + ': it is a directory');
  try {
    return temporaryBeside(out);
  } catch (e) {
    const error = e as NodeJS.ErrnoException;
    const why = error.code === 'ENOENT' ? 'no such directory ' + path.dirname(out) : error.code || error.message;
    throw new Error('cannot write ' + out + ': ' + why);
  }
}

export async function main(argv: string[]): Promise<number> {
  const parsed = parseRecordArgs(argv);
  if (parsed === 'help') {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const args = parsed;
  cliPath();
  const temporary = makeTemporary(args.out);
  let child: ChildProcess | null = null;
  const interrupted = () => {
    if (child !== null) child.kill('SIGTERM');
    dropTemporary(temporary);
    process.exit(130);
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  try {
    const run = await runCli(args, (c) => {
      child = c;
    });
    if (run.scanner.state === 'problem') {
      process.stderr.write(run.scanner.problem + '\n');
      return 1;
    }
    if (run.scanner.state !== 'done') throw new Error(failure(args, run));
    const lines = run.scanner.lines;
    try {
      writeTemporary(temporary, recordText(lines, args.format), args.out, 'latin1');
    } catch (e) {
      throw new Error('cannot write ' + args.out + ': ' + ((e as NodeJS.ErrnoException).code || (e as Error).message));
    }
    const moves = moveCount(lines, args.format);
    process.stdout.write(
      'record: game ' + args.game + ' (' + moves + (moves === 1 ? ' move' : ' moves') + ') from ' + args.port +
        ' written to ' + shownPath(args.out) + '\n',
    );
    return 0;
  } finally {
    dropTemporary(temporary);
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
  }
}

if (typeof require !== 'undefined' && require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      const message = e instanceof Error ? e.message.split('\n')[0] : String(e);
      process.stderr.write('record: ' + message + '\n');
      process.exitCode = e instanceof UsageError ? 2 : 1;
    },
  );
}
