/**
 * Time as players read it: h:mm:ss above an hour, m:ss below, seconds and tenths in the last 10 s, and days for
 * correspondence controls. Rounded up (display-time.ts), so 0 shows only when nothing is left.
 * Built with string padding only: Espruino formats numbers differently from Node.
 */
import { shownMs, TENTHS_BELOW_MS } from './display-time';

function two(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

export function formatClock(leftMs: number): string {
  const ms = shownMs(leftMs > 0 ? leftMs : 0);
  // Rounded up, 10.0 s reads 0:10; tenths begin at 9.9. (Few calls: on Espruino this runs at every display tick.)
  if (ms < TENTHS_BELOW_MS) return Math.floor(ms / 1000) + '.' + Math.floor((ms % 1000) / 100);
  const totalSeconds = Math.floor(ms / 1000);
  const seconds = totalSeconds % 60;
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes < 60) return totalMinutes + (seconds < 10 ? ':0' : ':') + seconds;
  const minutes = totalMinutes % 60;
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours >= 24) return Math.floor(totalHours / 24) + 'd' + two(totalHours % 24) + ':' + two(minutes);
  return totalHours + ':' + two(minutes) + ':' + two(seconds);
}

/** Overdue time of a flagged clock that counts up (onExpire "continue"): "-0:05". */
export function formatOverdue(overdueMs: number): string {
  const totalSeconds = Math.floor(overdueMs / 1000);
  return '-' + Math.floor(totalSeconds / 60) + ':' + two(totalSeconds % 60);
}
