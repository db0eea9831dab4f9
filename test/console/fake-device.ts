/**
 * A small fake clock behind the same UART framing as a board's console, for the console page's tests until the
 * firmware's console API lands (and for what the real one cannot be made to do on cue). Bytes in are typed into a
 * REPL as Espruino's is: a line led by DLE (0x10) is neither echoed nor its value printed, any other line is echoed
 * and followed by "=value" and a ">" prompt; `print` and `Bluetooth.println` print lines ending "\r\n"; an error is
 * "Uncaught …". The line runs in a Node `vm` context holding `goclock` (FakeClock: the console API of version 1 as
 * the page's brief gives it), `process.env.CONSOLE`, `require("Storage")` (a map of files), `E.CRC32`, `load()`.
 *
 * `chatterMs` makes it print a display frame every so often, as the console board does, so that the page's reading
 * of answers among other lines is tested too.
 */
import * as vm from 'vm';
import * as zlib from 'zlib';
import { UartBackend } from './ble-standin';

type Side = 'black' | 'white';
const SIDES: Side[] = ['black', 'white'];
const other = (side: Side): Side => (side === 'black' ? 'white' : 'black');

export const LOCKED = 'locked: unlock with the arbiter\'s code';

interface SideState {
  remainingMs: number;
  phase: 'main' | 'overtime';
  periodsLeft: number | null;
  movesLeft: number | null;
  moves: number;
  flaggedAtMs: number | null;
}

export interface FakeControl {
  system: string;
  mainMs: number;
  periods?: number;
  periodMs?: number;
}

export const FAKE_PRESETS = [
  { id: 'abs-60', name: 'Absolute 60 min', control: { black: { system: 'absolute', mainMs: 3600000 }, white: { system: 'absolute', mainMs: 3600000 } } },
  { id: 'jp-10-3x30', name: 'Japanese 10 min + 3x30 s', control: { black: { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 }, white: { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 } } },
  { id: 'jp-60-5x30', name: 'Japanese 60 min + 5x30 s', control: { black: { system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 }, white: { system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 } } },
];

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** As a display shows it: "1:00:00", "59:59", "0:05". */
export function shownTime(ms: number): string {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(s / 3600);
  return h > 0 ? h + ':' + pad2(Math.floor(s / 60) % 60) + ':' + pad2(s % 60) : Math.floor(s / 60) + ':' + pad2(s % 60);
}

/** The console API of version 1 on a clock that counts in real time. */
export class FakeClock {
  v = 1;
  code = '1234';
  state: 'ready' | 'running' | 'paused' | 'over' = 'ready';
  running: Side | null = null;
  toMove: Side = 'black';
  unlocked = false;
  control: { black: FakeControl; white: FakeControl } = JSON.parse(JSON.stringify(FAKE_PRESETS[2].control));
  options: { [name: string]: unknown } = { announce: 'ru', onExpire: 'stop', firstToMove: 'black', warnings: false, breakBeforeOvertime: false };
  sides: { black: SideState; white: SideState } = { black: this.fresh('black'), white: this.fresh('white') };
  flags: Array<{ side: Side; atMs: number }> = [];
  logged: Array<{ atMs: number; side: Side | null; kind: string; text: string }> = [];
  /** Every call the page made, by name, with its arguments. */
  calls: Array<{ name: string; args: unknown[] }> = [];
  private startedAt = 0;
  private since = 0;
  private elapsedMs = 0;
  recordLines: string[] = [];

  constructor(private readonly print: (line: string) => void) {}

  private fresh(side: Side): SideState {
    const c = this.control ? this.control[side] : FAKE_PRESETS[2].control[side];
    return { remainingMs: c.mainMs, phase: 'main', periodsLeft: c.periods === undefined ? null : c.periods, movesLeft: null, moves: 0, flaggedAtMs: null };
  }

  private controlText(): string {
    const c = this.control.black;
    return Math.round(c.mainMs / 60000) + ' min' + (c.system === 'byoyomi' ? ' + ' + c.periods + 'x' + Math.round((c.periodMs || 0) / 1000) + ' s' : '');
  }

