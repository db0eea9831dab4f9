/**
 * The bundles (docs/firmware.md): rollup's JS API builds dist/<board>.js for every board file, exactly as
 * `rollup -c` does (same scripts/bundle-config.cjs), and every bundle is Espruino-safe. A fixture full of syntax
 * Espruino lacks shows that the pipeline lowers all of it, keeping its meaning.
 */
import * as acorn from 'acorn';
import * as fs from 'fs';
import * as zlib from 'zlib';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';
import { Built, checker, pipeline, ROOT, Size } from './scripts';

jest.setTimeout(120000);

const BOARDS = pipeline.boardNames();

/**
 * The display code of each display kind: its driver, its screen module, its layout and what only that layout uses.
 * The console board's text display draws the LCD's 16×2 layout.
 */
const DISPLAY_MODULES: { [kind: string]: string[] } = {
  console: ['hal/espruino/console-display.ts', 'boards/device/console-screen.ts', 'firmware/display/render-lcd.ts'],
  'hd44780-pcf8574': ['hal/espruino/hd44780.ts', 'hal/espruino/hd44780-charset.ts', 'hal/espruino/pcf8574.ts', 'boards/device/lcd-screen.ts', 'firmware/display/render-lcd.ts'],
  ssd1306: ['hal/espruino/ssd1306.ts', 'boards/device/oled-screen.ts', 'firmware/display/render-oled.ts', 'firmware/display/font.ts', 'firmware/display/seven-segment.ts'],
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pretokenise = require('../../scripts/pretokenise.cjs') as { tokenise(code: string): string; untokenise(stored: string): string };

/**
 * Tokens as acorn reads them (kind and value), so spelling (quotes, escapes, spaces) does not count; `atob("…")` is the
 * string it gives, as the pretokeniser stores it (the OLED's font).
 */
function tokensOf(code: string): string[] {
  const out: string[] = [];
  for (const t of acorn.tokenizer(code, { ecmaVersion: 5 })) out.push(t.type.label + ' ' + String((t as { value?: unknown }).value));
  for (let i = 0; i + 3 < out.length; i++) {
    if (out[i] === 'name atob' && out[i + 1] === '( undefined' && out[i + 2].startsWith('string ') && out[i + 3] === ') undefined') {
      out.splice(i, 4, 'string ' + Buffer.from(out[i + 2].slice(7), 'base64').toString('latin1'));
    }
  }
  return out;
}

/** Whether `code` pretokenised, read back, is the same program; and how many bytes Storage holds of it. */
function sameProgramStored(code: string): { same: boolean; bytes: number } {
  const stored = pretokenise.tokenise(code);
  const back = tokensOf(pretokenise.untokenise(stored));
  const own = tokensOf(code);
  return { same: back.length === own.length && back.every((t, i) => t === own[i]), bytes: stored.length };
}

const built = new Map<string, Built>();
const sizes: Size[] = [];
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-build-'));
  for (const board of BOARDS) {
    built.set(board, await pipeline.buildBundle(board, { outDir: dir, terserWorkers: 1, onSize: (s) => sizes.push(s) }));
  }
});

