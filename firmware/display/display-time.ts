/**
 * How finely a time is shown: whole minutes above a day, whole seconds, tenths in the last 10 s. Displays round up, as
 * digital chess clocks do: 5:00 for the whole first second of a 5-minute control, 0:00 only when nothing is left.
 * The core's `nextDeadline` and the renderers share this, so the clock wakes exactly when the display changes.
 */
export const TENTHS_BELOW_MS = 10000;
/** Above a day the clock shows days, hours and minutes ("3d04:05"): it changes, and wakes, once a minute. */
export const MINUTES_ABOVE_MS = 24 * 3600000;

export function displayUnitMs(leftMs: number): number {
  return leftMs <= TENTHS_BELOW_MS ? 100 : leftMs > MINUTES_ABOVE_MS ? 60000 : 1000;
}

/** The time left as shown: rounded up to the display unit. */
export function shownMs(leftMs: number): number {
  const unit = displayUnitMs(leftMs);
  return Math.ceil(leftMs / unit) * unit;
}

/**
 * How long, counting down from `leftMs`, until the shown value changes. The unit is `displayUnitMs`'s, worked out
 * here again: this runs at every display tick, and on Espruino a call costs more than the comparisons.
 */
export function msUntilShownChange(leftMs: number): number {
  if (leftMs <= 0) return Infinity;
  return ((leftMs - 1) % (leftMs <= TENTHS_BELOW_MS ? 100 : leftMs > MINUTES_ABOVE_MS ? 60000 : 1000)) + 1;
}

/** How long, counting up from `leftMs` (hourglass gives the waiting side time), until the shown value changes. */
export function msUntilShownRise(leftMs: number): number {
  const unit = displayUnitMs(leftMs);
  return Math.ceil(leftMs / unit) * unit - leftMs + 1;
}
