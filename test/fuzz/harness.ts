/**
 * Shared pieces of the fuzz and soak tests: a storage that reports every journal append, a mirror of the journal
 * that knows what a reset must bring back at every record, the invariants checked after every edge and wake-up, a
 * timer wrapper that sees what the runtime asked of its one timer, and small random controls.
 *
 * FUZZ_SCALE=n runs every property n times as long (a deeper search than the default quick run).
 */
import fc from 'fast-check';
import { ButtonName } from '../../hal/hal';
import { GameControl, TimeControl } from '../../firmware/clock/control';
import { ClockOptions } from '../../firmware/clock/options';
import { ClockState } from '../../firmware/clock/clock-types';
import { createClock } from '../../firmware/clock/clock';
import { view, ClockView } from '../../firmware/display/view';
import { renderLcd } from '../../firmware/display/render-lcd';
import { JOURNAL_FILES, JOURNAL_RECORD, UNDO_DEPTH } from '../../firmware/storage/game-journal';
import { stateFromSnapshot, StateSnapshot } from '../../firmware/clock/clock-snapshot';
import { defaultSettings, saveSettings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { Runtime } from '../../firmware/runtime/runtime';
import { MemoryStorage, VirtualHal } from '../../sim/virtual-hal';
import { Side } from '../../firmware/clock/side';

export const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE || 1));

export const SIDES: Side[] = ['black', 'white'];

/** A storage that tells a listener about every append (the journal's only way to grow). */
export class SpyStorage extends MemoryStorage {
  onAppend: ((name: string, data: string) => void) | null = null;
  append(name: string, data: string): boolean {
    const ok = super.append(name, data);
    if (this.onAppend) this.onAppend(name, data);
    return ok;
  }
}

export function copyOf(storage: MemoryStorage): MemoryStorage {
  const copy = new MemoryStorage();
  copy.records = Object.assign({}, storage.records);
  return copy;
}

export interface StoredSettings {
  control?: GameControl;
  options?: Partial<ClockOptions>;
  leftSide?: Side;
  sound?: boolean;
  volume?: number;
}

export function storageWith<S extends MemoryStorage>(storage: S, settings: StoredSettings): S {
  const chosen = defaultSettings();
  if (settings.control) chosen.control = parseGameControl(settings.control);
  if (settings.options) chosen.options = Object.assign({}, chosen.options, settings.options);
  if (settings.leftSide) chosen.leftSide = settings.leftSide;
  if (settings.sound !== undefined) chosen.sound = settings.sound;
  if (settings.volume !== undefined) chosen.volume = settings.volume;
  saveSettings(storage, chosen);
  return storage;
}

/** What a reset must bring back: everyone's times, periods, moves and flags, whose turn it is, and the status. */
export interface Times {
  status: string;
  toMove: Side;
  sides: unknown[];
  flags: unknown;
}

/** Whether the log goes back in time anywhere. */
export function logGoesBack(runtime: Runtime): boolean {
  const log = runtime.log();
  for (let i = 1; i < log.length; i++) if (log[i].atMs < log[i - 1].atMs) return true;
  return false;
}

export function times(v: ClockView): Times {
  const side = (s: ClockView['sides']['black']) => [s.phase, s.remainingMs, s.graceMs, s.inBreak, s.periodsLeft, s.movesLeft, s.moves, s.flaggedAtMs, s.overdueMs];
  return {
    // A running game comes back paused.
    status: v.status === 'running' ? 'paused' : v.status,
    toMove: v.toMove,
    sides: [side(v.sides.black), side(v.sides.white)],
    flags: JSON.parse(JSON.stringify(v.flags)),
  };
}

/**
 * The journal as `restoreGame` will read it, kept record by record while the runtime writes it: after each
 * record, the times the game had when that record was written (its state viewed at the record's instant). Undo
 * records take entries back exactly as the restore does; a header starts afresh.
 */
