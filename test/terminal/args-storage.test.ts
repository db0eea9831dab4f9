/**
 * The terminal simulator's command line (sim/terminal/terminal-args.ts) and its storage file (sim/file-storage.ts).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseTerminalArgs, USAGE } from '../../sim/terminal/terminal-args';
import { FileStorage } from '../../sim/file-storage';

function error(argv: string[]): string {
  try {
    parseTerminalArgs(argv);
  } catch (e) {
    return (e as Error).message;
  }
  return '(no error)';
}

describe('arguments', () => {
  test('defaults: the LCD board, real time, storage in memory', () => {
    expect(parseTerminalArgs([])).toEqual({ help: false, board: 'esp32-lcd1602', speed: 1, bell: false });
  });

  test('every option, as "--name value" or "--name=value"', () => {
    const args = parseTerminalArgs(['--board', 'esp32-oled', '--control=3m+15s', '--speed', '0.5', '--storage', 'x.json', '--bell', '--exit-after=15000']);
    expect(args).toEqual({
      help: false,
      board: 'esp32-oled',
      control: {
        black: { system: 'fischer', mainMs: 180000, incrementMs: 15000 },
        white: { system: 'fischer', mainMs: 180000, incrementMs: 15000 },
      },
      controlText: '3m+15s',
      speed: 0.5,
      storageFile: 'x.json',
      bell: true,
      exitAfterMs: 15000,
    });
    expect(parseTerminalArgs(['--help']).help).toBe(true);
    expect(parseTerminalArgs(['-h']).help).toBe(true);
  });

  test('mistakes: one line each', () => {
    expect(error(['--board', 'esp8266'])).toBe('--board: unknown board "esp8266" (boards: esp32-lcd1602, esp32-oled, console)');
    expect(error(['--speed', '0'])).toBe('--speed: must be a number above 0 (got "0")');
    expect(error(['--speed', 'fast'])).toBe('--speed: must be a number above 0 (got "fast")');
    expect(error(['--speed', '20000'])).toBe('--speed: at most 10000 (got 20000)');
    expect(error(['--exit-after', '-5'])).toBe('--exit-after: must be a number above 0 (got "-5")');
    expect(error(['--control', '60m+5x'])).toBe('--control "60m+5x": expected a time (e.g. 30s) after "60m+5x"');
    expect(error(['--control'])).toBe('--control: needs a value (see --help)');
    expect(error(['--bell=yes'])).toBe('--bell: takes no value');
    expect(error(['--colour'])).toBe('unknown option "--colour" (see --help)');
    expect(error(['script.json'])).toBe('unknown option "script.json" (see --help)');
  });

  test('--help lists every option and every gesture key', () => {
    for (const word of ['--board', '--control', '--speed', '--storage', '--bell', '--exit-after', 'a ←', 'l →', 'A ⇧←', 'L ⇧→', 'space', ' r ', ' m ', 'q quit']) {
      expect(USAGE).toContain(word);
    }
  });
});

describe('the storage file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-storage-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('records survive in the file: write, append, erase; a missing file is an empty storage', () => {
    const file = path.join(dir, 'clock.json');
    const storage = new FileStorage(file);
    expect(storage.read('a')).toBeUndefined();
    expect(storage.write('a', 'one')).toBe(true);
    expect(storage.append('j', 'x\n')).toBe(true);
    expect(storage.append('j', 'y\n')).toBe(true);
    storage.write('gone', '1');
    storage.erase('gone');
    const again = new FileStorage(file);
    expect([again.read('a'), again.read('j'), again.read('gone')]).toEqual(['one', 'x\ny\n', undefined]);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ records: { a: 'one', j: 'x\ny\n' } });
    expect(fs.readdirSync(dir)).toEqual(['clock.json']);
  });

  test('a file that is not a storage file is refused with one line', () => {
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, 'not json');
    expect(() => new FileStorage(file)).toThrow(file + ': not JSON (a storage file is {"records": {…}}; delete it to start afresh)');
    fs.writeFileSync(file, '[1]');
    expect(() => new FileStorage(file)).toThrow(file + ': no "records" object');
    fs.writeFileSync(file, '{"records": {"a": 5}}');
    expect(() => new FileStorage(file)).toThrow(file + ': records.a must be a string');
  });

  test('a file that cannot be written: refused when opened; a write that fails later says so (the device\'s "flash full")', () => {
    expect(() => new FileStorage(path.join(dir, 'no-such-dir', 'clock.json'))).toThrow(/^cannot write .*no-such-dir\/clock\.json \(ENOENT: no directory /);
    const sub = path.join(dir, 'sub');
    fs.mkdirSync(sub);
    const storage = new FileStorage(path.join(sub, 'clock.json'));
    fs.rmSync(sub, { recursive: true });
    expect(storage.write('a', 'one')).toBe(false);
  });
});
