/**
 * The device entry: turns a board (data) into a HAL and starts the runtime. Each bundle dist/<board>.js is this
 * function called with one board. (Being wired: the runtime shell and the Espruino HAL are under construction.)
 */
import { Board } from '../../boards/board';

export function boot(board: Board): void {
  console.log('goclock: ' + board.name);
}
