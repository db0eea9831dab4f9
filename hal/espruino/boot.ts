/**
 * The device entry: turns a board (data) into a HAL and starts the runtime. Each bundle dist/<board>.js is this
 * function called with one board; it is the only code that reads the interpreter's globals (through espruinoEnv).
 */
import { Board } from '../../boards/board';
import { createEspruinoHal } from './create-hal';
import { espruinoEnv } from './env';
import { startRuntime } from '../../firmware/runtime';

export function boot(board: Board): void {
  const env = espruinoEnv();
  const runtime = startRuntime(createEspruinoHal(board, env), { watchdogMs: board.watchdogMs });
  for (let i = 0; i < runtime.notices.length; i++) env.print('goclock: ' + runtime.notices[i]);
}
