/**
 * Random edge streams for the gesture properties.
 *
 * - `intentArb`: what the players meant (clean holds of both buttons, chords, fast exchanges, long holds), then the
 *   contacts' bounce: a burst of edges each closer than bounceMs to the previous one after a logical edge, and
 *   duplicate edges. Both streams are kept: the bouncy one must mean exactly what the clean one means. A hold
 *   starts at its burst's first down edge and ends at its burst's last up edge (the release that stays up).
 * - `rawArb`: any edges at all (either button, either level, any gap, duplicates): nothing may throw or break the
 *   invariants that hold for every input.
 */
import fc from 'fast-check';
import { ButtonName } from '../../hal/hal';
import { DEFAULT_TIMING, GestureTiming } from '../../firmware/input/gesture-types';
import { Edge } from './helpers';

export const other = (b: ButtonName): ButtonName => (b === 'left' ? 'right' : 'left');

/**
 * The defaults most of the time, else any valid timing (bounce may even be longer than a chord or a long press).
 * `minHoldMs`: the least longPressMs, repeatDelayMs and chordMs. 0 makes a long or repeat fire at the press instant
 * itself, where which of two simultaneous down edges came first decides whether the hold was alone, and a chord fire
 * at the second down edge itself, where whether that hold's up edge at the same instant came after it decides
 * whether there was an overlap: the order of edges at one instant, which the holds of an intent do not record (the
 * recogniser follows the edges' order, gestures.ts). The device's timing is defaultTiming (chordMs 400, longPressMs
 * 1000: no option or menu entry changes it), so zero durations are only a robustness case.
 */
export const timingArbWith = (minHoldMs: number): fc.Arbitrary<GestureTiming> => fc.oneof(
  { weight: 3, arbitrary: fc.constant(DEFAULT_TIMING) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        bounceMs: fc.integer({ min: 0, max: 60 }),
        longPressMs: fc.integer({ min: minHoldMs, max: 1500 }),
        repeatDelayMs: fc.integer({ min: minHoldMs, max: 800 }),
        repeatEveryMs: fc.integer({ min: 1, max: 300 }),
        chordMs: fc.integer({ min: minHoldMs, max: 600 }),
        chordWindowMs: fc.integer({ min: 0, max: 1500 }),
        longExtra: fc.integer({ min: 0, max: 1500 }),
        veryExtra: fc.integer({ min: 0, max: 2000 }),
      })
      .map((r) => ({
        bounceMs: r.bounceMs,
        longPressMs: r.longPressMs,
        repeatDelayMs: r.repeatDelayMs,
        repeatEveryMs: r.repeatEveryMs,
        chordMs: r.chordMs,
        chordWindowMs: r.chordWindowMs,
        chordLongMs: r.chordMs + r.longExtra,
        chordVeryLongMs: r.chordMs + r.longExtra + r.veryExtra,
      })),
  },
);

/** How long after the last edge a run goes on: every level and repeat has its chance. */
export const TAIL_MS = 9000;

/** A gap between two things a player does: simultaneous, within a chord, a fast exchange, a long hold. */
const gapArb = fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: 5000 }));

interface Action {
  button: ButtonName;
  gap: number;
  /** Bounce after the logical edge: gaps in thousandths of bounceMs, in pairs (the burst ends at the new level). */
  burst: [number, number][];
}

const actionArb: fc.Arbitrary<Action> = fc.record({
  button: fc.constantFrom<ButtonName>('left', 'right'),
  gap: gapArb,
  burst: fc.oneof({ weight: 2, arbitrary: fc.constant([] as [number, number][]) }, { weight: 1, arbitrary: fc.array(fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 })), { minLength: 1, maxLength: 3 }) }),
});

/** A logical hold: from its down edge to its up edge (null: still held at the end). */
export interface Hold {
  button: ButtonName;
  downAtMs: number;
  upAtMs: number | null;
}

export interface Intent {
  timing: GestureTiming;
  /** The logical edges only. */
  clean: Edge[];
  /** With bounce bursts and duplicates. */
  bouncy: Edge[];
  holds: Hold[];
  untilMs: number;
}

/** Merges per-button edge lists by time, keeping each list's order and putting `first`'s edges first on a tie. */
function merge(lists: { left: Edge[]; right: Edge[] }, first: ButtonName): Edge[] {
  const all = lists[first].concat(lists[other(first)]);
  return all.map((e, i) => ({ e, i })).sort((a, b) => a.e.atMs - b.e.atMs || a.i - b.i).map((x) => x.e);
}

