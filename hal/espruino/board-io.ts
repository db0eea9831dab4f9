/**
 * A board's inputs and outputs besides its display and buses: the buttons, the buzzer, the voice module's port, and
 * the parts only a board with pins has (the RTC, the battery's divider, the watchdog). There are two kinds, each a
 * module of its own: on pins (pin-io.ts: `setWatch` buttons, the piezo on PWM, the module on a UART, the DS3231 on
 * the I²C bus, the divider on an ADC pin, the chip's watchdog) and on the console (console-io.ts: a global
 * `button(name, down)`, a printed buzzer, a port that prints the module's frames, and none of the others). A board's bundle imports only its own kind (scripts/bundle-config.cjs picks it: a
 * board that names button pins takes pin-io), so an ESP32 bundle carries no console driver, and the console's none
 * of the pins'.
 */
import { Board } from '../../boards/board';
import { Battery, Buttons, Buzzer, MonotonicClock, RealTimeClock, Watchdog } from '../hal';
import { SerialPort } from './dfplayer';
import { EspruinoEnv } from './env';

export interface BoardIo {
  buttons: Buttons;
  buzzer: Buzzer;
  /** The voice module's serial port, when the board names one and the build has it. */
  voicePort?: SerialPort;
  rtc?: RealTimeClock;
  battery?: Battery;
  watchdog?: Watchdog;
}

/** Makes a board's IO; throws an Error naming what the board lacks when it is not of this kind. */
export type IoMaker = (board: Board, env: EspruinoEnv, clock: MonotonicClock) => BoardIo;
