/**
 * An independent reference model of docs/time-systems.md, written from the contract rather than from the core's code: each
 * side's time is plain numbers that run down by the running time handed to `advanceTo`, with every boundary
 * (count, warning, end of main time, end of a period, break end, flag) handled at the instant the time reaches it.
 *
 * Where the docs are silent the model follows the decisions documented in the core's comments (count texts, the
 * arbiter's corrections in adjust.ts, "straight into byo-yomi" when main time is 0, warnings once per game).
 * Validity of a new control (an adjustment) is the only thing taken from firmware/ (controlError): what a valid
 * control is, is not what these properties test.
 */
import { GameControl, TimeControl } from '../../firmware/clock/control';
import { controlError } from '../../firmware/clock/control-validate';

export type Side = 'black' | 'white';
export const SIDES: Side[] = ['black', 'white'];
export function other(side: Side): Side {
  return side === 'black' ? 'white' : 'black';
}

/** A 3-minute break before byo-yomi (tournament regulations 3.17.3; docs/time-systems.md). */
export const BREAK_MS = 180000;
const MAX_MS = 400 * 86400000;

export interface Opts {
  announce: 'ru' | 'jp' | 'beep' | 'off';
  onExpire: 'stop' | 'pass' | 'continue';
  firstToMove: Side;
  warnings: boolean;
  breakBeforeOvertime: boolean;
}

export const MODEL_DEFAULTS: Opts = { announce: 'ru', onExpire: 'stop', firstToMove: 'black', warnings: false, breakBeforeOvertime: false };

export interface MSide {
  phase: 'main' | 'overtime';
  remainingMs: number;
  graceMs: number;
  inBreak: boolean;
  periodsLeft: number | null;
  movesLeft: number | null;
  moves: number;
  flaggedAtMs: number | null;
  overdueMs: number;
  /** Hidden facts (not in the view). */
  breakTaken: boolean;
  warned: string[];
}

export type MEffect =
  | { type: 'announce'; atMs: number; side: Side; text: string; kind: string }
  | { type: 'flag'; atMs: number; side: Side }
  | { type: 'pass'; atMs: number; side: Side }
  | { type: 'period'; atMs: number; side: Side; periodsLeft: number };

export interface MSideView {
  phase: 'main' | 'overtime';
  remainingMs: number;
  graceMs: number;
  inBreak: boolean;
  periodsLeft: number | null;
  movesLeft: number | null;
  moves: number;
  flaggedAtMs: number | null;
  overdueMs: number;
  running: boolean;
}

export interface MView {
  atMs: number;
  status: 'ready' | 'running' | 'paused' | 'over';
  running: Side | null;
  toMove: Side;
  sides: { black: MSideView; white: MSideView };
  flags: { side: Side; atMs: number }[];
}

export interface Point {
  leftMs: number;
  text: string;
}

/** The announcement profiles (docs/time-systems.md), as points of time left in a period. Strictly inside the period. */
export function modelCountPoints(profile: string, periodMs: number): Point[] {
  const pts: Point[] = [];
  if (profile === 'ru') {
    // half the period when that is above 10 s (said as whole seconds left), then 10, 5, 4, 3, 2, 1
    const half = Math.floor(periodMs / 2 / 1000);
    if (half > 10) pts.push({ leftMs: half * 1000, text: String(half) });
    for (const s of [10, 5, 4, 3, 2, 1]) pts.push({ leftMs: s * 1000, text: String(s) });
  } else if (profile === 'jp') {
    // count up: 10, 20, ... each 10 s elapsed, then 1 ... 9 in the last ten seconds
    for (let e = 10; e * 1000 <= periodMs - 10000; e += 10) pts.push({ leftMs: periodMs - e * 1000, text: String(e) });
    for (let k = 1; k <= 9; k++) pts.push({ leftMs: (10 - k) * 1000, text: String(k) });
  } else if (profile === 'beep') {
    pts.push({ leftMs: 10000, text: 'double beep' });
    for (let s = 5; s >= 1; s--) pts.push({ leftMs: s * 1000, text: 'beep' });
  }
  return pts.filter((p) => p.leftMs > 0 && p.leftMs < periodMs).sort((a, b) => b.leftMs - a.leftMs);
}

