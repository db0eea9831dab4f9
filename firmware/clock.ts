/**
 * The clock core: `step(state, event, nowMs) -> { state, effects }`. Pure: it never reads a clock, schedules
 * anything or touches hardware. The running side's time is its snapshot at `sinceMs` run forward to `nowMs`,
 * boundary by boundary (boundaries.ts), so every count, period change and flag happens at its exact instant
 * however late the caller is, and nothing is decremented per tick.
 */
import { GameControl } from './control';
import { parseGameControl } from './control-validate';
import { ClockOptions, DEFAULT_OPTIONS } from './options';
import { isSide, otherSide, PerSide, Side } from './side';
import { chargedBy, freshSideClock, runFor, SideClock } from './side-clock';
import { Boundary, nextBoundary } from './boundaries';
import { afterMove } from './moves';
import { ClockEffect, ClockEvent, ClockState, StepResult } from './clock-types';
import { announce, logTo } from './clock-effects';
import { beginTurn, withSide } from './clock-state';
import { announceOvertime, timeUp } from './time-up';
import { adjustError, applyAdjust } from './adjust';

/** Latest instant the clock accepts: about 285 years of milliseconds, far beyond any game, still exact in a double. */
export const MAX_INSTANT_MS = 9007199254740991;

/** Whether `value` is an instant: whole milliseconds from 0 to MAX_INSTANT_MS. */
export function isInstant(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_INSTANT_MS && Math.floor(value) === value;
}

/** A clock ready to start. Throws on an impossible control (the message names the field). */
export function createClock(control: GameControl, options?: Partial<ClockOptions>): ClockState {
  const controls = parseGameControl(control);
  const chosen: ClockOptions = Object.assign({}, DEFAULT_OPTIONS, options || {});
  return {
    controls: controls,
    options: chosen,
    status: 'ready',
    toMove: chosen.firstToMove,
    sinceMs: 0,
    turnUsedMs: 0,
    atMs: 0,
    sides: { black: freshSideClock(controls.black), white: freshSideClock(controls.white) },
    flags: [],
  };
}

/**
 * Both sides after the running one has run `elapsedMs` more with no boundary inside: its time runs, and in hourglass
 * the opponent gains what it used. A side that did not change is the same object.
 */
export function sidesAfter(state: ClockState, elapsedMs: number): PerSide<SideClock> {
  const side = state.toMove;
  const other = otherSide(side);
  const runner = state.sides[side];
  const opponent = state.sides[other];
  const sides: PerSide<SideClock> = { black: state.sides.black, white: state.sides.white };
  sides[side] = runFor(runner, elapsedMs);
  if (state.controls[side].system === 'hourglass' && opponent.flaggedAtMs === null) {
    sides[other] = Object.assign({}, opponent, { remainingMs: opponent.remainingMs + chargedBy(runner, elapsedMs) });
  }
  return sides;
}

/** Takes the running side's snapshot at `atMs` (no boundary may lie before it). */
function settle(state: ClockState, atMs: number): ClockState {
  const elapsed = atMs - state.sinceMs;
  if (state.status !== 'running' || elapsed <= 0) return state;
  return Object.assign({}, state, { sides: sidesAfter(state, elapsed), sinceMs: atMs, turnUsedMs: state.turnUsedMs + elapsed });
}

