/**
 * Invariant 8 (docs/architecture.md, deadlines): `nextDeadline(state, now)` is after `now` when not null, null exactly when nothing
 * runs, and nothing a player can see changes strictly before it: not the shown time of either side (whole seconds,
 * tenths in the last 10 s, rounded up), not periods, moves or flags, and no effect (count, warning, period, flag) is
 * due in between. At the deadline itself something does change, so the runtime never wakes for nothing.
 * Checked at every event instant of random games and at every instant the deadline-driven runtime wakes.
 */
import fc from 'fast-check';
import { createClock, step } from '../../firmware/clock/clock';
import { ClockState } from '../../firmware/clock/clock-types';
import { nextDeadline, view } from '../../firmware/display/view';
import { describeTimeline, materialize, nonLog, boundarySpecArb, Setup, setupArb, specArb, Timed, visible } from './games';

/** PROPS_SCALE=n runs every property n times as long (a deeper search than the default quick run). */
const SCALE = Number(process.env.PROPS_SCALE || 1);

function checkDeadline(state: ClockState, t: number, setup: Setup, timeline: Timed[]): number | null {
  const fail = (msg: string) => {
    throw new Error(msg + '\n' + describeTimeline(setup, timeline));
  };
  const d = nextDeadline(state, t);
  const now = view(state, t);
  if ((d === null) !== (now.running === null)) fail('at ' + t + ' nextDeadline is ' + d + ' while running is ' + now.running);
  if (d === null) return null;
  if (!(Number.isInteger(d) && d > t)) fail('at ' + t + ' nextDeadline is ' + d + ', not after now');
  const settled = step(state, { type: 'tick' }, t).state;
  if (d - 1 > t) {
    const early = nonLog(step(settled, { type: 'tick' }, d - 1).effects);
    if (early.length > 0) fail('at ' + t + ' nextDeadline is ' + d + ' but ' + JSON.stringify(early) + ' come before it');
    const seen = visible(view(settled, d - 1));
    if (seen !== visible(now)) fail('at ' + t + ' nextDeadline is ' + d + ' but the display changes before it:\n at ' + t + ': ' + visible(now) + '\n at ' + (d - 1) + ': ' + seen);
  }
  const atDeadline = nonLog(step(settled, { type: 'tick' }, d).effects);
  if (atDeadline.length === 0 && visible(view(settled, d)) === visible(now)) fail('at ' + t + ' nextDeadline is ' + d + ' but nothing changes then: ' + visible(now));
  return d;
}

describe('8. nextDeadline', () => {
  test('is after now, null exactly when nothing runs, nothing visible changes before it, something at it', () => {
    fc.assert(
      fc.property(setupArb, fc.oneof(fc.array(specArb, { maxLength: 30, size: 'max' }), fc.array(boundarySpecArb, { maxLength: 30, size: 'max' })), fc.integer({ min: 0, max: 500 }), (setup, specs, lateMs) => {
        const { timeline } = materialize(setup, specs, createClock);
        let state = createClock(setup.control, setup.options);
        checkDeadline(state, 0, setup, timeline);
        let t = 0;
        for (const x of timeline) {
          // the runtime's timer, `lateMs` late, until the next button
          for (let guard = 0; guard < 200; guard++) {
            const d = nextDeadline(state, t);
            if (d === null || d + lateMs > x.atMs) break;
            t = d + lateMs;
            state = step(state, { type: 'tick' }, t).state;
            checkDeadline(state, t, setup, timeline);
          }
          state = step(state, x.event, x.atMs).state;
          t = x.atMs;
          checkDeadline(state, t, setup, timeline);
        }
      }),
      { numRuns: 300 * SCALE },
    );
  });
});