const WARNINGS: Point[] = [
  { leftMs: 300000, text: '5 minutes' },
  { leftMs: 60000, text: '1 minute' },
  { leftMs: 10000, text: '10 seconds' },
];

function hasOvertime(c: TimeControl): c is Extract<TimeControl, { system: 'byoyomi' | 'canadian' }> {
  return c.system === 'byoyomi' || c.system === 'canadian';
}

/** Stages: the time added after the side's `moves`-th move (the next stage's time; the last stage repeats). */
export function modelStageBonus(stages: { moves: number; ms: number }[], moves: number): number {
  let end = 0;
  for (let i = 0; i < stages.length; i++) {
    end += stages[i].moves;
    if (moves === end) return i + 1 < stages.length ? stages[i + 1].ms : stages[i].ms;
  }
  if (moves <= end) return 0;
  const last = stages[stages.length - 1];
  return (moves - end) % last.moves === 0 ? last.ms : 0;
}

function copy<T>(x: T): T {
  return JSON.parse(JSON.stringify(x));
}

function fresh(c: TimeControl, carried?: MSide): MSide {
  const mainMs = c.system === 'stages' ? c.stages[0].ms : c.mainMs;
  const straight = hasOvertime(c) && mainMs === 0;
  return {
    phase: straight ? 'overtime' : 'main',
    remainingMs: straight && hasOvertime(c) ? c.periodMs : mainMs,
    graceMs: 0,
    inBreak: false,
    periodsLeft: c.system === 'byoyomi' ? c.periods : null,
    movesLeft: c.system === 'canadian' ? c.moves : null,
    moves: carried ? carried.moves : 0,
    flaggedAtMs: null,
    overdueMs: 0,
    breakTaken: carried ? carried.breakTaken : false,
    warned: carried ? carried.warned.slice() : [],
  };
}

type Boundary = { off: number; kind: 'breakEnd' | 'timeUp' } | { off: number; kind: 'count' | 'warning'; text: string };

export type EventLogKind = 'start' | 'move' | 'pause' | 'resume' | 'adjust' | 'ignored' | 'refused' | null;

const ADJUST_FIELDS = ['deltaMs', 'remainingMs', 'periodsLeft', 'movesLeft', 'moves', 'control'];

function isInt(v: unknown, min: number, max: number): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}

export class RefClock {
  controls: { black: TimeControl; white: TimeControl };
  opts: Opts;
  status: 'ready' | 'running' | 'paused' | 'over' = 'ready';
  toMove: Side;
  t = 0;
  /** Running time of the current turn, pauses excluded. */
  turnUsed = 0;
  sides: { black: MSide; white: MSide };
  flags: { side: Side; atMs: number }[] = [];
  /** Effects produced since the last `drain`. */
  pending: MEffect[] = [];
  /** Turn starts since the last drain (start, move, pass): side and instant. */
  turnStarts: { side: Side; atMs: number }[] = [];

  constructor(control: GameControl, options?: Partial<Opts>) {
    const c = control as unknown as { [k: string]: unknown };
    if (c.system !== undefined) this.controls = { black: copy(control as TimeControl), white: copy(control as TimeControl) };
    else this.controls = { black: copy(c.black as TimeControl), white: copy(c.white as TimeControl) };
    this.opts = Object.assign({}, MODEL_DEFAULTS, options || {});
    this.toMove = this.opts.firstToMove;
    this.sides = { black: fresh(this.controls.black), white: fresh(this.controls.white) };
  }