  /** Brings the running side's time up to now. */
  private tick(): void {
    const now = Date.now();
    if (this.state === 'running' && this.running) {
      const side = this.sides[this.running];
      side.remainingMs -= now - this.since;
      this.elapsedMs += now - this.since;
      if (side.remainingMs <= 0 && side.flaggedAtMs === null) this.flag(this.running);
    } else if (this.state === 'paused' || this.state === 'over') {
      // The game's clock stands still.
    }
    this.since = now;
  }

  atMs(): number {
    return this.state === 'ready' ? 0 : this.elapsedMs;
  }

  private log(side: Side | null, kind: string, text: string): void {
    this.logged.push({ atMs: this.atMs(), side: side, kind: kind, text: text });
  }

  private locked(name: string, args: unknown[]): { error: string } | null {
    this.calls.push({ name: name, args: args });
    return this.unlocked ? null : { error: LOCKED };
  }

  // ---- for the tests: the players' hands ----

  /** A press of `side`'s button: starts the game (the side not to move first), or ends `side`'s move. */
  press(side: Side): void {
    this.tick();
    if (this.state === 'ready' && side !== this.toMove) {
      this.state = 'running';
      this.running = this.toMove;
      this.startedAt = Date.now();
      this.since = this.startedAt;
      this.recordLines = ['(;GM[1]FF[4]CA[UTF-8]AP[goclock]'];
      this.log(side, 'start', 'game started');
    } else if (this.state === 'running' && this.running === side) {
      this.sides[side].moves++;
      this.recordLines.push(';' + (side === 'black' ? 'B' : 'W') + '[]' + (side === 'black' ? 'BL' : 'WL') + '[' + Math.round(this.sides[side].remainingMs / 1000) + ']');
      this.running = other(side);
      this.toMove = other(side);
      this.log(side, 'move', 'move ' + this.sides[side].moves);
    }
  }

  /** A flag falls now. */
  flag(side: Side): void {
    this.sides[side].flaggedAtMs = this.atMs();
    this.sides[side].remainingMs = 0;
    this.flags.push({ side: side, atMs: this.atMs() });
    this.log(side, 'flag', 'flag fell');
  }

  // ---- the console API ----

  status(): unknown {
    this.tick();
    const sides: { [side: string]: unknown } = {};
    for (const side of SIDES) {
      const s = this.sides[side];
      sides[side] = { shown: shownTime(s.remainingMs), phase: s.phase, remainingMs: Math.max(0, Math.round(s.remainingMs)), periodsLeft: s.periodsLeft, movesLeft: s.movesLeft, moves: s.moves, flaggedAtMs: s.flaggedAtMs };
    }
    return {
      v: 1, state: this.state, running: this.state === 'running' ? this.running : null, toMove: this.toMove, sides: sides,
      flags: this.flags.slice(), control: this.control, controlText: this.controlText(), options: this.options,
      unlocked: this.unlocked, atMs: this.atMs(),
    };
  }

  log_(from: unknown, count: unknown): unknown {
    const f = typeof from === 'number' ? from : 0;
    const n = Math.min(20, typeof count === 'number' ? count : 20);
    const newestFirst = this.logged.slice().reverse();
    return { entries: newestFirst.slice(f, f + n), total: this.logged.length };
  }

  presets(): unknown {
    return { presets: FAKE_PRESETS };
  }

  unlock(code: unknown): unknown {
    this.calls.push({ name: 'unlock', args: [code] });
    if (String(code) !== this.code) return { error: 'wrong code' };
    this.unlocked = true;
    this.log(null, 'arbiter', 'console unlocked');
    return { ok: true };
  }

  lock(): unknown {
    this.unlocked = false;
    return { ok: true };
  }

  setControl(control: unknown, options: unknown): unknown {
    const refused = this.locked('setControl', [control, options]);
    if (refused) return refused;
    if (this.state === 'running' || this.state === 'paused') return { error: 'a game is in progress: start a new game first' };
    const c = control as { black?: FakeControl; white?: FakeControl };
    if (typeof c !== 'object' || c === null || typeof c.black !== 'object' || typeof c.white !== 'object') return { error: 'control: give { black, white }' };
    if (!(typeof c.black.mainMs === 'number' && c.black.mainMs > 0)) return { error: 'control: black.mainMs must be a time above 0' };
    this.control = { black: c.black, white: c.white };
    if (options && typeof options === 'object') this.options = Object.assign({}, this.options, options);
    this.sides = { black: this.fresh('black'), white: this.fresh('white') };
    this.log(null, 'arbiter', 'control set: ' + this.controlText());
    return { ok: true };
  }

