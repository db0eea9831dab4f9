/**
 * The console board's buzzer, as a hal `Buzzer`: there is no piezo, so a pattern is printed as one line,
 * "buzzer: 880Hz 100ms, rest 50ms, 880Hz 100ms", or nothing at all when `quiet`. Silent patterns (volume 0, no
 * tones) print nothing. Plain ASCII on purpose: strings are bytes on Espruino, and a "♪" would reach the console
 * as a UTF-8 sequence or as an escape cut to one byte, depending on the build (the bundle checker refuses non-ASCII).
 */
import { Buzzer } from '../hal';

export interface ConsoleBuzzerOptions {
  print: (text: string) => void;
  quiet?: boolean;
}

export function createConsoleBuzzer(options: ConsoleBuzzerOptions): Buzzer {
  const print = options.print;
  const quiet = options.quiet === true;
  return {
    play(tones, volume) {
      if (quiet || !(volume > 0) || tones.length === 0) return;
      let text = 'buzzer:';
      for (let i = 0; i < tones.length; i++) {
        const tone = tones[i];
        text += (i > 0 ? ', ' : ' ') + (tone.hz > 0 ? tone.hz + 'Hz ' : 'rest ') + tone.ms + 'ms';
      }
      print(text);
    },
    stop() {
      // Nothing is sounding.
    },
  };
}
