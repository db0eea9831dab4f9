/**
 * The IO of a board with pins (board-io.ts): buttons watched with `setWatch`, the piezo on PWM, the voice module on
 * the UART the board names (none when this build of Espruino lacks that port), and what else the board names: the
 * DS3231 on I²C1 (set up by the caller first), the battery's divider, the watchdog.
 * No driver keeps a closure made here (terser writes each maker where it is called): it would hold this function's
 * scope, the board's data and the environment with it, for as long as the clock runs (the buttons' watches are made
 * in buttons.ts's `watchOf`; the others are objects whose methods are functions of their modules).
 */
import { createBattery } from './battery';
import { BoardIo, IoMaker } from './board-io';
import { createButtons } from './buttons';
import { createBuzzer } from './buzzer';
import { DFPLAYER_BAUD, SerialPort } from './dfplayer';
import { createDs3231 } from './ds3231';
import { createWatchdog } from './watchdog';

export const pinIo: IoMaker = (board, env, clock) => {
  const pins = board.buttons;
  const buzzer = board.buzzer;
  if (!pins || !buzzer) throw new Error('board ' + board.name + ': pin IO needs button and buzzer pins');
  let voicePort: SerialPort | undefined = undefined;
  const spec = board.voice;
  if (spec && spec.serial !== 'console') {
    const serial = env.serial(spec.serial);
    if (serial) {
      serial.setup(DFPLAYER_BAUD, { tx: env.pin(spec.tx), rx: env.pin(spec.rx) });
      voicePort = serial;
    }
  }
  const io: BoardIo = {
    buttons: createButtons({
      setWatch: env.setWatch,
      pinMode: env.pinMode,
      setTimeout: env.setTimeout,
      pins: { left: env.pin(pins.left), right: env.pin(pins.right) },
      activeLow: pins.activeLow,
      debounceMs: pins.debounceMs,
    }),
    buzzer: createBuzzer({
      pin: env.pin(buzzer.pin),
      analogWrite: env.analogWrite,
      digitalWrite: env.digitalWrite,
      setTimeout: env.setTimeout,
      clearTimeout: env.clearTimeout,
    }),
    voicePort: voicePort,
  };
  if (board.rtc) io.rtc = createDs3231({ i2c: env.I2C1, address: board.rtc.address, clock: clock });
  if (board.battery) {
    io.battery = createBattery({
      pin: env.pin(board.battery.pin),
      analogRead: env.analogRead,
      dividerRatio: board.battery.dividerRatio,
      emptyVolts: board.battery.emptyVolts,
      fullVolts: board.battery.fullVolts,
    });
  }
  if (board.watchdogMs !== undefined) io.watchdog = createWatchdog({ E: env.E, timeoutMs: board.watchdogMs });
  return io;
};
