/**
 * The arbiter's console (firmware/runtime/console-api.ts) and the record printed on request
 * (firmware/storage/record-console.ts), as a part (firmware/runtime/parts.ts): on the device a Storage file of its own,
 * loaded by a console call and let go once the console's line has run (boards/device/boot.ts). The console's access (unlocked, wrong codes)
 * is the caller's `lock`, so it outlives the part.
 */
import { ConsoleApi, ConsoleLock, createConsoleApi, freshConsoleLock } from '../runtime/console-api';
import { printRecord } from '../storage/record-console';
import type { Runtime } from '../runtime/shell';
import type { KeyValueStorage, MonotonicClock } from '../../hal/hal';

/** What the console is made for: the clock, the HAL's time, its access, where the record is and how it is printed. */
export interface ConsoleContext {
  /** The clock's Runtime, made when the console's API is (firmware/runtime/shell.ts `Shell.runtime`). */
  runtime: () => Runtime;
  /** The HAL's clock (the unlock's idle time and the lockout run on it). */
  clock: MonotonicClock;
  /** The console's access, made by the part at its first use (so `.bootcde` holds no code for it), kept here. */
  lock?: ConsoleLock;
  storage: KeyValueStorage;
  print: (line: string) => void;
}

export type DeviceConsole = ConsoleApi & { record(format: unknown, game: unknown): void };

export interface ConsolePart {
  /** The `goclock` global's value for `context`: made once per part and context. */
  api(context: ConsoleContext): DeviceConsole;
}

let made: { context: ConsoleContext; api: DeviceConsole } | null = null;

const part: ConsolePart = {
  api(context) {
    if (made === null || made.context !== context) {
      if (context.lock === undefined) context.lock = freshConsoleLock();
      const clock = context.clock;
      const api = createConsoleApi(context.runtime, () => clock.nowMs(), context.lock) as DeviceConsole;
      api.record = (format, game) => printRecord(context.storage, format, game, context.print);
      made = { context: context, api: api };
    }
    return made.api;
  },
};

export default part;
