/**
 * The HD44780's 4-bit bus through a PCF8574 I²C port expander (the common "LCD backpack"), as an `Hd44780Bus`.
 *
 * Port bits, as wired on the usual backpacks: P0 = RS, P1 = R/W (kept low: we only write), P2 = E, P3 = backlight
 * transistor, P4–P7 = D4–D7. Each I²C byte sets all eight port pins at once, so one 4-bit transfer is two bytes:
 * the nibble with E high, then the same nibble with E low (the HD44780 latches on E's falling edge). A transfer
 * starts with one byte that only sets RS (E low), so RS is stable before E rises (address set-up time tAS).
 *
 * Timing: the PCF8574 is a 100 kHz part, so each byte takes ≥ 90 µs on the bus (9 clocks). That is longer than the
 * E pulse width (≥ 230 ns) and than every HD44780 instruction except Clear/Home (1.52 ms) and the init waits, which
 * the display driver waits for with timers. So no byte needs a delay here and nothing blocks.
 */
import { I2cBus } from './types';

/** The 4-bit HD44780 interface, independent of how the pins are driven. */
export interface Hd44780Bus {
  /** One 4-bit transfer of the high nibble of `value` with RS low: the 8-bit-mode wake-ups of the init sequence. */
  writeNibble(value: number): void;
  /** Each byte as two 4-bit transfers, high nibble first; `isData` sets RS (data register, not instructions). */
  writeBytes(bytes: number[], isData: boolean): void;
}

export interface Pcf8574LcdOptions {
  i2c: I2cBus;
  /** 0x27 for a PCF8574, 0x3F for a PCF8574A (A0–A2 high). */
  address: number;
  /** Backlight on (default) or off. */
  backlight?: boolean;
}

const RS = 0x01;
const ENABLE = 0x04;
const BACKLIGHT = 0x08;

export function createPcf8574Lcd(options: Pcf8574LcdOptions): Hd44780Bus {
  const i2c = options.i2c;
  const address = options.address;
  const light = options.backlight === false ? 0 : BACKLIGHT;

  function send(nibbles: number[], control: number): void {
    const bytes = new Uint8Array(1 + 2 * nibbles.length);
    bytes[0] = control;
    for (let i = 0; i < nibbles.length; i++) {
      const port = (nibbles[i] & 0xf0) | control;
      bytes[1 + 2 * i] = port | ENABLE;
      bytes[2 + 2 * i] = port;
    }
    i2c.writeTo(address, bytes);
  }

  return {
    writeNibble(value) {
      send([value], light);
    },
    writeBytes(values, isData) {
      const nibbles: number[] = [];
      for (let i = 0; i < values.length; i++) {
        nibbles.push(values[i] & 0xf0, (values[i] << 4) & 0xf0);
      }
      send(nibbles, isData ? light | RS : light);
    },
  };
}
