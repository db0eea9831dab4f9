/**
 * Turns a board (data) and the interpreter's built-ins into the HAL the runtime uses.
 *
 * - ESP32 boards: I²C1 on the board's pins and bitrate (100 kHz for the LCD backpack: the PCF8574 is a 100 kHz part);
 *   buttons with `setWatch`; the piezo on PWM; the DS3231; the battery divider; the watchdog.
 * - The console board: the buzzer prints on the console; the buttons are a global `button(name, down)`
 *   ("left"/"right"; `down` omitted = press and release), stamped with the clock's now. No RTC, battery or watchdog.
 * The voice module (a DFPlayer Mini) on the board's UART when the board names one; the console board prints its frames
 * and takes the module's answers from a global `dfplayer(bytes)`.
 * Storage is Espruino's `Storage` on every board. The display comes made, with its layout, from the board's screen
 * module (board-screen.ts), so that this file names no display driver.
 */
import { Board } from '../../boards/board';
import { Buttons, Buzzer, Hal, MonotonicClock, Voice } from '../hal';
import { Layout } from '../../firmware/display/layout';
import { ScreenMaker } from './board-screen';
import { createBattery } from './battery';
import { createButtons } from './buttons';
import { createBuzzer } from './buzzer';
import { createConsoleButtons } from './console-buttons';
import { createConsoleBuzzer } from './console-buzzer';
import { createDs3231 } from './ds3231';
import { createConsoleSerial } from './console-serial';
import { createDfPlayer, DFPLAYER_BAUD, SerialPort } from './dfplayer';
import { createVoiceQueue } from '../../firmware/sound/voice-queue';
import { EspruinoEnv } from './env';
import { createStorage } from './storage';
import { createMonotonicClock, createTimer } from './time';
import { createWatchdog } from './watchdog';

function createBoardButtons(board: Board, env: EspruinoEnv, clock: MonotonicClock): Buttons {
  const pins = board.buttons;
  if (pins) {
    return createButtons({
      setWatch: env.setWatch,
      pinMode: env.pinMode,
      setTimeout: env.setTimeout,
      pins: { left: env.pin(pins.left), right: env.pin(pins.right) },
      activeLow: pins.activeLow,
      debounceMs: pins.debounceMs,
    });
  }
  const consoleButtons = createConsoleButtons({ clock: clock, print: env.print });
  env.defineGlobal('button', (name: string, down?: boolean) => consoleButtons.press(name, down));
  return consoleButtons.buttons;
}

function createBoardBuzzer(board: Board, env: EspruinoEnv): Buzzer {
  if (!board.buzzer) return createConsoleBuzzer({ print: env.print });
  return createBuzzer({
    pin: env.pin(board.buzzer.pin),
    analogWrite: env.analogWrite,
    digitalWrite: env.digitalWrite,
    setTimeout: env.setTimeout,
    clearTimeout: env.clearTimeout,
  });
}

/** The board's voice module on its UART (the console board: a port that prints the frames), or undefined. */
function createBoardVoice(board: Board, env: EspruinoEnv, clock: MonotonicClock): Voice | undefined {
  const spec = board.voice;
  if (!spec) return undefined;
  let port: SerialPort;
  if (spec.serial === 'console') {
    const serial = createConsoleSerial({ print: env.print, nowMs: () => clock.nowMs() });
    env.defineGlobal('dfplayer', (bytes: number[]) => serial.receive(bytes));
    port = serial.port;
  } else {
    const serial = env.serial(spec.serial);
    if (!serial) return undefined;
    serial.setup(DFPLAYER_BAUD, { tx: env.pin(spec.tx), rx: env.pin(spec.rx) });
    port = serial;
  }
  const player = createDfPlayer(port);
  return createVoiceQueue(player, { now: () => clock.nowMs(), setTimeout: env.setTimeout, clearTimeout: env.clearTimeout });
}

/** The HAL of `board` and the layout for its display, made by `makeScreen` once the bus is set up (board-screen.ts). */
export function createEspruinoHal(board: Board, env: EspruinoEnv, makeScreen: ScreenMaker): { hal: Hal; layout: Layout } {
  if (board.i2c) {
    env.I2C1.setup({ scl: env.pin(board.i2c.scl), sda: env.pin(board.i2c.sda), bitrate: board.i2c.bitrate });
  }
  const screen = makeScreen(board, env);
  const clock = createMonotonicClock({ getTime: env.getTime });
  const hal: Hal = {
    clock: clock,
    timer: createTimer({ setTimeout: env.setTimeout, clearTimeout: env.clearTimeout, clock: clock }),
    buttons: createBoardButtons(board, env, clock),
    display: screen.display,
    buzzer: createBoardBuzzer(board, env),
    // E.CRC32 where the build has it (the journal's checksum, natively).
    storage: createStorage({ storage: env.Storage, crc32: typeof env.E.CRC32 === 'function' ? (text) => env.E.CRC32(text) : undefined }),
  };
  if (board.rtc) hal.rtc = createDs3231({ i2c: env.I2C1, address: board.rtc.address });
  if (board.battery) {
    hal.battery = createBattery({
      pin: env.pin(board.battery.pin),
      analogRead: env.analogRead,
      dividerRatio: board.battery.dividerRatio,
      emptyVolts: board.battery.emptyVolts,
      fullVolts: board.battery.fullVolts,
    });
  }
  const voice = createBoardVoice(board, env, clock);
  if (voice) hal.voice = voice;
  if (board.watchdogMs !== undefined) hal.watchdog = createWatchdog({ E: env.E, timeoutMs: board.watchdogMs });
  return { hal: hal, layout: screen.layout };
}
