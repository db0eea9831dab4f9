/**
 * Invariant 9: `step` never throws, whatever comes in (adjustments with junk values, events of any shape, instants
 * stamped before the last one), and never mutates its input: every input state is deep-frozen (the firmware modules
 * run in strict mode, so a write would throw) and compared with a copy taken before. A refused adjustment or an
 * ignored event changes nothing and is logged. The clock never goes back in time, and `view` and `nextDeadline`
 * stay sane (invariants 1 and 3) through all of it.
 */
import fc from 'fast-check';
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEffect, ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { nextDeadline, view, ClockView } from '../../firmware/display/view';
import { deepFreeze, describeTimeline, firstToMoveOf, junkSpecArb, resolveAt, resolveEvent, setupArb, Timed } from './games';

/** PROPS_SCALE=n runs every property n times as long (a deeper search than the default quick run). */
const SCALE = Number(process.env.PROPS_SCALE || 1);

const SIDES: ('black' | 'white')[] = ['black', 'white'];

function sane(v: ClockView): string | null {
  if (v.running !== (v.status === 'running' ? v.toMove : null)) return 'running ' + v.running + ' with status ' + v.status + ', ' + v.toMove + ' to move';
  for (const s of SIDES) {
    const x = v.sides[s];
    for (const [name, value] of Object.entries({ remainingMs: x.remainingMs, graceMs: x.graceMs, periodsLeft: x.periodsLeft, movesLeft: x.movesLeft, moves: x.moves, overdueMs: x.overdueMs })) {
      if (value !== null && !(Number.isInteger(value) && value >= 0)) return s + '.' + name + ' = ' + value;
    }
  }
  return null;
}

describe('9. step is total and pure', () => {
  test('never throws, never mutates its input, refuses junk adjustments with a log line and no change', () => {
    fc.assert(
      fc.property(
        setupArb,
        fc.array(fc.tuple(junkSpecArb, fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }) })), { maxLength: 40, size: 'max' }),
        (setup, items) => {
          let state: ClockState = createClock(setup.control, setup.options);
          let t = 0;
          const timeline: Timed[] = [];
          const first = firstToMoveOf(setup);
          const fail = (msg: string) => {
            throw new Error(msg + '\n' + describeTimeline(setup, timeline));
          };
          for (const [spec, backMs] of items) {
            // an instant stamped before the last one (a stale edge) is taken as the last one
            const at = Math.max(0, resolveAt(spec.when, state, t) - backMs);
            const event: ClockEvent = resolveEvent(spec, state, Math.max(at, state.atMs), first);
            timeline.push({ atMs: at, event });
            const copy = JSON.stringify(state);
            const eventCopy = JSON.stringify(event);
            const before = view(state, Math.max(at, state.atMs));
            deepFreeze(state);
            let effects: ClockEffect[] = [];
            let next: ClockState = state;
            try {
              const r = step(state, event, at);
              effects = r.effects;
              next = r.state;
            } catch (e) {
              fail('step threw ' + String(e));
            }
            if (JSON.stringify(state) !== copy) fail('step mutated its input state');
            if (JSON.stringify(event) !== eventCopy) fail('step mutated its event');
            if (next.atMs !== Math.max(at, state.atMs)) fail('clock at ' + next.atMs + ' after an event at ' + at + ' on a clock at ' + state.atMs);
            for (const e of effects) {
              if (e.type === 'log' ? e.entry.atMs > next.atMs : e.atMs > next.atMs || e.atMs < state.atMs) fail('effect out of its step: ' + JSON.stringify(e));
            }
            const logs = effects.filter((e): e is Extract<ClockEffect, { type: 'log' }> => e.type === 'log').map((e) => e.entry.kind);
            const after = view(next, next.atMs);
            const problem = sane(after);
            if (problem !== null) fail('after ' + JSON.stringify(event) + ': ' + problem);
            if (logs.indexOf('refused') >= 0 || logs.indexOf('ignored') >= 0) {
              if (JSON.stringify(after) !== JSON.stringify(before)) fail('a refused or ignored event changed the clock:\n' + JSON.stringify(before) + '\n' + JSON.stringify(after));
            }
            if (event && (event as { type?: unknown }).type === 'adjust' && logs.indexOf('refused') < 0 && logs.indexOf('adjust') < 0) fail('an adjustment neither applied nor refused: ' + JSON.stringify(logs));
            const d = nextDeadline(next, next.atMs);
            if ((d === null) !== (after.running === null) || (d !== null && !(d > next.atMs))) fail('nextDeadline ' + d + ' at ' + next.atMs + ' with running ' + after.running);
            state = next;
            t = Math.max(t, at);
          }
        },
      ),
      { numRuns: 600 * SCALE },
    );
  });
});
