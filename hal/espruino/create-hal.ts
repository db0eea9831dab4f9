/**
 * Turns a board (data) and the interpreter's built-ins into the HAL the runtime uses.
 *
 * - ESP32 boards: I²C1 on the board's pins and bitrate (100 kHz for the LCD backpack: the PCF8574 is a 100 kHz part);
 *   buttons with `setWatch`; the piezo on PWM; the DS3231; the battery divider; the watchdog.
 * - The console board: the buzzer prints on the console; the buttons are a global `button(name, down)`
 *   ("left"/"right"; `down` omitted = press and release), stamped with the clock's now. No RTC, battery or watchdog.
 * The voice module (a DFPlayer Mini) on the board's UART when the board names one, as a clip player (the firmware
 * queues what it says over it); the console board prints its frames and takes the module's answers from a global
 * `dfplayer(bytes)`. Storage is Espruino's `Storage` on every board. The display is made by the caller's
 * `makeDisplay` once the bus is set up (the board's screen module, boards/device/board-screen.ts), so that this file names no
 * display driver; nothing here is above the HAL.
 */
import { Board } from '../../boards/board';
import { Buttons, Buzzer, ClipPlayer, Display, Hal, MonotonicClock } from '../hal';
import { createBattery } from './battery';
import { createButtons } from './buttons';
import { createBuzzer } from './buzzer';
import { createConsoleButtons } from './console-buttons';
import { createConsoleBuzzer } from './console-buzzer';
import { createDs3231 } from './ds3231';
import { createConsoleSerial } from './console-serial';
import { createDfPlayer, DFPLAYER_BAUD, SerialPort } from './dfplayer';
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
function createBoardClips(board: Board, env: EspruinoEnv, clock: MonotonicClock): ClipPlayer | undefined {
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
  return createDfPlayer(port);
}

/**
 * The HAL of `board`, its screen as `makeScreen` made it once the bus is set up (whatever else than the display the
 * screen holds is the caller's: the layout that draws on it), and the voice module's clip player when the board has
 * one: the caller makes the HAL's voice from it.
 */
export function createEspruinoHal<S extends { display: Display }>(
  board: Board,
  env: EspruinoEnv,
  makeScreen: (board: Board, env: EspruinoEnv) => S,
): { hal: Hal; screen: S; clips?: ClipPlayer } {
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
  if (board.watchdogMs !== undefined) hal.watchdog = createWatchdog({ E: env.E, timeoutMs: board.watchdogMs });
  const clips = createBoardClips(board, env, clock);
  return clips ? { hal: hal, screen: screen, clips: clips } : { hal: hal, screen: screen };
}
