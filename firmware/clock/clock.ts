/**
 * The clock core: `step(state, event, nowMs) -> { state, effects }`. Pure: it never reads a clock, schedules
 * anything or touches hardware. The running side's time is its snapshot at `sinceMs` run forward to `nowMs`,
 * boundary by boundary (boundaries.ts), so every count, period change and flag happens at its exact instant
 * however late the caller is, and nothing is decremented per tick. Past a step's budget of boundaries the rest is
 * arithmetic (leap.ts): the same state, in a bounded number of strides, however far `nowMs` lies.
 */
import { GameControl, TimeControl } from './control';
import { parseGameControl } from './control-validate';
import { ClockOptions, defaultOptions } from './options';
import { isSide, otherSide, PerSide, Side } from './side';
import { freshSideClock } from './side-clock';
import { Boundary, boundaryOf, nextChange } from './boundaries';
import { moveMade } from './moves';
import { ClockEffect, ClockEvent, ClockState, StepResult } from './clock-types';
import { logTo } from './clock-effects';
import { beginTurn } from './clock-state';
import { adjustError, applyAdjust } from './adjust';
import { reachBoundary, runTo } from './clock-run';
import { leap } from './leap';

export { sidesAfter } from './clock-run';

/**
 * The end of the clock's time line: 2^43 − 1 ms, about 278 years. Instants are the HAL's monotonic time (plus an
 * offset after a power cut), and on Espruino that is `getTime()`: seconds since boot, or since 1970 once something
 * has set the time (the Web IDE does when it sends code), so a real game may run at about 1.8e12 ms; the bound lies
 * beyond the year 2248 even then, and far beyond any correspondence game (60 days per 10 moves: a few years). Below
 * it, an instant plus any time the clock holds (each duration at most 400 days; saved time and increments add up far
 * slower than 2^52 ms) is still an exact integer in a double, so offsets, shown changes and deadlines are exact. The
 * journal refuses records beyond it, and the core reads a later instant as the latest one it had (see `step`).
 */
export const MAX_INSTANT_MS = 8796093022207;

/**
 * Boundaries a catch-up meets one by one, each with its effects; beyond them it leaps (leap.ts). Far above what a
 * timely wake-up meets (a few at once), so the effects of every live moment are exact; small enough that the effects
 * of one step fit on Espruino (a forced pass is two effects, some 20 of its 12,000 JsVars).
 */
export const STEP_BUDGET = 200;

/** Whether `value` is an instant: whole milliseconds from 0 to MAX_INSTANT_MS. */
export function isInstant(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_INSTANT_MS && Math.floor(value) === value;
}

/** A clock ready to start. Throws on an impossible control (the message names the field). */
export function createClock(control: GameControl, options?: Partial<ClockOptions>): ClockState {
  return clockOf(parseGameControl(control), options);
}

/**
 * A clock ready to start with controls already checked and given per side (control-validate.ts `parseGameControl`
 * made them; settings hold them so): `createClock` without checking the control again, which on Espruino cost more
 * than the rest of making the clock. The state keeps `controls` as they are (nothing changes a control once made).
 */
