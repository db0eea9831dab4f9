/**
 * The device entry: turns a board (data) into a HAL and starts the runtime. Each bundle dist/<board>.js is this
 * function called with one board and the screen module for its display (board-screen.ts); it is the only code that
 * reads the interpreter's globals (through espruinoEnv), and it defines the console's `goclock` global.
 */
import { Board } from '../../boards/board';
import { createEspruinoHal } from './create-hal';
import { espruinoEnv, EspruinoEnv } from './env';
import { startRuntime } from '../../firmware/runtime/runtime';
import { ScreenMaker } from './board-screen';
import { printRecord } from '../../firmware/storage/record-console';
import { ConsoleApi, createConsoleApi } from '../../firmware/runtime/console-api';

/**
 * Starts the clock from a timer, once the boot code has run to its end, not from the boot code itself: while the
 * boot code runs, Espruino is reading the whole of `.bootcde` (some 90 KB) from flash, and a write to a full Storage
 * compacts it, which moves that file; the interpreter then copies what it is reading into RAM, and runs out of it
 * (measured on espruino-12k: LOW_MEMORY, the boot interrupted). From a timer only the functions being run are read,
 * a few hundred bytes each.
 */
export function boot(board: Board, makeScreen: ScreenMaker): void {
  const env = espruinoEnv();
  env.setTimeout(() => start(board, makeScreen, env), 0);
}

function start(board: Board, makeScreen: ScreenMaker, env: EspruinoEnv): void {
  const device = createEspruinoHal(board, env, makeScreen);
  const runtime = startRuntime(device.hal, { layout: device.layout, watchdogMs: board.watchdogMs });
  for (let i = 0; i < runtime.notices.length; i++) env.print('goclock: ' + runtime.notices[i]);
  // The arbiter's console (firmware/runtime/console-api.ts) and the record printed on request (`npm run record` calls it).
  const api = createConsoleApi(runtime, () => device.hal.clock.nowMs()) as ConsoleApi & { record?: unknown };
  api.record = (format: unknown, game: unknown) => printRecord(device.hal.storage, format, game, env.print);
  env.defineGlobal('goclock', api);
}