export class JournalMirror {
  /** null: no game header yet. */
  stack: { times: Times; atMs: number }[] | null = null;
  records = 0;
  /** Per record (in order): the expected times after it (null: no game). */
  history: (Times | null)[] = [];
  /** Byte offset of the end of each record in the journal text. */
  ends: number[] = [];
  private length = 0;

  /** `keepHistory` false: only the latest expectation is kept (the soak, where the history would be most of the heap). */
  constructor(private state: () => ClockState | undefined, private keepHistory = true) {}

  attach(storage: SpyStorage): void {
    const existing = storage.read(JOURNAL_RECORD);
    this.length = existing === undefined ? 0 : existing.length;
    storage.onAppend = (name, data) => {
      if (JOURNAL_FILES.indexOf(name) >= 0) this.onRecord(data);
    };
  }

  private onRecord(data: string): void {
    const text = data.slice(1, data.lastIndexOf('*'));
    const record = JSON.parse(text) as { v?: unknown; t?: number; u?: number; l?: unknown; p?: unknown[]; k?: number; s?: StateSnapshot; control?: unknown; options?: unknown };
    if (record.v !== undefined) {
      // A new game or a compaction's snapshot, in a file erased just before: offsets start again
      this.length = 0;
      this.history = [];
      this.ends = [];
      const fresh = createClock(record.control as GameControl, record.options as Partial<ClockOptions>);
      const start = record.s === undefined ? fresh : stateFromSnapshot(record.s, fresh.controls, fresh.options);
      const atMs = record.s === undefined ? 0 : (record.t as number);
      this.stack = [{ times: times(view(start, atMs)), atMs: atMs }];
      this.logToCome = record.k || 0;
    } else if (record.l !== undefined || record.p !== undefined) {
      // a snapshot's log (format 3: several packed entries to a record, `p`; format 2: one entry, `l`): no change to the times
      this.logToCome -= Array.isArray(record.p) ? record.p.length : 1;
    } else if (record.u !== undefined) {
      if (this.stack && record.u >= 1 && record.u <= UNDO_DEPTH && record.u < this.stack.length) this.stack.splice(this.stack.length - record.u, record.u);
    } else if (record.t !== undefined && this.stack) {
      const now = this.state();
      if (now === undefined) throw new Error('a journal event record before the runtime exists');
      this.stack.push({ times: times(view(now, record.t)), atMs: record.t });
      if (this.stack.length > UNDO_DEPTH + 1) this.stack.shift();
    }
    this.length += data.length;
    this.records++;
    if (this.keepHistory) {
      this.history.push(this.expected());
      this.ends.push(this.length);
    }
  }

  /** A snapshot's log records still to come: until they are all there, the file is incomplete and holds no game. */
  private logToCome = 0;

  expected(): Times | null {
    return this.stack === null || this.logToCome > 0 ? null : this.stack[this.stack.length - 1].times;
  }
}

/** What the runtime last asked of its one timer. */
export interface TimerWatch {
  /** 'start' with the instant asked for, 'stop', or nothing yet. */
  last: { kind: 'start'; atMs: number; missed: boolean } | { kind: 'stop' } | null;
  starts: number;
}

/**
 * Wraps the HAL's timer so that the test sees every request, runs `afterWake` after every firing (the wake-up's
 * invariants), and stops a runaway (the runtime re-arming at one instant over and over).
 */
export function watchTimer(hal: VirtualHal, afterWake: () => void): TimerWatch {
  const watch: TimerWatch = { last: null, starts: 0 };
  const inner = hal.timer;
  let sameInstant = 0;
  let lastWakeAt = -1;
  hal.timer = {
    start(atMs: number, onFire: () => void) {
      watch.starts++;
      inner.start(atMs, () => {
        const now = hal.nowMs();
        sameInstant = now === lastWakeAt ? sameInstant + 1 : 0;
        lastWakeAt = now;
        if (sameInstant > 200) throw new Error('runaway timer: more than 200 wake-ups at ' + now + ' ms');
        onFire();
        afterWake();
      });
      const pending = hal.pendingTimerMs();
      watch.last = { kind: 'start', atMs: atMs, missed: pending === null };
    },
    stop() {
      inner.stop();
      watch.last = { kind: 'stop' };
    },
  };
  return watch;
}

