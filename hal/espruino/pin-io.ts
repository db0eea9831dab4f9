/**
 * The IO of a board with pins (board-io.ts): buttons watched with `setWatch`, the piezo on PWM, the voice module on
 * the UART the board names (none when this build of Espruino lacks that port).
 */
import { IoMaker } from './board-io';
import { createButtons } from './buttons';
import { createBuzzer } from './buzzer';
import { DFPLAYER_BAUD, SerialPort } from './dfplayer';

export const pinIo: IoMaker = (board, env) => {
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
  return {
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
};
