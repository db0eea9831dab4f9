/**
 * A board's Storage as `npm run flash` leaves it: the bundle built and checked by scripts/flash.mjs, its exact upload
 * stream (`--output FILE`, the espruino CLI's `-o`) typed into the interpreter's REPL statement by statement as the
 * CLI sends it over the serial port, and the stored `.bootcde` checked byte for byte (CRC-32) against the bundle.
 * The stream's final `load(".bootcde")` is not sent: a test boots the flash afterwards as a board boots after a reset,
 * from a Storage holding nothing but the code.
 *
 * Images are cached per board in the temporary folder, keyed by a hash of everything the bundle is built from, so the
 * test files, the benchmark and `npm run espruino` share one build.
 */
import { spawnSync } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { Interpreter, Pool } from './interpreter';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { tokenise } = require('../../scripts/pretokenise.cjs') as { tokenise(code: string): string };

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCES = ['firmware', 'hal', 'boards', 'scripts', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'sim/espruino/flash-image.ts'];

export interface FlashImage {
  board: string;
  /** The folder holding `espruino.flash` (the Storage), `upload.js` (the stream), `bundle.js` and `bootcde.stored`. */
  dir: string;
  flashFile: string;
  uploadFile: string;
  /** The bundle as built (JavaScript); `.bootcde` holds it pretokenised (scripts/pretokenise.cjs). */
  bundleFile: string;
  /** `.bootcde` as the board stores it (the bundle pretokenised), made once with the image. */
  storedFile: string;
  /** Its bytes. */
  bundleBytes: number;
  /** The bytes of each part's file stored beside `.bootcde` (gcp.*), by Storage name. */
  partBytes: { [file: string]: number };
}

function hashTree(hash: crypto.Hash, file: string): void {
  const stat = fs.statSync(file);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(file).sort()) hashTree(hash, path.join(file, name));
  } else {
    hash.update(path.relative(ROOT, file) + '\0');
    hash.update(fs.readFileSync(file));
  }
}

/** A hash of the files and folders `sources` (relative to the repository): a build cache's key. */
export function sourceKey(sources: string[]): string {
  const hash = crypto.createHash('sha1');
  for (const name of sources) {
    const file = path.join(ROOT, name);
    if (fs.existsSync(file)) hashTree(hash, file);
  }
  return hash.digest('hex').slice(0, 16);
}

function imageOf(board: string, dir: string): FlashImage {
  const storedFile = path.join(dir, STORED_BOOTCDE);
  return {
    board: board,
    dir: dir,
    flashFile: path.join(dir, 'espruino.flash'),
    uploadFile: path.join(dir, 'upload.js'),
    bundleFile: path.join(dir, 'bundle.js'),
    storedFile: storedFile,
    bundleBytes: fs.statSync(storedFile).size,
    partBytes: Object.fromEntries(Object.entries(partFilesIn(dir)).map(([file, bytes]) => [file, bytes.length])),
  };
}

/** The image's copy of `.bootcde` as stored (tokenised once, when the image is made: not at every use of it). */
const STORED_BOOTCDE = 'bootcde.stored';

/** A bundle's `.bootcde` as the espruino CLI stores it: pretokenised (scripts/pretokenise.cjs). */
export function storedBundle(bundleFile: string): Buffer {
  return Buffer.from(tokenise(fs.readFileSync(bundleFile, 'latin1')), 'latin1');
}

/** Builds the upload stream with scripts/flash.mjs into `dir` (upload.js, and the bundle it stores). */
function buildUploadStream(board: string, dir: string): void {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts', 'flash.mjs'), '--board', board, '--out-dir', dir, '--output', path.join(dir, 'upload.js')],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error('npm run flash -- --board ' + board + ' --output failed:\n' + result.stdout + result.stderr);
  fs.renameSync(path.join(dir, board + '.js'), path.join(dir, 'bundle.js'));
  fs.rmSync(path.join(dir, board + '.js.map'), { force: true });
}

/**
 * The stream's statements, each one line as the CLI sends them (Storage writes of the parts' files and of
 * `.bootcde`); throws if it does not end by loading `.bootcde`.
 */
