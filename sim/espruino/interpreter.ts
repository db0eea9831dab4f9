/**
 * The real Espruino interpreter as a host: a Linux build of Espruino 2v29 started in a folder of its own, whose
 * `espruino.flash` file is the board's Storage. `npm run espruino`, the real-interpreter tests and the benchmark all
 * drive it through this one class.
 *
 * How the host build behaves, and what this class does about it:
 * - `espruino -e CODE` boots from `./espruino.flash` (running `.bootcde`, as a board does after a reset), then runs
 *   CODE. It exits as soon as no timer is pending, so `boot` keeps one far-off timer alive (a few JsVars).
 * - Lines written to stdin run in the REPL while the program runs; that is how the console board's buttons are
 *   pressed (`button("left", true)`). At end of input the build reads garbage as console input and never exits, so
 *   stdin stays open until `stop`, which ends with `quit()` and, if that does not end it, SIGKILL (it ignores SIGTERM).
 * - The console echoes what is typed (and keeps it in its history, which `process.memory()` reports apart from
 *   `usage` and frees when memory runs low). Echo stays on: with it off (`echo(false)`, or lines led by DLE as the
 *   espruino CLI sends them) the 2v29 host build crashes with SIGSEGV now and then while input arrives (measured:
 *   11 of 12 uploads led by DLE, 3 of 12 after `echo(false)`, none of 24 with echo on). So a marker a test waits for
 *   is built by the interpreter (`"@@"+"id"`), never typed as it will be printed.
 * - Output lines end in `\r\n`; the banner, terminal codes and prompts are stripped by `cleanOutput`.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');

/** The three builds: a fixed pool of 12,000 JsVars packed as on the ESP32, the ESP32's cap of 16,383, a growing pool. */
export type Pool = 'espruino-12k' | 'espruino-16k' | 'espruino';
export const POOLS: Pool[] = ['espruino-12k', 'espruino-16k', 'espruino'];

/** `ESPRUINO_BIN` (a folder holding the builds, or one build to use for every pool), else ../shared/espruino/bin. */
export function interpreterPath(pool: Pool): string {
  const configured = process.env.ESPRUINO_BIN;
  const place = configured ? path.resolve(configured) : path.resolve(ROOT, '..', 'shared', 'espruino', 'bin');
  const file = fs.existsSync(place) && fs.statSync(place).isFile() ? place : path.join(place, pool);
  return file;
}

/** Why the interpreter cannot run here, or null when it can. */
export function interpreterProblem(pool: Pool): string | null {
  const file = interpreterPath(pool);
  if (!fs.existsSync(file)) {
    return 'no Espruino interpreter at ' + file + ' (set ESPRUINO_BIN to the folder holding espruino-12k)';
  }
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    return file + ' is not executable';
  }
  return null;
}