  drain(): MEffect[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  isRunning(side: Side): boolean {
    return this.status === 'running' && this.toMove === side;
  }

  private say(at: number, side: Side, text: string, kind: string): void {
    this.pending.push({ type: 'announce', atMs: at, side, text, kind });
  }

  /** Offset (running time) of the next thing that happens to the running side, with no flag. */
  private nextBoundary(side: Side): Boundary {
    const c = this.sides[side];
    const ctl = this.controls[side];
    if (c.inBreak && c.graceMs > 0) return { off: c.graceMs, kind: 'breakEnd' };
    if (c.phase === 'overtime' && hasOvertime(ctl)) {
      const pts = modelCountPoints(this.opts.announce, ctl.periodMs);
      for (const p of pts) if (p.leftMs < c.remainingMs) return { off: c.graceMs + c.remainingMs - p.leftMs, kind: 'count', text: p.text };
    } else if (c.phase === 'main' && this.opts.warnings) {
      for (const w of WARNINGS) {
        if (c.warned.indexOf(w.text) < 0 && w.leftMs < c.remainingMs) return { off: c.graceMs + c.remainingMs - w.leftMs, kind: 'warning', text: w.text };
      }
    }
    return { off: c.graceMs + c.remainingMs, kind: 'timeUp' };
  }

  private run(e: number): void {
    if (e <= 0) return;
    const side = this.toMove;
    const c = this.sides[side];
    if (c.flaggedAtMs !== null) {
      c.overdueMs += e;
    } else {
      const g = Math.min(c.graceMs, e);
      c.graceMs -= g;
      if (c.graceMs === 0) c.inBreak = false;
      const charged = Math.min(c.remainingMs, e - g);
      c.remainingMs -= charged;
      if (this.controls[side].system === 'hourglass') {
        const o = this.sides[other(side)];
        if (o.flaggedAtMs === null) o.remainingMs += charged;
      }
    }
    this.turnUsed += e;
    this.t += e;
  }

  /** Runs the clock to `T`, handling every boundary due at or before it, in order. */
  advanceTo(T: number): void {
    while (this.status === 'running') {
      const side = this.toMove;
      const c = this.sides[side];
      if (c.flaggedAtMs !== null) break;
      const b = this.nextBoundary(side);
      if (this.t + b.off > T) break;
      this.run(b.off);
      const at = this.t;
      if (b.kind === 'count') this.say(at, side, b.text, 'count');
      else if (b.kind === 'warning') {
        c.warned.push(b.text);
        this.say(at, side, b.text, 'warning');
      } else if (b.kind === 'breakEnd') this.announceOvertime(side, at);
      else this.timeUp(side, at);
    }
    if (this.status === 'running') this.run(T - this.t);
    this.t = Math.max(this.t, T);
  }

  private announceOvertime(side: Side, at: number): void {
    this.say(at, side, 'overtime', 'overtime');
    if (this.sides[side].periodsLeft === 1) this.say(at, side, 'last period', 'lastPeriod');
  }

  private beginTurn(side: Side, at: number): void {
    const c = this.sides[side];
    const ctl = this.controls[side];
    if (ctl.system === 'delay' && c.flaggedAtMs === null) {
      c.graceMs = ctl.delayMs;
      c.inBreak = false;
    }
    this.status = 'running';
    this.toMove = side;
    this.turnUsed = 0;
    this.turnStarts.push({ side, atMs: at });
  }

  private timeUp(side: Side, at: number): void {
    const c = this.sides[side];
    const ctl = this.controls[side];
    if (c.phase === 'main' && hasOvertime(ctl)) {
      c.phase = 'overtime';
      c.remainingMs = ctl.periodMs;
      if (this.opts.breakBeforeOvertime && !c.breakTaken) {
        c.graceMs = BREAK_MS;
        c.inBreak = true;
        c.breakTaken = true;
        this.say(at, side, 'break', 'break');
        return;
      }
      this.announceOvertime(side, at);
      return;
    }
    if (ctl.system === 'byoyomi' && (c.periodsLeft as number) > 1) {
      c.periodsLeft = (c.periodsLeft as number) - 1;
      c.remainingMs = ctl.periodMs;
      this.pending.push({ type: 'period', atMs: at, side, periodsLeft: c.periodsLeft });
      if (c.periodsLeft === 1) this.say(at, side, 'last period', 'lastPeriod');
      return;
    }
    if (ctl.system === 'byoyomi' && this.opts.onExpire === 'pass' && this.isRunning(side)) {
      this.pending.push({ type: 'pass', atMs: at, side });
      c.remainingMs = ctl.periodMs; // the player keeps the last period
      c.graceMs = 0;
      c.inBreak = false;
      this.beginTurn(other(side), at);
      return;
    }
    c.flaggedAtMs = at;
    c.remainingMs = 0;
    c.graceMs = 0;
    c.inBreak = false;
    c.overdueMs = 0;
    if (c.periodsLeft !== null) c.periodsLeft = 0;
    this.flags.push({ side, atMs: at });
    this.pending.push({ type: 'flag', atMs: at, side });
    if (this.opts.onExpire !== 'continue') this.status = 'over';
  }

  private move(side: Side): void {
    const c = this.sides[side];
    const ctl = this.controls[side];
    c.moves += 1;
    c.graceMs = 0;
    c.inBreak = false;
    if (c.flaggedAtMs !== null) return;
    if (ctl.system === 'byoyomi') {
      if (c.phase === 'overtime') c.remainingMs = ctl.periodMs;
    } else if (ctl.system === 'canadian') {
      if (c.phase === 'overtime') {
        c.movesLeft = (c.movesLeft as number) - 1;
        if (c.movesLeft <= 0) {
          c.movesLeft = ctl.moves;
          c.remainingMs = ctl.periodMs;
        }
      }
    } else if (ctl.system === 'fischer') {
      const cap = ctl.capMs === undefined ? Infinity : ctl.capMs;
      c.remainingMs = Math.max(c.remainingMs, Math.min(c.remainingMs + ctl.incrementMs, cap));
    } else if (ctl.system === 'bronstein') {
      c.remainingMs += Math.min(ctl.delayMs, this.turnUsed);
    } else if (ctl.system === 'stages') {
      c.remainingMs += modelStageBonus(ctl.stages, c.moves);
    }
  }

  /** Why an adjustment is refused (a short reason), or null when it is valid. */
  adjustRefusal(ev: { [k: string]: unknown }): string | null {
    const given = ADJUST_FIELDS.filter((f) => ev[f] !== undefined);
    if (given.length !== 1) return 'fields';
    if (ev.side !== undefined && ev.side !== 'black' && ev.side !== 'white') return 'side';
    const f = given[0];
    if (f === 'control') return controlError(ev.control, 'control') === undefined ? null : 'control';
    if (ev.side === undefined) return 'no side';
    const system = this.controls[ev.side as Side].system;
    const v = ev[f];
    switch (f) {
      case 'deltaMs':
        return typeof v === 'number' && v !== 0 && isInt(Math.abs(v), 1, MAX_MS) ? null : 'deltaMs';
      case 'remainingMs':
        return isInt(v, 0, MAX_MS) ? null : 'remainingMs';
      case 'periodsLeft':
        return system === 'byoyomi' && isInt(v, 1, 1000) ? null : 'periodsLeft';
      case 'movesLeft':
        return system === 'canadian' && isInt(v, 1, 1000) ? null : 'movesLeft';
      default:
        return isInt(v, 0, 100000) ? null : 'moves';
    }
  }

  private unflag(c: MSide): void {
    if (c.flaggedAtMs === null) return;
    c.flaggedAtMs = null;
    c.overdueMs = 0;
    if (c.periodsLeft === 0) c.periodsLeft = 1;
  }

  private adjust(ev: { [k: string]: unknown }, at: number): EventLogKind {
    if (this.adjustRefusal(ev) !== null) return 'refused';
    if (ev.control !== undefined) {
      const targets: Side[] = ev.side === undefined ? SIDES : [ev.side as Side];
      for (const s of targets) {
        this.controls[s] = copy(ev.control as TimeControl);
        this.sides[s] = fresh(this.controls[s], this.sides[s]);
      }
    } else {
      const side = ev.side as Side;
      const c = this.sides[side];
      const ctl = this.controls[side];
      if (ev.deltaMs !== undefined || ev.remainingMs !== undefined) {
        const left = ev.deltaMs !== undefined ? c.remainingMs + (ev.deltaMs as number) : (ev.remainingMs as number);
        c.remainingMs = Math.max(0, left);
        if (c.remainingMs > 0) this.unflag(c);
      } else if (ev.periodsLeft !== undefined) {
        c.periodsLeft = ev.periodsLeft as number;
        this.unflag(c);
        if (c.phase === 'overtime' && c.remainingMs === 0 && hasOvertime(ctl)) c.remainingMs = ctl.periodMs;
      } else if (ev.movesLeft !== undefined) {
        c.movesLeft = ev.movesLeft as number;
      } else {
        c.moves = ev.moves as number;
      }
    }
    // adjust.ts: a game over whose flags are all lifted can resume.
    if (this.status === 'over' && this.sides.black.flaggedAtMs === null && this.sides.white.flaggedAtMs === null) this.status = 'paused';
    // A waiting side left at zero: overtime (or its next period) starts now; it loses now only in a game under way
    // and only if nothing will give it time before it must move (delay's next grace, hourglass's inflow).
    for (const s of SIDES) {
      for (;;) {
        const c = this.sides[s];
        if (this.isRunning(s) || c.flaggedAtMs !== null || c.remainingMs !== 0 || c.graceMs !== 0) break;
        const ctl = this.controls[s];
        const moreOvertime = (ctl.system === 'byoyomi' && (c.phase === 'main' || (c.periodsLeft as number) > 1)) ||
          (ctl.system === 'canadian' && c.phase === 'main');
        const underWay = this.status === 'running' || this.status === 'paused';
        if (!moreOvertime && (!underWay || ctl.system === 'delay' || ctl.system === 'hourglass')) break;
        this.timeUp(s, at);
      }
    }
    return 'adjust';
  }

  /** Applies an event at `at` (after `advanceTo(at)`); returns the log kind the event itself should produce. */
  apply(ev: { [k: string]: unknown }, at: number): EventLogKind {
    this.advanceTo(at);
    let kind: EventLogKind = null;
    switch (ev.type) {
      case 'start':
        if (this.status !== 'ready') kind = 'ignored';
        else {
          this.beginTurn(this.opts.firstToMove, at);
          kind = 'start';
        }
        break;
      case 'press': {
        const side = ev.side as Side;
        if (this.status === 'ready') {
          if (side !== this.opts.firstToMove && (side === 'black' || side === 'white')) {
            this.beginTurn(this.opts.firstToMove, at);
            kind = 'start';
          } else kind = 'ignored';
        } else if (this.status !== 'running' || side !== this.toMove) kind = 'ignored';
        else {
          this.move(side);
          this.beginTurn(other(side), at);
          kind = 'move';
        }
        break;
      }
      case 'pause':
        if (this.status !== 'running') kind = 'ignored';
        else {
          this.status = 'paused';
          kind = 'pause';
        }
        break;
      case 'resume':
        if (this.status !== 'paused') kind = 'ignored';
        else {
          this.status = 'running';
          kind = 'resume';
        }
        break;
      case 'adjust':
        kind = this.adjust(ev, at);
        break;
      default:
        kind = null;
    }
    this.advanceTo(at);
    return kind;
  }

  view(): MView {
    const sv = (s: Side): MSideView => {
      const c = this.sides[s];
      return {
        phase: c.phase,
        remainingMs: c.remainingMs,
        graceMs: c.graceMs,
        inBreak: c.inBreak,
        periodsLeft: c.periodsLeft,
        movesLeft: c.movesLeft,
        moves: c.moves,
        flaggedAtMs: c.flaggedAtMs,
        overdueMs: c.overdueMs,
        running: this.isRunning(s),
      };
    };
    return {
      atMs: this.t,
      status: this.status,
      running: this.status === 'running' ? this.toMove : null,
      toMove: this.toMove,
      sides: { black: sv('black'), white: sv('white') },
      flags: this.flags.map((f) => ({ side: f.side, atMs: f.atMs })),
    };
  }
}
