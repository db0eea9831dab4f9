/**
 * The next instant at which something happens to the running side, as an offset from its snapshot: the break
 * ends, its time reaches zero (main time ends, a period ends, or the flag), or a count or warning is due.
 * The core runs the clock from boundary to boundary, so it never steps over an event and never decrements per tick.
 */
import { TimeControl } from './control';
import { ClockOptions } from './options';
import { SideClock } from './side-clock';
import { countPoints, WARNINGS } from './announcements';

export type Boundary =
  | { kind: 'breakEnd'; offsetMs: number }
  | { kind: 'timeUp'; offsetMs: number }
  | { kind: 'count'; offsetMs: number; text: string }
  | { kind: 'warning'; offsetMs: number; text: string; bit: number };

function periodMsOf(control: TimeControl): number {
  return control.system === 'byoyomi' || control.system === 'canadian' ? control.periodMs : 0;
}

/** The first point strictly below the time left: points already passed (or due right now) were said. */
function nextCount(side: SideClock, control: TimeControl, options: ClockOptions): Boundary | null {
  const points = countPoints(options.announce, periodMsOf(control));
  for (let i = 0; i < points.length; i++) {
    if (points[i].leftMs < side.remainingMs) {
      return { kind: 'count', offsetMs: side.graceMs + side.remainingMs - points[i].leftMs, text: points[i].text };
    }
  }
  return null;
}

function nextWarning(side: SideClock): Boundary | null {
  for (let i = 0; i < WARNINGS.length; i++) {
    const bit = 1 << i;
    if ((side.warned & bit) === 0 && WARNINGS[i].leftMs < side.remainingMs) {
      return { kind: 'warning', offsetMs: side.graceMs + side.remainingMs - WARNINGS[i].leftMs, text: WARNINGS[i].text, bit: bit };
    }
  }
  return null;
}

export function nextBoundary(side: SideClock, control: TimeControl, options: ClockOptions): Boundary | null {
  if (side.flaggedAtMs !== null) return null;
  if (side.inBreak && side.graceMs > 0) return { kind: 'breakEnd', offsetMs: side.graceMs };
  let spoken: Boundary | null = null;
  if (side.phase === 'overtime') spoken = nextCount(side, control, options); // only byo-yomi and Canadian have one
  else if (side.phase === 'main' && options.warnings) spoken = nextWarning(side);
  // Counts and warnings sit strictly above zero time left, so they always come before the time is up.
  return spoken || { kind: 'timeUp', offsetMs: side.graceMs + side.remainingMs };
}
