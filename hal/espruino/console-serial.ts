/**
 * The console board's serial port for a voice module: there is no module, so every frame written is printed as one
 * line, "dfplayer 12345: 7E FF 06 0F 00 01 0F FE DC EF" (the monotonic clock's milliseconds, then the bytes in hex),
 * which a test reads as a recording port; and what a module would answer is typed in as bytes (`receive`, the
 * board's global `dfplayer([0x7E, …])`). Until something answers, the driver takes it that no module is fitted and
 * the buzzer plays, as on an ESP32 board without one.
 */
import { SerialPort } from './dfplayer';

export interface ConsoleSerialOptions {
  print: (text: string) => void;
  nowMs: () => number;
}

function hexByte(byte: number): string {
  return (byte < 16 ? '0' : '') + byte.toString(16).toUpperCase();
}

export interface ConsoleSerial {
  port: SerialPort;
  /** Bytes as the module would send them. */
  receive(bytes: number[]): void;
}

export function createConsoleSerial(options: ConsoleSerialOptions): ConsoleSerial {
  const print = options.print;
  const nowMs = options.nowMs;
  let listener: (data: string) => void = () => undefined;
  return {
    port: {
      write(data) {
        let text = 'dfplayer ' + nowMs() + ':';
        for (let i = 0; i < data.length; i++) text += ' ' + hexByte(data[i]);
        print(text);
      },
      on(event, handler) {
        listener = handler;
      },
    },
    receive(bytes) {
      let data = '';
      for (let i = 0; i < bytes.length; i++) data += String.fromCharCode(bytes[i] & 0xff);
      listener(data);
    },
  };
}
