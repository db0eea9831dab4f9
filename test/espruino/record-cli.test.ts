/**
 * `npm run record` (scripts/record.ts) for real, without a device: the espruino CLI reaches the console board's
 * interpreter (espruino-12k, booted from the Storage `npm run flash` leaves) through its `tcp://` port, a TCP server
 * here relaying the bytes both ways between the socket and the interpreter's stdin and stdout. A short game is played
 * through the REPL, then the script fetches its record as SGF (read by @sabaki/sgf) and as CSV, byte for byte what
 * the board prints for `goclock.record(...)` typed at its console; a game the firmware refuses is its one line and
 * exit 1, with no file written. Ports where an echo server or a silent server answers have no goclock record.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { flashImage, freshBoard } from '../../sim/espruino/flash-image';
import { cleanOutput, failureLines, interpreterPath } from '../../sim/espruino/interpreter';
import { framesIn } from '../../sim/espruino/console-board';
import { RECORD_BEGIN, RECORD_END, RECORD_PROBLEM } from '../../firmware/storage/record-console';
import { displayCommand, parseRecordArgs, recordFromOutput, RecordScanner, UsageError } from '../../scripts/record';
import { parseCsv, parseSgf } from '../record/helpers';
import { describeOnEspruino, GAME_TIMEOUT_MS } from './support';

jest.setTimeout(GAME_TIMEOUT_MS);

const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `tsx scripts/record.ts ARGS` (what `npm run record -- ARGS` runs), spawned asynchronously: the relay below runs in
 * this process's event loop, which a spawnSync would stop.
 */
function record(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, 'scripts/record.ts'].concat(args), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code: code, stdout: stdout, stderr: stderr });
    });
  });
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

function closeServer(server: net.Server, sockets: Set<net.Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A TCP server whose connections `answer` handles; the sockets are kept to be destroyed when it closes. */
async function tcpServer(answer: (socket: net.Socket) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    answer(socket);
  });
  const port = await listen(server);
  return { port: port, close: () => closeServer(server, sockets) };
}

const scratch = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-record-cli-'));

describe('the command line', () => {
  it('takes the format from the extension or --format, the game and the baud', () => {
    expect(parseRecordArgs(['--port', '/dev/ttyUSB0', '--out', 'game.sgf'])).toEqual({
      port: '/dev/ttyUSB0',
      out: path.resolve('game.sgf'),
      format: 'sgf',
      game: 0,
      baud: 115200,
    });
    expect(parseRecordArgs(['-p', 'tcp://host:23', '-o', 'G.CSV', '--game', '2', '--baud=921600'])).toMatchObject({ format: 'csv', game: 2, baud: 921600 });
    expect(parseRecordArgs(['-p', 'COM3', '-o', 'game.txt', '--format', 'csv'])).toMatchObject({ format: 'csv' });
    expect(parseRecordArgs(['--help'])).toBe('help');
    const args = parseRecordArgs(['-p', '/dev/ttyUSB0', '-o', 'game.sgf', '--game', '1']);
    expect(args !== 'help' && displayCommand(args)).toBe(
      'node_modules/.bin/espruino -q -p /dev/ttyUSB0 -b 115200 --board boards/espruino/ESP32.board.json --no-ble --sleep 5 -e \'goclock.record("sgf",1)\'',
    );
  });

  it.each([
    [['--out', 'game.sgf'], /^--port is required/],
    [['--port', '/dev/ttyUSB0'], /^--out FILE is required/],
    [['--port', '/dev/ttyUSB0', '--out', 'game.txt'], /^cannot tell the format from "game.txt": name a .sgf or .csv file, or add --format sgf\|csv$/],
    [['--port', '/dev/ttyUSB0', '--out', 'game.sgf', '--format', 'csv'], /^--format csv but --out names a .sgf file$/],
    [['--port', '/dev/ttyUSB0', '--out', 'game.sgf', '--format', 'pdf'], /^--format is sgf or csv/],
    [['--port', '/dev/ttyUSB0', '--out', 'game.sgf', '--game', 'last'], /^--game is a number/],
    [['--port', '/dev/ttyUSB0', '--out', 'game.sgf', '--baud', '0'], /^--baud must be a positive integer/],
    [['--port', 'game.js', '--out', 'game.sgf'], /is not a port the espruino CLI takes/],
    [['--port', '--out', 'game.sgf'], /^--port needs a value$/],
    [['--port', '/dev/ttyUSB0', '--out', 'game.sgf', '--reset'], /^unknown argument "--reset"/],
  ])('%j: %s', (argv, message) => {
    expect(() => parseRecordArgs(argv as string[])).toThrow(UsageError);
    expect(() => parseRecordArgs(argv as string[])).toThrow(message);
  });
});

