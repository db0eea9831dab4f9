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
 *
 * The port bytes are made by the interpreter, not by a loop in JavaScript (on Espruino a loop costs ~35 k host
 * instructions a turn, and a frame's bytes were 84 % of a wake-up): `E.mapInPlace` reads the bytes a nibble at a
 * time, high nibble first, and looks each up in a table of 16 port-byte pairs (E high, then E low), written as one
 * 16-bit value (little-endian: the E-high byte first) into the buffer that `writeTo` then sends whole.
 */
import { I2cBus } from './types';

/** The 4-bit HD44780 interface, independent of how the pins are driven. */
export interface Hd44780Bus {
  /** One 4-bit transfer of the high nibble of `value` with RS low: the 8-bit-mode wake-ups of the init sequence. */
  writeNibble(value: number): void;
  /** Each byte as two 4-bit transfers, high nibble first; `isData` sets RS (data register, not instructions). */
  writeBytes(bytes: number[] | Uint8Array, isData: boolean): void;
  /**
   * The instruction `command`, then `text` as data, one character a byte (codes 0–255): what `writeBytes([command],
   * false)` and `writeBytes(codes of text, true)` send, in one I²C write. A display's frame is written this way.
   */
  writeAt(command: number, text: string): void;
}

/** What the interpreter does natively for this driver: Espruino's `E` has both (`E.mapInPlace`, `E.toArrayBuffer`). */
export interface NativeBytes {
  /** Each `bits`-bit element of `from` (most significant first), looked up in `map`, written to `to` in order. */
  mapInPlace(from: ArrayBuffer | Uint8Array, to: Uint16Array, map: Uint16Array, bits: number): void;
  /** A string's bytes as an ArrayBuffer (on Espruino a reference, not a copy). */
  toArrayBuffer(text: string): ArrayBuffer;
}

export interface Pcf8574LcdOptions {
  i2c: I2cBus;
  /** 0x27 for a PCF8574, 0x3F for a PCF8574A (A0–A2 high). */
  address: number;
  /** Backlight on (default) or off. */
  backlight?: boolean;
  native: NativeBytes;
}

const RS = 0x01;
const ENABLE = 0x04;
const BACKLIGHT = 0x08;

/** The port-byte pair of every nibble with `control` (RS, backlight): E high, then E low, as one 16-bit value. */
function strobes(control: number): Uint16Array {
  const map = new Uint16Array(16);
  for (let nibble = 0; nibble < 16; nibble++) {
    const port = (nibble << 4) | control;
    map[nibble] = (port | ENABLE) | (port << 8);
  }
  return map;
}

export function createPcf8574Lcd(options: Pcf8574LcdOptions): Hd44780Bus {
  const i2c = options.i2c;
  const address = options.address;
  const native = options.native;
  const light = options.backlight === false ? 0 : BACKLIGHT;
  const instructionStrobes = strobes(light);
  const dataStrobes = strobes(light | RS);
  /**
   * What `writeAt` sends, kept for the length last written (a display tick writes one or two characters, again and
   * again): the RS byte, the instruction's strobes (bytes 1-4), the RS byte for data, the data's strobes (from byte 6,
   * where a 16-bit view may start). The instruction's strobes are made again only for another instruction.
   */
  let bytes = new Uint8Array(0);
  let pairs = new Uint16Array(0);
  let madeFor = -1;
  const command = new Uint8Array(1);
  const commandPairs = new Uint16Array(2);

  function send(values: Uint8Array, control: number, map: Uint16Array): void {
    const buffer = new ArrayBuffer(4 * values.length + 2);
    const sent = new Uint8Array(buffer, 1);
    sent[0] = control;
    native.mapInPlace(values, new Uint16Array(buffer, 2), map, 4);
    i2c.writeTo(address, sent);
  }

  /**
   * The buffer for `count` characters after the instruction `value`, when the last write was of another length or
   * instruction (a display tick writes the same cell again and again): a function of its own, so that `writeAt`'s
   * text, which Espruino reads at every call, stays short.
   */
  function prepare(value: number, count: number): void {
    if (pairs.length !== 2 * count) {
      bytes = new Uint8Array(4 * count + 6);
      pairs = new Uint16Array(bytes.buffer, 6);
      bytes[0] = light;
      bytes[5] = light | RS;
    }
    command[0] = value;
    native.mapInPlace(command, commandPairs, instructionStrobes, 4);
    bytes.set(new Uint8Array(commandPairs.buffer), 1);
    madeFor = value;
  }

  return {
    writeNibble(value) {
      const port = (value & 0xf0) | light;
      i2c.writeTo(address, [light, port | ENABLE, port]);
    },
    writeBytes(values, isData) {
      send(new Uint8Array(values), isData ? light | RS : light, isData ? dataStrobes : instructionStrobes);
    },
    writeAt(value, text) {
      if (pairs.length !== 2 * text.length || value !== madeFor) /*#__NOINLINE__*/ prepare(value, text.length);
      native.mapInPlace(native.toArrayBuffer(text), pairs, dataStrobes, 4);
      i2c.writeTo(address, bytes);
    },
  };
}
