/**
 * Invariant 7 (docs/architecture.md, deadlines not ticks): remaining time is derived, never decremented per tick, so ticks change
 * nothing. The same game is played three ways: with no ticks at all, with extra ticks at random instants (some
 * exactly on an event's instant, some stamped in the past), and driven by `nextDeadline` the way the runtime does it
 * with one timer that fires up to 500 ms late. The final view, the flags and every effect (announcements with their
 * instants, periods, passes, the log) must be the same.
 */
import fc from 'fast-check';
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEffect } from '../../firmware/clock/clock-types';
import { nextDeadline, view, ClockView } from '../../firmware/display/view';
import { describeTimeline, materialize, boundarySpecArb, Setup, setupArb, specArb, Timed } from './games';

/** PROPS_SCALE=n runs every property n times as long (a deeper search than the default quick run). */
const SCALE = Number(process.env.PROPS_SCALE || 1);

interface Outcome {
  effects: ClockEffect[];
  final: ClockView;
  ticks: number;
}

function play(setup: Setup, timeline: Timed[], untilMs: number): Outcome {
  let state = createClock(setup.control, setup.options);
  const effects: ClockEffect[] = [];
  let ticks = 0;
  for (const x of timeline) {
    const r = step(state, x.event, x.atMs);
    effects.push(...r.effects);
    state = r.state;
    if (x.event.type === 'tick') ticks++;
  }
  const last = step(state, { type: 'tick' }, untilMs);
  effects.push(...last.effects);
  return { effects, final: view(last.state, untilMs), ticks };
}

/** A tick placed in the gap before event `gap` (or before `untilMs`), at a share of the gap or in the past. */
interface Insert {
  gap: number;
  permille: number;
  pastMs: number;
}

const insertArb: fc.Arbitrary<Insert> = fc.record({
  gap: fc.nat(),
  permille: fc.oneof(fc.constantFrom(0, 1000), fc.integer({ min: 0, max: 1000 })),
  pastMs: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }) }),
});

function withTicks(timeline: Timed[], inserts: Insert[], untilMs: number): Timed[] {
  const before: Timed[][] = timeline.map(() => []);
  const atEnd: Timed[] = [];
  for (const ins of inserts) {
    const i = ins.gap % (timeline.length + 1);
    const from = i === 0 ? 0 : timeline[i - 1].atMs;
    const to = i === timeline.length ? untilMs : timeline[i].atMs;
    const atMs = Math.max(0, from + Math.floor(((to - from) * ins.permille) / 1000) - ins.pastMs);
    (i === timeline.length ? atEnd : before[i]).push({ atMs, event: { type: 'tick' } });
  }
  const out: Timed[] = [];
  timeline.forEach((x, i) => {
    // ticks in one gap in time order (a stale one may come after a later one: the core must ignore it)
    out.push(...before[i].sort((a, b) => a.atMs - b.atMs), x);
  });
  return out.concat(atEnd.sort((a, b) => a.atMs - b.atMs));
}

/** The runtime: after every step, one timer for `nextDeadline`, firing `late` ms late, unless a button comes first. */
function deadlineDriven(setup: Setup, timeline: Timed[], untilMs: number, lates: number[]): Timed[] {
  let state = createClock(setup.control, setup.options);
  let t = 0;
  let k = 0;
  const out: Timed[] = [];
  const wakeUntil = (limit: number) => {
    for (let guard = 0; guard < 5000; guard++) {
      const d = nextDeadline(state, t);
      if (d === null) return;
      const at = d + lates[k++ % lates.length];
      if (at > limit) return;
      state = step(state, { type: 'tick' }, at).state;
      out.push({ atMs: at, event: { type: 'tick' } });
      t = at;
    }
  };
  for (const x of timeline) {
    wakeUntil(x.atMs);
    state = step(state, x.event, x.atMs).state;
    out.push(x);
    t = x.atMs;
  }
  wakeUntil(untilMs);
  return out;
}

function same(a: Outcome, b: Outcome, what: string, setup: Setup, timeline: Timed[]): void {
  const explain = (x: unknown, y: unknown) => what + '\n without ticks ' + JSON.stringify(x) + '\n with ticks    ' + JSON.stringify(y) + '\n' + describeTimeline(setup, timeline);
  if (JSON.stringify(a.final) !== JSON.stringify(b.final)) throw new Error('final view differs: ' + explain(a.final, b.final));
  if (JSON.stringify(a.final.flags) !== JSON.stringify(b.final.flags)) throw new Error('flags differ: ' + explain(a.final.flags, b.final.flags));
  const n = Math.max(a.effects.length, b.effects.length);
  for (let i = 0; i < n; i++) {
    if (JSON.stringify(a.effects[i]) !== JSON.stringify(b.effects[i])) {
      throw new Error('effect #' + i + ' differs: ' + explain(a.effects.slice(Math.max(0, i - 2), i + 3), b.effects.slice(Math.max(0, i - 2), i + 3)));
    }
  }
}

describe('7. late ticks change nothing', () => {
  test('extra ticks at random instants, and nextDeadline-driven ticks up to 500 ms late, leave the game as it was', () => {
    fc.assert(
      fc.property(
        setupArb,
        fc.oneof(fc.array(specArb, { maxLength: 40, size: 'max' }), fc.array(boundarySpecArb, { maxLength: 40, size: 'max' })),
        fc.array(insertArb, { maxLength: 30 }),
        fc.array(fc.oneof(fc.constantFrom(0, 1, 499, 500), fc.integer({ min: 0, max: 500 })), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 30000 }),
        (setup, specs, inserts, lates, tailMs) => {
          const { timeline } = materialize(setup, specs, createClock);
          const untilMs = (timeline.length ? timeline[timeline.length - 1].atMs : 0) + tailMs;
          const base = play(setup, timeline, untilMs);
          const ticked = withTicks(timeline, inserts, untilMs);
          same(base, play(setup, ticked, untilMs), 'random extra ticks', setup, ticked);
          const driven = deadlineDriven(setup, timeline, untilMs, lates);
          same(base, play(setup, driven, untilMs), 'nextDeadline-driven ticks, late by ' + JSON.stringify(lates), setup, driven);
        },
      ),
      { numRuns: 400 * SCALE },
    );
  });
});