describe('reading what the CLI prints', () => {
  it('keeps the lines between the markers, not the CLI\'s own lines nor the board\'s other output', () => {
    const output =
      'Explicit board JSON supplied: "boards/espruino/ESP32.board.json"\n' +
      '>\r\x1b[J+----------------+\r\n|59:54  #   59:59|\r\n' +
      RECORD_BEGIN + '\r\n' +
      'kind,side\r\n' +
      'Upload Complete\n' + // the CLI's, in the middle of a long record
      'move,black\r\n' +
      RECORD_END + '\r\n' +
      '>\r\x1b[J+----------------+\r\n';
    expect(recordFromOutput(output, 'csv')).toBe('kind,side\r\nmove,black\r\n');
    expect(recordFromOutput(output, 'sgf')).toBe('kind,side\nmove,black\n');
    expect(recordFromOutput(output.split(RECORD_END)[0], 'csv')).toBeNull();
    expect(recordFromOutput('hello\r\n', 'csv')).toBeNull();
  });

  it('stops at the board\'s problem line, and keeps what it printed before for the message', () => {
    const scanner = new RecordScanner();
    expect(scanner.push('>\r\x1b[J' + RECORD_PROBLEM + 'no game record\r\n' + RECORD_BEGIN + '\r\n')).toBe(true);
    expect(scanner.state).toBe('problem');
    expect(scanner.problem).toBe(RECORD_PROBLEM + 'no game record');
    const other = new RecordScanner();
    expect(other.push('Uncaught ReferenceError: "goclock" is not defined\r\n')).toBe(false);
    expect(other.before).toEqual(['Uncaught ReferenceError: "goclock" is not defined']);
  });
});