/** The firmware's display contract: printable ASCII but "\" and "~", and the glyph codes 0-7. */
export function displayProblem(lines: string[], columns = 16, rows = 2): string | null {
  if (lines.length !== rows) return rows + ' rows expected, got ' + lines.length + ': ' + JSON.stringify(lines);
  for (const line of lines) {
    if (line.length !== columns) return 'a row of ' + line.length + ' characters: ' + JSON.stringify(line);
    for (let i = 0; i < line.length; i++) {
      const code = line.charCodeAt(i);
      if (!(code < 8 || (code >= 0x20 && code <= 0x7d && code !== 0x5c))) return 'character code ' + code + ' in ' + JSON.stringify(line);
    }
  }
  return null;
}

/** The side to move runs exactly while running; no count or time is negative or fractional. */
export function viewProblem(v: ClockView): string | null {
  if (v.running !== (v.status === 'running' ? v.toMove : null)) return 'running ' + v.running + ' with status ' + v.status + ', ' + v.toMove + ' to move';
  if (SIDES.indexOf(v.toMove) < 0) return 'toMove ' + JSON.stringify(v.toMove);
  for (const s of SIDES) {
    const x = v.sides[s];
    const fields: { [name: string]: number | null } = {
      remainingMs: x.remainingMs, graceMs: x.graceMs, periodsLeft: x.periodsLeft, movesLeft: x.movesLeft, moves: x.moves, overdueMs: x.overdueMs,
    };
    for (const name of Object.keys(fields)) {
      const value = fields[name];
      if (value !== null && !(Number.isInteger(value) && value >= 0)) return s + '.' + name + ' = ' + value;
    }
    if (x.flaggedAtMs !== null && !(x.flaggedAtMs >= 0)) return s + '.flaggedAtMs = ' + x.flaggedAtMs;
  }
  return null;
}

/**
 * The invariants of a runtime between two inputs; throws with what broke. `logOrder` false leaves out only the
 * check that the log never goes back in time.
 */
export function checkRuntime(hal: VirtualHal, runtime: Runtime, watch: TimerWatch | null, logLimit: number, where: string, logOrder = true): void {
  const fail = (message: string): never => {
    throw new Error(where + ' at ' + hal.nowMs() + ' ms: ' + message);
  };
  const v = runtime.view();
  const problem = viewProblem(v);
  if (problem) fail(problem);
  const stateProblem = viewProblem(view(runtime.state(), runtime.state().atMs));
  if (stateProblem) fail('committed state: ' + stateProblem);
  const shown = displayProblem(hal.display.lines);
  if (shown) fail('display: ' + shown);
  const rendered = displayProblem(renderLcd(runtime.screen(), 16, 2));
  if (rendered) fail('renderLcd(screen()): ' + rendered);
  const log = runtime.log();
  if (log.length > logLimit) fail('log of ' + log.length + ' entries, limit ' + logLimit);
  for (let i = 1; i < log.length && logOrder; i++) {
    if (log[i].atMs < log[i - 1].atMs) fail('the log goes back in time: ' + JSON.stringify(log.slice(Math.max(0, i - 3), i + 1).map((e) => e.atMs + ' ' + e.text)));
  }
  if (watch && v.status === 'running') {
    const last = watch.last;
    if (last === null || last.kind !== 'start') fail('running with no timer set (last request: ' + JSON.stringify(last) + ')');
    else if (!last.missed) {
      const pending = hal.pendingTimerMs();
      if (pending === null) fail('running, and the timer asked for at ' + last.atMs + ' is not pending');
      else if (pending < hal.nowMs()) fail('pending timer ' + pending + ' is in the past');
    }
  }
}

