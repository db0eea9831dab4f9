/**
 * The few shapes of Espruino built-ins that the drivers take as parameters. Each driver names only what it uses, so a
 * test passes a small fake instead of the interpreter.
 */

/** An Espruino `Pin` (what `D22` or `new Pin("D22")` gives): opaque to the drivers, handed back to the built-ins. */
export type PinHandle = unknown;

/** A timer handle from `setTimeout` (a number on Espruino, an object on Node). */
export type TimeoutHandle = unknown;

/**
 * Espruino's `setTimeout`. Never call the matching `clearTimeout` with `undefined`: on Espruino
 * `clearTimeout()` without an id clears every timeout and interval.
 */
export type SetTimeoutFn = (callback: () => void, ms: number) => TimeoutHandle;
export type ClearTimeoutFn = (handle: TimeoutHandle) => void;

/** An I²C master such as Espruino's `I2C1` (set up by the caller). Both calls throw when the device does not ACK. */
export interface I2cBus {
  /** `more`, as Espruino's `writeTo(address, data, ...)` takes it: sent after `data` in the same transfer, not copied. */
  writeTo(address: number, data: number | number[] | Uint8Array, more?: Uint8Array): void;
  readFrom(address: number, count: number): Uint8Array;
}

/** What `setWatch` passes to its callback: `time` is when the pin changed, in seconds of `getTime()`. */
export interface WatchEvent {
  state: boolean;
  time: number;
  lastTime?: number;
}

export interface WatchOptions {
  repeat: boolean;
  edge: 'rising' | 'falling' | 'both';
  debounce: number;
}
