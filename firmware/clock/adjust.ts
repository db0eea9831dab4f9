/**
 * The arbiter's corrections (12.11, 12.14, 13.4b, 17.4, 17.5, 3.18.4, e-mail rules 6): time added or removed,
 * periods left, moves left, the move counter, or a new control. Each is checked first; a refused one changes nothing.
 */
import { TimeControl } from './control';
import { controlError, copyControl, integerError, MAX_COUNT, MAX_DURATION_MS } from './control-validate';
import { describeControl } from './control-describe';
import { SIDES, Side } from './side';
import { freshSideClock, keptSideClock, SideClock } from './side-clock';
import { AdjustEvent, ClockEffect, ClockState } from './clock-types';
import { logTo } from './clock-effects';
import { withSide } from './clock-state';
import { timeUp } from './time-up';

/** Why `event` cannot be applied to `state`, or undefined when it can. */
export function adjustError(state: ClockState, event: AdjustEvent): string | undefined {
  // The fields an adjustment may give (one of them), named as text, not collected in arrays: on the device this runs
  // inside the menu's correction, the game's peak of memory.
  let given = '';
  if (event.deltaMs !== undefined) given += ', deltaMs';
  if (event.remainingMs !== undefined) given += ', remainingMs';
  if (event.periodsLeft !== undefined) given += ', periodsLeft';
  if (event.movesLeft !== undefined) given += ', movesLeft';
  if (event.moves !== undefined) given += ', moves';
  if (event.control !== undefined) given += ', control';
  const field = given.substring(2);
  if (field === '' || field.indexOf(',') >= 0) return 'give exactly one of deltaMs, remainingMs, periodsLeft, movesLeft, moves, control (got ' + (field || 'none') + ')';
  if (event.side !== undefined && SIDES.indexOf(event.side) < 0) return 'side: must be "black" or "white"';
  if (event.keepTimes !== undefined && typeof event.keepTimes !== 'boolean') return 'keepTimes: must be true or false';
  if (event.keepTimes !== undefined && field !== 'control') return 'keepTimes: only with control';
  if (field === 'control') return controlError(event.control, 'control');
  if (event.side === undefined) return 'side: required to adjust ' + field;
  const system = state.controls[event.side].system;
  let error: string | undefined;
  if (field === 'deltaMs') {
    // Either sign: the magnitude is checked like any duration, and a correction of nothing is a mistake.
    const delta = event.deltaMs;
    error = typeof delta === 'number' ? integerError(Math.abs(delta), 1, MAX_DURATION_MS) : 'must be an integer number of ms';
  } else if (field === 'remainingMs') {
    error = integerError(event.remainingMs, 0, MAX_DURATION_MS);
  } else if (field === 'periodsLeft') {
    if (system !== 'byoyomi') return 'periodsLeft: ' + event.side + ' plays ' + system + ', not byoyomi';
    error = integerError(event.periodsLeft, 1, MAX_COUNT);
  } else if (field === 'movesLeft') {
    if (system !== 'canadian') return 'movesLeft: ' + event.side + ' plays ' + system + ', not canadian';
    error = integerError(event.movesLeft, 1, MAX_COUNT);
  } else {
    error = integerError(event.moves, 0, 100000);
  }
  return error === undefined ? undefined : field + ': ' + error;
}

/** Gives a flagged side its clock back once the arbiter gives it something to play with (12.11). */
function unflagged(clock: SideClock): SideClock {
  if (clock.flaggedAtMs === null) return clock;
  const periodsLeft = clock.periodsLeft === 0 ? 1 : clock.periodsLeft;
  return Object.assign({}, clock, { flaggedAtMs: null, overdueMs: 0, periodsLeft: periodsLeft });
}

function signed(ms: number): string {
  return (ms > 0 ? '+' : '') + ms + ' ms';
}

