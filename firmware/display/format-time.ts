/**
 * Time as players read it: h:mm:ss above an hour, m:ss below, seconds and tenths in the last 10 s, and days for
 * correspondence controls. Rounded up (display-time.ts), so 0 shows only when nothing is left.
 * Built with string padding only: Espruino formats numbers differently from Node.
 */
import { shownMs, TENTHS_BELOW_MS } from './display-time';

function two(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** 9.9 … 0.0: seconds and tenths in the last 10 s. */
function tenthsText(ms: number): string {
  return Math.floor(ms / 1000) + '.' + Math.floor((ms % 1000) / 100);
}

/** 59:59 … 0:10: below an hour. */
function minutesText(ms: number): string {
  const seconds = Math.floor(ms / 1000) % 60;
  return Math.floor(ms / 60000) + (seconds < 10 ? ':0' : ':') + seconds;
}

/** 1:00:00 and up, and days (correspondence): "3d04:05". */
function hoursText(ms: number): string {
  const totalMinutes = Math.floor(ms / 60000);
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours >= 24) return Math.floor(totalHours / 24) + 'd' + two(totalHours % 24) + ':' + two(totalMinutes % 60);
  return totalHours + ':' + two(totalMinutes % 60) + ':' + two(Math.floor(ms / 1000) % 60);
}

// Each format is a function of its own: Espruino reads through all of a function's text at every call, taken
// branches or not, and this runs at every display tick.
export function formatClock(leftMs: number): string {
  const ms = /*#__NOINLINE__*/ shownMs(leftMs > 0 ? leftMs : 0);
  // Rounded up, 10.0 s reads 0:10; tenths begin at 9.9.
  return ms < TENTHS_BELOW_MS ? /*#__NOINLINE__*/ tenthsText(ms) : ms < 3600000 ? /*#__NOINLINE__*/ minutesText(ms) : /*#__NOINLINE__*/ hoursText(ms);
}

/** Overdue time of a flagged clock that counts up (onExpire "continue"): "-0:05". */
export function formatOverdue(overdueMs: number): string {
  const totalSeconds = Math.floor(overdueMs / 1000);
  return '-' + Math.floor(totalSeconds / 60) + ':' + two(totalSeconds % 60);
}
