/**
 * The hardware watchdog, as a hal `Watchdog`: `E.enableWatchdog(seconds, false)` arms it in manual mode (the
 * interpreter will not kick it by itself), and the runtime's `kick()` is `E.kickWatchdog()`. If the firmware stops
 * running its loop for longer than the timeout, the chip resets. On ESP32 Espruino uses the task watchdog with a
 * whole number of seconds, so the timeout is rounded and never below 1 s. Once armed it cannot be disarmed.
 */
import { Watchdog } from '../hal';

/** Espruino's `E`, the part the watchdog uses. */
export interface WatchdogE {
  enableWatchdog(timeoutSeconds: number, isAuto: boolean): void;
  kickWatchdog(): void;
}

export interface WatchdogOptions {
  E: WatchdogE;
  timeoutMs: number;
}

export function createWatchdog(options: WatchdogOptions): Watchdog {
  const e = options.E;
  const seconds = Math.round(options.timeoutMs / 1000);
  e.enableWatchdog(seconds < 1 ? 1 : seconds, false);
  // The built-in itself (it takes no `this`): no closure, which would hold ~9 JsVars and the scope it was made in
  // (pin-io.ts's, with the board's data) for as long as the clock runs, nor a call more at every kick.
  return { kick: e.kickWatchdog };
}