afterAll(() => {
  // The record of this run's sizes (bytes of the minified file and gzipped), as `npm run build` prints them.
  if (sizes.length) console.log(sizes.map((s) => pipeline.formatSize(s)).join('\n'));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('finds every board file but the Board type', () => {
  expect(BOARDS).toEqual(expect.arrayContaining(['console', 'esp32-lcd1602', 'esp32-oled']));
  expect(BOARDS).not.toContain('board');
  const files = fs.readdirSync(path.join(ROOT, 'boards')).filter((f) => f.endsWith('.ts') && f !== 'board.ts');
  expect(BOARDS).toHaveLength(files.length);
});

describe.each(BOARDS)('dist/%s.js', (board) => {
  const bundle = () => built.get(board) as Built;

  it('is written where rollup -c writes it, under the board name', () => {
    expect(path.basename(bundle().file)).toBe(board + '.js');
    expect(fs.readFileSync(bundle().file, 'latin1')).toBe(bundle().code);
    expect(bundle().bytes).toBe(fs.statSync(bundle().file).size);
  });

  it('is stored pretokenised as the same program, token for token (scripts/pretokenise.cjs)', () => {
    expect(sameProgramStored(bundle().code)).toEqual({ same: true, bytes: bundle().storedBytes });
  });

  it('passes the Espruino checker', () => {
    expect(checker.checkBundle(bundle().code)).toEqual([]);
  });

  it('runs at the root, every name it declares there starting with $ (terser wrote an IIFE; scripts/root-level.cjs unwraps it)', () => {
    expect(checker.bundleShape(bundle().rawCode)).toBe('iife');
    expect(checker.bundleShape(bundle().code)).toBe('root');
  });

  it('requires only Espruino built-in modules', () => {
    for (const name of checker.requiredModules(bundle().code)) expect(checker.BUILTIN_MODULES).toContain(name);
  });

  it('is its board passed to boot(), and no other board', () => {
    const modules = bundle().modules.map((m) => path.relative(ROOT, m).split(path.sep).join('/'));
    expect(modules).toEqual(expect.arrayContaining([`boards/${board}.ts`, 'boards/device/boot.ts']));
    expect(modules.filter((m) => /^boards\/[^/]+\.ts$/.test(m) && m !== 'boards/board.ts')).toEqual([`boards/${board}.ts`]);
  });

  it("carries only its own display's code: driver, layout and font", () => {
    const modules = bundle().modules.map((m) => path.relative(ROOT, m).split(path.sep).join('/'));
    const kind = pipeline.displayKindOf(board);
    const own = DISPLAY_MODULES[kind];
    expect(own).toBeDefined();
    const anyDisplay = ([] as string[]).concat(...Object.keys(DISPLAY_MODULES).map((k) => DISPLAY_MODULES[k]));
    const shown = anyDisplay.filter((m, i) => anyDisplay.indexOf(m) === i && modules.includes(m));
    expect(shown.sort()).toEqual(own.slice().sort());
  });

  it('carries only its own IO kind: pins on an ESP32 board, the console on the console board', () => {
    const modules = bundle().modules.map((m) => path.relative(ROOT, m).split(path.sep).join('/'));
    const kind = pipeline.ioKindOf(board);
    expect(kind).toBe(board === 'console' ? 'console' : 'pins');
    const consoleDrivers = ['hal/espruino/console-io.ts', 'hal/espruino/console-buttons.ts', 'hal/espruino/console-buzzer.ts', 'hal/espruino/console-serial.ts'];
    const pinDrivers = ['hal/espruino/pin-io.ts', 'hal/espruino/buttons.ts', 'hal/espruino/buzzer.ts'];
    const own = kind === 'pins' ? pinDrivers : consoleDrivers;
    const other = kind === 'pins' ? consoleDrivers : pinDrivers;
    expect(own.filter((m) => !modules.includes(m))).toEqual([]);
    expect(other.filter((m) => modules.includes(m))).toEqual([]);
  });

  it('has its size recorded', () => {
    expect(bundle().bytes).toBeGreaterThan(0);
    expect(bundle().gzipBytes).toBeGreaterThan(0);
    expect(bundle().rawBytes).toBeGreaterThanOrEqual(bundle().bytes);
    // Pretokenised: its reserved words, strings and integers are single tokens.
    expect(bundle().storedBytes).toBeLessThan(bundle().bytes * 0.9);
  });
});

describe.each(pipeline.PARTS.map((p) => p.file))('the part %s', (file) => {
  it('is given the exports of .bootcde it reads, and no others', () => {
    const code = fs.readFileSync(path.join(dir, file + '.js'), 'latin1');
    const reads = Array.from(new Set(Array.from(code.matchAll(/\$S\.([A-Za-z0-9_$]+)/g), (m) => m[1]))).sort();
    const entry = new RegExp('case"' + file.slice(4) + '":return\\{entry:\\[\\d+,\\d+\\],shared:\\{([^}]*)\\}').exec((built.get('console') as Built).code);
    expect(entry).not.toBeNull();
    const given = (entry as RegExpExecArray)[1] === '' ? [] : (entry as RegExpExecArray)[1].split(',').map((pair) => pair.split(':')[0]);
    expect(given.sort()).toEqual(reads);
  });

  it('is stored beside its JavaScript pretokenised, the same program token for token, and its manifest says so', () => {
    const code = fs.readFileSync(path.join(dir, file + '.js'), 'latin1');
    const stored = fs.readFileSync(path.join(dir, file), 'latin1');
    expect(stored).toBe(pretokenise.tokenise(code));
    expect(sameProgramStored(code)).toEqual({ same: true, bytes: stored.length });
    // What a board's bundle checks before it runs the part: the stored file's length and CRC-32.
    expect((built.get('console') as Built).code).toContain('case"' + file.slice(4) + '":return{entry:[' + stored.length + ',' + zlib.crc32(Buffer.from(stored, 'latin1')) + ']');
  });
});

describe('the pipeline lowers what Espruino lacks', () => {
  let fixture: Built;
  beforeAll(async () => {
    const entry = path.join(ROOT, 'test', 'bundle', 'fixtures', 'lowered.ts');
    fixture = await pipeline.buildBundle('lowered', {
      outDir: dir,
      tsconfig: path.join(ROOT, 'test', 'bundle', 'fixtures', 'tsconfig.json'),
      entrySource: `import { run } from ${JSON.stringify(entry)};\nprint(run());\n`,
      terserWorkers: 1,
    });
  });

  it('to code the checker accepts', () => {
    expect(checker.checkBundle(fixture.code)).toEqual([]);
    expect(checker.bundleShape(fixture.code)).toBe('root');
  });

  it('with no ?? / ?. / ** / ... left (TypeScript lowers ?? and ?. at ES2015; Babel the rest)', () => {
    expect(fixture.code).not.toMatch(/\?\?|\?\.[^\d]|\*\*|\.\.\./);
  });

  it('keeping its meaning', () => {
    const printed: string[] = [];
    vm.runInNewContext(fixture.code, { print: (s: string) => printed.push(s), console });
    expect(printed).toEqual(['6,4,1,1,1,1 2,4 p 9 012 clock108']);
  });

  it('and stops with advice where only compiling classes could lower it', () => {
    // A subclass with field initializers and no constructor: TypeScript writes `super(...arguments)`.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const babel = require('@babel/core') as typeof import('@babel/core');
    const code = 'class B extends A { constructor() { super(...arguments); this.x = 1; } }';
    const plugins = [pipeline.espruinoGuardPlugin, ...pipeline.BABEL_PLUGINS.map((p) => require(p))];
    expect(() => babel.transformSync(code, { babelrc: false, configFile: false, plugins })).toThrow(
      /B extends another class .* explicit constructor/,
    );
  });
});

describe('the shipped console bundle runs (smoke run on an Espruino-like host)', () => {
  // Node is not Espruino, but the minified bundle itself must boot, print frames and take button presses through
  // the same globals the interpreter offers the console board. Hardware globals (I2C1, Graphics, setWatch) are absent.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createFakeTimers, createFakeEspruinoStorage } = require('../hal/fakes');

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { untokenise } = require('../../scripts/pretokenise.cjs') as { untokenise(stored: string): string };

  /** A flashed board's Storage: each part's file beside the bundle, as `npm run flash` writes them (pretokenised). */
  function flashed() {
    const storage = createFakeEspruinoStorage();
    for (const part of pipeline.PARTS) storage.write(part.file, fs.readFileSync(path.join(dir, part.file), 'latin1'));
    return storage;
  }

  function boot(storage = flashed()) {
    const timers = createFakeTimers(0);
    const printed: string[] = [];
    const sandbox: Record<string, unknown> = {
      getTime: () => timers.getTime(),
      setTimeout: (fn: () => void, ms: number) => timers.setTimeout(fn, ms),
      clearTimeout: (id: unknown) => timers.clearTimeout(id),
      print: (text: string) => printed.push(String(text)),
      console: { log: (text: string) => printed.push(String(text)) },
      require: (name: string) => {
        if (name === 'Storage') return storage;
        throw new Error('module ' + name + ' not found');
      },
      E: { CRC32: (text: string) => zlib.crc32(Buffer.from(text, 'latin1')), enableWatchdog: () => undefined, kickWatchdog: () => undefined },
      Pin: function Pin(name: string) {
        return { name };
      },
    };
    sandbox.global = sandbox;
    // A part is evaluated from Storage, pretokenised: Espruino's lexer reads the tokens, Node reads them spelled out.
    sandbox.eval = (code: string) => vm.runInContext(untokenise(code), sandbox);
    vm.createContext(sandbox);
    vm.runInContext((built.get('console') as Built).code, sandbox);
    // The firmware starts from a timer once the boot code has run (boards/device/boot.ts), as Espruino then runs it.
    timers.advance(0);
    return { timers, printed, sandbox, storage };
  }

  it('boots into a ready clock, shows frames, and a press by White starts Black\'s clock', () => {
    const device = boot();
    const screen = () => device.printed.join('\n');
    expect(screen()).toMatch(/B first/);
    (device.sandbox.button as (name: string, down?: boolean) => void)('right', true);
    device.timers.advance(3000);
    expect(screen()).toMatch(/59:57\s*</); // the default control, 60 min, has run 3 s for Black (< = the running glyph, ◀)
  });

  it('comes back after a reset with the same game, paused', () => {
    const first = boot();
    (first.sandbox.button as (name: string, down?: boolean) => void)('right'); // press and release
    first.timers.advance(5000);
    (first.sandbox.button as (name: string, down?: boolean) => void)('left');
    const second = boot(first.storage);
    expect(second.printed.join('\n')).toMatch(/game restored/);
    expect(second.printed.join('\n')).toMatch(/59:55/);
  });
});
