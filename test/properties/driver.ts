/**
 * Plays a random game command by command against the core and the reference model side by side (fast-check's
 * `fc.commands` + `fc.modelRun`), checking the invariants a player or arbiter would sign after every command.
 * Which invariants are checked is chosen per test, so each property reports its own counterexamples.
 */
import fc from 'fast-check';
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEffect, ClockState, StepResult } from '../../firmware/clock/clock-types';
import { TimeControl } from '../../firmware/clock/control';
import { view, ClockView, SideView } from '../../firmware/display/view';
import { BREAK_MS, MSideView, MView, modelStageBonus, other, RefClock, Side, SIDES } from './reference-model';
import { deepFreeze, describeTimeline, firstToMoveOf, nonLog, resolveAt, resolveEvent, Setup, Spec, Timed } from './games';

export type Check =
  | 'model' // the whole view and every effect agree with the reference model
  | 'oneRuns' // 1
  | 'ledger' // 2
  | 'nonNegative' // 3
  | 'monotone' // 4
  | 'flagInstant' // 5
  | 'announcements' // 6
  | 'pure'; // 9 (no throw, no mutation)

interface Ledger {
  side: Side;
  startAt: number;
  runningSince: number | null;
  used: number;
  start: SideView;
  opponentStart: SideView;
  breakTakenAtStart: boolean;
  clean: boolean;
}

export interface Real {
  setup: Setup;
  checks: Set<Check>;
  first: Side;
  state: ClockState;
  t: number;
  timeline: Timed[];
  lastView: ClockView;
  ledger: Ledger | null;
  lastAnnounceAt: number;
  seenSinceAdjust: Set<string>;
  epoch: { black: number; white: number };
  countsInEpoch: Set<string>;
  /** Whether each side has had its break before byo-yomi (once per game), from the announcements so far. */
  breakHad: { black: boolean; white: boolean };
}

export interface Model {
  ref: RefClock;
}

class Failure extends Error {}

function fail(r: Real, label: string, message: string): never {
  throw new Failure('[' + label + '] ' + message + '\n' + describeTimeline(r.setup, r.timeline));
}

/**
 * A view as the model states it: what a display shows of each side, and whether it runs (the model says so per side;
 * the core once, as the view's `running`, its sides being the side clocks themselves).
 */
function strip(v: ClockView | MView): unknown {
  const side = (s: Side): MSideView => {
    const x = v.sides[s];
    const runs = 'running' in x ? (x as MSideView).running : v.running === s;
    return {
      phase: x.phase, remainingMs: x.remainingMs, graceMs: x.graceMs, inBreak: x.inBreak, periodsLeft: x.periodsLeft,
      movesLeft: x.movesLeft, moves: x.moves, flaggedAtMs: x.flaggedAtMs, overdueMs: x.overdueMs, running: runs,
    };
  };
  return JSON.parse(JSON.stringify({ atMs: v.atMs, status: v.status, running: v.running, toMove: v.toMove, sides: { black: side('black'), white: side('white') }, flags: v.flags }));
}

function canonical(effects: { type: string }[]): string[] {
  return effects.map((e) => JSON.stringify(e, Object.keys(e).sort())).sort();
}

function checkOneRuns(r: Real, v: ClockView, where: string): void {
  if (v.status === 'running') {
    if (v.running !== v.toMove) fail(r, 'inv1', where + ': running clock with running ' + v.running + ', ' + v.toMove + ' to move');
  } else if (v.running !== null) {
    fail(r, 'inv1', where + ': status ' + v.status + ' but running ' + v.running);
  }
}

function checkNonNegative(r: Real, v: ClockView, where: string): void {
  for (const s of SIDES) {
    const x = v.sides[s];
    const fields: [string, number | null][] = [
      ['remainingMs', x.remainingMs],
      ['graceMs', x.graceMs],
      ['periodsLeft', x.periodsLeft],
      ['movesLeft', x.movesLeft],
      ['moves', x.moves],
      ['overdueMs', x.overdueMs],
    ];
    for (const [name, value] of fields) {
      if (value === null) continue;
      if (!(Number.isInteger(value) && value >= 0)) fail(r, 'inv3', where + ': ' + s + '.' + name + ' = ' + value);
    }
  }
}

