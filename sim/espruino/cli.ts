/**
 * `npm run espruino`: a board's bundle on the real Espruino interpreter, booted from Storage as a flashed board boots,
 * with the console board's two buttons on the terminal simulator's keys (sim/button-notation.ts: a Left, l Right, A
 * Left long, L Right long, space Both, r Both 2 s, m Both 4 s; q quit). What the interpreter prints is shown as it
 * prints it: the console display's frames, the buzzer, the firmware's notices and any error.
 *
 *   npm run espruino -- [--board console] [--pool espruino-12k|espruino-16k|espruino] [--storage DIR] [--fresh] [--repl]
 *
 * The Storage (the interpreter's `espruino.flash`) is kept in DIR (default .espruino/<board>/), so a game comes back
 * at the next start, as after a power cut. Each start flashes the current build into it the way `npm run flash`
 * does (the upload stream's Storage writes, typed in), keeping the game and settings; `--fresh` starts from a Storage
 * holding only the code. A gesture's edges are timed inside the interpreter (one line of setTimeouts), so its press
 * lengths are the interpreter's own milliseconds. `--repl` types what you type into the REPL instead (and is the
 * only way in on the ESP32 boards, whose pins and I²C are no-ops on the host build: they boot, and show nothing).
 */
import * as fs from 'fs';
import * as path from 'path';
import { flashImage, partFilesIn, writeFlash } from './flash-image';
import { Interpreter, interpreterProblem, Pool, POOLS } from './interpreter';
import { actionFor, decodeKeys, GESTURE_EDGES, gestureLengthMs, GestureName, keyLegend } from '../terminal/terminal-keys';
import { NOTATION } from '../button-notation';

const ROOT = path.resolve(__dirname, '..', '..');

/** The boards with a bundle: boards/*.ts, as `npm run build` finds them. */
function boardNames(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const pipeline: { boardNames(): string[] } = require(path.join(ROOT, 'scripts', 'bundle-config.cjs'));
  return pipeline.boardNames();
}

export const USAGE =
  'usage: npm run espruino -- [--board NAME] [--pool ' + POOLS.join('|') + '] [--storage DIR] [--fresh] [--repl]\n' +
  '  --board NAME   the board whose bundle runs (default console; the ESP32 boards boot but show nothing)\n' +
  '  --pool POOL    the interpreter build: a fixed pool of 12,000 JsVars as on the ESP32 (default), 16,383, or growing\n' +
  '  --storage DIR  where the Storage is kept between runs (default .espruino/<board>)\n' +
  '  --fresh        start from a Storage holding only the code (no game, no settings)\n' +
  '  --repl         type into the interpreter\'s REPL instead of pressing buttons\n' +
  '  --help, -h     this text\n' +
  'The interpreter is looked for in ESPRUINO_BIN (a folder holding espruino-12k, or one build), else ../shared/espruino/bin.\n' +
  'Keys, as in npm start (Black on the left):\n' +
  keyLegend('Black', 'White').join('\n') + '\n' +
  '  .         wait 1 s; q quit';

/** The one-line key list printed at the start: the notation's names and their keys. */
const KEYS = 'keys: ' + NOTATION.map((row) => row.terminalLabel.split(' ')[0] + ' ' + row.name).join(' · ') + ' · . wait 1 s · q quit';

export interface EspruinoArgs {
  board: string;
  pool: Pool;
  storage: string;
  fresh: boolean;
  repl: boolean;
}

/** The command line, or a message saying what is wrong with it ("help" for --help). */
export function parseEspruinoArgs(argv: string[], boards: string[]): EspruinoArgs | { error: string } {
  const args = { board: 'console', pool: 'espruino-12k' as Pool, storage: '', fresh: false, repl: false };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(name + ' needs a value');
      return argv[++i];
    };
    try {
      if (name === '--help' || name === '-h') return { error: 'help' };
      else if (name === '--board') args.board = value();
      else if (name === '--pool') args.pool = value() as Pool;
      else if (name === '--storage') args.storage = value();
      else if (name === '--fresh') args.fresh = true;
      else if (name === '--repl') args.repl = true;
      else return { error: 'unknown option ' + JSON.stringify(name.slice(0, 40)) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }
  if (boards.indexOf(args.board) < 0) return { error: 'unknown board ' + JSON.stringify(args.board.slice(0, 40)) + ' (boards: ' + boards.join(', ') + ')' };
  if (POOLS.indexOf(args.pool) < 0) return { error: 'unknown pool ' + JSON.stringify(String(args.pool).slice(0, 40)) + ' (pools: ' + POOLS.join(', ') + ')' };
  args.storage = path.resolve(args.storage || path.join(ROOT, '.espruino', args.board));
  return args;
}

/** A gesture as one REPL line: its edges scheduled in the interpreter, relative to when the line runs. */
export function gestureLine(gesture: GestureName): string {
  return GESTURE_EDGES[gesture].map((e) => 'setTimeout(function(){button("' + e.button + '",' + e.down + ');},' + e.atMs + ');').join('');
}

