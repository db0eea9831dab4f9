/**
 * Time at the HAL boundary (docs/architecture.md): Espruino counts in float seconds (`getTime()`, `e.time` of a watch);
 * everything above the HAL counts in integer milliseconds. `secondsToMs` is the one conversion: the clock and
 * the button edges (buttons.ts) write out the same formula, so an edge and "now" can never disagree by a rounding rule.
 */
import { MonotonicClock, Timer } from '../hal';
import { ClearTimeoutFn, SetTimeoutFn, TimeoutHandle } from './types';

/**
 * Float seconds to integer ms, rounding down. Espruino's clock ticks in whole microseconds, but seconds * 1000 is not
 * always exact in binary (1.005 s * 1000 = 1004.9999999999999), so half a microsecond is added before flooring:
 * never enough to cross a millisecond boundary that was not reached, always enough to undo the representation error.
 */
export function secondsToMs(seconds: number): number {
  return Math.floor(seconds * 1000 + 0.0005);
}

export interface MonotonicClockOptions {
  /** Espruino's `getTime()`: seconds since boot (or since 1970 once `setTime` was called). */
  getTime: () => number;
}

/**
 * `nowMs()` from `getTime()`. Never goes backwards: if something calls `setTime()` (nothing may during a game)
 * the clock holds its last value until the source catches up, rather than handing the core a negative duration.
 */
export function createMonotonicClock(options: MonotonicClockOptions): MonotonicClock {
  const getTime = options.getTime;
  let lastMs = -Infinity;
  return {
    nowMs() {
      // secondsToMs written out: the clock is read several times a wake-up, and on Espruino a call costs.
      const ms = Math.floor(getTime() * 1000 + 0.0005);
      if (ms > lastMs) lastMs = ms;
      return lastMs;
    },
  };
}

export interface TimerOptions {
  setTimeout: SetTimeoutFn;
  clearTimeout: ClearTimeoutFn;
  clock: MonotonicClock;
}

/**
 * The runtime's single one-shot timer at an absolute instant. The delay handed to `setTimeout` is `atMs - now`,
 * never negative; a new `start` replaces the pending timer. If the host fires early (Node may by up to 1 ms) the
 * timer re-arms for the rest, so `onFire` never runs before `atMs` on the clock.
 */
export function createTimer(options: TimerOptions): Timer {
  const setTimeoutFn = options.setTimeout;
  const clearTimeoutFn = options.clearTimeout;
  const clock = options.clock;
  let handle: TimeoutHandle = undefined;
  let targetMs = 0;
  let callback: ((nowMs?: number) => void) | undefined = undefined;

  function cancel(): void {
    // Espruino's clearTimeout(undefined) would clear every timer of the program.
    if (handle !== undefined) clearTimeoutFn(handle);
    handle = undefined;
  }

  function arm(): void {
    const delayMs = targetMs - clock.nowMs();
    handle = setTimeoutFn(fire, delayMs > 0 ? delayMs : 0);
  }

  function fire(): void {
    handle = undefined;
    const now = clock.nowMs();
    if (now < targetMs) {
      arm();
      return;
    }
    const onFire = callback;
    callback = undefined;
    if (onFire) onFire(now);
  }

  return {
    start(atMs, onFire) {
      // `cancel` and `arm` written out: this runs at every wake-up and press, just after the timer fired (no handle
      // then, so nothing to clear), and on Espruino each call costs about as much as these lines.
      if (handle !== undefined) {
        // Set again for the same instant and callback (an edge or a wake-up that moved nothing): it stands as it is.
        if (atMs === targetMs && onFire === callback) return;
        clearTimeoutFn(handle);
      }
      targetMs = atMs;
      callback = onFire;
      const delayMs = atMs - clock.nowMs();
      handle = setTimeoutFn(fire, delayMs > 0 ? delayMs : 0);
    },
    stop() {
      cancel();
      callback = undefined;
    },
  };
}