// ---------------------------------------------------------------- random controls and settings

const mainArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 20000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 90 }).map((s) => s * 1000) },
  { weight: 1, arbitrary: fc.integer({ min: 90001, max: 400000 }) },
);
const periodArb = fc.oneof(fc.integer({ min: 1, max: 10 }).map((s) => s * 1000), fc.integer({ min: 200, max: 15000 }));
const smallArb = (max: number) => fc.oneof(fc.constant(0), fc.integer({ min: 0, max: max }));

export const controlArb: fc.Arbitrary<TimeControl> = fc.oneof(
  mainArb.map((mainMs): TimeControl => ({ system: 'absolute', mainMs })),
  fc.record({ mainMs: fc.oneof(fc.constant(0), mainArb), periods: fc.integer({ min: 1, max: 3 }), periodMs: periodArb })
    .map((r): TimeControl => ({ system: 'byoyomi', mainMs: r.mainMs, periods: r.periods, periodMs: r.periodMs })),
  fc.record({ mainMs: fc.oneof(fc.constant(0), mainArb), moves: fc.integer({ min: 1, max: 3 }), periodMs: periodArb })
    .map((r): TimeControl => ({ system: 'canadian', mainMs: r.mainMs, moves: r.moves, periodMs: r.periodMs })),
  fc.record({ mainMs: mainArb, incrementMs: smallArb(5000), cap: fc.option(smallArb(5000)) })
    .map((r): TimeControl => (r.cap === null ? { system: 'fischer', mainMs: r.mainMs, incrementMs: r.incrementMs } : { system: 'fischer', mainMs: r.mainMs, incrementMs: r.incrementMs, capMs: r.mainMs + r.cap })),
  fc.record({ mainMs: mainArb, delayMs: smallArb(5000) }).map((r): TimeControl => ({ system: 'bronstein', mainMs: r.mainMs, delayMs: r.delayMs })),
  fc.record({ mainMs: mainArb, delayMs: smallArb(5000) }).map((r): TimeControl => ({ system: 'delay', mainMs: r.mainMs, delayMs: r.delayMs })),
  mainArb.map((mainMs): TimeControl => ({ system: 'hourglass', mainMs })),
  fc.array(fc.record({ moves: fc.integer({ min: 1, max: 3 }), ms: fc.integer({ min: 1, max: 15000 }) }), { minLength: 1, maxLength: 3 })
    .map((stages): TimeControl => ({ system: 'stages', stages })),
);

export const gameControlArb: fc.Arbitrary<GameControl> = fc.oneof(
  { weight: 3, arbitrary: controlArb },
  { weight: 1, arbitrary: fc.record({ black: controlArb, white: controlArb }) },
);

export const optionsArb: fc.Arbitrary<Partial<ClockOptions>> = fc.record(
  {
    announce: fc.constantFrom('ru', 'jp', 'beep', 'off') as fc.Arbitrary<ClockOptions['announce']>,
    onExpire: fc.constantFrom('stop', 'pass', 'continue') as fc.Arbitrary<ClockOptions['onExpire']>,
    firstToMove: fc.constantFrom<Side>('black', 'white'),
    warnings: fc.boolean(),
    breakBeforeOvertime: fc.boolean(),
  },
  { requiredKeys: [] },
);

export interface Setup {
  control: GameControl;
  options: Partial<ClockOptions>;
  leftSide: Side;
  sound: boolean;
}

export const setupArb: fc.Arbitrary<Setup> = fc.record({
  control: gameControlArb,
  options: optionsArb,
  leftSide: fc.constantFrom<Side>('black', 'white'),
  sound: fc.boolean(),
});

/** The button of `side` under these settings. */
export function buttonOf(runtime: Runtime, side: Side): ButtonName {
  return runtime.settings().leftSide === side ? 'left' : 'right';
}
