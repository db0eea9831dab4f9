/** What happens when a side's time reaches zero (docs/time-systems.md): overtime, the next period, a forced pass, or the flag. */
import { BREAK_MS } from './options';
import { otherSide, Side } from './side';
import { SAY_BREAK, SAY_LAST_PERIOD, SAY_OVERTIME } from './announcements';
import { ClockEffect, ClockState } from './clock-types';
import { announce, logTo } from './clock-effects';
import { beginTurn, withSide } from './clock-state';
import { hasOvertime } from './side-clock';

export function announceOvertime(state: ClockState, side: Side, atMs: number, out: ClockEffect[]): void {
  announce(out, atMs, side, SAY_OVERTIME, 'overtime');
  if (state.sides[side].periodsLeft === 1) announce(out, atMs, side, SAY_LAST_PERIOD, 'lastPeriod');
}

function flag(state: ClockState, side: Side, atMs: number, out: ClockEffect[]): ClockState {
  const clock = state.sides[side];
  const flagged = Object.assign({}, clock, {
    flaggedAtMs: atMs,
    remainingMs: 0,
    graceMs: 0,
    inBreak: false,
    overdueMs: 0,
    periodsLeft: clock.periodsLeft === null ? null : 0,
  });
  out.push({ type: 'flag', atMs: atMs, side: side });
  logTo(out, atMs, side, 'flag', side + ' flag');
  const next = withSide(state, side, flagged);
  next.flags = state.flags.concat([{ side: side, atMs: atMs }]);
  if (state.options.onExpire !== 'continue') next.status = 'over';
  return next;
}

/**
 * `side`'s time has just reached zero at `atMs`: main time ends (overtime or the break begins), a byo-yomi period
 * ends (the next one begins at once), the turn passes (12.16), or the flag falls.
 */
export function timeUp(state: ClockState, side: Side, atMs: number, out: ClockEffect[]): ClockState {
  const control = state.controls[side];
  const clock = state.sides[side];
  if (clock.phase === 'main' && hasOvertime(control)) {
    const overtime = Object.assign({}, clock, { phase: 'overtime', remainingMs: control.periodMs });
    if (state.options.breakBeforeOvertime && !clock.breakTaken) {
      Object.assign(overtime, { graceMs: BREAK_MS, inBreak: true, breakTaken: true });
      announce(out, atMs, side, SAY_BREAK, 'break');
      return withSide(state, side, overtime);
    }
    const next = withSide(state, side, overtime);
    announceOvertime(next, side, atMs, out);
    return next;
  }
  if (control.system === 'byoyomi' && clock.periodsLeft !== null && clock.periodsLeft > 1) {
    const periodsLeft = clock.periodsLeft - 1;
    out.push({ type: 'period', atMs: atMs, side: side, periodsLeft: periodsLeft });
    if (periodsLeft === 1) announce(out, atMs, side, SAY_LAST_PERIOD, 'lastPeriod');
    return withSide(state, side, Object.assign({}, clock, { periodsLeft: periodsLeft, remainingMs: control.periodMs }));
  }
  if (control.system === 'byoyomi' && state.options.onExpire === 'pass' && state.status === 'running' && state.toMove === side) {
    out.push({ type: 'pass', atMs: atMs, side: side });
    logTo(out, atMs, side, 'pass', side + ' forced pass: last period ran out, ' + otherSide(side) + ' to move');
    const kept = Object.assign({}, clock, { remainingMs: control.periodMs, graceMs: 0, inBreak: false });
    return beginTurn(withSide(state, side, kept), otherSide(side), atMs);
  }
  return flag(state, side, atMs, out);
}

