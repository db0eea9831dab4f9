/**
 * The end of the clock's time line (MAX_INSTANT_MS): the core reads a later instant as the latest one it had, so
 * beyond the end the clock stands still. Nothing may then ask to be woken again and again: a game running into the
 * end (a flag due just past it, under onExpire "continue") once had its runtime's timer re-armed at an instant
 * already past, every time, while the display stood still.
 */
import { createClock, MAX_INSTANT_MS, step } from '../../firmware/clock/clock';
import { ClockState } from '../../firmware/clock/clock-types';
import { GameControl } from '../../firmware/clock/control';
import { ClockOptions, DEFAULT_OPTIONS } from '../../firmware/clock/options';
import { nextDeadline, quietUntil } from '../../firmware/display/view';
import { startRuntime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { createVirtualHal, MemoryStorage, TimerPolicy } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';

const END = MAX_INSTANT_MS;

function startedAt(control: GameControl, options: Partial<ClockOptions>, atMs: number): ClockState {
  return step(createClock(control, options), { type: 'start' }, atMs).state;
}

describe('the deadline near the end of the time line', () => {
  const cases: [string, GameControl, Partial<ClockOptions>][] = [
    ['absolute, continue', { system: 'absolute', mainMs: 5000 }, { onExpire: 'continue' }],
    ['byo-yomi, continue', { system: 'byoyomi', mainMs: 1000, periods: 1, periodMs: 2000 }, { onExpire: 'continue' }],
    ['byo-yomi, pass', { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1000 }, { onExpire: 'pass' }],
    ['hourglass', { system: 'hourglass', mainMs: 5000 }, {}],
  ];
  test.each(cases)('%s: the deadline is after now and on the time line, or there is none', (_name, control, options) => {
    for (const startMs of [END - 30000, END - 5001, END - 4999, END - 1, END]) {
      const state = startedAt(control, options, startMs);
      for (let now = startMs; now <= END + 3000; now += 250) {
        const d = nextDeadline(state, now);
        if (d !== null) {
          expect(d).toBeGreaterThan(now);
          expect(d).toBeLessThanOrEqual(END);
        }
        expect(quietUntil(state)).toBeLessThanOrEqual(END + 1);
      }
    }
  });
  test('beyond the end nothing more changes: no deadline', () => {
    const state = startedAt({ system: 'absolute', mainMs: 5000 }, { onExpire: 'continue' }, END - 4999);
    expect(nextDeadline(state, END - 1000)).toBe(END - 999); // 1.0 becomes 0.9 (its flag would fall at END + 1)
    expect(nextDeadline(state, END + 1)).toBeNull();
    expect(nextDeadline(state, END + 5000)).toBeNull();
  });
});

describe('a runtime whose game runs into the end of the time line', () => {
  /** A timer policy that counts the timer's arming and drops it after `limit` (so a test of a busy loop ends). */
  function counting(limit: number): TimerPolicy & { armed: number } {
    const policy = {
      armed: 0,
      lateByMs: () => 0,
      missed: () => ++policy.armed > limit,
    };
    return policy;
  }

  test.each([
    ['a flag due just past the end, onExpire "continue"', { system: 'absolute', mainMs: 5000 }, { onExpire: 'continue' }, END - 4999],
    ['a flag due at the very end', { system: 'absolute', mainMs: 5000 }, { onExpire: 'continue' }, END - 5000],
    ['forced passes across the end', { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1000 }, { onExpire: 'pass' }, END - 4999],
  ] as [string, GameControl, Partial<ClockOptions>, number][])('%s: its timer is not re-armed again and again', (_name, control, options, startMs) => {
    const storage = new MemoryStorage();
    const settings = defaultSettings();
    settings.control = parseGameControl(control);
    settings.options = Object.assign({}, DEFAULT_OPTIONS, options);
    saveSettings(storage, settings);
    const policy = counting(10000);
    const hal = createVirtualHal({ storage: storage, policy: policy });
    hal.advanceTo(startMs); // the board's clock was set long ago: game time is its monotonic time
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
    runtime.feed({ type: 'start' }, runtime.nowMs());
    for (let t = startMs; t <= END + 20000; t += 500) hal.advanceTo(t);
    // About one wake-up per shown change (tenths in the last 10 s) up to the end, then none.
    expect(policy.armed).toBeLessThan(200);
    expect(hal.pendingTimerMs()).toBeNull();
    expect(runtime.view().status).toBe('running');
  });
});
