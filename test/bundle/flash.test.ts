/**
 * `npm run flash` (scripts/flash.mjs): the exact upload stream the espruino CLI would send, produced offline with
 * `--output` (the CLI's `-o`, `-n`), stores the bundle, pretokenised, byte for byte as `.bootcde` and then loads it; the command line
 * has the right baud and no BLE; mistakes get one line and a non-zero exit.
 */
import * as acorn from 'acorn';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';
import { pipeline, ROOT } from './scripts';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { tokenise } = require('../../scripts/pretokenise.cjs') as { tokenise(code: string): string };

/** The parts' Storage files, as the flash writes them before `.bootcde`. */
const PART_FILES = pipeline.PARTS.map((p) => p.file);

jest.setTimeout(120000);

const FLASH = path.join(ROOT, 'scripts', 'flash.mjs');
const REPO_BOARD_JSON = path.join(ROOT, 'boards', 'espruino', 'ESP32.board.json');
/** The workplace's copy (beside the clone, as in CI); the repo's own copy otherwise. */
const SHARED_BOARD_JSON = path.resolve(ROOT, '..', 'shared', 'espruino', 'ESP32.board.json');
const BOARD_JSON = fs.existsSync(SHARED_BOARD_JSON) ? SHARED_BOARD_JSON : REPO_BOARD_JSON;

