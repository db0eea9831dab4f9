/**
 * `npm run sim -- --script FILE.json --record OUT.sgf|OUT.csv` end to end: the record written in the format its
 * extension names, the report on stdout byte for byte what it is without --record, and a clear error (exit 1,
 * nothing written) for any other extension. These spawn processes, so they are few.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { csvObjects, parseSgf, sideNodes, ms } from './helpers';

const ROOT = path.resolve(__dirname, '..', '..');
jest.setTimeout(60000);

function sim(args: string[]) {
  const result = spawnSync('npx', ['tsx', 'sim/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const scenario = {
  control: { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 },
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
let script: string;
let plain: ReturnType<typeof sim>;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-record-'));
  script = path.join(dir, 'game.json');
  fs.writeFileSync(script, JSON.stringify(scenario));
  plain = sim(['--script', script]);
  expect(plain.status).toBe(0);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test('--record OUT.sgf writes the SGF; the report is unchanged', () => {
  const out = path.join(dir, 'game.sgf');
  const run = sim(['--script', script, '--record', out]);
  expect(run.status).toBe(0);
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe(plain.stdout);
  const report = JSON.parse(run.stdout);
  const { root, nodes } = parseSgf(fs.readFileSync(out, 'utf8'));
  expect(root.data.TM).toEqual(['600']);
  expect(root.data.OT).toEqual(['3x30 byo-yomi']);
  expect(root.data.RE).toEqual(['B+T']); // White's flag at 700200 (sim/scenarios/byoyomi-example.json)
  expect(root.data.C[0]).toContain('700.2 s: white flag');
  const black = sideNodes(nodes, 'black');
  expect(black).toHaveLength(report.sides.black.moves);
  expect(ms(black[0].data.BL[0])).toBe(600000 - 4200);
});

test('--record OUT.csv writes the CSV, before or after --script', () => {
  const out = path.join(dir, 'game.CSV');
  const run = sim(['--record', out, '--script', script]);
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(plain.stdout);
  const rows = csvObjects(fs.readFileSync(out, 'utf8'));
  expect(rows.map((row) => row.kind)).toEqual(['game', 'start', 'move', 'pause', 'resume', 'adjust', 'flag']);
  expect(rows[2]).toMatchObject({ side: 'black', at_ms: '4200', used_ms: '4200', left_ms: '595800' });
});

test('any other extension: one line on stderr, exit 1, no report and nothing written', () => {
  for (const name of ['game.txt', 'game', 'game.sgf.json']) {
    const out = path.join(dir, name);
    const run = sim(['--script', script, '--record', out]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual(['goclock sim: --record ' + out + ': the file name must end in .sgf or .csv']);
    expect(fs.existsSync(out)).toBe(false);
  }
  const bare = sim(['--script', script, '--record']);
  expect(bare.status).toBe(1);
  expect(bare.stderr).toMatch(/^goclock sim: --record needs a file name/);
});

test('a file that cannot be written: one line, exit 1', () => {
  const run = sim(['--script', script, '--record', path.join(dir, 'no-such-dir', 'game.sgf')]);
  expect(run.status).toBe(1);
  expect(run.stderr.trim()).toMatch(/^goclock sim: cannot write .*game\.sgf \(ENOENT\)$/);
});
