/**
 * The arbiter's console (firmware/runtime/console-api.ts) and the record printed on request
 * (firmware/storage/record-console.ts), as a part (firmware/runtime/parts.ts): on the device a Storage file of its own,
 * loaded by a console call and let go once the console's line has run (boards/device/boot.ts). The console's access (unlocked, wrong codes)
 * is the caller's `lock`, so it outlives the part.
 */
import { ConsoleApi, ConsoleLock, createConsoleApi } from '../runtime/console-api';
import { printRecord } from '../storage/record-console';
import type { Runtime } from '../runtime/shell';
import type { KeyValueStorage } from '../../hal/hal';

/** What the console is made for: the clock, its HAL time, its access, where the record is and how it is printed. */
export interface ConsoleContext {
  /** The clock's Runtime, made when the console's API is (firmware/runtime/shell.ts `Shell.runtime`). */
  runtime: () => Runtime;
  clockMs: () => number;
  lock: ConsoleLock;
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
      const api = createConsoleApi(context.runtime(), context.clockMs, context.lock) as DeviceConsole;
      api.record = (format, game) => printRecord(context.storage, format, game, context.print);
      made = { context: context, api: api };
    }
    return made.api;
  },
};

export default part;
