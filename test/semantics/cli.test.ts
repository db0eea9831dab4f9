/**
 * The scripted simulator on the command line (docs/scenarios.md): `sim/cli.ts --script FILE.json` or `--script -` (stdin)
 * prints one JSON object; malformed input gets one line on stderr and a non-zero exit, never a stack trace.
 * These spawn processes, so they are few.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runScenario } from '../../sim/scenario';

const ROOT = path.resolve(__dirname, '..', '..');
jest.setTimeout(60000);

function sim(args: string[], input?: string) {
  const result = spawnSync('npx', ['tsx', 'sim/cli.ts', ...args], { cwd: ROOT, input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function stderrLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '');
}

const scenario = {
  control: { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 },
  options: { announce: 'ru', onExpire: 'stop', firstToMove: 'black' },
  events: [
    { atMs: 0, type: 'press', side: 'white' },
    { atMs: 4200, type: 'press', side: 'black' },
    { atMs: 9000, type: 'pause' },
    { atMs: 15000, type: 'resume' },
    { atMs: 20000, type: 'adjust', side: 'black', deltaMs: 120000 },
  ],
  untilMs: 3600000,
};

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-cli-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('sim --script', () => {
  test('a scenario file prints the same JSON as the scenario runner', () => {
    const file = path.join(dir, 'design-example.json');
    fs.writeFileSync(file, JSON.stringify(scenario));
    const { status, stdout } = sim(['--script', file]);
    expect(status).toBe(0);
    const printed = JSON.parse(stdout);
    expect(printed).toEqual(JSON.parse(JSON.stringify(runScenario(scenario))));
    // sim/scenarios/byoyomi-example.json: White's clock runs from 4200 to 9000 and from 15000 on; Black is given 2 minutes.
    expect(printed.atMs).toBe(3600000);
    expect(printed.sides.black.remainingMs).toBe(715800); // 600000 − 4200 + 120000
    // White: 595200 main left at the pause, resumed at 15000 → main ends 610200, then 3 × 30000 → flag at 700200
    expect(printed.flags).toEqual([{ side: 'white', atMs: 700200 }]);
  });

  test('"-" reads the scenario from stdin', () => {
    const { status, stdout } = sim(['--script', '-'], JSON.stringify(scenario));
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(runScenario(scenario))));
  });

  test('a file that is not JSON: one line on stderr, non-zero exit, no stack trace', () => {
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, '{ "control":\n  { "system": \n  oops\n');
    const { status, stdout, stderr } = sim(['--script', file]);
    expect(status).not.toBe(0);
    expect(status).not.toBeNull();
    expect(stdout.trim()).toBe('');
    expect(stderrLines(stderr)).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  test('an unknown system from stdin: one line on stderr, non-zero exit', () => {
    const bad = { control: { system: 'armageddon', mainMs: 1 }, events: [] };
    const { status, stderr } = sim(['--script', '-'], JSON.stringify(bad));
    expect(status).not.toBe(0);
    expect(status).not.toBeNull();
    expect(stderrLines(stderr)).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
