/**
 * What a display needs at an instant (`view`) and when anything will next change (`nextDeadline`), both derived
 * from the state by running it to `nowMs` the same way `step` does, so they never disagree with it.
 */
import { ClockState, ClockStatus, Flag } from '../clock/clock-types';
import { isInstant, MAX_INSTANT_MS, nextBoundaryAt, sidesAfter, step } from '../clock/clock';
import { MINUTES_ABOVE_MS, msUntilShownChange, msUntilShownRise, TENTHS_BELOW_MS } from './display-time';
import { otherSide, PerSide, Side } from '../clock/side';
import { Phase, runTimes, SideClock } from '../clock/side-clock';

/**
 * What a display shows of a side: its clock at the view's instant (side-clock.ts): main time left (main phase) or time
 * left in the current period (overtime), never below zero; the delay still pending this turn or the break left
 * (`graceMs`, which runs before `remainingMs`); periods or moves left; moves made; the flag and the running time
 * since it (`overdueMs`, onExpire "continue"). A side that is not running shows its clock as the state holds it,
 * the very object (nothing made for a view of it, and a layout can tell at once that it did not change); the running
 * side's is its clock run on to the instant. Views are never changed, by anyone.
 */
export type SideView = SideClock;

/** What a side's clock stands at, as the scripted simulator reports it and the arbiter's console answers it. */
export interface SideFacts {
  phase: Phase;
  remainingMs: number;
  periodsLeft: number | null;
  movesLeft: number | null;
  moves: number;
  flaggedAtMs: number | null;
}