/**
 * The board's Storage in `dir` holding the current build: copied from the image when there is none (or `fresh`),
 * else the build's upload stream typed into it, which keeps its other files. Says which on `say`.
 */
async function prepareStorage(args: EspruinoArgs, say: (text: string) => void): Promise<void> {
  const image = await flashImage(args.board);
  const flash = path.join(args.storage, 'espruino.flash');
  fs.mkdirSync(args.storage, { recursive: true });
  if (args.fresh || !fs.existsSync(flash)) {
    fs.copyFileSync(image.flashFile, flash);
    say('a fresh Storage with the ' + args.board + ' bundle (' + image.bundleBytes + ' bytes) in ' + flash);
    return;
  }
  await writeFlash(args.storage, fs.readFileSync(image.uploadFile, 'latin1'), fs.readFileSync(image.storedFile), args.pool, true, partFilesIn(image.dir));
  say('flashed the ' + args.board + ' bundle (' + image.bundleBytes + ' bytes) into ' + flash + ', keeping its game and settings (--fresh for none)');
}

/** What of the interpreter's output a person at the buttons sees: not the REPL's echo of the lines typed for them. */
function shownLine(line: string): boolean {
  return !(line.startsWith('>') || line.startsWith('='));
}

function run(args: EspruinoArgs): void {
  const say = (text: string) => process.stderr.write('goclock: ' + text + '\n');
  prepareStorage(args, say)
    .then(() => {
      say('booting ' + args.board + ' from Storage on ' + args.pool + (args.repl ? ' (REPL: type JavaScript; Ctrl-C twice quits)' : ''));
      if (!args.repl) say(KEYS);
      if (args.board !== 'console') say('the ' + args.board + " bundle's pins, I²C and display are no-ops on the host build: it boots and shows nothing");
      let partial = '';
      const interpreter = Interpreter.boot({
        dir: args.storage,
        pool: args.pool,
        onOutput: (chunk) => {
          if (args.repl) {
            process.stdout.write(chunk);
            return;
          }
          const lines = (partial + chunk).split('\n');
          partial = lines.pop() as string;
          for (const raw of lines) {
            // What a terminal leaves on screen: the prompt ">" is wiped ("\r" ESC[J) when output follows it.
            const text = raw.replace(/\r$/, '');
            const line = text.substring(text.lastIndexOf('\r') + 1).replace(/\x1b\[J/g, '');
            if (shownLine(line)) process.stdout.write(line + '\n');
          }
        },
      });
      startInput(args, interpreter, say);
      interpreter.exited.then((code) => {
        say('the interpreter ended (' + code + ')');
        process.exit(code === 0 || code === null ? 0 : 1);
      });
    })
    .catch((e) => {
      say(e instanceof Error ? e.message : String(e));
      process.exit(1);
    });
}

/** Keys to gestures, one after another (a key typed while one plays waits its turn), or lines to the REPL. */
function startInput(args: EspruinoArgs, interpreter: Interpreter, say: (text: string) => void): void {
  const input = process.stdin;
  const raw = input.isTTY === true && !args.repl;
  if (raw) input.setRawMode(true);
  const quit = () => {
    if (raw) input.setRawMode(false);
    say('quit: the Storage stays in ' + args.storage);
    interpreter.stop().then(() => process.exit(0));
  };
  if (args.repl) {
    input.on('data', (chunk) => interpreter.send(chunk.toString('latin1').replace(/\r?\n$/, '')));
    input.on('end', quit);
    return;
  }
  const queue: Array<GestureName | 'wait' | 'quit'> = [];
  let busy = false;
  const next = () => {
    const item = queue.shift();
    if (item === undefined) {
      busy = false;
      return;
    }
    busy = true;
    if (item === 'quit') return quit();
    if (item === 'wait') return void setTimeout(next, 1000);
    interpreter.send(gestureLine(item));
    setTimeout(next, gestureLengthMs(item));
  };
  input.on('data', (chunk) => {
    for (const key of decodeKeys(chunk.toString('latin1'), !raw)) {
      const action = actionFor(key);
      if (!action) continue;
      if (action.type === 'gesture') queue.push(action.gesture);
      else if (action.type === 'wait') queue.push('wait');
      else if (action.type === 'quit') queue.push('quit');
      else say('"' + key + '" does nothing here: the interpreter runs in real time, with no battery to lower');
    }
    if (!busy) next();
  });
  // The end of piped keys: quit once they have played (as the terminal simulator does).
  input.on('end', () => {
    queue.push('quit');
    if (!busy) next();
  });
}

if (require.main === module) {
  const parsed = parseEspruinoArgs(process.argv.slice(2), boardNames());
  if ('error' in parsed) {
    if (parsed.error === 'help') process.stdout.write(USAGE + '\n');
    else process.stderr.write('goclock: ' + parsed.error + '\n' + USAGE + '\n');
    process.exitCode = parsed.error === 'help' ? 0 : 2;
  } else {
    const problem = interpreterProblem(parsed.pool);
    if (problem) {
      process.stderr.write('goclock: ' + problem + '\n');
      process.exitCode = 1;
    } else run(parsed);
  }
}