/** What a player's own ledger says the mover's clock must show after a move that used `used` ms of running time. */
function ledgerExpect(ctl: TimeControl, s0: SideView, used: number, breakTaken: boolean, breakOption: boolean): Partial<SideView> | 'out' {
  const r0 = s0.remainingMs;
  const moves = s0.moves + 1;
  switch (ctl.system) {
    case 'absolute':
    case 'hourglass':
      return used < r0 ? { remainingMs: r0 - used, moves } : 'out';
    case 'delay': {
      // the delay runs first; the time is up when delay and main time are both used
      const charged = Math.max(0, used - s0.graceMs);
      return used < s0.graceMs + r0 ? { remainingMs: r0 - charged, moves, graceMs: 0 } : 'out';
    }
    case 'fischer': {
      if (used >= r0) return 'out';
      const left = r0 - used;
      const cap = ctl.capMs === undefined ? Infinity : ctl.capMs;
      return { remainingMs: Math.max(left, Math.min(left + ctl.incrementMs, cap)), moves };
    }
    case 'bronstein':
      return used < r0 ? { remainingMs: r0 - used + Math.min(ctl.delayMs, used), moves } : 'out';
    case 'stages':
      return used < r0 ? { remainingMs: r0 - used + modelStageBonus(ctl.stages, moves), moves } : 'out';
    case 'byoyomi': {
      const P = ctl.periodMs;
      const p0 = s0.periodsLeft as number;
      if (s0.phase === 'main') {
        if (used < r0) return { phase: 'main', remainingMs: r0 - used, periodsLeft: p0, moves };
        const ot = used - r0 - (breakOption && !breakTaken ? BREAK_MS : 0);
        if (ot < 0) return { phase: 'overtime', remainingMs: P, periodsLeft: p0, graceMs: 0, inBreak: false, moves };
        const left = p0 - Math.floor(ot / P);
        return left >= 1 ? { phase: 'overtime', remainingMs: P, periodsLeft: left, moves } : 'out';
      }
      // (a break pending at the turn's start runs first)
      const g0 = s0.graceMs;
      if (used < g0 + r0) return { phase: 'overtime', remainingMs: P, periodsLeft: p0, moves };
      const left = p0 - 1 - Math.floor((used - g0 - r0) / P);
      return left >= 1 ? { phase: 'overtime', remainingMs: P, periodsLeft: left, moves } : 'out';
    }
    case 'canadian': {
      const P = ctl.periodMs;
      const m0 = s0.movesLeft as number;
      const after = (rem: number) => (m0 - 1 <= 0 ? { phase: 'overtime' as const, remainingMs: P, movesLeft: ctl.moves, moves } : { phase: 'overtime' as const, remainingMs: rem, movesLeft: m0 - 1, moves });
      if (s0.phase === 'main') {
        if (used < r0) return { phase: 'main', remainingMs: r0 - used, movesLeft: m0, moves };
        const ot = used - r0 - (breakOption && !breakTaken ? BREAK_MS : 0);
        if (ot < 0) return after(P);
        return ot < P ? after(P - ot) : 'out';
      }
      const g0 = s0.graceMs;
      return used < g0 + r0 ? after(r0 - Math.max(0, used - g0)) : 'out';
    }
  }
}

/**
 * Invariant 5's arithmetic: the running time until a side's last time runs out, from what it shows: grace and
 * remaining, plus (byo-yomi) the periods after the current one, plus (main time) the break and every period.
 */
function timeToEnd(v: SideView, ctl: TimeControl, breakAhead: boolean): number | null {
  if (v.flaggedAtMs !== null) return null;
  let total = v.graceMs + v.remainingMs;
  if (ctl.system === 'byoyomi') {
    if (v.phase === 'main') total += (breakAhead ? BREAK_MS : 0) + (v.periodsLeft as number) * ctl.periodMs;
    else total += ((v.periodsLeft as number) - 1) * ctl.periodMs;
  } else if (ctl.system === 'canadian' && v.phase === 'main') {
    total += (breakAhead ? BREAK_MS : 0) + ctl.periodMs;
  }
  return total;
}