/** stdout as the program printed it: no banner, no `\r`, no terminal codes, no prompts. */
export function cleanOutput(raw: string): string {
  let text = raw.replace(/\r/g, '');
  const banner = text.indexOf('http://espruino.com/Donate');
  if (banner >= 0) text = text.slice(text.indexOf('\n', banner) + 1);
  return text
    .replace(/\x1b\[J/g, '')
    .split('\n')
    .map((line) => line.replace(/^>+/, ''))
    .join('\n');
}

export interface StartOptions {
  /** The folder the interpreter runs in: its `espruino.flash` is the Storage. */
  dir: string;
  pool?: Pool;
  /** Arguments for the interpreter (default: boot from Storage, see `Interpreter.boot`). */
  args?: string[];
  /** Run it under this command line first (e.g. valgrind's), the interpreter's path and arguments appended. */
  wrapper?: string[];
  /** Called with every chunk it prints, as printed (for a live view; `output()` has it all, cleaned). */
  onOutput?: (chunk: string) => void;
}

export class Interpreter {
  private raw = '';
  private readonly child: ChildProcess;
  private exitCode: number | null | undefined = undefined;
  private signal: NodeJS.Signals | null = null;
  private readonly waiters: Array<() => void> = [];
  /** Lines typed before the REPL's first prompt: input that arrives while the build starts up can crash it. */
  private pending: Buffer[] | null = [];
  readonly exited: Promise<number | null>;

  /** Boots the board in `dir` from its Storage, as after a reset. */
  static boot(options: StartOptions): Interpreter {
    // The timer keeps the host build alive while a clock waits in "ready" with no timer of its own.
    const keepAlive = 'setTimeout(function(){},2147483647);';
    return new Interpreter(Object.assign({}, options, { args: ['-e', keepAlive] }));
  }

  constructor(options: StartOptions) {
    const pool = options.pool || 'espruino-12k';
    const problem = interpreterProblem(pool);
    if (problem) throw new Error(problem);
    const command = (options.wrapper || []).concat([interpreterPath(pool)], options.args || []);
    this.child = spawn(command[0], command.slice(1), { cwd: options.dir, stdio: ['pipe', 'pipe', 'pipe'] });
    const onOutput = options.onOutput;
    const append = (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      this.raw += text;
      if (onOutput) onOutput(text);
      if (this.pending !== null && /(^|\n)>/.test(this.raw)) {
        const lines = this.pending;
        this.pending = null;
        for (const bytes of lines) this.child.stdin!.write(bytes);
      }
      this.wake();
    };
    this.child.stdout!.on('data', append);
    this.child.stderr!.on('data', append);
    this.child.stdin!.on('error', () => undefined); // the interpreter may have quit; its exit says so
    this.exited = new Promise((resolve) => {
      this.child.on('close', (code, signal) => {
        this.signal = signal;
        this.exitCode = code;
        this.wake();
        resolve(code);
      });
    });
  }

  private wake(): void {
    const waiting = this.waiters.splice(0, this.waiters.length);
    for (const waiter of waiting) waiter();
  }

  /** Everything printed so far, cleaned (see `cleanOutput`). */
  output(): string {
    return cleanOutput(this.raw);
  }

  running(): boolean {
    return this.exitCode === undefined;
  }

  /**
   * Types one line into the REPL (held back until its first prompt): as a terminal types it (UTF-8), or with
   * `latin1` a byte a character, as the espruino CLI sends an upload stream (pretokenised code holds bytes 128–255).
   */
  send(line: string, encoding?: 'latin1'): void {
    const bytes = Buffer.from(line + '\n', encoding || 'utf8');
    if (this.pending !== null) this.pending.push(bytes);
    else if (this.running()) this.child.stdin!.write(bytes);
  }

  /** Waits until `test(output)` holds; rejects after `timeoutMs` or when the interpreter exits first. */
  waitFor(test: (output: string) => boolean, timeoutMs: number, what?: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('timed out after ' + timeoutMs + ' ms waiting for ' + (what || 'output') + '; output:\n' + this.tail()));
      }, timeoutMs);
      const check = () => {
        if (test(this.output())) {
          clearTimeout(timer);
          resolve();
        } else if (!this.running()) {
          clearTimeout(timer);
          reject(new Error('the interpreter exited (' + (this.signal || this.exitCode) + ') before ' + (what || 'output') + '; output:\n' + this.tail()));
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** A line that prints `marker` when it runs: the echo of the line itself does not contain it. */
  static printMarker(marker: string): string {
    return 'print("' + marker.slice(0, 2) + '"+"' + marker.slice(2) + '");';
  }

  /** Waits until `text` has been printed `count` times (default once). */
  waitForText(text: string, timeoutMs: number, count?: number): Promise<void> {
    const times = count || 1;
    return this.waitFor((out) => out.split(text).length - 1 >= times, timeoutMs, JSON.stringify(text));
  }

  /** Evaluates `expression` in the interpreter and resolves with what it prints as one marked line. */
  async evaluate(expression: string, timeoutMs?: number): Promise<string> {
    const id = Math.random().toString(36).slice(2);
    const marker = '@@' + id + '@@';
    this.send('print("@@"+"' + id + '@@"+(' + expression + '));');
    const whole = (out: string) => out.indexOf(marker) >= 0 && out.indexOf('\n', out.indexOf(marker)) >= 0;
    await this.waitFor(whole, timeoutMs || 10000, 'the value of ' + expression);
    const out = this.output();
    const from = out.indexOf(marker) + marker.length;
    return out.slice(from, out.indexOf('\n', from));
  }

  /** `process.memory()` as the interpreter reports it. */
  async memory(): Promise<{ usage: number; free: number; total: number }> {
    return JSON.parse(await this.evaluate('JSON.stringify(process.memory())'));
  }

  /** The last lines printed, for error messages. */
  tail(lines?: number): string {
    return this.output().split('\n').slice(-(lines || 40)).join('\n');
  }

  /** Ends the run with `quit()` (SIGKILL after `graceMs`) and resolves with everything printed. */
  async stop(graceMs?: number): Promise<string> {
    if (this.running()) {
      this.send('quit()');
      const killer = setTimeout(() => this.child.kill('SIGKILL'), graceMs || 5000);
      await this.exited;
      clearTimeout(killer);
    }
    return this.output();
  }

  /** Ends the run at once. */
  kill(): void {
    if (this.running()) this.child.kill('SIGKILL');
  }
}

/** Lines that say the firmware failed: an uncaught error, or an interpreter error or out-of-memory report. */
export function failureLines(output: string): string[] {
  // (Lines a test printed itself, marked "@@", are not the firmware's.)
  return output.split('\n').filter((line) => !line.startsWith('@@') && /Uncaught|ERROR|Out of Memory|MEMORY|Execution Interrupted/.test(line));
}
