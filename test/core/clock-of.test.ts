/**
 * clock.ts `clockOf`: the clock `createClock` makes, from controls already checked per side (as settings hold them),
 * without checking them again; the state keeps the controls it was given.
 */
import { clockOf, createClock, step } from '../../firmware/clock/clock';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { TimeControl } from '../../firmware/clock/control';

const byoyomi: TimeControl = { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 };
const fischer: TimeControl = { system: 'fischer', mainMs: 300000, incrementMs: 5000 };

describe('clockOf', () => {
  test('is the clock createClock makes, for one control and for time odds, with and without options', () => {
    expect(clockOf(parseGameControl(byoyomi))).toEqual(createClock(byoyomi));
    const odds = { black: byoyomi, white: fischer };
    const options = { announce: 'jp' as const, firstToMove: 'white' as const };
    expect(clockOf(parseGameControl(odds), options)).toEqual(createClock(odds, options));
  });

  test('keeps the controls it is given, and steps like any clock', () => {
    const controls = parseGameControl(byoyomi);
    const clock = clockOf(controls);
    expect(clock.controls).toBe(controls);
    const started = step(clock, { type: 'press', side: 'white' }, 1000).state;
    const moved = step(started, { type: 'press', side: 'black' }, 5200);
    expect(moved.state.sides.black.remainingMs).toBe(600000 - 4200);
    expect(moved.effects).toEqual([{ type: 'log', entry: { atMs: 5200, side: 'black', kind: 'move', text: 'black move 1 (4200 ms)' } }]);
  });
});