function beginLedger(r: Real, m: Model, side: Side, at: number, state: ClockState): void {
  const v = view(state, at);
  r.ledger = {
    side,
    startAt: at,
    runningSince: at,
    used: 0,
    start: v.sides[side],
    opponentStart: v.sides[other(side)],
    breakTakenAtStart: r.breakHad[side],
    clean: true,
  };
}

/** Invariant 2: at a move, the time charged is exactly the turn's running time (the player's own ledger). */
function ledgerMove(r: Real, m: Model, side: Side, text: string, at: number, after: ClockView, pre: ClockView): void {
  const L = r.ledger;
  if (L === null || L.side !== side || L.runningSince === null) fail(r, 'inv2', 'a move by ' + side + ' at ' + at + ' outside its running turn');
  const used = L.used + (at - L.runningSince);
  const match = / \((\d+) ms\)$/.exec(text);
  if (match === null || Number(match[1]) !== used) fail(r, 'inv2', 'move line "' + text + '" but the turn ran ' + used + ' ms (turn began ' + L.startAt + ')');
  if (!L.clean || L.start.flaggedAtMs !== null) return;
  const ctl = r.state.controls[side];
  const expected = ledgerExpect(ctl, L.start, used, L.breakTakenAtStart, m.ref.opts.breakBeforeOvertime);
  const got = after.sides[side];
  if (expected === 'out') {
    if (got.flaggedAtMs === null) fail(r, 'inv2', side + ' used ' + used + ' ms from ' + JSON.stringify(L.start) + ': time was up, yet the move at ' + at + ' finds it unflagged: ' + JSON.stringify(got));
    return;
  }
  if (pre.sides[side].flaggedAtMs !== null) fail(r, 'inv2', side + ' flagged although its ledger says time was left: ' + JSON.stringify(pre.sides[side]));
  for (const k of Object.keys(expected) as (keyof SideView)[]) {
    if (got[k] !== expected[k]) {
      fail(r, 'inv2', side + ' (' + ctl.system + ') used ' + used + ' ms of running time from ' + JSON.stringify(L.start) + '; after the move expected ' + k + ' = ' + expected[k] + ', got ' + got[k]);
    }
  }
  if (ctl.system === 'hourglass' && L.opponentStart.flaggedAtMs === null) {
    const want = L.opponentStart.remainingMs + used;
    const opp = after.sides[other(side)];
    if (opp.remainingMs !== want) fail(r, 'inv2', 'hourglass: ' + side + ' used ' + used + ' ms, so ' + other(side) + ' should have ' + want + ', has ' + opp.remainingMs);
  }
}

function bumpEpoch(r: Real, side: Side): void {
  r.epoch[side] += 1;
}

/** Invariant 6: a step's announcements, in order. */
function checkAnnouncement(r: Real, e: Extract<ClockEffect, { type: 'announce' }>, before: ClockView): void {
  if (e.atMs < r.lastAnnounceAt) fail(r, 'inv6', 'announcement ' + JSON.stringify(e) + ' after one at ' + r.lastAnnounceAt);
  r.lastAnnounceAt = e.atMs;
  const key = e.atMs + '|' + e.side + '|' + e.text;
  if (r.seenSinceAdjust.has(key)) fail(r, 'inv6', 'announcement said twice: ' + JSON.stringify(e));
  r.seenSinceAdjust.add(key);
  if (e.kind === 'count') {
    // A count is its words; beeps all sound alike, so a beep is told apart by the time left when it sounds.
    const left = e.text === 'beep' ? '@' + (before.sides[e.side].graceMs + before.sides[e.side].remainingMs) : '';
    const k = e.side + '|' + r.epoch[e.side] + '|' + e.text + left;
    if (r.countsInEpoch.has(k)) fail(r, 'inv6', 'count "' + e.text + '" repeated within one period of one turn of ' + e.side + ' (at ' + e.atMs + ')');
    r.countsInEpoch.add(k);
  }
  if (e.kind === 'overtime' || e.kind === 'break') bumpEpoch(r, e.side);
}

