/**
 * Any Espruino without hardware (the Web IDE's emulator, a host build): the display prints each changed frame on
 * the console, and the buttons are a global `button(name, down)` with name "left" or "right".
 */
import { Board } from './board';

const board: Board = {
  name: 'console',
  description: 'Any Espruino: display on the console, buttons via button("left"|"right", down)',
  display: { kind: 'console', columns: 16, rows: 2 },
};

export default board;