  adjust(correction: unknown): unknown {
    const refused = this.locked('adjust', [correction]);
    if (refused) return refused;
    const c = correction as { [key: string]: unknown };
    if (typeof c !== 'object' || c === null || (c.side !== 'black' && c.side !== 'white')) return { error: 'adjust: side is "black" or "white"' };
    const fields = ['deltaMs', 'remainingMs', 'periodsLeft', 'movesLeft', 'moves'].filter((f) => f in c);
    if (fields.length !== 1) return { error: 'adjust: give exactly one of deltaMs, remainingMs, periodsLeft, movesLeft, moves' };
    const value = c[fields[0]];
    if (typeof value !== 'number' || !isFinite(value)) return { error: 'adjust: ' + fields[0] + ' must be a number' };
    this.tick();
    const s = this.sides[c.side as Side];
    if (fields[0] === 'deltaMs') {
      if (s.remainingMs + value < 0) return { error: 'adjust: that would leave less than no time' };
      s.remainingMs += value;
    } else if (fields[0] === 'remainingMs') s.remainingMs = value;
    else if (fields[0] === 'periodsLeft') {
      if (s.periodsLeft === null) return { error: 'adjust: this control has no periods' };
      s.periodsLeft = value;
    } else if (fields[0] === 'movesLeft') return { error: 'adjust: this control has no moves per period' };
    else s.moves = value;
    this.log(c.side as Side, 'arbiter', 'arbiter: ' + fields[0] + ' ' + value);
    return { ok: true };
  }

  pause(): unknown {
    const refused = this.locked('pause', []);
    if (refused) return refused;
    if (this.state !== 'running') return { error: 'pause: the clock is not running' };
    this.tick();
    this.state = 'paused';
    this.log(null, 'pause', 'paused by the arbiter');
    return { ok: true };
  }

  resume(): unknown {
    const refused = this.locked('resume', []);
    if (refused) return refused;
    if (this.state !== 'paused') return { error: 'resume: the clock is not paused' };
    this.since = Date.now();
    this.state = 'running';
    this.log(null, 'resume', 'resumed by the arbiter');
    return { ok: true };
  }

  newGame(): unknown {
    const refused = this.locked('newGame', []);
    if (refused) return refused;
    this.state = 'ready';
    this.running = null;
    this.toMove = 'black';
    this.elapsedMs = 0;
    this.flags = [];
    this.sides = { black: this.fresh('black'), white: this.fresh('white') };
    this.log(null, 'arbiter', 'new game');
    return { ok: true };
  }

  record(format: unknown, game: unknown): void {
    if (format !== 'sgf' && format !== 'csv') return this.print('goclock: record: the format is "sgf" or "csv"');
    if ((game !== undefined && game !== 0) || this.recordLines.length === 0) return this.print('goclock: record: no game record');
    this.print('-----BEGIN GOCLOCK RECORD-----');
    if (format === 'sgf') {
      for (const line of this.recordLines) this.print(line);
      this.print(')');
    } else {
      this.print('move,side,remaining_s');
      this.recordLines.slice(1).forEach((line, i) => this.print(i + 1 + ',' + (line[1] === 'B' ? 'black' : 'white') + ',' + line.replace(/^.*\[(\d+)\]$/, '$1')));
    }
    this.print('-----END GOCLOCK RECORD-----');
  }
}

export interface FakeDeviceOptions {
  /** Print a display frame every this many ms (the console board does, on every change). */
  chatterMs?: number;
}

