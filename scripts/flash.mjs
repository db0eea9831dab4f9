#!/usr/bin/env node
/**
 * npm run flash -- --port /dev/ttyUSB0 [--board esp32-lcd1602] [--baud 115200] [--output out.js]
 *
 * Builds dist/<board>.js, checks it (scripts/check-bundle.mjs), then runs the espruino CLI (EspruinoTools):
 *
 *   espruino -p PORT -b 115200 --board boards/espruino/ESP32.board.json --no-ble \
 *     --storage gcp.console:dist/gcp.console … --storage .bootcde:- --config PRETOKENISE=2 dist/<board>.js
 *
 * `--storage .bootcde:-` makes the CLI send the bundle as `require("Storage").write(".bootcde", chunk, offset[, size])`
 * calls (1 KB chunks) followed by `load(".bootcde")`: the bundle is stored as the boot code, which Espruino runs
 * from flash at every boot, and it starts at once; `--config PRETOKENISE=2` makes the CLI store it pretokenised
 * (scripts/pretokenise.cjs: reserved words, strings and integers as the lexer's own tokens, about 15 % fewer bytes for
 * the interpreter to read at every call). Each `--storage NAME:FILE` before it stores one of the firmware's parts
 * (scripts/bundle-config.cjs PARTS: code loaded only when used), as the build pretokenised it, as the Storage file
 * NAME, written first. `--output FILE.js` writes that exact upload stream to FILE.js (`-o FILE.js`); without --port it
 * does so offline (`-n`, no device), with --port it also uploads.
 *
 * Options:
 *   --port, -p PORT       serial port of the board (required unless --output)
 *   --board NAME          which board of boards/*.ts to build (default esp32-lcd1602)
 *   --baud N              serial speed (default 115200; the CLI's own default 9600 is wrong for ESP32)
 *   --output, -o FILE.js  also write the upload stream to FILE.js; without --port: only that, no device
 *   --board-json FILE     Espruino's board description (default boards/espruino/ESP32.board.json, a copy of
 *                         Espruino's generated ESP32.json; the name ESP32 makes the CLI download it instead)
 *   --out-dir DIR         where bundles are built (default dist)
 *   --no-build            upload the existing bundle as it is (it is still checked)
 *   --dry-run             print what would be built and the espruino command line; build and run nothing
 *   --help
 * The bundle is always rebuilt (a few seconds) unless --no-build: flashing a stale bundle costs more than that.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pipeline from './bundle-config.cjs';
import check from './espruino-check.cjs';
import { checkBundleFile } from './check-bundle.mjs';
import pretokenise from './pretokenise.cjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { CLI_SETTING } = pretokenise;
const DEFAULT_BOARD = 'esp32-lcd1602';
const DEFAULT_BAUD = 115200;
const DEFAULT_BOARD_JSON = path.join(ROOT, 'boards', 'espruino', 'ESP32.board.json');

class UsageError extends Error {}

const USAGE =
  'usage: npm run flash -- --port /dev/ttyUSB0 [--board NAME] [--baud 115200] [--output FILE.js] ' +
  '[--board-json FILE] [--out-dir DIR] [--no-build] [--dry-run]\n' +
  '  builds dist/<board>.js, checks it, and stores it on the board as its boot code (.bootcde) with the espruino CLI\n' +
  '  --port, -p PORT       serial port of the board (required unless --output)\n' +
  `  --board NAME          which board of boards/*.ts to build (default ${DEFAULT_BOARD})\n` +
  `  --baud N              serial speed (default ${DEFAULT_BAUD})\n` +
  '  --output, -o FILE.js  also write the upload stream to FILE.js; without --port: only that, no device\n' +
  '  --board-json FILE     Espruino\'s board description (default boards/espruino/ESP32.board.json)\n' +
  '  --out-dir DIR         where bundles are built (default dist)\n' +
  '  --no-build            upload the existing bundle as it is (it is still checked)\n' +
  '  --dry-run             print what would be built and the espruino command line; build and run nothing\n' +
  '  --help, -h            this text';

function parseArgs(argv) {
  const opts = {
    port: null,
    board: DEFAULT_BOARD,
    baud: DEFAULT_BAUD,
    output: null,
    boardJson: DEFAULT_BOARD_JSON,
    outDir: path.join(ROOT, 'dist'),
    build: true,
    dryRun: false,
    help: false,
  };
  const withValue = {
    '--port': 'port',
    '-p': 'port',
    '--board': 'board',
    '--baud': 'baud',
    '--output': 'output',
    '-o': 'output',
    '--board-json': 'boardJson',
    '--out-dir': 'outDir',
  };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let value;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    if (eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (arg in withValue) {
      if (value === undefined) {
        value = argv[++i];
        if (value === undefined || value.startsWith('-')) throw new UsageError(`${arg} needs a value`);
      }
      opts[withValue[arg]] = value;
    } else if (arg === '--no-build' && value === undefined) opts.build = false;
    else if (arg === '--dry-run' && value === undefined) opts.dryRun = true;
    else if ((arg === '--help' || arg === '-h') && value === undefined) opts.help = true;
    else throw new UsageError(`unknown argument ${JSON.stringify(argv[i])}`);
  }
  return opts;
}

function validate(opts) {
  const boards = pipeline.boardNames(ROOT);
  if (!boards.includes(opts.board))
    throw new UsageError(`unknown board ${JSON.stringify(opts.board)}; boards: ${boards.join(', ')}`);
  const baud = Number(opts.baud);
  if (!/^\d+$/.test(String(opts.baud)) || !(baud > 0))
    throw new UsageError(`--baud must be a positive integer (got ${JSON.stringify(String(opts.baud))})`);
  opts.baud = baud;
  if (!opts.port && !opts.output)
    throw new UsageError('--port is required (e.g. --port /dev/ttyUSB0), or --output FILE.js for an offline upload stream');
  if (opts.port && opts.port.includes('.js'))
    throw new UsageError(`--port ${JSON.stringify(opts.port)} looks like a file; the espruino CLI would not take it`);
  if (opts.output && (!opts.output.endsWith('.js') || opts.output.endsWith('.json')))
    throw new UsageError(`--output must name a .js file (got ${JSON.stringify(opts.output)})`);
  opts.boardJson = path.resolve(opts.boardJson);
  if (!fs.existsSync(opts.boardJson)) throw new UsageError(`--board-json: no such file ${opts.boardJson}`);
  try {
    opts.boardData = JSON.parse(fs.readFileSync(opts.boardJson, 'utf8'));
  } catch (e) {
    throw new UsageError(`--board-json: ${opts.boardJson} is not JSON (${e.message})`);
  }
  if (!opts.boardData.info || !opts.boardData.chip)
    throw new UsageError(`--board-json: ${opts.boardJson} is not an Espruino board description (no info/chip)`);
  opts.outDir = path.resolve(opts.outDir);
  opts.bundle = path.join(opts.outDir, opts.board + '.js');
  if (opts.output) opts.output = path.resolve(opts.output);
  return opts;
}

/** The espruino CLI arguments (after the program name). */
function espruinoArgs(opts) {
  const args = [];
  if (opts.port) args.push('-p', opts.port);
  else args.push('-n');
  args.push('-b', String(opts.baud), '--board', opts.boardJson, '--no-ble');
  for (const part of pipeline.partFiles(opts.outDir)) args.push('--storage', part.file + ':' + part.stored);
  // The CLI pretokenises the bundle as it stores it, exactly as the build pretokenised the parts.
  args.push('--storage', '.bootcde:-', '--config', CLI_SETTING);
  if (opts.output) args.push('-o', opts.output);
  args.push(opts.bundle);
  return args;
}

