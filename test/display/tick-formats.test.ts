/**
 * The display tick's formats are worked out without the helpers they once called (firmware/display/format-time.ts,
 * display-time.ts: on Espruino a call costs more than the arithmetic). Here they are checked against those helpers'
 * definitions, written out as the reference: the time rounded up to its display unit, then formatted.
 */
import * as fc from 'fast-check';
import { formatClock } from '../../firmware/display/format-time';
import { displayUnitMs, msUntilShownChange, shownMs } from '../../firmware/display/display-time';

function two(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** formatClock as first written: shownMs, then tenths, m:ss or h:mm:ss (days above a day). */
function reference(leftMs: number): string {
  const ms = shownMs(leftMs > 0 ? leftMs : 0);
  if (ms < 10000) return Math.floor(ms / 1000) + '.' + Math.floor((ms % 1000) / 100);
  if (ms < 3600000) return Math.floor(ms / 60000) + ':' + two(Math.floor(ms / 1000) % 60);
  const minutes = Math.floor(ms / 60000);
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return Math.floor(hours / 24) + 'd' + two(hours % 24) + ':' + two(minutes % 60);
  return hours + ':' + two(minutes % 60) + ':' + two(Math.floor(ms / 1000) % 60);
}

const BOUNDARIES = [0, 1, 99, 100, 101, 9899, 9900, 9901, 9999, 10000, 10001, 10999, 11000, 59999, 60000, 60001, 599999, 3598999, 3599000, 3599001, 3600000, 3600001, 86399999, 86400000, 86400001, 86460000, 864000000];

describe('the display tick\'s formats', () => {
  it('formatClock is the time rounded up to its unit, formatted, at every boundary and anywhere', () => {
    for (const at of BOUNDARIES) for (const ms of [at - 1, at, at + 1]) expect([ms, formatClock(ms)]).toEqual([ms, reference(ms)]);
    fc.assert(fc.property(fc.integer({ min: -100000, max: 200 * 86400000 }), (ms) => formatClock(ms) === reference(ms)));
    fc.assert(fc.property(fc.integer({ min: 0, max: 4000000 }), (ms) => formatClock(ms) === reference(ms)));
  });

  it('msUntilShownChange is the time to the next multiple of the display unit', () => {
    const expected = (ms: number) => (ms <= 0 ? Infinity : ((ms - 1) % displayUnitMs(ms)) + 1);
    for (const at of BOUNDARIES) for (const ms of [at - 1, at, at + 1]) expect([ms, msUntilShownChange(ms)]).toEqual([ms, expected(ms)]);
    fc.assert(fc.property(fc.integer({ min: -1000, max: 200 * 86400000 }), (ms) => msUntilShownChange(ms) === expected(ms)));
  });
});
