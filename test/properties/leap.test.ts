/**
 * A catch-up past its budget (firmware/clock/leap.ts) gives exactly the state of meeting every boundary one by one, and
 * says exactly what it left out: over random games of every system (time odds, breaks, warnings, every expiry
 * policy, pauses and corrections), each event is stepped with a tiny budget and with none, from the same state, after
 * gaps long enough for many periods and forced passes.
 */
import fc from 'fast-check';
import { createClock, stepWithin } from '../../firmware/clock/clock';
import { ClockEffect, ClockEvent, ClockState, StepResult } from '../../firmware/clock/clock-types';
import { describeTimeline, firstToMoveOf, resolveAt, resolveEvent, setupArb, specArb, Spec, Timed } from './games';

/** PROPS_SCALE=n runs every property n times as long (a deeper search than the default quick run). */
const SCALE = Number(process.env.PROPS_SCALE || 1);

function kinds(effects: ClockEffect[], type: ClockEffect['type']): number {
  return effects.filter((e) => e.type === type).length;
}

function skippedOf(effects: ClockEffect[]): Extract<ClockEffect, { type: 'skipped' }>[] {
  return effects.filter((e): e is Extract<ClockEffect, { type: 'skipped' }> => e.type === 'skipped');
}

/** The log lines and announcements a step says, and those its leaps say they left out. */
function told(effects: ClockEffect[]): { announcements: number; log: number } {
  const skipped = skippedOf(effects);
  return {
    announcements: kinds(effects, 'announce') + skipped.reduce((n, e) => n + e.announcements, 0),
    log: kinds(effects, 'log') + skipped.reduce((n, e) => n + e.log, 0),
  };
}

/** Extra idle time before an event: none, a little, or many periods' worth. */
const gapArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 5000, max: 200000 }) },
);

const commandArb = fc.record({ spec: specArb, gap: gapArb });

/** Instants of the last few turns and period changes a step met: where a stride that is off by one would show. */
function edgesOf(effects: ClockEffect[], from: number): number[] {
  const instants = effects.filter((e) => e.type === 'pass' || e.type === 'period' || e.type === 'flag').map((e) => (e as { atMs: number }).atMs);
  const last = instants.slice(-3);
  const edges: number[] = [];
  for (const at of last) for (const d of [-1, 0, 1]) if (at + d >= from) edges.push(at + d);
  return edges;
}

function compare(state: ClockState, event: ClockEvent, at: number, budget: number, fail: (message: string) => never): ClockState {
  const exact = compareOnce(state, event, at, budget, fail);
  for (const edge of edgesOf(exact.effects, state.atMs)) compareOnce(state, { type: 'tick' }, edge, budget, fail);
  return exact.state;
}

function compareOnce(state: ClockState, event: ClockEvent, at: number, budget: number, fail: (message: string) => never): StepResult {
  const exact = stepWithin(state, event, at, Infinity);
  const leapt = stepWithin(state, event, at, budget);
  if (JSON.stringify(leapt.state) !== JSON.stringify(exact.state)) {
    fail('budget ' + budget + ': state\n' + JSON.stringify(leapt.state) + '\nbut one by one\n' + JSON.stringify(exact.state));
  }
  if (skippedOf(exact.effects).length > 0) fail('no budget, yet a leap');
  const a = told(leapt.effects);
  const b = told(exact.effects);
  if (a.announcements !== b.announcements || a.log !== b.log) fail('budget ' + budget + ' told ' + JSON.stringify(a) + ', one by one ' + JSON.stringify(b));
  if (kinds(leapt.effects, 'flag') !== kinds(exact.effects, 'flag')) fail('budget ' + budget + ': flags differ');
  // Until the leap, every effect is the one met one by one.
  const skipped = skippedOf(leapt.effects);
  const before = skipped.length === 0 ? leapt.effects : exact.effects.filter((e) => (e.type === 'log' ? e.entry.atMs : e.atMs) < skipped[0].fromMs);
  if (JSON.stringify(leapt.effects.slice(0, before.length)) !== JSON.stringify(before)) fail('budget ' + budget + ': effects before the leap differ');
  return exact;
}

describe('a catch-up past its budget', () => {
  test('leaves the clock exactly as meeting every boundary one by one, and counts what it did not say', () => {
    fc.assert(
      fc.property(setupArb, fc.array(commandArb, { maxLength: 25 }), fc.integer({ min: 0, max: 6 }), (setup, commands, budget) => {
        let state = createClock(setup.control, setup.options);
        let t = 0;
        const timeline: Timed[] = [];
        const first = firstToMoveOf(setup);
        const fail = (message: string): never => {
          throw new Error(message + '\n' + describeTimeline(setup, timeline));
        };
        for (const c of commands as { spec: Spec; gap: number }[]) {
          const at = resolveAt(c.spec.when, state, t) + c.gap;
          const event = resolveEvent(c.spec, state, at, first);
          timeline.push({ atMs: at, event });
          state = compare(state, event, at, budget, fail);
          t = at;
        }
        // And a last look much later.
        compare(state, { type: 'tick' }, t + 1000000, budget, fail);
        return true;
      }),
      { numRuns: 300 * SCALE },
    );
  });
});