/** The fake clock behind a console: a `UartBackend` for the stand-in. */
export class FakeDevice implements UartBackend {
  readonly clock: FakeClock;
  readonly storage: { [name: string]: string } = {};
  loads = 0;
  private outputs: Array<(bytes: Buffer) => void> = [];
  private closers: Array<() => void> = [];
  private line = '';
  private readonly context: vm.Context;
  private chatter: ReturnType<typeof setInterval> | null = null;
  private gone = false;
  /** Every line typed, as typed (without DLE). */
  readonly lines: string[] = [];

  constructor(options?: FakeDeviceOptions) {
    this.clock = new FakeClock((line) => this.out(line + '\r\n'));
    const clock = this.clock;
    const api = {
      v: 1,
      status: () => clock.status(),
      log: (from: unknown, count: unknown) => clock.log_(from, count),
      presets: () => clock.presets(),
      unlock: (code: unknown) => clock.unlock(code),
      lock: () => clock.lock(),
      setControl: (control: unknown, opts: unknown) => clock.setControl(control, opts),
      adjust: (correction: unknown) => clock.adjust(correction),
      pause: () => clock.pause(),
      resume: () => clock.resume(),
      newGame: () => clock.newGame(),
      record: (format: unknown, game: unknown) => clock.record(format, game),
    };
    const storage = this.storage;
    const Storage = {
      write: (name: string, data: string, offset?: number, size?: number) => {
        if (offset === undefined || offset === 0) storage[name] = '';
        const current = storage[name] || '';
        storage[name] = current.slice(0, offset || 0).padEnd(offset || 0, '\xff') + data;
        if (size !== undefined && size < storage[name].length) throw new Error('too much data');
        return true;
      },
      read: (name: string) => (name in storage ? storage[name] : undefined),
    };
    this.context = vm.createContext({
      goclock: api,
      process: { env: { CONSOLE: 'Bluetooth' } },
      Bluetooth: { println: (text: unknown) => this.out(String(text) + '\r\n') },
      print: (...args: unknown[]) => this.out(args.map(String).join(' ') + '\r\n'),
      require: (name: string) => {
        if (name === 'Storage') return Storage;
        throw new Error('Module ' + name + ' not found');
      },
      E: { CRC32: (text: string) => zlib.crc32(Buffer.from(text, 'latin1')) | 0 },
      load: () => {
        this.loads++;
      },
      clearInterval: () => undefined,
      clearTimeout: () => undefined,
      clearWatch: () => undefined,
      setTimeout: () => 1,
    });
    if (options && options.chatterMs) {
      let n = 0;
      this.chatter = setInterval(() => {
        n++;
        this.out('+----------------+\r\n|' + shownTime(3600000 - n * 1000).padEnd(16) + '|\r\n|' + 'B        W'.padEnd(16) + '|\r\n+----------------+\r\n');
      }, options.chatterMs);
    }
  }

  private out(text: string): void {
    if (this.gone) return;
    const bytes = Buffer.from(text, 'latin1');
    setImmediate(() => {
      for (const listener of this.outputs) listener(bytes);
    });
  }

  write(bytes: Buffer): void {
    this.line += bytes.toString('latin1');
    let end = this.line.indexOf('\n');
    while (end >= 0) {
      const typed = this.line.slice(0, end).replace(/\r$/, '');
      this.line = this.line.slice(end + 1);
      this.run(typed);
      end = this.line.indexOf('\n');
    }
  }

  private run(typed: string): void {
    const quiet = typed.charAt(0) === '\x10';
    const code = quiet ? typed.slice(1) : typed;
    this.lines.push(code);
    if (!quiet) this.out(code + '\r\n');
    try {
      const value = vm.runInContext(code, this.context);
      if (!quiet) this.out('=' + (value === undefined ? 'undefined' : JSON.stringify(value)) + '\r\n>');
    } catch (error) {
      this.out('Uncaught ' + (error as Error).message + '\r\n' + (quiet ? '' : '>'));
    }
  }

  onOutput(listener: (bytes: Buffer) => void): void {
    this.outputs.push(listener);
  }

  onClose(listener: () => void): void {
    this.closers.push(listener);
  }

  async close(): Promise<void> {
    if (this.chatter) clearInterval(this.chatter);
    if (this.gone) return;
    this.gone = true;
    for (const closer of this.closers) closer();
  }
}