export function sideFacts(side: SideView): SideFacts {
  return {
    phase: side.phase,
    remainingMs: side.remainingMs,
    periodsLeft: side.periodsLeft,
    movesLeft: side.movesLeft,
    moves: side.moves,
    flaggedAtMs: side.flaggedAtMs,
  };
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

/**
 * What is known of the last state asked about: its next boundary (`nextBoundaryAt`). A display asks about the same
 * committed state at every wake-up of a turn; before that boundary only the running side's time moves, so the answer
 * is arithmetic on its snapshot, not a whole `step` (on Espruino, most of what a wake-up cost). States are never
 * changed once made, so the state itself is the key.
 */
interface Known {
  state: ClockState | null;
  boundaryAtMs: number;
  /** The running side's view at the last display tick (`runnerAt`). */
  tick: { view: SideView; nextAtMs: number } | null;
}
let known: Known = { state: null, boundaryAtMs: Infinity, tick: null };

/** The first instant past the clock's time line: beyond it the clock stands still (see `nextDeadline`). */
const END_MS = MAX_INSTANT_MS + 1;

function knownOf(state: ClockState): Known {
  if (known.state !== state) {
    known = { state: state, boundaryAtMs: Math.min(nextBoundaryAt(state), END_MS), tick: null };
  }
  return known;
}

/**
 * The instant before which only time passes for `state` (see `nextBoundaryAt`), at most the end of the time line
 * (a display tick beyond it would show a time the core never reaches); Infinity when nothing runs.
 */
export function quietUntil(state: ClockState): number {
  return (known.state === state ? known : knownOf(state)).boundaryAtMs;
}

/** Whether only time passes for `state` from its instant to `nowMs`. */
function quietAt(state: ClockState, nowMs: number): boolean {
  return isInstant(nowMs) && nowMs >= state.atMs && nowMs < quietUntil(state);
}

/** The sides at `nowMs` when only time passes: the running one run on, the other as committed (but in hourglass). */
function quietSides(state: ClockState, nowMs: number): PerSide<SideClock> {
  const elapsed = nowMs - state.sinceMs;
  return state.status === 'running' && elapsed > 0 ? sidesAfter(state, elapsed) : state.sides;
}

function viewOf(state: ClockState, atMs: number, sides: PerSide<SideClock>): ClockView {
  return {
    atMs: atMs,
    status: state.status,
    running: state.status === 'running' ? state.toMove : null,
    toMove: state.toMove,
    sides: sides,
    flags: state.flags,
  };
}

export function view(state: ClockState, nowMs: number): ClockView {
  if (quietAt(state, nowMs)) return viewOf(state, nowMs, quietSides(state, nowMs));
  const s = step(state, { type: 'tick' }, nowMs).state;
  return viewOf(s, s.atMs, s.sides);
}

/** How long until the running side's own display next changes: its time, its pending delay, or a flag's count-up. */
function untilShownChange(runner: SideClock | SideView): number {
  // A flagged clock that counts up shows 0.0 at its flag's instant, -0:00 a millisecond later, then each second.
  if (runner.flaggedAtMs !== null) return runner.overdueMs === 0 ? 1 : 1000 - (runner.overdueMs % 1000);
  return /*#__NOINLINE__*/ msUntilShownChange(runner.graceMs > 0 ? runner.graceMs : runner.remainingMs);
}

/**
 * For a display tick: the running side's view at `nowMs`, and the next instant its display changes or the state's
 * next boundary comes; null when more than time passes for `state` by `nowMs` (its `quietUntil` has come: the tick is
 * a whole wake-up). Hourglass, where the waiting side's time moves too, is the caller's to exclude. Made again in
 * place at every tick of the state (on Espruino, making a side's view costs about as much as the rest of a tick), so
 * it holds only until the next call.
 */
export function runnerAt(state: ClockState, nowMs: number): { view: SideView; nextAtMs: number } | null {
  // The hot path of every display tick: what is known of the state is looked at directly (no `knownOf` or
  // `quietUntil` call), and the first tick of a state, or one at its very instant, are functions of their own.
  const k = known.state === state ? known : knownOf(state);
  if (nowMs >= k.boundaryAtMs) return null;
  const elapsed = nowMs - state.sinceMs;
  const tick = k.tick !== null && elapsed > 0 ? k.tick : /*#__NOINLINE__*/ firstTick(k, state);
  const side = state.sides[state.toMove];
  // `runTimes` written out for a side with no flag, no grace and no break (nearly every tick), whose view, a copy of
  // the side, then only loses time; the rest through it.
  if (elapsed > 0) {
    if (side.flaggedAtMs === null && side.graceMs === 0 && !side.inBreak) tick.view.remainingMs = Math.max(0, side.remainingMs - elapsed);
    else runTimes(side, elapsed, tick.view);
  }
  // A runner with no grace and no flag (nearly every tick) goes straight to its shown time's next change:
  // `msUntilShownChange` written out (a call costs a tick about as much as its arithmetic; the display-tick tests
  // hold the instants).
  const v = tick.view;
  const left = v.remainingMs;
  const untilMs =
    v.flaggedAtMs === null && v.graceMs <= 0 && left > 0
      ? ((left - 1) % (left <= TENTHS_BELOW_MS ? 100 : left > MINUTES_ABOVE_MS ? 60000 : 1000)) + 1
      : untilShownChange(v);
  tick.nextAtMs = Math.min(nowMs + untilMs, k.boundaryAtMs);
  return tick;
}

/** The running side's view as committed, made anew: the first tick of a state, or a tick at the turn's instant. */
function firstTick(k: Known, state: ClockState): { view: SideView; nextAtMs: number } {
  k.tick = { view: Object.assign({}, state.sides[state.toMove]), nextAtMs: 0 };
  return k.tick;
}

/**
 * The next instant after `nowMs` at which anything changes: the running display's next shown value, a count, a
 * period, a flag (and in hourglass the opponent's rising display). Null when nothing runs, or when nothing more
 * changes on the clock's time line: the core reads an instant beyond MAX_INSTANT_MS as the latest one it had, so
 * there the state stands still, and a deadline worked out from it would lie at or before `nowMs`: a runtime woken
 * at once, again and again, while the display stood still (a flag due just past the end once did that).
 */
export function nextDeadline(state: ClockState, nowMs: number): number | null {
  // When only time passes, the state's own boundary is the next one; otherwise the state run to `nowMs` says. (One
  // function: split, terser writes the part used once in place, which Espruino reads twice at every press.)
  const quiet = quietAt(state, nowMs);
  const s = quiet ? state : step(state, { type: 'tick' }, nowMs).state;
  if (s.status !== 'running') return null;
  const atMs = quiet ? nowMs : s.atMs;
  const sides = quiet ? quietSides(state, nowMs) : s.sides;
  const side = s.toMove;
  const runner = sides[side];
  let next: number;
  // A flagged runner has no boundary left, and gives the opponent nothing (hourglass): only its count-up changes.
  if (runner.flaggedAtMs !== null) next = atMs + untilShownChange(runner);
  else {
    const boundaryAtMs = quiet ? quietUntil(state) : nextBoundaryAt(s);
    const untilMs = Math.min(untilShownChange(runner), boundaryAtMs - atMs);
    const opponent = sides[otherSide(side)];
    next = s.controls[side].system === 'hourglass' && opponent.flaggedAtMs === null
      ? atMs + Math.min(untilMs, /*#__NOINLINE__*/ msUntilShownRise(opponent.remainingMs))
      : atMs + untilMs;
  }
  return next > nowMs && next <= MAX_INSTANT_MS ? next : null;
}
