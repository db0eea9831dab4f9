/**
 * A passive piezo on a PWM pin, as a hal `Buzzer`.
 *
 * A tone is `analogWrite(pin, duty, { freq: hz })`: on ESP32 Espruino gives a pin with its own frequency one of the
 * LEDC timers (three are free for custom frequencies; re-using the same pin re-uses its timer). A rest, and the end
 * of a pattern, is `digitalWrite(pin, 0)`, which hands the pin back to GPIO and drives it low (a piezo at rest holds
 * no charge). Tones follow each other on `setTimeout`, so `play` returns at once; a new `play` cancels the pattern
 * playing. Volume sets the duty: a square wave's fundamental grows with the duty up to 50 %, so volume 1 is 50 %
 * and volume 0 (or no tones) is silence. Never use GPIO 25/26 for the buzzer: there `analogWrite` drives the DAC.
 */
import { Buzzer } from '../hal';
import { ClearTimeoutFn, PinHandle, SetTimeoutFn, TimeoutHandle } from './types';

export interface BuzzerOptions {
  pin: PinHandle;
  analogWrite: (pin: PinHandle, value: number, options: { freq: number }) => void;
  digitalWrite: (pin: PinHandle, value: number) => void;
  setTimeout: SetTimeoutFn;
  clearTimeout: ClearTimeoutFn;
}

export function createBuzzer(options: BuzzerOptions): Buzzer {
  const pin = options.pin;
  const analogWrite = options.analogWrite;
  const digitalWrite = options.digitalWrite;
  const setTimeoutFn = options.setTimeout;
  const clearTimeoutFn = options.clearTimeout;
  let handle: TimeoutHandle = undefined;

  function silence(): void {
    // Espruino's clearTimeout(undefined) would clear every timer of the program.
    if (handle !== undefined) clearTimeoutFn(handle);
    handle = undefined;
    digitalWrite(pin, 0);
  }

  return {
    play(tones, volume) {
      silence();
      const level = volume > 1 ? 1 : volume;
      if (!(level > 0) || tones.length === 0) return;
      const duty = level / 2;
      let index = 0;
      const next = (): void => {
        handle = undefined;
        if (index >= tones.length) {
          digitalWrite(pin, 0);
          return;
        }
        const tone = tones[index];
        index++;
        if (tone.hz > 0) analogWrite(pin, duty, { freq: tone.hz });
        else digitalWrite(pin, 0);
        handle = setTimeoutFn(next, tone.ms > 0 ? tone.ms : 0);
      };
      next();
    },
    stop() {
      silence();
    },
  };
}
