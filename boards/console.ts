/**
 * Any Espruino without hardware (the Web IDE's emulator, a host build): the display prints each changed frame on
 * the console, the buttons are a global `button(name, down)` with name "left" or "right", and the voice module's
 * frames are printed.
 */
import { Board } from './board';

const board: Board = {
  name: 'console',
  display: { kind: 'console', columns: 16, rows: 2 },
  // The voice module's frames are printed: "dfplayer <ms>: 7E FF 06 ..." (hal/espruino/console-serial.ts).
  voice: { kind: 'dfplayer', serial: 'console' },
};

export default board;
