/**
 * The device entry: turns a board (data) into a HAL and starts the runtime. Each bundle dist/<board>.js is this
 * function called with one board and the screen module for its display (board-screen.ts); it is the only code that
 * reads the interpreter's globals (through espruinoEnv), and it defines the console's `goclock` global.
 */
import { Board } from '../../boards/board';
import { createEspruinoHal } from './create-hal';
import { espruinoEnv } from './env';
import { startRuntime } from '../../firmware/runtime';
import { ScreenMaker } from './board-screen';
import { printRecord } from '../../firmware/record-console';
import { ConsoleApi, createConsoleApi } from '../../firmware/console-api';

export function boot(board: Board, makeScreen: ScreenMaker): void {
  const env = espruinoEnv();
  const device = createEspruinoHal(board, env, makeScreen);
  const runtime = startRuntime(device.hal, { layout: device.layout, watchdogMs: board.watchdogMs });
  for (let i = 0; i < runtime.notices.length; i++) env.print('goclock: ' + runtime.notices[i]);
  // The arbiter's console (firmware/console-api.ts) and the record printed on request (`npm run record` calls it).
  const api = createConsoleApi(runtime, () => device.hal.clock.nowMs()) as ConsoleApi & { record?: unknown };
  api.record = (format: unknown, game: unknown) => printRecord(device.hal.storage, format, game, env.print);
  env.defineGlobal('goclock', api);
}