function shellQuote(s) {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function shown(p) {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith('..') ? rel : p;
}

function displayCommand(opts) {
  const cli = shown(path.join(ROOT, 'node_modules', '.bin', 'espruino'));
  // Paths shown as the user would type them, also the file of a `--storage NAME:FILE`.
  const args = espruinoArgs(opts).map((a) => {
    const colon = a.indexOf(':');
    if (colon > 0 && path.isAbsolute(a.slice(colon + 1))) return a.slice(0, colon + 1) + shown(a.slice(colon + 1));
    return path.isAbsolute(a) ? shown(a) : a;
  });
  return [cli, ...args].map(shellQuote).join(' ');
}

function runEspruino(opts) {
  let cli;
  try {
    cli = require.resolve('espruino/bin/espruino-cli.js');
  } catch {
    throw new Error('the espruino CLI is not installed (npm install)');
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...espruinoArgs(opts)], { stdio: ['inherit', 'pipe', 'pipe'] });
    let noConnection = false;
    const watch = (stream, out) =>
      stream.on('data', (chunk) => {
        out.write(chunk);
        if (/Unable to connect!/.test(chunk.toString())) noConnection = true;
      });
    watch(child.stdout, process.stdout);
    watch(child.stderr, process.stderr);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal) reject(new Error(`espruino was stopped by ${signal}`));
      else if (code !== 0) reject(new Error(`espruino exited with code ${code}`));
      else if (opts.port && noConnection) reject(new Error(`could not connect to ${opts.port}`));
      else resolve();
    });
  });
}

