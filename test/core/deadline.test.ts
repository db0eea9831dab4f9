import { createClock, isInstant, MAX_INSTANT_MS, step } from '../../firmware/clock/clock';
import { ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { nextDeadline, view } from '../../firmware/display/view';

function play(state: ClockState, events: [number, ClockEvent][]): ClockState {
  return events.reduce((s, [atMs, event]) => step(s, event, atMs).state, state);
}

describe('nextDeadline: the clock wakes only when something changes', () => {
  const byoyomi = createClock({ system: 'byoyomi', mainMs: 20000, periods: 2, periodMs: 30000 });
  const started = play(byoyomi, [[1000, { type: 'start' }]]);

  test('nothing runs while ready, paused or over', () => {
    expect(nextDeadline(byoyomi, 0)).toBeNull();
    expect(nextDeadline(play(started, [[5000, { type: 'pause' }]]), 6000)).toBeNull();
  });
  test('in main time, once a second, on the display boundary', () => {
    expect(nextDeadline(started, 1000)).toBe(2000);
    expect(nextDeadline(started, 1250)).toBe(2000);
  });
  test('in the last 10 s, every tenth', () => {
    expect(nextDeadline(started, 11000)).toBe(11100);
    expect(nextDeadline(started, 11050)).toBe(11100);
  });
  test('a count is a deadline of its own, at its exact instant', () => {
    // Main time ends at 21000; the period's "15" falls at 21000 + 15000.
    expect(nextDeadline(started, 35500)).toBe(36000);
    // jp counts up from the period's start: with a 30.5 s period "10" is said at 20.5 s left, between two
    // display seconds (21 and 20), so the count itself is the deadline.
    const jp = createClock({ system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 30500 }, { announce: 'jp' });
    const s = play(jp, [[0, { type: 'start' }]]);
    expect(nextDeadline(s, 9800)).toBe(10000);
    expect(step(s, { type: 'tick' }, 10000).effects).toContainEqual(
      { type: 'announce', atMs: 10000, side: 'black', text: '10', kind: 'count' });
  });
  test("the waiting side's display wakes nobody (except in hourglass, where it rises)", () => {
    // White runs from 4200 with 10:00; Black waits on 595800 ms (9:56 shown). Only White's next second counts.
    const absolute = play(createClock({ system: 'absolute', mainMs: 600000 }), [[0, { type: 'start' }], [4200, { type: 'press', side: 'black' }]]);
    expect(nextDeadline(absolute, 4200)).toBe(5200);
    // In hourglass Black gains what White uses. Black moved at 4000: Black 596000 (9:56), White 604000 (10:04).
    // White's display next drops at 5000, but Black's rises to 9:57 at 4001, 1 ms after the move.
    const hourglass = play(createClock({ system: 'hourglass', mainMs: 600000 }), [[0, { type: 'start' }], [4000, { type: 'press', side: 'black' }]]);
    expect(nextDeadline(hourglass, 4000)).toBe(4001);
    // A flagged opponent gains nothing (onExpire "continue"), so its display does not rise: only the runner's counts.
    const flagged = play(createClock({ system: 'hourglass', mainMs: 10000 }, { onExpire: 'continue' }), [
      [0, { type: 'start' }],
      [1000, { type: 'press', side: 'black' }], // Black 9000; White 11000 runs out at 12000
      [13000, { type: 'press', side: 'white' }], // Black runs from 13000 with 9000 + 11000
    ]);
    expect(view(flagged, 13000).sides.white.flaggedAtMs).toBe(12000);
    expect(view(flagged, 13000).sides.black.remainingMs).toBe(20000);
    expect(nextDeadline(flagged, 13000)).toBe(14000);
  });

  test('a flagged clock that counts up (expiry "continue") wakes 1 ms after its flag, when 0.0 becomes -0:00', () => {
    const s = play(createClock({ system: 'absolute', mainMs: 5000 }, { onExpire: 'continue' }), [[0, { type: 'start' }]]);
    expect(view(s, 5000).sides.black.flaggedAtMs).toBe(5000);
    expect(nextDeadline(s, 5000)).toBe(5001);
    expect(nextDeadline(s, 5001)).toBe(6000);
    expect(nextDeadline(s, 6400)).toBe(7000);
  });

  test('the deadline is always after now', () => {
    for (let t = 1000; t < 90000; t += 333) {
      const d = nextDeadline(started, t);
      if (d !== null) expect(d).toBeGreaterThan(t);
    }
  });
});

describe('view: what the display shows, derived at any instant', () => {
  const clock = createClock({ system: 'absolute', mainMs: 60000 });
  const running = play(clock, [[0, { type: 'start' }], [10000, { type: 'press', side: 'black' }]]);

  test('the running side is derived from the turn start, not decremented', () => {
    const v = view(running, 25000);
    expect(v.running).toBe('white');
    expect(v.sides.white.remainingMs).toBe(45000);
    expect(v.sides.black.remainingMs).toBe(50000);
  });
  test('view does not change the state it is given', () => {
    const before = JSON.stringify(running);
    view(running, 70000);
    nextDeadline(running, 70000);
    expect(JSON.stringify(running)).toBe(before);
  });
  test('a flag that fell between two looks is seen with its exact instant', () => {
    const v = view(running, 99999);
    expect(v.status).toBe('over');
    expect(v.sides.white.flaggedAtMs).toBe(70000);
    expect(v.flags).toEqual([{ side: 'white', atMs: 70000 }]);
  });
  test('the core never goes back in time: an earlier instant is read as the latest one', () => {
    const later = step(running, { type: 'tick' }, 30000).state;
    expect(view(later, 20000).sides.white.remainingMs).toBe(40000);
  });
  test.each([
    ['a fraction of a millisecond', 30000.5],
    ['a negative instant', -1],
    ['not a number', NaN],
    ['beyond the time line', MAX_INSTANT_MS + 2],
    ['beyond 2^53 ms', 2 ** 53 + 2],
    ['infinity', Infinity],
  ])('an instant that is not whole milliseconds on the time line (%s) is read as the latest one', (_name, atMs) => {
    const later = step(running, { type: 'tick' }, 30000).state;
    const pressed = step(later, { type: 'press', side: 'white' }, atMs as number);
    expect(pressed.effects).toContainEqual({ type: 'log', entry: { atMs: 30000, side: 'white', kind: 'move', text: 'white move 1 (20000 ms)' } }); // White's turn ran from 10000
    expect(view(pressed.state, 30000).sides.white.remainingMs).toBe(40000);
  });
  test('the latest instant the core takes is 2^43 − 1 ms, about 278 years', () => {
    expect(MAX_INSTANT_MS).toBe(2 ** 43 - 1);
    expect(isInstant(MAX_INSTANT_MS)).toBe(true);
    expect(isInstant(0)).toBe(true);
    expect(isInstant(MAX_INSTANT_MS + 1)).toBe(false);
    expect(isInstant(-1)).toBe(false);
    expect(isInstant(0.5)).toBe(false);
    expect(isInstant('5')).toBe(false);
  });
});