function buildIntent(timing: GestureTiming, actions: Action[], dups: [number, number][], first: ButtonName): Intent {
  const bounce = timing.bounceMs;
  const level = { left: false, right: false };
  const readyAt = { left: 0, right: 0 };
  const clean: { left: Edge[]; right: Edge[] } = { left: [], right: [] };
  const bouncy: { left: Edge[]; right: Edge[] } = { left: [], right: [] };
  const holds: Hold[] = [];
  const open: { left: Hold | null; right: Hold | null } = { left: null, right: null };
  let t = 0;
  for (const a of actions) {
    const b = a.button;
    const at = Math.max(t + a.gap, readyAt[b]);
    const goingDown = !level[b];
    level[b] = goingDown;
    bouncy[b].push({ type: 'edge', button: b, down: goingDown, atMs: at });
    let end = at;
    let lv = goingDown;
    if (bounce > 0) {
      // edges each closer than bounceMs to the previous one; in pairs, so the contact settles at the new level
      for (const pair of a.burst) {
        for (const x of pair) {
          end += Math.floor((x * bounce) / 1000);
          lv = !lv;
          bouncy[b].push({ type: 'edge', button: b, down: lv, atMs: end });
        }
      }
    }
    readyAt[b] = end + bounce;
    // A hold starts at its first down edge (a press is never delayed) and ends at the up edge that stays up.
    const logical = goingDown ? at : end;
    clean[b].push({ type: 'edge', button: b, down: goingDown, atMs: logical });
    if (goingDown) {
      const h: Hold = { button: b, downAtMs: logical, upAtMs: null };
      holds.push(h);
      open[b] = h;
    } else {
      (open[b] as Hold).upAtMs = logical;
      open[b] = null;
    }
    t = at;
  }
  // Duplicates: the level an edge left the contact at, again, somewhere before the contact's next edge.
  for (const [pick, frac] of dups) {
    const b: ButtonName = pick % 2 === 0 ? 'left' : 'right';
    const list = bouncy[b];
    if (list.length === 0) continue;
    const i = Math.floor(pick / 2) % list.length;
    const from = list[i].atMs;
    const to = i + 1 < list.length ? list[i + 1].atMs : from + 1000;
    list.splice(i + 1, 0, { type: 'edge', button: b, down: list[i].down, atMs: from + Math.floor(((to - from) * frac) / 1000) });
  }
  const bouncyAll = merge(bouncy, first);
  const last = bouncyAll.length ? bouncyAll[bouncyAll.length - 1].atMs : 0;
  return { timing, clean: merge(clean, first), bouncy: bouncyAll, holds, untilMs: last + TAIL_MS };
}

export const timingArb = timingArbWith(0);

export const intentArbWith = (timing: fc.Arbitrary<GestureTiming>): fc.Arbitrary<Intent> =>
  fc
    .tuple(
      timing,
      fc.array(actionArb, { maxLength: 24 }),
      fc.array(fc.tuple(fc.nat(1000), fc.integer({ min: 0, max: 999 })), { maxLength: 4 }),
      fc.constantFrom<ButtonName>('left', 'right'),
    )
    .map(([t, actions, dups, first]) => buildIntent(t, actions, dups, first));

/** Any timing, zero durations included. */
export const intentArb = intentArbWith(timingArb);
/** Long press, repeat and chord at least 1 ms after the press (property 2's model of holds needs it). */
export const intentArbHeld = intentArbWith(timingArbWith(1));

export interface RawStream {
  timing: GestureTiming;
  edges: Edge[];
  untilMs: number;
}

/** Any edges: either button, either level (so duplicates too), gaps from 0 up, often inside bounceMs. */
export const rawArb: fc.Arbitrary<RawStream> = fc
  .tuple(
    timingArb,
    fc.array(fc.tuple(fc.constantFrom<ButtonName>('left', 'right'), fc.boolean(), fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: 5000 }))), { maxLength: 40 }),
  )
  .map(([timing, items]) => {
    let t = 0;
    const edges: Edge[] = items.map(([button, isDown, gap]) => {
      t += gap;
      return { type: 'edge', button, down: isDown, atMs: t };
    });
    return { timing, edges, untilMs: t + TAIL_MS };
  });

/** Tick instants for a late (or early) timer: anywhere from 0 to `untilMs`. */
export const ticksArb = (untilMs: number): fc.Arbitrary<number[]> => fc.array(fc.integer({ min: 0, max: untilMs }), { maxLength: 30 });
