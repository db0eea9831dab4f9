/**
 * What a display needs at an instant (`view`) and when anything will next change (`nextDeadline`), both derived
 * from the state by running it to `nowMs` the same way `step` does, so they never disagree with it.
 */
import { ClockState, ClockStatus, Flag } from './clock-types';
import { step } from './clock';
import { nextBoundary } from './boundaries';
import { msUntilShownChange, msUntilShownRise } from './display-time';
import { otherSide, PerSide, Side } from './side';
import { Phase } from './side-clock';

export interface SideView {
  phase: Phase;
  /** Main time left (main phase) or time left in the current period (overtime); never below zero. */
  remainingMs: number;
  /** Delay still pending this turn (simple delay) or break left (3.17.3), which runs before `remainingMs`. */
  graceMs: number;
  inBreak: boolean;
  periodsLeft: number | null;
  movesLeft: number | null;
  moves: number;
  flaggedAtMs: number | null;
  /** Running time since the flag (onExpire "continue": a flagged clock counts up). */
  overdueMs: number;
  running: boolean;
}

export interface ClockView {
  atMs: number;
  status: ClockStatus;
  running: Side | null;
  /** Whose turn it is, also while ready or paused. */
  toMove: Side;
  sides: PerSide<SideView>;
  flags: Flag[];
}

function sideView(state: ClockState, side: Side): SideView {
  const c = state.sides[side];
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
    running: state.status === 'running' && state.toMove === side,
  };
}

/** The state run to `nowMs` without keeping its effects (they belong to whoever calls `step`). */
function at(state: ClockState, nowMs: number): ClockState {
  return step(state, { type: 'tick' }, nowMs).state;
}

export function view(state: ClockState, nowMs: number): ClockView {
  const s = at(state, nowMs);
  return {
    atMs: s.atMs,
    status: s.status,
    running: s.status === 'running' ? s.toMove : null,
    toMove: s.toMove,
    sides: { black: sideView(s, 'black'), white: sideView(s, 'white') },
    flags: s.flags,
  };
}

/**
 * The next instant after `nowMs` at which anything changes: the running display's next shown value, a count, a
 * period, a flag (and in hourglass the opponent's rising display). Null when nothing runs.
 */
export function nextDeadline(state: ClockState, nowMs: number): number | null {
  const s = at(state, nowMs);
  if (s.status !== 'running') return null;
  const side = s.toMove;
  const runner = s.sides[side];
  // A flagged clock that counts up shows 0.0 at its flag's instant, -0:00 a millisecond later, then each second.
  if (runner.flaggedAtMs !== null) return s.atMs + (runner.overdueMs === 0 ? 1 : 1000 - (runner.overdueMs % 1000));
  let untilMs = msUntilShownChange(runner.graceMs > 0 ? runner.graceMs : runner.remainingMs);
  const boundary = nextBoundary(runner, s.controls[side], s.options);
  if (boundary !== null) untilMs = Math.min(untilMs, boundary.offsetMs);
  const opponent = s.sides[otherSide(side)];
  if (s.controls[side].system === 'hourglass' && opponent.flaggedAtMs === null) {
    untilMs = Math.min(untilMs, msUntilShownRise(opponent.remainingMs));
  }
  return s.atMs + untilMs;
}
