/**
 * `npm run espruino` (sim/espruino/cli.ts), the developers' door to the real interpreter: its command line, and the
 * command itself with keys piped in: the console board boots from a Storage of its own, a press starts Black's
 * clock, and the next start (the current build flashed into the same Storage) brings the game back.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { gestureLine, parseEspruinoArgs } from '../../sim/espruino/cli';
import { GAME_TIMEOUT_MS, describeOnEspruino } from './support';

const ROOT = path.resolve(__dirname, '..', '..');
const BOARDS = ['console', 'esp32-lcd1602', 'esp32-oled'];

describe('the command line', () => {
  it('defaults to the console board on espruino-12k, its Storage kept under .espruino/', () => {
    expect(parseEspruinoArgs([], BOARDS)).toEqual({ board: 'console', pool: 'espruino-12k', storage: path.join(ROOT, '.espruino', 'console'), fresh: false, repl: false });
    expect(parseEspruinoArgs(['--board', 'esp32-oled', '--pool', 'espruino-16k', '--storage', 'x', '--fresh', '--repl'], BOARDS)).toEqual({
      board: 'esp32-oled',
      pool: 'espruino-16k',
      storage: path.resolve('x'),
      fresh: true,
      repl: true,
    });
  });

  it.each([
    [['--board', 'constructor'], /unknown board "constructor" \(boards: console, esp32-lcd1602, esp32-oled\)/],
    [['--pool', '64k'], /unknown pool "64k"/],
    [['--board'], /--board needs a value/],
    [['--speed', '2'], /unknown option "--speed"/],
    [['--help'], /^help$/],
  ])('%j: %s', (argv, message) => {
    const parsed = parseEspruinoArgs(argv as string[], BOARDS);
    expect('error' in parsed && parsed.error).toMatch(message);
  });

  it('types a gesture as its edges, timed in the interpreter', () => {
    expect(gestureLine('pressLeft')).toBe('setTimeout(function(){button("left",true);},0);setTimeout(function(){button("left",false);},80);');
  });
});

describeOnEspruino('npm run espruino, keys piped in', () => {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-cli-'));
  afterAll(() => fs.rmSync(storage, { recursive: true, force: true }));

  const run = (keys: string, extra: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, 'node_modules', '.bin', 'tsx'), 'sim/espruino/cli.ts', '--storage', storage].concat(extra), {
      cwd: ROOT,
      input: keys,
      encoding: 'latin1',
      timeout: GAME_TIMEOUT_MS,
    });

  it('boots the console board fresh; White\'s key starts Black\'s clock', () => {
    const result = run('l..', ['--fresh']);
    expect(result.stderr).toMatch(/a fresh Storage with the console bundle/);
    expect(result.stdout).toContain('|1:00:00  1:00:00|\n|B first        W|');
    expect(result.stdout).toContain('|59:59  < 1:00:00|');
    expect(result.stdout).not.toMatch(/Uncaught|ERROR/);
    expect(result.stdout).not.toMatch(/^[>=]/m); // the REPL's echo of the typed gestures is not shown
    expect(result.status).toBe(0);
  }, GAME_TIMEOUT_MS);

  it('flashes the build into the same Storage at the next start, and the game comes back', () => {
    const result = run('.', []);
    expect(result.stderr).toMatch(/flashed the console bundle .* keeping its game and settings/);
    expect(result.stdout).toContain('game restored');
    expect(result.stdout).not.toContain('B first');
    expect(result.stdout).not.toMatch(/Uncaught|ERROR/);
    expect(result.status).toBe(0);
  }, GAME_TIMEOUT_MS);
});
