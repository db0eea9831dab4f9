/**
 * The IO of the console board (board-io.ts): the buttons are a global `button(name, down)` ("left"/"right"; `down`
 * omitted = press and release), stamped with the clock's now; the buzzer prints on the console; the voice module's
 * frames are printed and its answers come from a global `dfplayer(bytes)`. No RTC, battery or watchdog: a board that
 * names one of those, or button pins, is a board with pins (pin-io.ts).
 */
import { IoMaker } from './board-io';
import { createConsoleButtons } from './console-buttons';
import { createConsoleBuzzer } from './console-buzzer';
import { createConsoleSerial } from './console-serial';
import { SerialPort } from './dfplayer';

export const consoleIo: IoMaker = (board, env, clock) => {
  if (board.buttons || board.rtc || board.battery || board.watchdogMs !== undefined) {
    throw new Error('board ' + board.name + ': has pins (buttons, RTC, battery or watchdog), so takes pin IO, not the console');
  }
  const consoleButtons = createConsoleButtons({ clock: clock, print: env.print });
  env.defineGlobal('button', (name: string, down?: boolean) => consoleButtons.press(name, down));
  let voicePort: SerialPort | undefined = undefined;
  if (board.voice && board.voice.serial === 'console') {
    const serial = createConsoleSerial({ print: env.print, nowMs: () => clock.nowMs() });
    env.defineGlobal('dfplayer', (bytes: number[]) => serial.receive(bytes));
    voicePort = serial.port;
  }
  return { buttons: consoleButtons.buttons, buzzer: createConsoleBuzzer({ print: env.print }), voicePort: voicePort };
};