async function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  validate(opts);
  if (opts.dryRun) {
    console.log(
      opts.build ? `build: ${shown(opts.bundle)} (board ${opts.board})` : `build: skipped (--no-build), ${shown(opts.bundle)}`,
    );
    console.log(`check: ${shown(opts.bundle)}`);
    console.log(`run: ${displayCommand(opts)}`);
    return 0;
  }
  if (opts.build) {
    await pipeline.buildBundle(opts.board, {
      root: ROOT,
      outDir: opts.outDir,
      onSize: (s) => console.log(pipeline.formatSize(s)),
      onWarnings: (ws) => ws.forEach((w) => console.warn('warning: ' + String(w.message).split('\n')[0])),
    });
  } else if (!fs.existsSync(opts.bundle)) {
    throw new UsageError(`--no-build: ${shown(opts.bundle)} does not exist (run npm run build)`);
  }
  // require() may name only what this board's interpreter has built in (the CLI would download anything else).
  const modules = (opts.boardData.info && opts.boardData.info.builtin_modules) || check.BUILTIN_MODULES;
  for (const file of [opts.bundle].concat(pipeline.partFiles(opts.outDir).map((part) => part.path))) {
    if (!fs.existsSync(file)) throw new Error(`${shown(file)} does not exist (run npm run build)`);
    const problems = checkBundleFile(file, { modules });
    if (problems.length) {
      for (const p of problems) console.error(p);
      throw new Error(`${shown(file)} is not Espruino-safe; not flashing`);
    }
  }
  for (const part of pipeline.partFiles(opts.outDir)) {
    if (!fs.existsSync(part.stored)) throw new Error(`${shown(part.stored)} does not exist (run npm run build)`);
  }
  console.log(`run: ${displayCommand(opts)}`);
  await runEspruino(opts);
  if (opts.output) {
    if (!fs.existsSync(opts.output)) throw new Error(`espruino wrote no ${shown(opts.output)}`);
    console.log(`flash: upload stream for ${opts.board} written to ${shown(opts.output)}`);
  }
  if (opts.port) console.log(`flash: ${opts.board} stored as .bootcde on ${opts.port}; it runs at every boot`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(`flash: ${e instanceof UsageError ? e.message : e && e.message ? e.message.split('\n')[0] : e}`);
    process.exitCode = e instanceof UsageError ? 2 : 1;
  },
);