export function clockOf(controls: PerSide<TimeControl>, options?: Partial<ClockOptions>): ClockState {
  const chosen: ClockOptions = Object.assign(defaultOptions(), options || {});
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
 * The running side's next boundary as last worked out, for one state: `step` works it out at the end of every step
 * for the state it returns, and the display, the next step and the journal's restore all ask about that same state
 * (on Espruino each working out cost as much as a quarter of the step). States are never changed once made (the
 * display's view.ts keys on them too), so the state itself is the key. `atMs` is the boundary's instant (Infinity:
 * none); `boundary.offsetMs` is not read from here: the state it was worked out for may have been run on since, which
 * moves no boundary's instant (boundaries.ts: before it only time passes).
 */
const known: { state: ClockState | null; atMs: number; boundary: Boundary | null } = { state: null, atMs: Infinity, boundary: null };

/** Works out `state`'s next boundary into `known`. */
function learn(state: ClockState): void {
  const side = state.toMove;
  const boundary = state.status === 'running' ? boundaryOf(state.sides[side], state.controls[side], state.options, true) : null;
  known.state = state;
  known.boundary = boundary;
  known.atMs = boundary === null ? Infinity : state.sinceMs + boundary.offsetMs;
}

/**
 * The instant of the running side's next boundary (the break's end, a count or warning, its time running out), or
 * Infinity when nothing runs or nothing more can happen to it (a flagged clock counting up). Before it, only time
 * passes: a tick changes nothing but the shown time, and the state at an earlier instant is the snapshot run on.
 */
export function nextBoundaryAt(state: ClockState): number {
  if (known.state !== state) learn(state);
  return known.atMs;
}

/**
 * The instant of the running side's next boundary that is not a count (boundaries.ts `nextChange`), or Infinity: a
 * host that does not list what is said may step the clock from one of these to the next.
 */
export function nextChangeAt(state: ClockState): number {
  if (state.status !== 'running') return Infinity;
  const side = state.toMove;
  const change = nextChange(state.sides[side], state.controls[side], state.options);
  return change === null ? Infinity : state.sinceMs + change.offsetMs;
}

/**
 * Runs the clock from its snapshot to `nowMs`, meeting every boundary due at or before it in order: the first
 * `budget` one by one, each with its effects, then the rest in strides (leap.ts), so that a step's work and effects
 * stay bounded however far `nowMs` lies. The state it returns is `known`'s.
 */
function catchUp(state: ClockState, nowMs: number, out: ClockEffect[], budget: number): ClockState {
  let s = state;
  let left = budget;
  if (known.state !== s) learn(s);
  while (known.atMs <= nowMs) {
    const atMs = known.atMs;
    if (left <= 0) return leap(s, nowMs, atMs, out);
    left--;
    s = reachBoundary(runTo(s, atMs), s.toMove, known.boundary as Boundary, atMs, out);
    learn(s);
  }
  s = runTo(s, nowMs);
  known.state = s; // only time passed: the same boundary at the same instant
  return s;
}

function ignored(state: ClockState, side: Side | null, atMs: number, text: string, out: ClockEffect[]): ClockState {
  logTo(out, atMs, side, 'ignored', text);
  return state;
}

function start(state: ClockState, by: Side | null, atMs: number, out: ClockEffect[]): ClockState {
  const first = state.options.firstToMove;
  logTo(out, atMs, by, 'start', (by || 'arbiter') + ' start: ' + first + ' to move');
  return beginTurn(state, first, atMs);
}

/** A press that is not a move (moves.ts `moveMade` takes those): the start, or a press ignored. */
function press(state: ClockState, side: Side, atMs: number, out: ClockEffect[]): ClockState {
  if (state.status === 'ready') {
    if (side !== state.options.firstToMove) return start(state, side, atMs, out);
    return ignored(state, side, atMs, side + ' press ignored: ' + otherSide(side) + ' starts the clock', out);
  }
  if (state.status !== 'running') return ignored(state, side, atMs, side + ' press ignored: clock ' + state.status, out);
  return ignored(state, side, atMs, side + ' press ignored: not ' + side + "'s turn", out);
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
      // A side that is not one: an event the core cannot take (a caller's bug: the scenario runner and the runtime
      // never send one), refused.
      if (!isSide(event.side)) {
        logTo(out, atMs, null, 'refused', 'press refused: side must be "black" or "white"');
        return state;
      }
      // A move made when something fell due before it (step takes the others straight to moveMade).
      if (state.status === 'running' && event.side === state.toMove) return moveMade(state, event.side, atMs, out);
      return press(state, event.side, atMs, out);
    case 'pause':
      if (event.side !== undefined && !isSide(event.side)) {
        logTo(out, atMs, null, 'refused', 'pause refused: side must be "black" or "white" or none');
        return state;
      }
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
 * `budget`: the boundaries met one by one in each catch-up (STEP_BUDGET unless given; tests force a tiny one).
 *
 * On Espruino a function's whole text is read at every call, so the hot paths are functions of their own and this
 * one only routes. A move (the running side's own press) with nothing due before it goes straight to moves.ts
 * `moveMade`, which also runs the mover's time to the press; the state it makes is at its instant, so only its next
 * boundary is asked. Otherwise the catch-up first; a tick is the catch-up alone (after it nothing is due); every
 * other event goes to `apply` (a move too, when something fell due before it), and the catch-up again.
 */
export function step(state: ClockState, event: ClockEvent, nowMs: number, budget?: number): StepResult {
  const out: ClockEffect[] = [];
  const most = budget === undefined ? STEP_BUDGET : budget;
  // An instant that is not whole milliseconds on a sane time line (a corrupt journal) is read as the latest one
  // (isInstant, written out: the state's own instant is one).
  const now = typeof nowMs === 'number' && nowMs > state.atMs && nowMs <= MAX_INSTANT_MS && Math.floor(nowMs) === nowMs ? nowMs : state.atMs;
  if (known.state !== state) learn(state);
  if (known.atMs > now && event.type === 'press' && event.side === state.toMove && state.status === 'running') {
    const moved = /*#__NOINLINE__*/ moveMade(state, state.toMove, now, out);
    learn(moved);
    // (A turn that begins with no time left, in hourglass, meets its zero at once.)
    return { state: known.atMs > now ? moved : catchUp(moved, now, out, most), effects: out };
  }
  const s = catchUp(state, now, out, most);
  return { state: event.type === 'tick' ? s : catchUp(/*#__NOINLINE__*/ apply(s, event, now, out), now, out, most), effects: out };
}

/** `step` with its own budget of boundaries met one by one in each catch-up (tests force a tiny one). */
export function stepWithin(state: ClockState, event: ClockEvent, nowMs: number, budget: number): StepResult {
  return step(state, event, nowMs, budget);
}