/** The side's clock after one correction, and the words for the log. */
function corrected(state: ClockState, side: Side, event: AdjustEvent): { clock: SideClock; text: string } {
  const clock = state.sides[side];
  const control = state.controls[side];
  if (event.deltaMs !== undefined || event.remainingMs !== undefined) {
    const left = event.deltaMs !== undefined ? clock.remainingMs + event.deltaMs : (event.remainingMs as number);
    const next = Object.assign({}, clock, { remainingMs: Math.max(0, left) });
    const what = event.deltaMs !== undefined ? 'time ' + signed(event.deltaMs) : 'time set';
    return { clock: next.remainingMs > 0 ? unflagged(next) : next, text: what + ', ' + next.remainingMs + ' ms left' };
  }
  if (event.periodsLeft !== undefined && control.system === 'byoyomi') {
    const next = unflagged(Object.assign({}, clock, { periodsLeft: event.periodsLeft }));
    if (next.phase === 'overtime' && next.remainingMs === 0) next.remainingMs = control.periodMs;
    return { clock: next, text: 'periods left ' + event.periodsLeft };
  }
  if (event.movesLeft !== undefined) {
    return { clock: Object.assign({}, clock, { movesLeft: event.movesLeft }), text: 'moves left ' + event.movesLeft };
  }
  return { clock: Object.assign({}, clock, { moves: event.moves as number }), text: 'move counter ' + event.moves };
}

/** The new control for `sides`, each side afresh or, with `keep`, keeping its time (side-clock.ts keptSideClock). */
function newControl(state: ClockState, sides: Side[], control: TimeControl, keep: boolean): ClockState {
  let next = Object.assign({}, state, { controls: { black: state.controls.black, white: state.controls.white } });
  for (let i = 0; i < sides.length; i++) {
    const side = sides[i];
    next.controls[side] = copyControl(control); // each side its own copy (adjustError checked it)
    const clock = keep ? keptSideClock(control, state.controls[side], state.sides[side]) : freshSideClock(control, state.sides[side]);
    next = withSide(next, side, clock);
  }
  return next;
}

/**
 * Whether a side that is not running, left with no time by a correction, meets its zero at once: it goes into
 * overtime or its next period, or, in a game under way, loses on time. A side that still has time coming before it
 * must move does not: under simple delay its next turn brings the delay, in hourglass the opponent's thinking
 * flows to it, and before the start nothing has run (it meets its zero when its clock first runs).
 */
function zeroToMeetNow(state: ClockState, side: Side): boolean {
  const clock = state.sides[side];
  if ((state.status === 'running' && state.toMove === side) || clock.flaggedAtMs !== null || clock.remainingMs > 0 || clock.graceMs > 0) return false;
  const control = state.controls[side];
  const overtimeAhead = control.system === 'byoyomi'
    ? clock.phase === 'main' || (clock.periodsLeft !== null && clock.periodsLeft > 1)
    : control.system === 'canadian' && clock.phase === 'main';
  if (overtimeAhead) return true;
  const timeComing = control.system === 'delay' || control.system === 'hourglass';
  return !timeComing && (state.status === 'running' || state.status === 'paused');
}

/** Applies a checked correction at `atMs`. A side left with no time is dealt with at once (overtime or flag). */
export function applyAdjust(state: ClockState, event: AdjustEvent, atMs: number, out: ClockEffect[]): ClockState {
  let next: ClockState;
  const who = event.side || 'both';
  if (event.control !== undefined) {
    const keep = event.keepTimes === true;
    next = newControl(state, event.side ? [event.side] : SIDES, event.control, keep);
    const how = keep ? ', times kept' : '';
    logTo(out, atMs, event.side || null, 'adjust', 'arbiter adjust ' + who + ' control ' + describeControl(event.control) + how);
  } else {
    const side = event.side as Side;
    const change = corrected(state, side, event);
    next = withSide(state, side, change.clock);
    logTo(out, atMs, side, 'adjust', 'arbiter adjust ' + who + ' ' + change.text);
  }
  if (next.status === 'over' && next.sides.black.flaggedAtMs === null && next.sides.white.flaggedAtMs === null) {
    next.status = 'paused'; // the arbiter gave the flagged side time: the game can resume
  }
  // The running side's zero is reached by the core's catch-up right after this; a side not running meets it now.
  for (let i = 0; i < SIDES.length; i++) {
    while (zeroToMeetNow(next, SIDES[i])) next = timeUp(next, SIDES[i], atMs, out);
  }
  return next;
}
