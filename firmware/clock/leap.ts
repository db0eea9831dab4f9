/**
 * The rest of a catch-up once a step has met its budget of boundaries one by one (clock.ts STEP_BUDGET): the same
 * state as meeting every boundary in turn, in a few strides whatever the time span. A late wake-up, a journal's
 * tick long after its game, or a host that asks about a far instant can span millions of boundaries: byo-yomi with
 * onExpire "pass" and both sides in their last period is a cycle (one side's period, a forced pass, the other's, a
 * forced pass, ...) that never ends by itself, and a Japanese count says something every 10 s of a long period.
 *
 * The strides: counts are passed over (they change nothing but what is said); a byo-yomi side's periods are used up
 * together (periods used = floor(overtime / period), docs/time-systems.md); two sides passing the turn to each other in
 * their last periods skip whole rounds at once. Everything else (a warning, the end of main time or of a break, a
 * flag, a single pass) is met as usual, each at most a few times per leap.
 *
 * What a leap says: the announcements it passed are long past, so they are counted, not said; a run of periods
 * gives one `period` effect, the last; skipped rounds give one summary log line (kind 'pass'). Flags and single passes
 * are logged as usual. A `skipped` effect at the end says from which instant the step leapt and how many
 * announcements and log entries it left out, for hosts that list them (the scenario runner).
 */
import { Side } from './side';
import { Boundary, boundaryOf, countsWithin, periodCounts } from './boundaries';
import { ByoyomiControl } from './control';
import { ClockEffect, ClockState } from './clock-types';
import { logTo } from './clock-effects';
import { withSide } from './clock-state';
import { reachBoundary, runTo } from './clock-run';
import { timeUp } from './time-up';

/** What a leap left out. */
interface Tally {
  announcements: number;
  /** Log entries the summary lines stand for, beyond the lines themselves. */
  log: number;
}

/** A boundary's effects in a leap: its announcements are counted, not said; the rest go out. */
function passOn(effects: ClockEffect[], out: ClockEffect[], tally: Tally): void {
  for (let i = 0; i < effects.length; i++) {
    if (effects[i].type === 'announce') tally.announcements++;
    else out.push(effects[i]);
  }
}

/** Whether `side` is in its last byo-yomi period, whole, with nothing pending: how a forced pass leaves a side. */
function freshLastPeriod(state: ClockState, side: Side): boolean {
  const control = state.controls[side];
  const clock = state.sides[side];
  return control.system === 'byoyomi' && clock.phase === 'overtime' && clock.periodsLeft === 1 &&
    clock.remainingMs === control.periodMs && clock.graceMs === 0 && clock.flaggedAtMs === null;
}

/**
 * Right after a forced pass: when both sides are in their whole last periods, the game is a cycle of rounds (the
 * side to move uses its period and passes, then the other), each the same state again `roundMs` later. Skips the
 * whole rounds that end by `nowMs`, with one log line for their passes.
 */
function skipRounds(state: ClockState, nowMs: number, out: ClockEffect[], tally: Tally): ClockState {
  const first = state.toMove;
  const second = first === 'black' ? 'white' : 'black';
  if (state.options.onExpire !== 'pass' || !freshLastPeriod(state, first) || !freshLastPeriod(state, second)) return state;
  // (Both sides play byo-yomi: freshLastPeriod says so.)
  const firstMs = (state.controls[first] as ByoyomiControl).periodMs;
  const roundMs = firstMs + (state.controls[second] as ByoyomiControl).periodMs;
  const rounds = Math.floor((nowMs - state.sinceMs) / roundMs);
  if (rounds < 1) return state;
  const endMs = state.sinceMs + rounds * roundMs;
  const counts = periodCounts(state.controls[first], state.options).length + periodCounts(state.controls[second], state.options).length;
  tally.announcements += rounds * counts;
  tally.log += 2 * rounds - 1;
  logTo(out, state.sinceMs + firstMs, null, 'pass', 'forced passes until ' + endMs + ' ms: black ' + rounds + ', white ' + rounds);
  return Object.assign({}, state, { sinceMs: endMs });
}

/**
 * A byo-yomi side whose period ends at `atMs` with more periods left: the periods that end by `nowMs` are used up
 * together (all but the last one left), as one period change at the last of them.
 */
function usePeriods(state: ClockState, side: Side, atMs: number, nowMs: number, out: ClockEffect[], tally: Tally): ClockState {
  const periodMs = (state.controls[side] as ByoyomiControl).periodMs; // (meet sends only byo-yomi here)
  const left = state.sides[side].periodsLeft as number;
  const ended = Math.min(left - 1, Math.floor((nowMs - atMs) / periodMs) + 1);
  const lastAtMs = atMs + (ended - 1) * periodMs;
  const settled = runTo(state, lastAtMs);
  const before = withSide(settled, side, Object.assign({}, settled.sides[side], { periodsLeft: left - ended + 1 }));
  tally.announcements += (ended - 1) * periodCounts(state.controls[side], state.options).length;
  const effects: ClockEffect[] = [];
  const next = timeUp(before, side, lastAtMs, effects);
  passOn(effects, out, tally);
  return next;
}

function morePeriodsAhead(state: ClockState, side: Side): boolean {
  const clock = state.sides[side];
  return state.controls[side].system === 'byoyomi' && clock.phase === 'overtime' && clock.periodsLeft !== null && clock.periodsLeft > 1;
}

/** Meets one change of the running side (see boundaries.ts `nextChange`) at `atMs`, in strides where it can. */
function meet(state: ClockState, side: Side, change: Boundary, atMs: number, nowMs: number, out: ClockEffect[], tally: Tally): ClockState {
  if (change.kind === 'timeUp' && morePeriodsAhead(state, side)) return usePeriods(state, side, atMs, nowMs, out, tally);
  const effects: ClockEffect[] = [];
  const next = reachBoundary(runTo(state, atMs), side, change, atMs, effects);
  passOn(effects, out, tally);
  return next.status === 'running' && next.toMove !== side ? skipRounds(next, nowMs, out, tally) : next;
}

/**
 * Runs the clock from its snapshot to `nowMs` in strides; `fromMs` is the instant of the first boundary not met one
 * by one. The number of strides is bounded: per turn a break, three warnings, the end of main time, one run of
 * periods and the end of the last; turns change only by forced passes, and rounds of them are skipped at once.
 */
export function leap(state: ClockState, nowMs: number, fromMs: number, out: ClockEffect[]): ClockState {
  const tally: Tally = { announcements: 0, log: 0 };
  let s = state;
  while (s.status === 'running') {
    const side = s.toMove;
    const change = boundaryOf(s.sides[side], s.controls[side], s.options, false); // boundaries.ts nextChange
    const atMs = change === null ? Infinity : s.sinceMs + change.offsetMs;
    tally.announcements += countsWithin(s.sides[side], s.controls[side], s.options, Math.min(atMs, nowMs) - s.sinceMs);
    if (change === null || atMs > nowMs) break;
    s = meet(s, side, change, atMs, nowMs, out, tally);
  }
  out.push({ type: 'skipped', atMs: nowMs, fromMs: fromMs, announcements: tally.announcements, log: tally.log });
  return runTo(s, nowMs);
}