export function uploadStatements(stream: string): string[] {
  const lines = stream.split('\n').filter((line) => line.trim() !== '');
  const last = lines[lines.length - 1];
  if (!/^load\("\.bootcde"\)/.test(last)) throw new Error('the upload stream does not end with load(".bootcde"): ' + last);
  for (const line of lines.slice(0, -1)) {
    if (!/^require\("Storage"\)\.write\("(\.bootcde|gcp\.[a-z]+)",/.test(line)) throw new Error('unexpected upload statement: ' + line.slice(0, 80));
  }
  return lines;
}

/**
 * Types the stream's Storage writes into an interpreter in `dir` and checks what was stored (`bootcde`, and each of
 * `parts` by Storage name, byte for byte): into an empty Storage, or with `keepFiles` into the one there, whose other
 * files (a game, the settings) stay, as on a board flashed anew. The stream is sent as the serial port sends it, a
 * byte a character (pretokenised code holds characters 128–255).
 */
export async function writeFlash(dir: string, stream: string, bootcde: Buffer, pool?: Pool, keepFiles?: boolean, parts?: { [file: string]: Buffer }): Promise<void> {
  if (!keepFiles) fs.rmSync(path.join(dir, 'espruino.flash'), { force: true });
  const writes = uploadStatements(stream).slice(0, -1);
  const interpreter = new Interpreter({ dir: dir, pool: pool, args: [] });
  const files: { [file: string]: Buffer } = Object.assign({ '.bootcde': bootcde }, parts || {});
  try {
    for (const line of writes) interpreter.send(line, 'latin1');
    for (const file of Object.keys(files)) {
      // The first answer waits for every write typed before it: about 13 s of a loaded machine's time, more with
      // several boards built at once beside other work (60 s ran out so once), so the wait is generous.
      const stored = await interpreter.evaluate('(function(f){return f?f.length+" "+(E.CRC32(f)>>>0):"none"})(require("Storage").read(' + JSON.stringify(file) + '))', 300000);
      const expected = files[file].length + ' ' + zlib.crc32(files[file]);
      if (stored !== expected) throw new Error(file + ' stored wrong: ' + stored + ' (length, CRC-32), expected ' + expected);
    }
  } finally {
    await interpreter.stop();
  }
}

/** The parts' files built beside a bundle in `dir` as Storage holds them (gcp.*, pretokenised), by Storage name. */
export function partFilesIn(dir: string): { [file: string]: Buffer } {
  const parts: { [file: string]: Buffer } = {};
  for (const name of fs.readdirSync(dir).sort()) if (/^gcp\.[a-z]+$/.test(name)) parts[name] = fs.readFileSync(path.join(dir, name));
  return parts;
}

/** The board's flashed Storage, built (or taken from the cache) as described at the top of this file. */
export async function flashImage(board: string): Promise<FlashImage> {
  const cache = path.join(os.tmpdir(), 'goclock-espruino', sourceKey(SOURCES));
  const dir = path.join(cache, board);
  if (fs.existsSync(path.join(dir, 'done'))) return imageOf(board, dir);
  fs.mkdirSync(cache, { recursive: true });
  const work = fs.mkdtempSync(path.join(cache, board + '.tmp-'));
  buildUploadStream(board, work);
  const bootcde = storedBundle(path.join(work, 'bundle.js'));
  fs.writeFileSync(path.join(work, STORED_BOOTCDE), bootcde);
  await writeFlash(work, fs.readFileSync(path.join(work, 'upload.js'), 'latin1'), bootcde, undefined, false, partFilesIn(work));
  fs.writeFileSync(path.join(work, 'done'), '');
  try {
    fs.renameSync(work, dir);
  } catch {
    fs.rmSync(work, { recursive: true, force: true }); // another process made the same image first
  }
  return imageOf(board, dir);
}

/** A fresh folder holding a copy of the image's Storage, for one run of the board. */
export function freshBoard(image: FlashImage, flashFile?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-board-'));
  fs.copyFileSync(flashFile || image.flashFile, path.join(dir, 'espruino.flash'));
  return dir;
}