function flash(args: string[]) {
  const result = spawnSync(process.execPath, [FLASH, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Upload {
  /** Storage files as written, latin1 (one char per byte, as Espruino stores them). */
  files: Map<string, string>;
  writes: Array<{ name: string; offset: number; length: number; size?: number }>;
  loads: string[];
}

/** Runs an upload stream against a fake `require("Storage")` and `load`, like the device would. */
function replay(stream: string): Upload {
  const upload: Upload = { files: new Map(), writes: [], loads: [] };
  const storage = {
    write(name: string, data: string, offset: number, size?: number) {
      upload.writes.push({ name, offset, length: data.length, size });
      const previous = size !== undefined ? ' '.repeat(size) : (upload.files.get(name) as string);
      upload.files.set(name, previous.slice(0, offset) + data + previous.slice(offset + data.length));
    },
  };
  vm.runInNewContext(stream, {
    require: (module: string) => {
      if (module !== 'Storage') throw new Error('unexpected require ' + module);
      return storage;
    },
    load: (name: string) => upload.loads.push(name),
    // The CLI sends a data file (a part) as base64 pieces; Espruino's atob gives back its bytes.
    atob: (text: string) => Buffer.from(text, 'base64').toString('latin1'),
  });
  return upload;
}

/** Every statement of the stream is `require("Storage").write(…)` or `load(…)`: nothing else runs on the device. */
function statementsOf(stream: string): string[] {
  const program = acorn.parse(stream, { ecmaVersion: 2020 });
  return program.body.map((statement) => {
    if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'CallExpression') return 'other';
    const callee = statement.expression.callee;
    if (callee.type === 'Identifier') return callee.name;
    if (
      callee.type === 'MemberExpression' &&
      callee.object.type === 'CallExpression' &&
      callee.object.callee.type === 'Identifier' &&
      callee.object.callee.name === 'require' &&
      callee.property.type === 'Identifier'
    )
      return 'Storage.' + callee.property.name;
    return 'other';
  });
}

describe('the upload stream (--output, offline)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-flash-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('builds the board and stores its bundle byte for byte as .bootcde, then loads it', () => {
    const out = path.join(dir, 'upload.js');
    const result = flash(['--board', 'esp32-lcd1602', '--output', out, '--board-json', BOARD_JSON, '--out-dir', dir]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/esp32-lcd1602\.js: \d+ bytes minified/);
    const storages = PART_FILES.map((f) => '--storage ' + f.replace('.', '\\.') + ':\\S+' + f.replace('.', '\\.') + ' ').join('');
    expect(result.stdout).toMatch(new RegExp(' -n -b 115200 --board \\S+ESP32\\.board\\.json --no-ble ' + storages + '--storage \\.bootcde:- --config PRETOKENISE=2 -o '));

    // Stored pretokenised: the bundle as the CLI tokenised it, each part as the build did, by the same tokeniser.
    const bundle = Buffer.from(tokenise(fs.readFileSync(path.join(dir, 'esp32-lcd1602.js'), 'latin1')), 'latin1');
    expect(bundle.length).toBeLessThan(fs.statSync(path.join(dir, 'esp32-lcd1602.js')).size * 0.9);
    const stream = fs.readFileSync(out, 'latin1');
    const statements = statementsOf(stream);
    expect(statements[statements.length - 1]).toBe('load');
    expect(new Set(statements.slice(0, -1))).toEqual(new Set(['Storage.write']));

    // The parts first, then the boot code, which is loaded last.
    const upload = replay(stream);
    const written = [...upload.files.keys()];
    expect(written[written.length - 1]).toBe('.bootcde');
    expect(written.slice(0, -1).sort()).toEqual(PART_FILES.slice().sort());
    expect(Buffer.from(upload.files.get('.bootcde') as string, 'latin1').equals(bundle)).toBe(true);
    for (const file of PART_FILES) {
      const stored = fs.readFileSync(path.join(dir, file));
      expect(stored.equals(Buffer.from(tokenise(fs.readFileSync(path.join(dir, file + '.js'), 'latin1')), 'latin1'))).toBe(true);
      expect(Buffer.from(upload.files.get(file) as string, 'latin1').equals(stored)).toBe(true);
    }
    expect(upload.writes.find((w) => w.name === '.bootcde')).toMatchObject({ offset: 0, size: bundle.length });
    expect(upload.loads).toEqual(['.bootcde']);
  });

  it('splits a large bundle into 1 KB chunks that reassemble exactly (quotes, backslashes, escapes, newlines)', () => {
    // A bundle as it may look once the runtime lands: several KB, awkward characters in its strings (ASCII only,
    // as terser's ascii_only writes it: `\xd7` stays an escape).
    const strings = Array.from({ length: 120 }, (_, i) =>
      JSON.stringify(`line ${i}: "quoted" \\ back\\slash \x01 \t ${'x'.repeat(i % 17)}\n`).replace('x', '\\xd7'),
    );
    const code = `(function(){\nvar t=[${strings.join(',\n')}];\nfunction n(e){return t[e%t.length]}print(n(3))})();\n`;
    const bigDir = path.join(dir, 'big');
    fs.mkdirSync(bigDir);
    fs.writeFileSync(path.join(bigDir, 'esp32-oled.js'), code, 'latin1');
    for (const file of PART_FILES) {
      // --no-build takes the parts as they are too (their JavaScript, and the stored form the build writes beside it)
      fs.writeFileSync(path.join(bigDir, file + '.js'), '({})', 'latin1');
      fs.writeFileSync(path.join(bigDir, file), tokenise('({})'), 'latin1');
    }
    const out = path.join(bigDir, 'upload.js');
    const result = flash(['--board', 'esp32-oled', '--no-build', '--out-dir', bigDir, '--output', out, '--board-json', BOARD_JSON]);
    expect(result.status).toBe(0);

    const upload = replay(fs.readFileSync(out, 'latin1'));
    const stored = upload.files.get('.bootcde') as string;
    // Pretokenised, each string is its length and raw bytes (quotes, backslashes, control characters, 0xd7 among
    // them): the stream must carry every byte through its own quoting.
    const expected = tokenise(code);
    expect(expected).toMatch(/[\x01\n"\\\xd7]/);
    expect(Buffer.from(stored, 'latin1').equals(Buffer.from(expected, 'latin1'))).toBe(true);
    expect(upload.writes.filter((w) => w.name === '.bootcde').length).toBe(Math.ceil(expected.length / 1024));
    upload.writes.filter((w) => w.name === '.bootcde').forEach((w, i) => expect(w).toMatchObject({ name: '.bootcde', offset: i * 1024 }));
    expect(upload.writes.every((w) => w.length <= 1024)).toBe(true);
  });

  it('refuses to flash a bundle that is not Espruino-safe', () => {
    const badDir = path.join(dir, 'bad');
    fs.mkdirSync(badDir);
    fs.writeFileSync(path.join(badDir, 'console.js'), '(function(){go();function go(){return new Map()}})();\n');
    const out = path.join(badDir, 'upload.js');
    const result = flash(['--board', 'console', '--no-build', '--out-dir', badDir, '--output', out]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/console\.js:1:13: `go` is called before it is declared/);
    expect(result.stderr).toMatch(/Map does not exist on Espruino/);
    expect(result.stderr.trim().split('\n').pop()).toMatch(/^flash: .*console\.js is not Espruino-safe; not flashing$/);
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('the espruino command line (--dry-run)', () => {
  it('uploads the parts and dist/<board>.js as .bootcde over the port at 115200 baud, without BLE, with the repo board JSON', () => {
    const result = flash(['--port', '/dev/ttyUSB0', '--dry-run']);
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'build: dist/esp32-lcd1602.js (board esp32-lcd1602)',
      'check: dist/esp32-lcd1602.js',
      'run: node_modules/.bin/espruino -p /dev/ttyUSB0 -b 115200 --board boards/espruino/ESP32.board.json --no-ble ' +
        PART_FILES.map((f) => '--storage ' + f + ':dist/' + f + ' ').join('') + '--storage .bootcde:- --config PRETOKENISE=2 dist/esp32-lcd1602.js',
      '',
    ]);
  });

  it('takes the board, the baud, the board JSON and an output file', () => {
    const result = flash(['-p', '/dev/ttyACM0', '--board=esp32-oled', '--baud', '921600', '--board-json', BOARD_JSON, '-o', 'x.js', '--dry-run']);
    expect(result.status).toBe(0);
    const run = result.stdout.split('\n').find((l) => l.startsWith('run: ')) as string;
    expect(run.split(' ')).toEqual(
      expect.arrayContaining(['-p', '/dev/ttyACM0', '-b', '921600', '--no-ble', '--storage', '.bootcde:-', '-o', 'x.js', 'dist/esp32-oled.js']),
    );
    expect(run).toMatch(/ --board \S*ESP32\.board\.json /);
  });

  it('is offline (-n) with --output and no port', () => {
    const result = flash(['--output', 'out.js', '--dry-run', '--no-build']);
    expect(result.stdout).toMatch(/^build: skipped \(--no-build\)/);
    expect(result.stdout).toMatch(/espruino -n -b 115200 .* -o out\.js dist\/esp32-lcd1602\.js$/m);
  });
});

describe('mistakes get one line and a non-zero exit', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['an unknown board', ['--port', '/dev/ttyUSB0', '--board', 'esp8266'], /^flash: unknown board "esp8266"; boards: .*esp32-lcd1602/],
    ['no port and no output', ['--board', 'esp32-oled'], /^flash: --port is required/],
    ['a port without its value', ['--port'], /^flash: --port needs a value$/],
    ['a baud that is not a number', ['--port', '/dev/ttyUSB0', '--baud', 'fast'], /^flash: --baud must be a positive integer/],
    ['an output that is not .js', ['--output', 'upload.txt'], /^flash: --output must name a \.js file/],
    ['a missing board JSON', ['--port', '/dev/ttyUSB0', '--board-json', 'nope.json'], /^flash: --board-json: no such file/],
    ['an unknown option', ['--port', '/dev/ttyUSB0', '--reset'], /^flash: unknown argument "--reset"$/],
  ];

  test.each(cases)('%s', (_name, args, message) => {
    const result = flash([...args, '--dry-run']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});

describe('the board description', () => {
  it('ships in the repo: Espruino ESP32 with Storage built in and a saved-code area', () => {
    const board = JSON.parse(fs.readFileSync(REPO_BOARD_JSON, 'utf8'));
    expect(board.info.name).toBe('ESP32');
    expect(board.info.builtin_modules).toContain('Storage');
    expect(board.chip.saved_code.pages).toBeGreaterThan(0);
  });

  it('is the same as the workplace copy, when there is one', () => {
    if (!fs.existsSync(SHARED_BOARD_JSON)) return;
    expect(fs.readFileSync(REPO_BOARD_JSON, 'utf8')).toBe(fs.readFileSync(SHARED_BOARD_JSON, 'utf8'));
  });
});
