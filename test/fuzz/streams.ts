/**
 * Random button-edge streams as two hands (and a bad contact) make them: taps, bouncing contacts, long holds,
 * chords of every length (a pause, the 2 s resume, the 4 s menu), fast exchanges where one finger is still down
 * when the other answers, both buttons mashed, several edges at one instant, raw edges repeating a level, long
 * waits (so that flags fall and periods run out) and walks through the menu. A stream is a flat list of steps:
 * an edge `gap` ms after the previous step, or a wait.
 */
import fc from 'fast-check';
import { ButtonName } from '../../hal/hal';

export type Step = { k: 'e'; b: ButtonName; down: boolean; gap: number } | { k: 'w'; ms: number };

const btn = fc.constantFrom<ButtonName>('left', 'right');
const other = (b: ButtonName): ButtonName => (b === 'left' ? 'right' : 'left');
const edge = (b: ButtonName, down: boolean, gap: number): Step => ({ k: 'e', b: b, down: down, gap: gap });

const gapArb = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 8000 }));

const tap = fc.record({ b: btn, hold: fc.integer({ min: 0, max: 400 }), gap: gapArb }).map((r) => [edge(r.b, true, r.gap), edge(r.b, false, r.hold)]);

/** Bounce bursts after both edges: edges closer than the default 30 ms bounce window, ending at the new level. */
const bouncy = fc
  .record({ b: btn, gap: gapArb, down: fc.array(fc.integer({ min: 0, max: 29 }), { minLength: 1, maxLength: 3 }), hold: fc.integer({ min: 0, max: 600 }), up: fc.array(fc.integer({ min: 0, max: 29 }), { minLength: 0, maxLength: 3 }) })
  .map((r) => {
    const out: Step[] = [edge(r.b, true, r.gap)];
    for (const g of r.down) out.push(edge(r.b, false, g), edge(r.b, true, g));
    out.push(edge(r.b, false, r.hold));
    for (const g of r.up) out.push(edge(r.b, true, g), edge(r.b, false, g));
    return out;
  });

const longHold = fc.record({ b: btn, gap: gapArb, hold: fc.oneof(fc.integer({ min: 900, max: 1100 }), fc.integer({ min: 1000, max: 4000 })) })
  .map((r) => [edge(r.b, true, r.gap), edge(r.b, false, r.hold)]);

/** Both buttons: the second within the chord window (or not), held for a pause, a resume, the menu, or less. */
const chord = fc
  .record({
    first: btn,
    gap: gapArb,
    lag: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1300 })),
    hold: fc.oneof(fc.integer({ min: 350, max: 450 }), fc.integer({ min: 1950, max: 2100 }), fc.integer({ min: 3950, max: 4200 }), fc.integer({ min: 0, max: 6000 })),
    firstUp: fc.boolean(),
    lag2: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300 })),
  })
  .map((r) => {
    const a = r.first;
    const up = r.firstUp ? a : other(a);
    return [edge(a, true, r.gap), edge(other(a), true, r.lag), edge(up, false, r.hold), edge(other(up), false, r.lag2)];
  });

/** A fast exchange: one player's finger is still down when the other answers (shorter than a chord). */
const exchange = fc
  .record({ first: btn, gap: gapArb, lag: fc.integer({ min: 0, max: 350 }), up1: fc.integer({ min: 0, max: 380 }), up2: fc.integer({ min: 0, max: 300 }) })
  .map((r) => [edge(r.first, true, r.gap), edge(other(r.first), true, r.lag), edge(r.first, false, r.up1), edge(other(r.first), false, r.up2)]);

/** A run of moves: the two buttons in turn, each a tap, with thinking time between. */
export const volleyArb = fc
  .tuple(btn, fc.array(fc.record({ think: fc.oneof(fc.integer({ min: 30, max: 1000 }), fc.integer({ min: 0, max: 20000 })), hold: fc.integer({ min: 20, max: 200 }) }), { minLength: 2, maxLength: 12 }))
  .map(([first, taps]) => ([] as Step[]).concat(...taps.map((t, i) => {
    const b = i % 2 === 0 ? first : other(first);
    return [edge(b, true, t.think), edge(b, false, t.hold)];
  })));

/** Both buttons mashed: any edges, any level (repeats included), a few ms apart. */
const mash = fc.array(fc.record({ b: btn, down: fc.boolean(), gap: fc.integer({ min: 0, max: 40 }) }), { minLength: 2, maxLength: 30 })
  .map((list) => list.map((r) => edge(r.b, r.down, r.gap)));

/** Several edges at one instant. */
const sameInstant = fc.tuple(gapArb, fc.array(fc.record({ b: btn, down: fc.boolean() }), { minLength: 2, maxLength: 4 }))
  .map(([gap, list]) => list.map((r, i) => edge(r.b, r.down, i === 0 ? gap : 0)));

const raw = fc.record({ b: btn, down: fc.boolean(), gap: gapArb }).map((r) => [edge(r.b, r.down, r.gap)]);

const wait = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 3000 }) }, { weight: 1, arbitrary: fc.integer({ min: 3000, max: 70000 }) })
  .map((ms): Step[] => [{ k: 'w', ms: ms }]);

/** Into the menu (both 2 s from ready or over, 4 s from a game) and about in it: L/R, long L/R, both briefly. */
const menuWalk = fc
  .tuple(
    fc.constantFrom(2100, 4100),
    fc.array(
      fc.oneof(
        { weight: 6, arbitrary: fc.record({ b: btn, hold: fc.integer({ min: 40, max: 200 }) }).map((r) => [edge(r.b, true, 250), edge(r.b, false, r.hold)]) },
        { weight: 2, arbitrary: fc.record({ b: btn, hold: fc.integer({ min: 1000, max: 2500 }) }).map((r) => [edge(r.b, true, 250), edge(r.b, false, r.hold)]) },
        { weight: 1, arbitrary: fc.integer({ min: 420, max: 2200 }).map((hold) => [edge('left', true, 250), edge('right', true, 20), edge('left', false, hold), edge('right', false, 10)]) },
      ),
      { minLength: 1, maxLength: 14 },
    ),
  )
  .map(([hold, taps]) => [edge('left', true, 300), edge('right', true, 20), edge('left', false, hold), edge('right', false, 10)].concat(...taps));

/** A stream: a list of the actions above, flattened. */
export const streamArb = (maxActions: number): fc.Arbitrary<Step[]> =>
  fc
    .array(
      fc.oneof(
        { weight: 8, arbitrary: tap },
        { weight: 3, arbitrary: volleyArb },
        { weight: 3, arbitrary: bouncy },
        { weight: 2, arbitrary: longHold },
        { weight: 3, arbitrary: chord },
        { weight: 3, arbitrary: exchange },
        { weight: 1, arbitrary: mash },
        { weight: 1, arbitrary: sameInstant },
        { weight: 2, arbitrary: raw },
        { weight: 4, arbitrary: wait },
        { weight: 2, arbitrary: menuWalk },
      ),
      { maxLength: maxActions },
    )
    .map((actions) => ([] as Step[]).concat(...actions));

/** A stream as lines a person can replay: "+gap L down" / "wait ms". */
export function describeSteps(steps: Step[]): string {
  let t = 0;
  return steps
    .map((s) => {
      if (s.k === 'w') {
        t += s.ms;
        return 'wait ' + s.ms + ' (t=' + t + ')';
      }
      t += s.gap;
      return 't=' + t + ' ' + (s.b === 'left' ? 'L' : 'R') + (s.down ? ' down' : ' up');
    })
    .join('\n');
}
