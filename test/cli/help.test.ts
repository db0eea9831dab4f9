/**
 * Every command of package.json answers `--help` and `-h` as a person types it (`npm start -- --help`,
 * `npm run sim -- -h`, …): its usage and options on stdout, nothing on stderr, exit 0 — and nothing else done (the
 * bench measures nothing, mutate mutates nothing, the servers do not listen: each would outlast the timeout). The
 * usage names exactly the command's real options: every option its parser takes, and no other.
 */
import { spawn } from 'child_process';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');

interface Command {
  /** The npm script. */
  script: string;
  /** How its usage line starts. */
  usage: string;
  /** Every `--option` the command takes, as its parser spells it. */
  options: string[];
}

const COMMANDS: Command[] = [
  { script: 'start', usage: 'usage: npm start -- [options]', options: ['--board', '--control', '--speed', '--storage', '--bell', '--voice', '--exit-after', '--help'] },
  { script: 'sim', usage: 'usage: npm run sim -- --script FILE.json', options: ['--script', '--record', '--help'] },
  { script: 'sim:web', usage: 'usage: npm run sim:web --', options: ['--port', '--host', '--out', '--no-voice', '--help'] },
  { script: 'demo', usage: 'usage: npm run demo', options: ['--help'] },
  { script: 'espruino', usage: 'usage: npm run espruino --', options: ['--board', '--pool', '--storage', '--fresh', '--repl', '--help'] },
  { script: 'record', usage: 'usage: npm run record --', options: ['--port', '--out', '--format', '--game', '--baud', '--help'] },
  { script: 'voice', usage: 'usage: npm run voice --', options: ['--lang', '--out', '--jobs', '--help'] },
  { script: 'console', usage: 'usage: npm run console --', options: ['--port', '--host', '--out', '--help'] },
  { script: 'flash', usage: 'usage: npm run flash --', options: ['--port', '--board', '--baud', '--output', '--board-json', '--out-dir', '--no-build', '--dry-run', '--help'] },
  { script: 'mutate', usage: 'usage: npm run mutate --', options: ['--incremental', '--report-only', '--help'] },
  { script: 'bench', usage: 'usage: npm run bench --', options: ['--games', '--race-games', '--jobs', '--seed', '--out', '--update', '--docs', '--help'] },
];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function npm(script: string, flag: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', flag], { cwd: ROOT, env: Object.assign({}, process.env, { NO_COLOR: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('npm run ' + script + ' -- ' + flag + ' still running after 30 s (did it start instead of printing its usage?)'));
    }, 30000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** The options a text names: every `--word` (the options of the usage, the examples' too). */
function optionsNamed(text: string): string[] {
  const found = text.match(/(?<![\w-])--[a-z][a-z0-9-]*/g) || [];
  return Array.from(new Set(found)).sort();
}

// Two at a time (the machine's cores): every command started once per spelling, the answers awaited by the tests.
const runs = new Map<string, Promise<Run>>();
const lanes: Promise<unknown>[] = [Promise.resolve(), Promise.resolve()];
COMMANDS.forEach((command, i) => {
  for (const flag of ['--help', '-h']) {
    const lane = (i * 2 + (flag === '-h' ? 1 : 0)) % lanes.length;
    const run = lanes[lane].then(() => npm(command.script, flag));
    lanes[lane] = run.catch(() => undefined);
    runs.set(command.script + ' ' + flag, run);
  }
});
const allDone = Promise.all(lanes);

afterAll(() => allDone);

describe.each(COMMANDS)('npm run $script', (command) => {
  test.each(['--help', '-h'])('%s: the usage and every option, exit 0', async (flag) => {
    const run = await runs.get(command.script + ' ' + flag)!;
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(command.usage);
    expect(optionsNamed(run.stdout)).toEqual(command.options.slice().sort());
    expect(run.stdout).toMatch(/(^|\n) {2}--help, -h +this text\n/);
  }, 120000);
});
