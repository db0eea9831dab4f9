/**
 * Turns a board (data) and the interpreter's built-ins into the HAL the runtime uses.
 *
 * - I²C1 on the board's pins and bitrate when it has a bus (100 kHz for the LCD backpack: the PCF8574 is a 100 kHz
 *   part).
 * - The buttons, the buzzer, the voice module's port, and the DS3231, the battery divider and the watchdog when the
 *   board names them, from the board's IO kind (board-io.ts: on pins, or on the console), which the caller passes,
 *   so that a bundle holds only its own kind's drivers.
 * The voice module (a DFPlayer Mini) on that port, as a clip player (the firmware queues what it says over it).
 * Storage is Espruino's `Storage` on every board. The display is made by the caller's `makeScreen` once the bus is
 * set up (the board's screen module, boards/device/board-screen.ts), so that this file names no display driver;
 * nothing here is above the HAL.
 */
import { Board } from '../../boards/board';
import { ClipPlayer, Display, Hal } from '../hal';
import { IoMaker } from './board-io';
import { createDfPlayer } from './dfplayer';
import { EspruinoEnv } from './env';
import { createStorage } from './storage';
import { createMonotonicClock, createTimer } from './time';

/**
 * The HAL of `board`, its screen as `makeScreen` made it once the bus is set up (whatever else than the display the
 * screen holds is the caller's: the layout that draws on it), and the voice module's clip player when the board has
 * one: the caller makes the HAL's voice from it.
 */
export function createEspruinoHal<S extends { display: Display }>(
  board: Board,
  env: EspruinoEnv,
  makeScreen: (board: Board, env: EspruinoEnv) => S,
  makeIo: IoMaker,
): { hal: Hal; screen: S; clips?: ClipPlayer } {
  if (board.i2c) {
    env.I2C1.setup({ scl: env.pin(board.i2c.scl), sda: env.pin(board.i2c.sda), bitrate: board.i2c.bitrate });
  }
  const screen = makeScreen(board, env);
  // Not written here by terser (NOINLINE): the clock's closure would hold this function's scope (the board, the
  // environment) for as long as the clock runs. Nothing else made here keeps a closure over it.
  const clock = /*#__NOINLINE__*/ createMonotonicClock({ getTime: env.getTime });
  const io = makeIo(board, env, clock);
  const hal: Hal = {
    clock: clock,
    timer: createTimer({ setTimeout: env.setTimeout, clearTimeout: env.clearTimeout, clock: clock }),
    buttons: io.buttons,
    display: screen.display,
    buzzer: io.buzzer,
    // E.CRC32 where the build has it (the journal's checksum, natively; a built-in takes no `this`).
    storage: createStorage({ storage: env.Storage, crc32: typeof env.E.CRC32 === 'function' ? env.E.CRC32 : undefined }),
  };
  if (io.rtc) hal.rtc = io.rtc;
  if (io.battery) hal.battery = io.battery;
  if (io.watchdog) hal.watchdog = io.watchdog;
  if (!io.voicePort) return { hal: hal, screen: screen };
  // NOINLINE, as the clock: the driver's closures would hold this function's scope.
  return { hal: hal, screen: screen, clips: /*#__NOINLINE__*/ createDfPlayer(io.voicePort) };
}
