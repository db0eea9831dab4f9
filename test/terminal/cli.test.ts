/**
 * The real command (`tsx sim/terminal/terminal.ts`, what `npm start` runs) as a child process: keys on stdin through a pipe
 * (frames printed as text), and under a pseudo-terminal with script(1) (raw keys, the full screen, the terminal
 * given back on Ctrl-C and on an uncaught error). These spawn processes, so they are few.
 */
import { spawn, spawnSync } from 'child_process';
import * as path from 'path';
import { ENTER_SCREEN, LEAVE_SCREEN } from '../../sim/terminal/terminal-tty';

const ROOT = path.resolve(__dirname, '..', '..');
const TSX = 'node node_modules/.bin/tsx sim/terminal/terminal.ts';
jest.setTimeout(20000);

interface Step {
  /** Write when the output so far contains this (at once when absent). */
  after?: string;
  write: string;
}

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` and `args`, writing each step's keys once its marker is in the output; stdin ends after the last. */
function run(command: string, args: string[], steps: Step[], env?: NodeJS.ProcessEnv, endInput = true): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    let next = 0;
    const feed = (): void => {
      while (next < steps.length && (steps[next].after === undefined || stdout.indexOf(steps[next].after as string) >= 0)) {
        child.stdin.write(steps[next++].write);
        if (next === steps.length && endInput) child.stdin.end();
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      feed();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('timed out; stdout so far:\n' + stdout + '\nstderr:\n' + stderr));
    }, 15000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code, stdout: stdout, stderr: stderr });
    });
    feed();
  });
}

/** The frames printed in the pipe's text output: their status line and their two rows. */
function printedFrames(stdout: string): { status: string; rows: string[] }[] {
  const lines = stdout.split('\n');
  const frames: { status: string; rows: string[] }[] = [];
  for (let i = 0; i + 3 < lines.length; i++) {
    if (lines[i].startsWith('[') && lines[i + 1].startsWith('┌')) frames.push({ status: lines[i], rows: [lines[i + 2], lines[i + 3]] });
  }
  return frames;
}

describe('through a pipe: keys on stdin, frames as text', () => {
  test('a press starts the clock, the frame changes, a chord pauses it, q quits with 0', async () => {
    // ×5: the three seconds between the press and the chord are 0.6 s here, time for frames even on a busy machine.
    const result = await run('sh', ['-c', TSX + ' --speed 5 --exit-after 15000 --control 10m'], [{ write: 'l...\n \n..q\n' }]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const frames = printedFrames(result.stdout);
    expect(frames[0].rows).toEqual(['│10:00      10:00│', '│B first        W│']);
    expect(result.stdout).toContain(' white start: black to move\n');
    const running = frames.filter((f) => f.rows[1] === '│#0     ◀      #0│');
    expect(running.length).toBeGreaterThanOrEqual(2);
    expect(new Set(running.map((f) => f.rows[0])).size).toBeGreaterThanOrEqual(2); // the time went down
    expect(result.stdout).toMatch(/ arbiter pause: black to move\n/);
    expect(frames[frames.length - 1].rows[1]).toBe('│PAUSE  ‖      #0│');
    expect(frames[frames.length - 1].status).toMatch(/paused: Black runs on resume$/);
    expect(result.stdout).toMatch(/goclock: quit \(q\) at game time 0:0\d\.\d\n$/);
  });

  test('--exit-after stops it by itself (clock time, speed included); a bad --control is one line and exit 1', async () => {
    // (That the speed is applied is limits.test.ts's --speed 10000 test, whose 10 min would outlast its timeout.)
    const result = await run('sh', ['-c', TSX + ' --speed 20 --exit-after 15000 --control 1m+3x10s'], [{ write: 'l' }], {}, false);
    expect(result.code).toBe(0);
    // Quits when clock time reaches 15 s (a busy host may be a few ms late: ×20 makes that a tenth or two). Game
    // time counts from the start press, which came once the key was read: a little less, and the clock shown agrees.
    const quit = /goclock: quit \(--exit-after 15000 ms\) at game time 0:(\d\d)\.(\d)\n$/.exec(result.stdout);
    expect(quit).not.toBeNull();
    const gameMs = Number((quit as RegExpExecArray)[1]) * 1000 + Number((quit as RegExpExecArray)[2]) * 100;
    expect(gameMs).toBeGreaterThanOrEqual(10000);
    expect(gameMs).toBeLessThanOrEqual(15900);
    const frames = printedFrames(result.stdout);
    const black = /^│0:(\d\d) /.exec(frames[frames.length - 1].rows[0]);
    expect(black && Number(black[1])).toBe(Math.ceil((60000 - gameMs - 99) / 1000)); // 1 min, less the game time (to the tenth below)
    const bad = spawnSync('sh', ['-c', TSX + ' --control 60m+5x'], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe('goclock: --control "60m+5x": expected a time (e.g. 30s) after "60m+5x"\n');
  });
});

const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
const ptyTest = hasScript ? test : test.skip;

/** `stty -a` says the line discipline is cooked and echoing again (raw mode left). */
function saneTerminal(sttyOutput: string): boolean {
  return /(^|[\s;])icanon([\s;]|$)/.test(sttyOutput) && !/-icanon/.test(sttyOutput) && /(^|[\s;])echo([\s;]|$)/.test(sttyOutput);
}

describe('under a pseudo-terminal (script -qfec)', () => {
  const command = (extra: string): string =>
    'stty cols 100 rows 30; ' + TSX + ' --speed 20 --control 10m' + extra + '; echo "[exit $?]"; stty -a';

  ptyTest('raw keys drive the full screen; Ctrl-C gives the terminal back (alternate screen left, cursor shown, cooked mode) and exits 0', async () => {
    const result = await run('script', ['-qfec', command(''), '/dev/null'], [
      { after: 'B first', write: 'l' },
      { after: 'white start', write: ' ' },
      { after: 'PAUSE', write: '\x03' },
    ]);
    const out = result.stdout;
    expect(out).toContain('[exit 0]');
    const enter = out.indexOf(ENTER_SCREEN);
    const leave = out.indexOf(LEAVE_SCREEN);
    expect(enter).toBeGreaterThanOrEqual(0);
    expect(leave).toBeGreaterThan(enter);
    // Keys acted without Enter (raw mode) and the screen was drawn in place: rows addressed by cursor position.
    expect(out.substring(enter, leave)).toMatch(/\x1b\[\d+;1H  │PAUSE  ‖      #0│/);
    expect(out.substring(enter, leave)).toContain('keys  a ←');
    // After leaving: the last frame and why it ended, then a sane terminal.
    expect(out.substring(leave)).toMatch(/│PAUSE  ‖      #0│\r?\n└─+┘\r?\ngoclock: quit \(Ctrl-C\) at game time/);
    expect(saneTerminal(out.substring(out.indexOf('[exit 0]')))).toBe(true);
  });

  ptyTest('an uncaught error: the terminal is given back first, then the error is printed, exit 1', async () => {
    const fixture = path.join(__dirname, 'fixtures', 'throw-later.cjs');
    const result = await run('script', ['-qfec', command(''), '/dev/null'], [], {
      NODE_OPTIONS: '--require ' + fixture,
      GOCLOCK_TEST_THROW_MS: '800',
    });
    const out = result.stdout;
    const enter = out.indexOf(ENTER_SCREEN);
    const leave = out.indexOf(LEAVE_SCREEN);
    const error = out.indexOf('goclock: uncaught error: Error: boom (a test error)');
    expect(enter).toBeGreaterThanOrEqual(0);
    expect(leave).toBeGreaterThan(enter);
    expect(error).toBeGreaterThan(leave);
    expect(out).toContain('[exit 1]');
    expect(saneTerminal(out.substring(out.indexOf('[exit 1]')))).toBe(true);
  });
});
