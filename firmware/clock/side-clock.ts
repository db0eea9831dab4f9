/**
 * One side's clock as a snapshot: what is left at one instant. The running side's snapshot is taken at
 * `ClockState.sinceMs`; its time now is derived by `runFor`, never decremented per tick.
 */
import { TimeControl } from './control';

export type Phase = 'main' | 'overtime';

export interface SideClock {
  phase: Phase;
  /** Main time left in the main phase; time left in the current period in overtime. */
  remainingMs: number;
  /** Time that runs before `remainingMs` does: this turn's simple delay, or the break before byo-yomi. */
  graceMs: number;
  /** `graceMs` is the break before byo-yomi (3.17.3), not a delay. */
  inBreak: boolean;
  breakTaken: boolean;
  /** Byo-yomi: periods left, counting the current one. Otherwise null. */
  periodsLeft: number | null;
  /** Canadian: moves still to make in the current period. Otherwise null. */
  movesLeft: number | null;
  /** Completed moves (the press that starts the game is not a move). */
  moves: number;
  flaggedAtMs: number | null;
  /** Running time since the flag fell (onExpire "continue": the flagged clock counts up). */
  overdueMs: number;
  /** Main-time warnings already given, one bit each (they are given once per game). */
  warned: number;
}

/** Byo-yomi and Canadian have an overtime phase after main time; the other systems end at main time. */
export function hasOvertime(control: TimeControl): control is Extract<TimeControl, { system: 'byoyomi' | 'canadian' }> {
  return control.system === 'byoyomi' || control.system === 'canadian';
}

/** The time a side starts with under `control`; `moves` and the once-per-game facts carry over when given. */
export function freshSideClock(control: TimeControl, carried?: SideClock): SideClock {
  const mainMs = control.system === 'stages' ? control.stages[0].ms : control.mainMs;
  // No main time ("straight into byo-yomi"): the side starts in its first period, with nothing to announce.
  const firstPeriodMs = mainMs === 0 && hasOvertime(control) ? control.periodMs : null;
  return {
    phase: firstPeriodMs === null ? 'main' : 'overtime',
    remainingMs: firstPeriodMs === null ? mainMs : firstPeriodMs,
    graceMs: 0,
    inBreak: false,
    breakTaken: carried ? carried.breakTaken : false,
    periodsLeft: control.system === 'byoyomi' ? control.periods : null,
    movesLeft: control.system === 'canadian' ? control.moves : null,
    moves: carried ? carried.moves : 0,
    flaggedAtMs: null,
    overdueMs: 0,
    warned: carried ? carried.warned : 0,
  };
}

/**
 * A side's clock under a new `control` that keeps the time it has (a control changed mid-game, 3.18.4, with "keep
 * times"): the arbiter changes how the game goes on, not what a side has left. What is kept:
 *
 * - In main time: its main time exactly (more or less than the new control's own), and the new control's overtime
 *   after it, from its start (byo-yomi: all its periods; Canadian: a full period of its moves). Stages: the time,
 *   and the stage boundaries follow the move counter under the new stages (moves.ts).
 * - In overtime, under a new control with the same kind of overtime: it stays in overtime, with the time left in its
 *   current period and its periods (byo-yomi) or moves (Canadian) left, none above the new control's own (a period
 *   holds at most a period, 12.2: time saved does not carry over); the next periods are the new control's.
 * - In overtime, under the other kind (byo-yomi to Canadian or back): nothing compares, so the new overtime starts
 *   from its start (its first period fresh): main time is spent either way.
 * - In overtime, under a control with no overtime (absolute, Fischer, ...): the time left in its current period
 *   becomes its main time. Keep never gives a side more than it had.
 * - A side whose flag fell has nothing to keep: it starts afresh (12.11: the arbiter's new control gives it time).
 * - The once-per-game facts (moves, the break taken, warnings given) are kept either way, as afresh keeps them. A
 *   simple delay or a break before byo-yomi in progress is kept only when the system stays the same.
 */
export function keptSideClock(control: TimeControl, old: TimeControl, side: SideClock): SideClock {
  const fresh = freshSideClock(control, side);
  if (side.flaggedAtMs !== null) return fresh;
  const kept = Object.assign({}, fresh);
  const same = control.system === old.system;
  if (same) {
    kept.graceMs = side.graceMs;
    kept.inBreak = side.inBreak;
  }
  if (side.phase === 'main') {
    kept.phase = 'main';
    kept.remainingMs = side.remainingMs;
    return kept;
  }
  if (!hasOvertime(control)) {
    kept.phase = 'main';
    kept.remainingMs = side.remainingMs;
    kept.graceMs = 0;
    kept.inBreak = false;
    return kept;
  }
  kept.phase = 'overtime';
  kept.remainingMs = same ? Math.min(side.remainingMs, control.periodMs) : control.periodMs;
  if (same && control.system === 'byoyomi' && side.periodsLeft !== null) kept.periodsLeft = Math.min(side.periodsLeft, control.periods);
  if (same && control.system === 'canadian' && side.movesLeft !== null) kept.movesLeft = Math.min(side.movesLeft, control.moves);
  return kept;
}

/** What running changes in a side's clock. */
export interface RunningTimes {
  graceMs: number;
  inBreak: boolean;
  remainingMs: number;
  overdueMs: number;
}

/**
 * Writes into `into` the times of `side` after running `elapsedMs` (> 0) with no boundary inside (the caller stops
 * at every boundary, see boundaries.ts): grace runs first, then the remaining time; a flagged clock only counts its
 * overdue time.
 */
export function runTimes(side: SideClock, elapsedMs: number, into: RunningTimes): void {
  if (side.flaggedAtMs !== null) {
    into.overdueMs = side.overdueMs + elapsedMs;
    return;
  }
  const fromGrace = Math.min(side.graceMs, elapsedMs);
  into.graceMs = side.graceMs - fromGrace;
  into.inBreak = side.inBreak && into.graceMs > 0;
  into.remainingMs = Math.max(0, side.remainingMs - (elapsedMs - fromGrace));
}

/** The side after running `elapsedMs` with no boundary inside (see `runTimes`). */
export function runFor(side: SideClock, elapsedMs: number): SideClock {
  if (elapsedMs <= 0) return side;
  const ran = Object.assign({}, side);
  runTimes(side, elapsedMs, ran);
  return ran;
}

/** The part of `elapsedMs` that came off `remainingMs` (what hourglass hands to the opponent). */
export function chargedBy(side: SideClock, elapsedMs: number): number {
  // (a flagged side has nothing left to give: its remainingMs is 0)
  return Math.min(side.remainingMs, Math.max(0, elapsedMs - side.graceMs));
}
