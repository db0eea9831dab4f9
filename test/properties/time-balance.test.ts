/**
 * Time adds up for every side: over random games (every system, time odds, pauses, corrections, new controls, every
 * expiry policy), at every event, for each side whose main time is followed,
 *
 *     initial time + increments + corrections  =  time used + time left
 *
 * with each term kept by this test from the rules and the instants alone (what the core says is used only for whose
 * turn it is, what was acted on, and the move counter):
 * - initial time: the control's main time (`mainMs`, a stages control's first stage), again after a new control;
 * - increments: what the system adds: Fischer's increment up to its cap after an in-time move, Bronstein's
 *   min(delay, the turn's running time), a stages control's next stage after its last move; in hourglass the time
 *   the opponent used while this side had not flagged; nothing in the other systems;
 * - corrections: what the arbiter's `deltaMs` or `remainingMs` changed (never below zero);
 * - time used: running time charged to main time: the side's running time, pauses excluded, less a simple delay's
 *   grace each turn, and nothing after its flag (a flagged clock counting up uses no main time);
 * - time left: the main time the view shows (`remainingMs`), never below zero, zero exactly when the side flagged.
 *
 * Covered: absolute, Fischer, Bronstein, simple delay, hourglass and stages all game long; byo-yomi and Canadian
 * while in main time. In overtime there is no balance to keep: a period's unused time is lost (rules 12.2) and each
 * period or refill starts afresh, so "time left" there is not what remains of anything given (periods used =
 * floor(overtime / period), docs/time-systems.md, is the property tests of that phase check).
 */
import fc from 'fast-check';
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEffect, ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { TimeControl } from '../../firmware/clock/control';
import { view } from '../../firmware/display/view';
import { describeTimeline, firstToMoveOf, pausingSpecArb, resolveAt, resolveEvent, Setup, setupArb, Spec, specArb, Timed } from './games';
import { modelStageBonus, other, Side, SIDES } from './reference-model';

/** PROPS_SCALE=n runs every property n times as long (a deeper search than the default quick run). */
const SCALE = Number(process.env.PROPS_SCALE || 1);

/** One side's main time, as this test keeps it. */
interface Account {
  /** Whether the side's main time is followed (see the header: all game long, or while in main time). */
  followed: boolean;
  control: TimeControl;
  initial: number;
  increments: number;
  corrections: number;
  used: number;
  /** A simple delay's grace still to run this turn. */
  grace: number;
  /** Running time of the side's current turn, pauses excluded (what Bronstein gives back). */
  turnRun: number;
  flaggedAtMs: number | null;
}

const left = (a: Account): number => a.initial + a.increments + a.corrections - a.used;

function hasMainOnly(control: TimeControl): boolean {
  return control.system !== 'byoyomi' && control.system !== 'canadian';
}

function fresh(control: TimeControl): Account {
  const initial = control.system === 'stages' ? control.stages[0].ms : control.mainMs;
  return { followed: hasMainOnly(control) || initial > 0, control, initial, increments: 0, corrections: 0, used: 0, grace: 0, turnRun: 0, flaggedAtMs: null };
}

type Accounts = { black: Account; white: Account };

/** `side` runs from `fromMs` to `toMs`: grace first, then main time, to its zero at most; hourglass feeds the other. */
function run(accounts: Accounts, side: Side, fromMs: number, toMs: number): void {
  const a = accounts[side];
  const elapsed = toMs - fromMs;
  a.turnRun += elapsed;
  if (!a.followed || a.flaggedAtMs !== null) return;
  const fromGrace = Math.min(a.grace, elapsed);
  a.grace -= fromGrace;
  const charged = Math.min(left(a), elapsed - fromGrace);
  a.used += charged;
  const opponent = accounts[other(side)];
  if (a.control.system === 'hourglass' && opponent.flaggedAtMs === null && opponent.followed) opponent.increments += charged;
  if (left(a) === 0 && a.grace === 0) {
    // Its time is up: the flag in a system with main time only; overtime (no more balance) otherwise.
    if (hasMainOnly(a.control)) a.flaggedAtMs = fromMs + fromGrace + charged;
    else a.followed = false;
  }
}

/** The increment of an in-time move that brought the move counter to `moves`. */
function increment(a: Account, moves: number): number {
  const c = a.control;
  if (c.system === 'fischer') {
    const cap = c.capMs === undefined ? Infinity : c.capMs;
    return Math.max(left(a), Math.min(left(a) + c.incrementMs, cap)) - left(a);
  }
  if (c.system === 'bronstein') return Math.min(c.delayMs, a.turnRun);
  if (c.system === 'stages') return modelStageBonus(c.stages, moves);
  return 0;
}

function beginTurn(a: Account): void {
  a.turnRun = 0;
  a.grace = a.control.system === 'delay' && a.flaggedAtMs === null ? a.control.delayMs : 0;
}

function logOf(effects: ClockEffect[]): Extract<ClockEffect, { type: 'log' }>['entry'][] {
  return effects.filter((e): e is Extract<ClockEffect, { type: 'log' }> => e.type === 'log').map((e) => e.entry);
}

