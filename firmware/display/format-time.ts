/**
 * Time as players read it: h:mm:ss above an hour, m:ss below, seconds and tenths in the last 10 s, and days for
 * correspondence controls. Rounded up (display-time.ts), so 0 shows only when nothing is left.
 * Built with string padding only: Espruino formats numbers differently from Node.
 */
import { shownMs, TENTHS_BELOW_MS } from './display-time';

function two(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** 9.9 … 0.0: seconds and tenths in the last 10 s, from the tenths shown (99 … 0). */
function tenthsText(tenths: number): string {
  return Math.floor(tenths / 10) + '.' + (tenths % 10);
}

/** 1:00:00 and up, and days (correspondence): "3d04:05". */
function hoursText(leftMs: number): string {
  const ms = shownMs(leftMs);
  const totalMinutes = Math.floor(ms / 60000);
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours >= 24) return Math.floor(totalHours / 24) + 'd' + two(totalHours % 24) + ':' + two(totalMinutes % 60);
  return totalHours + ':' + two(totalMinutes % 60) + ':' + two(Math.floor(ms / 1000) % 60);
}

// Rounded up (display-time.ts): 9.901 s to 59:59 reads m:ss (10.0 s reads 0:10), up to 9.9 s the tenths. The m:ss
// of nearly every display tick is worked out here, without display-time.ts's `shownMs` and with integer arithmetic
// (on Espruino a call, `Math.floor` included, costs as much as these lines); the other formats are functions of their
// own, since Espruino reads through all of a function's text at every call, taken branches or not.
export function formatClock(leftMs: number): string {
  if (leftMs > TENTHS_BELOW_MS - 100 && leftMs <= 3599000) {
    const seconds = Math.ceil(leftMs / 1000);
    const second = seconds % 60;
    return ((seconds / 60) | 0) + (second < 10 ? ':0' : ':') + second;
  }
  if (leftMs <= TENTHS_BELOW_MS - 100) return /*#__NOINLINE__*/ tenthsText(leftMs > 0 ? Math.ceil(leftMs / 100) : 0);
  return /*#__NOINLINE__*/ hoursText(leftMs);
}

/** Overdue time of a flagged clock that counts up (onExpire "continue"): "-0:05". */
export function formatOverdue(overdueMs: number): string {
  const totalSeconds = Math.floor(overdueMs / 1000);
  return '-' + Math.floor(totalSeconds / 60) + ':' + two(totalSeconds % 60);
}

/**
 * A time as people read it in a log or a report, not on the clock's face: exact to the tenth below (never rounded
 * up, as the face is), "0:04.2", "12:04.3", "1:02:03.4", days as "2d03:04:05.6". With `tenths` false the tenths are
 * shown only for a time that is not whole seconds: "2:00", "0:01.5", whole days "60d". A negative time has a "-".
 * Only logs and reports call it (the menu's log, the simulators', the console page's), never the display tick.
 */
export function timeText(ms: number, tenths: boolean): string {
  const size = ms < 0 ? -ms : ms;
  const sign = ms < 0 ? '-' : '';
  const total = Math.floor(size / 1000);
  const days = Math.floor(total / 86400);
  if (!tenths && days > 0 && size % 86400000 === 0) return sign + days + 'd';
  const hours = Math.floor(total / 3600) % 24;
  const head = days > 0 ? days + 'd' + two(hours) + ':' : hours > 0 ? hours + ':' : '';
  const minutes = Math.floor(total / 60) % 60;
  const tail = tenths || size % 1000 !== 0 ? '.' + (Math.floor(size / 100) % 10) : '';
  return sign + head + (head === '' ? String(minutes) : two(minutes)) + ':' + two(total % 60) + tail;
}
