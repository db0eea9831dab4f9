/**
 * Running the clock forward, the primitives the catch-up (clock.ts) and its leap (leap.ts) share: the running side's
 * snapshot taken at a later instant with no boundary between, and what happens at a boundary.
 */
import { otherSide, PerSide, Side } from './side';
import { chargedBy, runTimes, SideClock } from './side-clock';
import { Boundary } from './boundaries';
import { ClockEffect, ClockState } from './clock-types';
import { announce } from './clock-effects';
import { withSide } from './clock-state';
import { announceOvertime, timeUp } from './time-up';

/**
 * Both sides after the running one has run `elapsedMs` (> 0) more with no boundary inside: its time runs (side-clock.ts
 * `runTimes`, into a copy), and in hourglass the opponent gains what it used. A side that did not change is the same
 * object. On every press and every catch-up, so written for it: no call it can do without.
 */
export function sidesAfter(state: ClockState, elapsedMs: number): PerSide<SideClock> {
  const side = state.toMove;
  const runner = state.sides[side];
  const ran = Object.assign({}, runner);
  runTimes(runner, elapsedMs, ran);
  const sides: PerSide<SideClock> = { black: state.sides.black, white: state.sides.white };
  sides[side] = ran;
  if (state.controls[side].system === 'hourglass') {
    const other = otherSide(side);
    const opponent = state.sides[other];
    if (opponent.flaggedAtMs === null) sides[other] = Object.assign({}, opponent, { remainingMs: opponent.remainingMs + chargedBy(runner, elapsedMs) });
  }
  return sides;
}

/**
 * The clock at `nowMs` when no boundary lies between its snapshot and `nowMs`: the running side's snapshot taken there
 * (its time run, the turn's used time counted) and the instant, in one copy.
 */
export function runTo(state: ClockState, nowMs: number): ClockState {
  const elapsed = nowMs - state.sinceMs;
  if (state.status !== 'running' || elapsed <= 0) return state.atMs === nowMs ? state : Object.assign({}, state, { atMs: nowMs });
  return Object.assign({}, state, { sides: sidesAfter(state, elapsed), sinceMs: nowMs, turnUsedMs: state.turnUsedMs + elapsed, atMs: nowMs });
}

/** What `boundary` of `side`, met at `atMs` (the state run to there), does. */
export function reachBoundary(state: ClockState, side: Side, boundary: Boundary, atMs: number, out: ClockEffect[]): ClockState {
  switch (boundary.kind) {
    case 'count':
      announce(out, atMs, side, boundary.text, 'count');
      return state;
    case 'warning':
      announce(out, atMs, side, boundary.text, 'warning');
      return withSide(state, side, Object.assign({}, state.sides[side], { warned: state.sides[side].warned | boundary.bit }));
    case 'breakEnd':
      announceOvertime(state, side, atMs, out);
      return state;
    default:
      return timeUp(state, side, atMs, out);
  }
}