describe('npm run record without a goclock board', () => {
  let dir: string;
  beforeEach(() => {
    dir = scratch();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a usage error is one line and exit 2', async () => {
    const noPort = await record(['--out', path.join(dir, 'game.sgf')]);
    expect(noPort.code).toBe(2);
    expect(noPort.stderr).toBe('record: --port is required (e.g. --port /dev/ttyUSB0, or tcp://host:port)\n');
    const extension = await record(['--port', 'tcp://127.0.0.1:1', '--out', path.join(dir, 'game.pgn')]);
    expect(extension.code).toBe(2);
    expect(extension.stderr).toMatch(/^record: cannot tell the format from ".*game\.pgn": name a \.sgf or \.csv file, or add --format sgf\|csv\n$/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('an --out that cannot be written is said before the board is asked', async () => {
    const missing = await record(['--port', 'tcp://127.0.0.1:1', '--out', path.join(dir, 'no', 'game.sgf')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('record: cannot write ' + path.join(dir, 'no', 'game.sgf') + ': no such directory ' + path.join(dir, 'no') + '\n');
    fs.mkdirSync(path.join(dir, 'folder.sgf'));
    const folder = await record(['--port', 'tcp://127.0.0.1:1', '--out', path.join(dir, 'folder.sgf')]);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toBe('record: cannot write ' + path.join(dir, 'folder.sgf') + ': it is a directory\n');
    expect(fs.readdirSync(dir)).toEqual(['folder.sgf']);
  });

  it('a port nobody listens on, an echo server and a silent server: one line each, exit 1, no file', async () => {
    const closed = await tcpServer(() => undefined);
    const closedPort = closed.port;
    await closed.close();
    const echo = await tcpServer((socket) => socket.pipe(socket));
    const silent = await tcpServer(() => undefined);
    try {
      const out = path.join(dir, 'game.sgf');
      const refused = await record(['--port', 'tcp://127.0.0.1:' + closedPort, '--out', out]);
      expect(refused.stderr).toBe('record: could not connect to tcp://127.0.0.1:' + closedPort + ': connection refused (ECONNREFUSED)\n');
      expect(refused.code).toBe(1);
      const echoed = await record(['--port', 'tcp://127.0.0.1:' + echo.port, '--out', out]);
      expect(echoed.stderr).toMatch(/^record: no goclock record from tcp:\/\/127\.0\.0\.1:\d+: no goclock firmware on the board\? It printed "[^\n]*"/);
      expect(echoed.stderr.split('\n')).toHaveLength(2);
      expect(echoed.code).toBe(1);
      const quiet = await record(['--port', 'tcp://127.0.0.1:' + silent.port, '--out', out]);
      expect(quiet.stderr).toMatch(/^record: no goclock record from tcp:\/\/127\.0\.0\.1:\d+: it printed nothing: a wrong --baud, or no goclock firmware on the board\?/);
      expect(quiet.stderr.split('\n')).toHaveLength(2);
      expect(quiet.code).toBe(1);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      await echo.close();
      await silent.close();
    }
  });
});

describeOnEspruino('npm run record from the console board over tcp://', () => {
  let boardDir: string;
  let interpreter: ChildProcess;
  let relay: { port: number; close: () => Promise<void> };
  let raw = '';
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0, waiters.length).forEach((waiter) => waiter());
  let dir: string;

  /** Waits until what the interpreter printed (cleaned) passes `test`. */
  function waitFor(test: (output: string) => boolean, what: string, timeoutMs = 20000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for ' + what + '; output:\n' + cleanOutput(raw).slice(-2000))), timeoutMs);
      const check = () => {
        if (test(cleanOutput(raw))) {
          clearTimeout(timer);
          resolve();
        } else if (interpreter.exitCode !== null || interpreter.signalCode !== null) {
          clearTimeout(timer);
          reject(new Error('the interpreter ended (' + (interpreter.signalCode || interpreter.exitCode) + ') before ' + what + ':\n' + cleanOutput(raw).slice(-2000)));
        } else waiters.push(check);
      };
      check();
    });
  }
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** What the board prints between the markers for `call` typed at its console, as the script writes it. */
  async function typed(call: string, lineEnd: string): Promise<string> {
    const from = cleanOutput(raw).length;
    interpreter.stdin!.write(call + '\n');
    await waitFor((out) => out.indexOf(RECORD_END, from) >= 0, 'the record printed for ' + call);
    const out = cleanOutput(raw).slice(from);
    const lines = out.slice(out.indexOf(RECORD_BEGIN) + RECORD_BEGIN.length + 1, out.indexOf(RECORD_END)).split('\n');
    return lines.slice(0, -1).map((line) => line + lineEnd).join('');
  }

  beforeAll(async () => {
    const image = await flashImage('console');
    boardDir = freshBoard(image);
    // Booted from its Storage, as after a reset; the far-off timer keeps the host build running while it waits.
    interpreter = spawn(interpreterPath('espruino-12k'), ['-e', 'setTimeout(function(){},2147483647);'], {
      cwd: boardDir,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    interpreter.stdin!.on('error', () => undefined);
    const sockets = new Set<net.Socket>();
    const onOutput = (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      for (const socket of sockets) socket.write(chunk);
      wake();
    };
    interpreter.stdout!.on('data', onOutput);
    interpreter.stderr!.on('data', onOutput);
    interpreter.on('close', wake);
    relay = await tcpServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('data', (chunk: Buffer) => interpreter.stdin!.write(chunk));
    });
    // Input typed before the first prompt can crash the host build: wait for the boot's frame and the prompt.
    await waitFor((out) => framesIn(out).length >= 1 && /(^|\n)>/.test(raw), 'the first frame and the prompt');
    // White starts Black's clock, then four moves, and Black's clock runs (printing a frame a second).
    for (const side of ['right', 'left', 'right', 'left', 'right']) {
      interpreter.stdin!.write('button("' + side + '")\n');
      await pause(500);
    }
  });

  afterAll(async () => {
    if (relay) await relay.close();
    if (interpreter && interpreter.exitCode === null && interpreter.signalCode === null) {
      interpreter.stdin!.write('quit()\n');
      const killer = setTimeout(() => interpreter.kill('SIGKILL'), 5000);
      await new Promise((resolve) => interpreter.once('close', resolve));
      clearTimeout(killer);
    }
    if (boardDir) fs.rmSync(boardDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    dir = scratch();
  });
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const port = () => 'tcp://127.0.0.1:' + relay.port;

  it('writes the game as SGF that @sabaki/sgf reads, with the moves played, as the board prints it', async () => {
    const out = path.join(dir, 'game.sgf');
    const run = await record(['--port', port(), '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('record: game 0 (4 moves) from ' + port() + ' written to ' + out + '\n');
    expect(run.code).toBe(0);
    const text = fs.readFileSync(out, 'latin1');
    const game = parseSgf(text);
    expect(game.root.data.FF).toEqual(['4']);
    expect(game.root.data.GM).toEqual(['1']);
    expect(game.nodes.map((node) => node.data.MN)).toEqual([['1'], ['2'], ['3'], ['4']]);
    expect(game.nodes.map((node) => (node.data.BL ? 'B' : node.data.WL ? 'W' : '?'))).toEqual(['B', 'W', 'B', 'W']);
    expect(text).toBe(await typed('goclock.record("sgf",0)', '\n'));
    expect(fs.readdirSync(dir)).toEqual(['game.sgf']); // no temporary file left
  });

  it('writes it as CSV (from the extension, or --format)', async () => {
    const run = await record(['--port', port(), '--out', path.join(dir, 'game.csv')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const text = fs.readFileSync(path.join(dir, 'game.csv'), 'latin1');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['kind', 'side', 'move', 'at_ms', 'used_ms', 'left_ms', 'phase', 'periods_or_moves_left', 'text']);
    expect(rows.filter((row) => row[0] === 'move').map((row) => row[1] + ' ' + row[2])).toEqual(['black 1', 'white 1', 'black 2', 'white 2']);
    expect(text).toBe(await typed('goclock.record("csv",0)', '\r\n'));

    const named = await record(['--port', port(), '--out', path.join(dir, 'game.txt'), '--format', 'csv', '--game', '0']);
    expect(named.code).toBe(0);
    expect(parseCsv(fs.readFileSync(path.join(dir, 'game.txt'), 'latin1')).filter((row) => row[0] === 'move')).toHaveLength(4);
  });

  it('a game the firmware refuses is its one line and exit 1, and no file is written (an older one stays)', async () => {
    const refused = await record(['--port', port(), '--out', path.join(dir, 'game.sgf'), '--game', '7']);
    expect(refused.stderr).toBe(RECORD_PROBLEM + 'the game is 0 (the current one) to 3 (the oldest kept)\n');
    expect(refused.stdout).toBe('');
    expect(refused.code).toBe(1);
    fs.writeFileSync(path.join(dir, 'old.csv'), 'kept');
    const none = await record(['--port', port(), '--out', path.join(dir, 'old.csv'), '--game', '1']);
    expect(none.stderr).toBe(RECORD_PROBLEM + 'no game record\n');
    expect(none.code).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(['old.csv']);
    expect(fs.readFileSync(path.join(dir, 'old.csv'), 'utf8')).toBe('kept');
    const extension = await record(['--port', port(), '--out', path.join(dir, 'game.pgn')]);
    expect(extension.code).toBe(2);
    expect(extension.stderr).toMatch(/^record: cannot tell the format/);
  });

  it('leaves the board as it was: no errors, the game going on', async () => {
    const frames = framesIn(cleanOutput(raw)).length;
    await waitFor((out) => framesIn(out).length > frames, 'a frame after the requests');
    expect(failureLines(cleanOutput(raw))).toEqual([]);
    expect(interpreter.exitCode).toBeNull();
  });
});
