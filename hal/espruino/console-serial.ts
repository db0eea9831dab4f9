/**
 * The console board's serial port for a voice module: there is no module, so every frame written is printed as one
 * line, "dfplayer 12345: 7E FF 06 0F 00 01 0F FE DC EF" (the monotonic clock's milliseconds, then the bytes in hex),
 * which a test reads as a recording port. Nothing ever comes back.
 */
import { SerialPort } from './dfplayer';

export interface ConsoleSerialOptions {
  print: (text: string) => void;
  nowMs: () => number;
}

function hexByte(byte: number): string {
  return (byte < 16 ? '0' : '') + byte.toString(16).toUpperCase();
}

export function createConsoleSerial(options: ConsoleSerialOptions): SerialPort {
  const print = options.print;
  const nowMs = options.nowMs;
  return {
    write(data) {
      let text = 'dfplayer ' + nowMs() + ':';
      for (let i = 0; i < data.length; i++) text += ' ' + hexByte(data[i]);
      print(text);
    },
    on() {
      // A console never answers.
    },
  };
}