/** The core's passes and flags since `fromMs`, in order: where the running side changes or stops. */
function runThrough(accounts: Accounts, state: ClockState, effects: ClockEffect[], fromMs: number, toMs: number): void {
  let runner: Side | null = state.status === 'running' ? state.toMove : null;
  let at = fromMs;
  for (const e of effects) {
    if (e.type !== 'pass' && e.type !== 'flag') continue;
    if (runner !== null) run(accounts, runner, at, e.atMs);
    at = e.atMs;
    if (e.type === 'pass') {
      runner = other(e.side);
      beginTurn(accounts[runner]);
    } else if (state.options.onExpire !== 'continue') {
      runner = null;
    }
  }
  if (runner !== null) run(accounts, runner, at, toMs);
}

/** What the event the core acted on does to the accounts. */
function apply(accounts: Accounts, before: ClockState, after: ClockState, event: ClockEvent, effects: ClockEffect[]): void {
  for (const entry of logOf(effects)) {
    const side = entry.side;
    if (entry.kind === 'start') {
      beginTurn(accounts[after.options.firstToMove]);
    } else if (entry.kind === 'move' && side !== null) {
      const a = accounts[side];
      if (a.followed && a.flaggedAtMs === null) a.increments += increment(a, after.sides[side].moves);
      a.grace = 0;
      beginTurn(accounts[other(side)]);
    } else if (entry.kind === 'adjust' && event.type === 'adjust') {
      if (event.control !== undefined) {
        // A new control starts afresh, in the middle of a turn too (the turn's running time goes on: Bronstein).
        for (const s of event.side ? [event.side] : SIDES) accounts[s] = Object.assign(fresh(after.controls[s]), { turnRun: accounts[s].turnRun });
      } else if (side !== null && (event.deltaMs !== undefined || event.remainingMs !== undefined) && accounts[side].followed) {
        const a = accounts[side];
        const now = event.deltaMs !== undefined ? Math.max(0, left(a) + event.deltaMs) : (event.remainingMs as number);
        a.corrections += now - left(a);
        if (now > 0) a.flaggedAtMs = null;
      }
    }
  }
  // A side left with nothing by a correction meets its zero at once (overtime, or the flag); the core says which.
  for (const s of SIDES) {
    const a = accounts[s];
    if (a.followed && after.sides[s].phase === 'overtime') a.followed = false;
    if (a.followed && a.flaggedAtMs === null && after.sides[s].flaggedAtMs !== null && before.sides[s].flaggedAtMs === null) a.flaggedAtMs = after.sides[s].flaggedAtMs;
  }
}

function check(accounts: Accounts, state: ClockState, atMs: number, fail: (message: string) => never): void {
  const shown = view(state, atMs);
  for (const s of SIDES) {
    const a = accounts[s];
    if (!a.followed) continue;
    const side = shown.sides[s];
    const balance = a.initial + ' + ' + a.increments + ' + ' + a.corrections + ' = ' + a.used + ' + ' + side.remainingMs;
    if (side.phase !== 'main') fail(s + ' in overtime with main time to follow: ' + balance);
    if (a.initial + a.increments + a.corrections !== a.used + side.remainingMs) fail(s + ' at ' + atMs + ': ' + balance + ' does not add up');
    if (side.flaggedAtMs !== a.flaggedAtMs) fail(s + ' flagged at ' + side.flaggedAtMs + ', its time ran out at ' + a.flaggedAtMs);
  }
}

function play(setup: Setup, specs: Spec[]): boolean {
  let state = createClock(setup.control, setup.options);
  const accounts: Accounts = { black: fresh(state.controls.black), white: fresh(state.controls.white) };
  const timeline: Timed[] = [];
  const fail = (message: string): never => {
    throw new Error(message + '\n' + describeTimeline(setup, timeline));
  };
  let t = 0;
  for (const spec of specs) {
    const at = resolveAt(spec.when, state, t);
    const event = resolveEvent(spec, state, at, firstToMoveOf(setup));
    timeline.push({ atMs: at, event });
    // The time up to the event (and what fell due in it), then the event itself.
    const ticked = step(state, { type: 'tick' }, at);
    runThrough(accounts, state, ticked.effects, Math.max(t, state.atMs), at);
    const acted = step(ticked.state, event, at);
    runThrough(accounts, ticked.state, acted.effects, at, at);
    apply(accounts, ticked.state, acted.state, event, acted.effects);
    state = acted.state;
    t = at;
    check(accounts, state, at, fail);
  }
  return true;
}

describe('time adds up for every side', () => {
  test('initial time + increments + corrections = time used + time left, at every event of random games', () => {
    fc.assert(fc.property(setupArb, fc.array(specArb, { maxLength: 40 }), play), { numRuns: 500 * SCALE });
  });
  test('... also when the game is paused and resumed again and again, at the very instants of its boundaries', () => {
    fc.assert(fc.property(setupArb, fc.array(pausingSpecArb, { maxLength: 40 }), play), { numRuns: 300 * SCALE });
  });
});
