/**
 * The differential runner (differential-run.ts) as a Storage image for the real interpreter, made the way
 * `npm run flash` makes a board's: built by scripts/bundle-config.cjs's `buildBundle` (TypeScript → Babel → terser,
 * the firmware bundles' own pipeline) from an entry that sets one global, `goclockDiff(game, id)`; checked by the
 * bundle checker; turned into the espruino CLI's exact upload stream (`--storage .bootcde:-`, pretokenised, `-o`); typed into a
 * fresh interpreter by `writeFlash` (sim/espruino/flash-image.ts), which checks what was stored byte for byte.
 *
 * `goclockDiff(game, id)` runs the game in virtual time and prints every item as one line `~D <item>` (encoded by
 * `encodeItem`), then `~END <id> <wake-ups>`; both prefixes are built by the bundle, so the echo of the typed line
 * never contains them. An OLED game draws on the interpreter's own `Graphics.createArrayBuffer` (as the OLED board
 * does) and prints each new frame's `E.CRC32`.
 *
 * Images are cached in the temporary folder, keyed by a hash of everything the bundle is built from.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { sourceKey, storedBundle, writeFlash } from '../../sim/espruino/flash-image';

const ROOT = path.resolve(__dirname, '..', '..');
const HERE = path.relative(ROOT, __dirname);
const SOURCES = [
  'firmware', 'hal', 'boards', 'scripts', 'sim/virtual-hal.ts', 'sim/espruino/flash-image.ts', 'sim/espruino/interpreter.ts',
  path.join(HERE, 'differential-run.ts'), path.join(HERE, 'differential-bundle.ts'), path.join(HERE, 'tsconfig.differential.json'),
  'package-lock.json', 'tsconfig.json', 'tsconfig.build.json',
];

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pipeline = require('../../scripts/bundle-config.cjs') as {
  buildBundle(name: string, options: object): Promise<{ file: string; code: string; bytes: number }>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CLI_SETTING } = require('../../scripts/pretokenise.cjs') as { CLI_SETTING: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const checker = require('../../scripts/espruino-check.cjs') as {
  checkBundle(code: string, options?: object): { line: number; column: number; rule: string; message: string; snippet: string }[];
  sourceMapLocator(map: object): (line: number, column: number) => string | null;
};

export const ITEM_PREFIX = '~D ';
export const END_PREFIX = '~END ';

export interface DiffImage {
  /** The folder holding `espruino.flash` (the Storage), `bundle.js`, `bundle.js.map` and `upload.js`. */
  dir: string;
  flashFile: string;
  bundleFile: string;
  bundleBytes: number;
  /** The checker's problems, one printable line each (the image is built anyway, so the test can say what they are). */
  problems: string[];
  /** "source.ts:line:col" of a bundle position (1-based line and column), or null. */
  locate(line: number, column: number): string | null;
}

/** The entry: the runner, and a global that runs a game and marks every printed line (see the top of this file). */
function entrySource(): string {
  const run = JSON.stringify(path.join(__dirname, 'differential-run.ts'));
  return (
    'import { runGame, encodeItem } from ' + run + ';\n' +
    'import { createOledCanvas } from ' + JSON.stringify(path.join(__dirname, '..', '..', 'boards', 'device', 'oled-screen.ts')) + ';\n' +
    // The OLED board's canvas exactly as hal/espruino makes it.
    'function pixels() {\n' +
    '  var g = createOledCanvas(Graphics, 128, 64);\n' +
    '  return { canvas: g, checksum: function () { return String(E.CRC32(g.buffer)); } };\n' +
    '}\n' +
    'global.goclockDiff = function (game, id) {\n' +
    '  var cost = runGame(game, function (item) { print(' + JSON.stringify(ITEM_PREFIX) + ' + encodeItem(item)); }, pixels);\n' +
    '  print(' + JSON.stringify(END_PREFIX) + ' + id + " " + cost.wakeUps);\n' +
    '};\n'
  );
}

function boardJson(): string {
  const shared = path.resolve(ROOT, '..', 'shared', 'espruino', 'ESP32.board.json');
  return fs.existsSync(shared) ? shared : path.join(ROOT, 'boards', 'espruino', 'ESP32.board.json');
}

function problemsOf(dir: string, locate: DiffImage['locate']): string[] {
  const code = fs.readFileSync(path.join(dir, 'bundle.js'), 'latin1');
  return checker.checkBundle(code).map((p) => {
    const from = locate(p.line, p.column);
    return 'bundle.js:' + p.line + ':' + p.column + ': ' + p.message + ' [' + p.rule + ']' + (from ? ' (from ' + from + ')' : '') + (p.snippet ? ' near ' + JSON.stringify(p.snippet) : '');
  });
}

function imageOf(dir: string): DiffImage {
  const bundleFile = path.join(dir, 'bundle.js');
  const find = checker.sourceMapLocator(JSON.parse(fs.readFileSync(bundleFile + '.map', 'utf8')));
  const locate = (line: number, column: number): string | null => {
    const at = find(line, column);
    return at === null ? null : path.relative(ROOT, path.resolve(dir, at));
  };
  return {
    dir: dir,
    flashFile: path.join(dir, 'espruino.flash'),
    bundleFile: bundleFile,
    bundleBytes: fs.statSync(bundleFile).size,
    problems: problemsOf(dir, locate),
    locate: locate,
  };
}

/** Builds the bundle into `dir` (bundle.js, bundle.js.map) and its upload stream (upload.js). */
async function build(dir: string): Promise<void> {
  await pipeline.buildBundle('differential', {
    root: ROOT,
    outDir: dir,
    file: path.join(dir, 'bundle.js'),
    entrySource: entrySource(),
    tsconfig: path.join(__dirname, 'tsconfig.differential.json'),
    onSize: () => undefined,
    onWarnings: () => undefined,
  });
  // Exactly as scripts/flash.mjs runs the espruino CLI offline.
  const cli = path.join(ROOT, 'node_modules', 'espruino', 'bin', 'espruino-cli.js');
  const args = [cli, '-n', '-b', '115200', '--board', boardJson(), '--no-ble', '--storage', '.bootcde:-', '--config', CLI_SETTING, path.join(dir, 'bundle.js'), '-o', path.join(dir, 'upload.js')];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0 || !fs.existsSync(path.join(dir, 'upload.js'))) {
    throw new Error('espruino ' + args.slice(1).join(' ') + ' failed:\n' + result.stdout + result.stderr);
  }
}

/** The differential runner's flashed Storage, built (or taken from the cache) as described at the top. */
export async function differentialImage(): Promise<DiffImage> {
  const cache = path.join(os.tmpdir(), 'goclock-espruino', sourceKey(SOURCES));
  const dir = path.join(cache, 'differential');
  if (fs.existsSync(path.join(dir, 'done'))) return imageOf(dir);
  fs.mkdirSync(cache, { recursive: true });
  const work = fs.mkdtempSync(path.join(cache, 'differential.tmp-'));
  await build(work);
  await writeFlash(work, fs.readFileSync(path.join(work, 'upload.js'), 'latin1'), storedBundle(path.join(work, 'bundle.js')));
  fs.writeFileSync(path.join(work, 'done'), '');
  try {
    fs.renameSync(work, dir);
  } catch {
    fs.rmSync(work, { recursive: true, force: true }); // another process made the same image first
  }
  return imageOf(dir);
}

/** A fresh folder holding a copy of the image's Storage, for one run of the interpreter. */
export function freshDir(image: DiffImage): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-diff-'));
  fs.copyFileSync(image.flashFile, path.join(dir, 'espruino.flash'));
  return dir;
}
