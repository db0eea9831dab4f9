/**
 * The next instant at which something happens to the running side, as an offset from its snapshot: the break
 * ends, its time reaches zero (main time ends, a period ends, or the flag), or a count or warning is due.
 * The core runs the clock from boundary to boundary, so it never steps over an event and never decrements per tick.
 */
import { TimeControl } from './control';
import { ClockOptions } from './options';
import { SideClock } from './side-clock';
import { CountSeries, countSeries, warnings } from './announcements';

export type Boundary =
  | { kind: 'breakEnd'; offsetMs: number }
  | { kind: 'timeUp'; offsetMs: number }
  | { kind: 'count'; offsetMs: number; text: string }
  | { kind: 'warning'; offsetMs: number; text: string; bit: number };

function periodMsOf(control: TimeControl): number {
  return control.system === 'byoyomi' || control.system === 'canadian' ? control.periodMs : 0;
}

/** The counts of one of the side's periods. */
export function periodCounts(control: TimeControl, options: ClockOptions): CountSeries {
  return countSeries(options.announce, periodMsOf(control));
}

/**
 * The index of the first point strictly below `ms` in `points` (ordered by falling time left), or its length.
 * Halving, not a scan: a Japanese count of a long period has a point every 10 s.
 */
function firstBelow(points: CountSeries, ms: number): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (points.leftMs(middle) < ms) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * What is said next while the side's time runs, or null: in overtime the first count strictly below the time left
 * (points already passed, or due right now, were said); in main time, with `options.warnings`, the first warning not
 * yet given. A function of its own, apart from `boundaryOf`, which every step asks and which in main time without
 * warnings needs none of this.
 */
function spoken(side: SideClock, control: TimeControl, options: ClockOptions): Boundary | null {
  if (side.phase === 'overtime') {
    const counts = periodCounts(control, options);
    const at = firstBelow(counts, side.remainingMs);
    if (at >= counts.length) return null;
    return { kind: 'count', offsetMs: side.graceMs + side.remainingMs - counts.leftMs(at), text: counts.text(at) };
  }
  const points = warnings();
  for (let i = 0; i < points.length; i++) {
    const bit = 1 << i;
    if ((side.warned & bit) === 0 && points[i].leftMs < side.remainingMs) {
      return { kind: 'warning', offsetMs: side.graceMs + side.remainingMs - points[i].leftMs, text: points[i].text, bit: bit };
    }
  }
  return null;
}

/**
 * The side's next boundary, counts included (`counts`) or not: the break's end, else what is said next (only
 * byo-yomi and Canadian have an overtime; warnings only when asked for), else its time reaching zero. Counts and
 * warnings sit strictly above zero time left, so they always come before the time is up.
 */
export function boundaryOf(side: SideClock, control: TimeControl, options: ClockOptions, counts: boolean): Boundary | null {
  if (side.flaggedAtMs !== null) return null;
  if (side.inBreak && side.graceMs > 0) return { kind: 'breakEnd', offsetMs: side.graceMs };
  const said = (side.phase === 'overtime' ? counts : options.warnings) ? /*#__NOINLINE__*/ spoken(side, control, options) : null;
  return said || { kind: 'timeUp', offsetMs: side.graceMs + side.remainingMs };
}

export function nextBoundary(side: SideClock, control: TimeControl, options: ClockOptions): Boundary | null {
  return boundaryOf(side, control, options, true);
}

/**
 * The side's next boundary that changes its clock: any but a count (a count only speaks). Between two of these the
 * clock is its snapshot run on, however many counts lie between.
 */
export function nextChange(side: SideClock, control: TimeControl, options: ClockOptions): Boundary | null {
  return boundaryOf(side, control, options, false);
}

/**
 * How many counts the side says while it runs `elapsedMs` from its snapshot with no change inside (see
 * `nextChange`): those due at an offset up to `elapsedMs` included, as the core meets them one by one.
 */
export function countsWithin(side: SideClock, control: TimeControl, options: ClockOptions, elapsedMs: number): number {
  if (side.flaggedAtMs !== null || side.phase !== 'overtime' || elapsedMs <= 0) return 0;
  const points = periodCounts(control, options);
  // A point is said when the time left comes down to it: at offset grace + remaining - leftMs.
  const lowestSaid = side.graceMs + side.remainingMs - elapsedMs;
  return Math.max(0, firstBelow(points, lowestSaid) - firstBelow(points, side.remainingMs));
}