export function newReal(setup: Setup, checks: Set<Check>): Real {
  const state = createClock(setup.control, setup.options);
  return {
    setup,
    checks,
    first: firstToMoveOf(setup),
    state,
    t: 0,
    timeline: [],
    lastView: view(state, 0),
    ledger: null,
    lastAnnounceAt: -Infinity,
    seenSinceAdjust: new Set(),
    epoch: { black: 0, white: 0 },
    countsInEpoch: new Set(),
    breakHad: { black: false, white: false },
  };
}

/** One command: the clock left alone until its instant, then the event. */
export function playOne(m: Model, r: Real, spec: Spec): void {
  const has = (c: Check) => r.checks.has(c);
  const at = resolveAt(spec.when, r.state, r.t);
  const event = resolveEvent(spec, r.state, at, r.first);
  r.timeline.push({ atMs: at, event });
  const before = r.state;

  // ---- the clock left alone from r.t to `at` (boundaries at `at` included)
  const runnerBefore = r.lastView.running;
  const endIn = runnerBefore === null ? null : timeToEnd(r.lastView.sides[runnerBefore], r.state.controls[runnerBefore], m.ref.opts.breakBeforeOvertime && !m.ref.sides[runnerBefore].breakTaken);
  m.ref.advanceTo(at);
  const pre = view(before, at);
  if (has('model')) {
    const want = strip(m.ref.view());
    if (JSON.stringify(strip(pre)) !== JSON.stringify(want)) fail(r, 'model', 'view at ' + at + ' before the event\n core  ' + JSON.stringify(strip(pre)) + '\n model ' + JSON.stringify(want));
  }
  if (has('oneRuns')) checkOneRuns(r, pre, 'view at ' + at);
  if (has('nonNegative')) checkNonNegative(r, pre, 'view at ' + at);

  // ---- the event
  const json = JSON.stringify(before);
  deepFreeze(before);
  let result: StepResult | null = null;
  try {
    result = step(before, event, at);
  } catch (e) {
    fail(r, 'inv9', 'step threw ' + String(e) + ' on ' + JSON.stringify(event) + ' at ' + at);
  }
  if (result === null) return;
  if (has('pure') && JSON.stringify(before) !== json) fail(r, 'inv9', 'step mutated its input state');
  const effects = result.effects;
  const after = result.state;
  const expectedKind = m.ref.apply(event as unknown as { [k: string]: unknown }, at);
  const modelEffects = m.ref.drain();
  const post = view(after, at);
  const logs = effects.filter((e): e is Extract<ClockEffect, { type: 'log' }> => e.type === 'log').map((e) => e.entry);
  const validAdjust = logs.some((l) => l.kind === 'adjust');

  if (has('model')) {
    const got = canonical(nonLog(effects));
    const want = canonical(modelEffects);
    if (JSON.stringify(got) !== JSON.stringify(want)) fail(r, 'model', 'effects up to ' + at + '\n core  ' + JSON.stringify(got) + '\n model ' + JSON.stringify(want));
    const wantView = strip(m.ref.view());
    if (JSON.stringify(strip(post)) !== JSON.stringify(wantView)) fail(r, 'model', 'view at ' + at + ' after ' + JSON.stringify(event) + '\n core  ' + JSON.stringify(strip(post)) + '\n model ' + JSON.stringify(wantView));
    if (expectedKind !== null && !logs.some((l) => l.kind === expectedKind)) fail(r, 'model', 'expected a "' + expectedKind + '" log line for ' + JSON.stringify(event) + ', got ' + JSON.stringify(logs));
    if (event.type === 'tick' && logs.some((l) => l.kind !== 'flag' && l.kind !== 'pass')) fail(r, 'model', 'a tick logged ' + JSON.stringify(logs));
    if (expectedKind === 'refused' && JSON.stringify(strip(post)) !== JSON.stringify(strip(pre))) fail(r, 'model', 'a refused adjustment changed the clock');
  }
  if (has('oneRuns')) checkOneRuns(r, post, 'view at ' + at + ' after ' + event.type);
  if (has('nonNegative')) checkNonNegative(r, post, 'view at ' + at + ' after ' + event.type);

  // ---- invariant 5: the flag falls at the exact instant the time runs out
  if (has('flagInstant') && runnerBefore !== null && endIn !== null && r.t + endIn <= at) {
    const F = r.t + endIn;
    const ends = nonLog(effects).filter((e) => (e.type === 'flag' || e.type === 'pass') && e.side === runnerBefore);
    const first = ends[0] as { atMs: number } | undefined;
    if (first === undefined || first.atMs !== F) fail(r, 'inv5', runnerBefore + ' had ' + endIn + ' ms of running time at ' + r.t + ', so its time runs out at ' + F + '; the clock said ' + JSON.stringify(ends));
    if (F - 1 >= r.t) {
      const justBefore = view(before, F - 1).sides[runnerBefore];
      if (justBefore.flaggedAtMs !== null || justBefore.graceMs + justBefore.remainingMs !== 1) fail(r, 'inv5', 'at ' + (F - 1) + ', 1 ms before the flag, ' + runnerBefore + ' shows ' + JSON.stringify(justBefore));
    }
    const atFlag = view(before, F);
    const fs = atFlag.flags.filter((f) => f.side === runnerBefore && f.atMs === F);
    if (m.ref.opts.onExpire !== 'pass' || r.state.controls[runnerBefore].system !== 'byoyomi') {
      if (fs.length !== 1 || atFlag.sides[runnerBefore].flaggedAtMs !== F) fail(r, 'inv5', 'view at the flag instant ' + F + ': ' + JSON.stringify(atFlag.sides[runnerBefore]) + ' flags ' + JSON.stringify(atFlag.flags));
    } else if (fs.length !== 0 || atFlag.sides[runnerBefore].flaggedAtMs !== null || ends[0].type !== 'pass') {
      // onExpire "pass" in byo-yomi: the turn passes, no flag is recorded and the player keeps the last period
      fail(r, 'inv5', 'a forced pass at ' + F + ' recorded ' + JSON.stringify(ends) + ', flags ' + JSON.stringify(atFlag.flags));
    }
  }
  if (has('flagInstant')) {
    const flagEffects = nonLog(effects).filter((e) => e.type === 'flag') as { side: Side; atMs: number }[];
    const newFlags = after.flags.slice(before.flags.length);
    if (JSON.stringify(newFlags.map((f) => [f.side, f.atMs])) !== JSON.stringify(flagEffects.map((f) => [f.side, f.atMs]))) {
      fail(r, 'inv5', 'flag effects ' + JSON.stringify(flagEffects) + ' but state.flags gained ' + JSON.stringify(newFlags));
    }
    for (const f of flagEffects) if (f.atMs > at || f.atMs < r.t) fail(r, 'inv5', 'flag at ' + f.atMs + ' outside (' + r.t + ', ' + at + ']');
  }

  // ---- invariant 4: periods never rise; moves left only by a Canadian refill; a refill keeps periods left
  if (has('monotone') && !validAdjust) {
    for (const s of SIDES) {
      const a = r.lastView.sides[s];
      const b = pre.sides[s];
      const c = post.sides[s];
      for (const [x, y, w] of [
        [a, b, 'from ' + r.t + ' to ' + at],
        [b, c, 'at ' + at + ' across ' + JSON.stringify(event)],
      ] as [SideView, SideView, string][]) {
        if (x.periodsLeft !== null && y.periodsLeft !== null && y.periodsLeft > x.periodsLeft) fail(r, 'inv4', s + ' periodsLeft rose ' + x.periodsLeft + ' -> ' + y.periodsLeft + ' ' + w);
        if (x.movesLeft !== null && y.movesLeft !== null && y.movesLeft > x.movesLeft) {
          const ctl = after.controls[s];
          const refill = x === b && event.type === 'press' && logs.some((l) => l.kind === 'move' && l.side === s) && ctl.system === 'canadian' && x.movesLeft === 1 && y.movesLeft === ctl.moves && y.remainingMs === ctl.periodMs;
          if (!refill) fail(r, 'inv4', s + ' movesLeft rose ' + x.movesLeft + ' -> ' + y.movesLeft + ' ' + w + ' without a Canadian refill');
        }
      }
      if (logs.some((l) => l.kind === 'move' && l.side === s) && b.periodsLeft !== c.periodsLeft) fail(r, 'inv4', s + "'s move changed periodsLeft " + b.periodsLeft + ' -> ' + c.periodsLeft);
    }
  }

  // ---- effects in order: ledger (2) and announcements (6)
  let eventSeen = false;
  for (const e of effects) {
    if (e.type === 'announce') {
      if (e.kind === 'break') r.breakHad[e.side] = true;
      if (has('announcements')) checkAnnouncement(r, e, view(before, e.atMs));
    } else if (e.type === 'period') {
      bumpEpoch(r, e.side);
    } else if (e.type === 'pass') {
      bumpEpoch(r, e.side);
      bumpEpoch(r, other(e.side));
      // a pass before the event is in the clock left alone; one after it (an adjustment to zero) is in `after`
      beginLedger(r, m, other(e.side), e.atMs, eventSeen ? after : before);
    } else if (e.type === 'flag') {
      // "stop" and "pass": the clock stops at the flag, as if paused there
      const L = r.ledger;
      if (m.ref.opts.onExpire !== 'continue' && L && L.runningSince !== null) {
        L.used += e.atMs - L.runningSince;
        L.runningSince = null;
      }
    } else if (e.type === 'log') {
      const l = e.entry;
      if (l.kind !== 'flag' && l.kind !== 'pass') eventSeen = true;
      if (l.kind === 'adjust') {
        if (r.ledger) r.ledger.clean = false;
        // the arbiter may give back time: counts may come again from here on
        r.seenSinceAdjust.clear();
        bumpEpoch(r, 'black');
        bumpEpoch(r, 'white');
      } else if (l.kind === 'start') {
        bumpEpoch(r, post.toMove);
        beginLedger(r, m, post.toMove, at, after);
      } else if (l.kind === 'move') {
        const s = l.side as Side;
        if (has('ledger')) ledgerMove(r, m, s, l.text, at, post, pre);
        bumpEpoch(r, s);
        bumpEpoch(r, other(s));
        beginLedger(r, m, other(s), at, after);
      } else if (l.kind === 'pause' && r.ledger && r.ledger.runningSince !== null) {
        r.ledger.used += at - r.ledger.runningSince;
        r.ledger.runningSince = null;
      } else if (l.kind === 'resume') {
        if (r.ledger) r.ledger.runningSince = at;
        else {
          // resumed without ever being started (the arbiter flagged and un-flagged a side while ready)
          beginLedger(r, m, post.toMove, at, after);
          (r.ledger as unknown as Ledger).clean = false;
        }
      }
    }
  }

  r.state = after;
  r.t = at;
  r.lastView = post;
}

export class GameCommand implements fc.Command<Model, Real> {
  constructor(readonly spec: Spec) {}
  check(): boolean {
    return true;
  }
  run(m: Model, r: Real): void {
    playOne(m, r, this.spec);
  }
  toString(): string {
    return JSON.stringify(this.spec);
  }
}

export const commandsArb = (spec: fc.Arbitrary<Spec>, maxCommands: number) => fc.commands([spec.map((s) => new GameCommand(s))], { maxCommands, size: 'max' });

/** The property body: play the commands from a fresh clock with the given checks. */
export function playGame(setup: Setup, cmds: Iterable<fc.Command<Model, Real>>, checks: Check[]): void {
  fc.modelRun(() => ({ model: { ref: new RefClock(setup.control, setup.options) }, real: newReal(setup, new Set(checks)) }), cmds);
}
