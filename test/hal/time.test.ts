import fc from 'fast-check';
import { createMonotonicClock, createTimer, secondsToMs } from '../../hal/espruino/time';
import { createFakeTimers } from './fakes';

describe('secondsToMs: the one conversion of Espruino seconds to integer ms', () => {
  it('rounds down to the millisecond', () => {
    expect(secondsToMs(0)).toBe(0);
    expect(secondsToMs(1.2344)).toBe(1234);
    expect(secondsToMs(1.2349)).toBe(1234);
    expect(secondsToMs(59.9999)).toBe(59999);
  });

  it('undoes the binary representation error of whole milliseconds (1.005 s * 1000 is 1004.999…)', () => {
    expect(Math.floor(1.005 * 1000)).toBe(1004);
    expect(secondsToMs(1.005)).toBe(1005);
    expect(secondsToMs(1.234)).toBe(1234);
  });

  it('gives floor(µs / 1000) for every whole-microsecond time up to 30 days of uptime', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 86400 * 1e6 }), (microseconds) => {
        return secondsToMs(microseconds / 1e6) === Math.floor(microseconds / 1000);
      }),
      { numRuns: 20000 },
    );
  });

  it('and for wall-clock seconds (after setTime) in this century', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1.6e15, max: 4e15 }), (microseconds) => {
        return secondsToMs(microseconds / 1e6) === Math.floor(microseconds / 1000);
      }),
      { numRuns: 20000 },
    );
  });
});

describe('the monotonic clock', () => {
  it('reads getTime() in integer ms', () => {
    let seconds = 12.3456789;
    const clock = createMonotonicClock({ getTime: () => seconds });
    expect(clock.nowMs()).toBe(12345);
    seconds = 13;
    expect(clock.nowMs()).toBe(13000);
  });

  it('never goes backwards when something sets the time back', () => {
    let seconds = 100;
    const clock = createMonotonicClock({ getTime: () => seconds });
    expect(clock.nowMs()).toBe(100000);
    seconds = 40;
    expect(clock.nowMs()).toBe(100000);
    seconds = 100.5;
    expect(clock.nowMs()).toBe(100500);
  });
});

describe('the timer: an absolute instant turned into one setTimeout', () => {
  function setup(startMs: number) {
    const timers = createFakeTimers(startMs);
    const clock = createMonotonicClock({ getTime: () => timers.getTime() });
    const timer = createTimer({ setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout, clock });
    return { timers, timer };
  }

  it('waits atMs - now', () => {
    const { timers, timer } = setup(1000);
    const fired: number[] = [];
    timer.start(1500, () => fired.push(timers.nowMs));
    expect(timers.delays).toEqual([500]);
    timers.advance(499);
    expect(fired).toEqual([]);
    timers.advance(1);
    expect(fired).toEqual([1500]);
  });

  it('never asks for a negative delay: an instant already past fires at once', () => {
    const { timers, timer } = setup(1000);
    const fired: number[] = [];
    timer.start(400, () => fired.push(timers.nowMs));
    expect(timers.delays).toEqual([0]);
    timers.advance(0);
    expect(fired).toEqual([1000]);
  });

  it('a new start replaces the pending timer', () => {
    const { timers, timer } = setup(0);
    const fired: string[] = [];
    timer.start(100, () => fired.push('first'));
    timer.start(300, () => fired.push('second'));
    expect(timers.pending()).toBe(1);
    timers.advance(1000);
    expect(fired).toEqual(['second']);
  });

  it('stop cancels, and stopping twice or with nothing pending is harmless (never clearTimeout(undefined))', () => {
    const { timers, timer } = setup(0);
    const fired: string[] = [];
    timer.stop();
    timer.start(100, () => fired.push('x'));
    timer.stop();
    timer.stop();
    timers.advance(1000);
    expect(fired).toEqual([]);
    expect(timers.pending()).toBe(0);
  });

  it('fires once, and the handler may start the next timer', () => {
    const { timers, timer } = setup(0);
    const fired: number[] = [];
    const tick = () => {
      fired.push(timers.nowMs);
      if (fired.length < 3) timer.start(timers.nowMs + 250, tick);
    };
    timer.start(250, tick);
    timers.advance(2000);
    expect(fired).toEqual([250, 500, 750]);
  });

  it('a host that fires early (Node can, by up to 1 ms) is re-armed, so onFire never runs before atMs', () => {
    let nowMs = 0;
    const scheduled: { callback: () => void; ms: number }[] = [];
    const clock = createMonotonicClock({ getTime: () => nowMs / 1000 });
    const timer = createTimer({
      setTimeout: (callback, ms) => {
        scheduled.push({ callback, ms });
        return scheduled.length;
      },
      clearTimeout: () => undefined,
      clock,
    });
    const fired: number[] = [];
    timer.start(1000, () => fired.push(nowMs));
    nowMs = 999; // one ms early
    scheduled[0].callback();
    expect(fired).toEqual([]);
    expect(scheduled[1].ms).toBe(1);
    nowMs = 1000;
    scheduled[1].callback();
    expect(fired).toEqual([1000]);
  });
});