function reachBoundary(state: ClockState, side: Side, boundary: Boundary, atMs: number, out: ClockEffect[]): ClockState {
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

/**
 * The instant of the running side's next boundary (the break's end, a count or warning, its time running out), or
 * Infinity when nothing runs or nothing more can happen to it (a flagged clock counting up). Before it, only time
 * passes: a tick changes nothing but the shown time, and the state at an earlier instant is the snapshot run on.
 */
export function nextBoundaryAt(state: ClockState): number {
  if (state.status !== 'running') return Infinity;
  const side = state.toMove;
  const boundary = nextBoundary(state.sides[side], state.controls[side], state.options);
  return boundary === null ? Infinity : state.sinceMs + boundary.offsetMs;
}

/** The clock at `nowMs` when no boundary lies between its snapshot and `nowMs` (see `nextBoundaryAt`). */
function runTo(state: ClockState, nowMs: number): ClockState {
  const s = settle(state, nowMs);
  return s.atMs === nowMs ? s : Object.assign({}, s, { atMs: nowMs });
}

/** Runs the clock from its snapshot to `nowMs`, stopping at every boundary due at or before it, in order. */
function catchUp(state: ClockState, nowMs: number, out: ClockEffect[]): ClockState {
  let s = state;
  while (s.status === 'running') {
    const side = s.toMove;
    const boundary = nextBoundary(s.sides[side], s.controls[side], s.options);
    if (boundary === null || s.sinceMs + boundary.offsetMs > nowMs) break;
    const atMs = s.sinceMs + boundary.offsetMs;
    s = reachBoundary(settle(s, atMs), side, boundary, atMs, out);
  }
  return runTo(s, nowMs);
}

function ignored(state: ClockState, side: Side | null, atMs: number, text: string, out: ClockEffect[]): ClockState {
  logTo(out, atMs, side, 'ignored', text);
  return state;
}

/** An event the core cannot take (a caller's bug: the scenario runner and the runtime never send one). */
function refused(state: ClockState, atMs: number, text: string, out: ClockEffect[]): ClockState {
  logTo(out, atMs, null, 'refused', text);
  return state;
}

function start(state: ClockState, by: Side | null, atMs: number, out: ClockEffect[]): ClockState {
  const first = state.options.firstToMove;
  logTo(out, atMs, by, 'start', (by || 'arbiter') + ' start: ' + first + ' to move');
  return beginTurn(state, first, atMs);
}

function press(state: ClockState, side: Side, atMs: number, out: ClockEffect[]): ClockState {
  if (state.status === 'ready') {
    if (side !== state.options.firstToMove) return start(state, side, atMs, out);
    return ignored(state, side, atMs, side + ' press ignored: ' + otherSide(side) + ' starts the clock', out);
  }
  if (state.status !== 'running') return ignored(state, side, atMs, side + ' press ignored: clock ' + state.status, out);
  if (side !== state.toMove) return ignored(state, side, atMs, side + ' press ignored: not ' + side + "'s turn", out);
  const mover = afterMove(state.sides[side], state.controls[side], state.turnUsedMs);
  logTo(out, atMs, side, 'move', side + ' move ' + mover.moves + ' (' + state.turnUsedMs + ' ms)');
  return beginTurn(withSide(state, side, mover), otherSide(side), atMs);
}

function pause(state: ClockState, by: Side | null, atMs: number, out: ClockEffect[]): ClockState {
  if (state.status !== 'running') return ignored(state, by, atMs, (by || 'arbiter') + ' pause ignored: clock ' + state.status, out);
  logTo(out, atMs, by, 'pause', (by || 'arbiter') + ' pause: ' + state.toMove + ' to move');
  return Object.assign({}, state, { status: 'paused' });
}

function resume(state: ClockState, atMs: number, out: ClockEffect[]): ClockState {
  if (state.status !== 'paused') return ignored(state, null, atMs, 'arbiter resume ignored: clock ' + state.status, out);
  logTo(out, atMs, null, 'resume', 'arbiter resume: ' + state.toMove + ' to move');
  return Object.assign({}, state, { status: 'running', sinceMs: atMs });
}

function apply(state: ClockState, event: ClockEvent, atMs: number, out: ClockEffect[]): ClockState {
  switch (event.type) {
    case 'start':
      if (state.status !== 'ready') return ignored(state, null, atMs, 'arbiter start ignored: clock ' + state.status, out);
      return start(state, null, atMs, out);
    case 'press':
      if (!isSide(event.side)) return refused(state, atMs, 'press refused: side must be "black" or "white"', out);
      return press(state, event.side, atMs, out);
    case 'pause':
      if (event.side !== undefined && !isSide(event.side)) return refused(state, atMs, 'pause refused: side must be "black" or "white" or none', out);
      return pause(state, event.side || null, atMs, out);
    case 'resume':
      return resume(state, atMs, out);
    case 'adjust': {
      const error = adjustError(state, event);
      if (error !== undefined) {
        // The side named only if it is one (the reason may be that it is not).
        logTo(out, atMs, isSide(event.side) ? event.side : null, 'refused', 'arbiter adjust refused: ' + error);
        return state;
      }
      return applyAdjust(state, event, atMs, out);
    }
    default:
      return state;
  }
}

/**
 * The one entry point. Everything due at or before `nowMs` happens first, in order (so a press at the very instant
 * the time runs out is too late), then the event; then anything the event made due at once (an adjustment to zero).
 */
export function step(state: ClockState, event: ClockEvent, nowMs: number): StepResult {
  const out: ClockEffect[] = [];
  // An instant that is not whole milliseconds on a sane time line (a corrupt journal) is read as the latest one.
  const now = isInstant(nowMs) ? Math.max(nowMs, state.atMs) : state.atMs;
  let s = catchUp(state, now, out);
  s = apply(s, event, now, out);
  s = catchUp(s, now, out);
  return { state: s, effects: out };
}

