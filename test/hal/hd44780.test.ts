import { createHd44780 } from '../../hal/espruino/hd44780';
import { encodeLcdLine, lcdCode } from '../../hal/espruino/hd44780-charset';
import { createPcf8574Lcd } from '../../hal/espruino/pcf8574';
import * as fc from 'fast-check';
import { createFakeTimers, createRecordingBus, fakeNativeBytes } from './fakes';
import { withText } from '../../hal/hal';

const ADDRESS = 0x27;
const RS = 0x01;
const RW = 0x02;
const EN = 0x04;
const BACKLIGHT = 0x08;

function setup() {
  const bus = createRecordingBus();
  const timers = createFakeTimers(0);
  const display = createHd44780({
    bus: createPcf8574Lcd({ i2c: bus, address: ADDRESS, native: fakeNativeBytes() }),
    columns: 16,
    rows: 2,
    setTimeout: timers.setTimeout,
  });
  return { bus, timers, display };
}

function ready() {
  const context = setup();
  context.timers.advance(10);
  context.bus.clear();
  return context;
}

/** The bytes the PCF8574 must see for `values` sent as instructions (rs false) or data (rs true). */
function transfer(values: number[], rs: boolean): number[] {
  const control = BACKLIGHT | (rs ? RS : 0);
  const bytes = [control];
  for (const value of values) {
    for (const nibble of [value & 0xf0, (value << 4) & 0xf0]) bytes.push(nibble | control | EN, nibble | control);
  }
  return bytes;
}

/** A run of cells as the driver writes it: the DDRAM address as an instruction, then the cells as data, in one I²C write. */
function cellsAt(address: number, codes: number[]): number[] {
  return transfer([address], false).concat(transfer(codes, true));
}

const codesOf = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const blank = ['                ', '                '];

describe('PCF8574 backpack (P0 RS, P1 RW, P2 EN, P3 backlight, P4-P7 D4-D7)', () => {
  it('strobes every nibble with EN high then low, keeps the backlight on and RW low, sets RS before EN rises', () => {
    const bus = createRecordingBus();
    const lcd = createPcf8574Lcd({ i2c: bus, address: ADDRESS, native: fakeNativeBytes() });
    lcd.writeBytes([0x48, 0x69], true);
    const bytes = bus.writes[0].bytes;
    expect(bus.writes[0].address).toBe(ADDRESS);
    expect(bytes).toEqual([0x09, 0x4d, 0x49, 0x8d, 0x89, 0x6d, 0x69, 0x9d, 0x99]);
    expect(bytes[0] & EN).toBe(0);
    for (const byte of bytes) {
      expect(byte & BACKLIGHT).toBe(BACKLIGHT);
      expect(byte & RW).toBe(0);
      expect(byte & RS).toBe(RS);
    }
    for (let i = 1; i < bytes.length; i += 2) {
      expect(bytes[i] & EN).toBe(EN);
      expect(bytes[i + 1]).toBe(bytes[i] & ~EN);
    }
  });

  it('a single nibble (the 8-bit wake-up) is one strobe with RS low', () => {
    const bus = createRecordingBus();
    createPcf8574Lcd({ i2c: bus, address: 0x3f, native: fakeNativeBytes() }).writeNibble(0x30);
    expect(bus.log()).toEqual(['3f: 08 3c 38']);
  });

  it('backlight off clears P3 in every byte', () => {
    const bus = createRecordingBus();
    createPcf8574Lcd({ i2c: bus, address: ADDRESS, backlight: false, native: fakeNativeBytes() }).writeBytes([0x01], false);
    expect(bus.writes[0].bytes).toEqual([0x00, 0x04, 0x00, 0x14, 0x10]);
  });
});

describe('HD44780 initialisation by instruction, 4-bit (datasheet figure 24)', () => {
  it('sends 0x3, > 4.1 ms, 0x3, > 100 µs, 0x3, 0x2, 0x28 0x08 0x01, waits for Clear, then 0x06 0x0C', () => {
    const { bus, timers } = setup();
    expect(bus.log()).toEqual(['27: 08 3c 38']);
    timers.advance(4);
    expect(bus.log()).toEqual(['27: 08 3c 38']); // still waiting: 4.1 ms are not over
    timers.advance(1);
    expect(bus.log()).toEqual(['27: 08 3c 38', '27: 08 3c 38']);
    timers.advance(1);
    expect(bus.log()).toEqual([
      '27: 08 3c 38',
      '27: 08 3c 38',
      '27: 08 3c 38',
      '27: 08 2c 28',
      // function set 0x28 (4-bit, 2 lines, 5x8), display off 0x08, clear 0x01
      '27: 08 2c 28 8c 88 0c 08 8c 88 0c 08 1c 18',
    ]);
    expect(bus.writes[4].bytes).toEqual(transfer([0x28, 0x08, 0x01], false));
    timers.advance(1);
    expect(bus.writes.length).toBe(5); // Clear takes 1.52 ms
    timers.advance(1);
    // entry mode 0x06 (increment, no shift), display on 0x0C (no cursor, no blink)
    expect(bus.log()[5]).toBe('27: 08 0c 08 6c 68 0c 08 cc c8');
    expect(bus.writes.length).toBe(6); // a blank screen needs no cell writes after Clear
  });

  it('a frame shown before the display is ready is written once it is', () => {
    const { bus, timers, display } = setup();
    display.show(['Hi', '']);
    expect(bus.writes.length).toBe(1);
    timers.advance(10);
    expect(bus.writes.slice(-1).map((write) => write.bytes)).toEqual([cellsAt(0x80, [0x48, 0x69])]);
  });

  it('is a 16x2 character display', () => {
    const { display } = setup();
    expect(display.kind).toBe('character');
    expect(display.columns).toBe(16);
    expect(display.rows).toBe(2);
  });
});

describe('HD44780 writes only the cells that changed', () => {
  it('one changed cell is one DDRAM address and one character', () => {
    const { bus, display } = ready();
    display.show(['B 10:00  W 10:00', '  3x30s   3x30s ']);
    bus.clear();
    display.show(['B 10:00  W 10:00', '  3x30s   2x30s ']);
    expect(bus.writes.map((write) => write.bytes)).toEqual([
      cellsAt(0x80 | (0x40 + 10), [0x32]), // row 2 starts at DDRAM 0x40
    ]);
    expect(bus.log()).toEqual(['27: 08 cc c8 ac a8 09 3d 39 2d 29']);
  });

  it('an unchanged frame writes nothing', () => {
    const { bus, display } = ready();
    display.show(['abc', 'def']);
    bus.clear();
    display.show(['abc', 'def']);
    expect(bus.writes).toEqual([]);
  });

  it('a row is written from its first changed cell to its last, in one write (the unchanged ones between again)', () => {
    const { bus, display } = ready();
    display.show(['B 10:00  W 10:00', blank[1]]);
    bus.clear();
    display.show(['B  9:59  W 10:00', blank[1]]);
    expect(bus.writes.map((write) => write.bytes)).toEqual([cellsAt(0x82, codesOf(' 9:59'))]);
  });

  it('short lines are padded with spaces and long ones cut at 16 cells', () => {
    const { bus, display } = ready();
    display.show(['0123456789ABCDEFGHIJ', 'x']);
    expect(bus.writes.map((write) => write.bytes)).toEqual([
      cellsAt(0x80, codesOf('0123456789ABCDEF')),
      cellsAt(0xc0, [0x78]),
    ]);
  });

  it('characters outside the ROM are mapped: "×" shows x, "°" the ROM degree sign, others "?"', () => {
    const { bus, display } = ready();
    display.show(['3×30s-20°', 'é\\~']);
    expect(bus.writes.map((write) => write.bytes)).toEqual([
      cellsAt(0x80, [0x33, 0x78, 0x33, 0x30, 0x73, 0x2d, 0x32, 0x30, 0xdf]),
      cellsAt(0xc0, [0x3f, 0x3f, 0x3f]),
    ]);
  });
});

describe('HD44780 custom glyphs (CGRAM)', () => {
  const hourglass = [0x1f, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x1f, 0x00];

  it('defineGlyph sets the CGRAM address 0x40 | code << 3 and writes the eight rows as data', () => {
    const { bus, display } = ready();
    display.defineGlyph(2, hourglass);
    expect(bus.writes.map((write) => write.bytes)).toEqual([transfer([0x50], false), transfer(hourglass, true)]);
  });

  it('only the low five bits of a row are pixels', () => {
    const { bus, display } = ready();
    display.defineGlyph(0, [0xff, 0xe0, 0, 0, 0, 0, 0, 0]);
    expect(bus.writes[1].bytes).toEqual(transfer([0x1f, 0, 0, 0, 0, 0, 0, 0], true));
  });

  it('the same glyph again writes nothing; a glyph defined before init is written after it', () => {
    const { bus, timers, display } = setup();
    display.defineGlyph(1, hourglass);
    timers.advance(10);
    expect(bus.writes.slice(-2).map((write) => write.bytes)).toEqual([
      transfer([0x48], false),
      transfer(hourglass, true),
    ]);
    bus.clear();
    display.defineGlyph(1, hourglass);
    expect(bus.writes).toEqual([]);
  });

  it('a glyph code in a line is written as that code', () => {
    const { bus, display } = ready();
    display.show(['\x02B', '']);
    expect(bus.writes.map((write) => write.bytes)).toEqual([cellsAt(0x80, [0x02, 0x42])]);
  });
});

describe('HD44780 on a failing bus', () => {
  it('never throws, and re-initialises and rewrites the frame once the bus answers again', () => {
    const { bus, timers, display } = ready();
    display.show(['before', '']);
    bus.failing = true;
    expect(() => display.show(['during', ''])).not.toThrow();
    expect(() => display.show(['after', ''])).not.toThrow();
    bus.failing = false;
    bus.clear();
    display.show(['after', '']);
    expect(bus.log()[0]).toBe('27: 08 3c 38'); // init again
    timers.advance(10);
    expect(bus.writes.slice(-1).map((write) => write.bytes)).toEqual([cellsAt(0x80, codesOf('after'))]);
  });
});

describe('LCD character set (ROM A00)', () => {
  function cells(text: string, count = 4): number[] {
    const out = new Uint8Array(count);
    encodeLcdLine(text, out, 0, count);
    return Array.from(out);
  }

  it('keeps printable ASCII except backslash and tilde (¥ and → in this ROM)', () => {
    expect(lcdCode(0x41)).toBe(0x41);
    expect(lcdCode(0x7d)).toBe(0x7d);
    expect(lcdCode(0x5c)).toBe(0x3f);
    expect(lcdCode(0x7e)).toBe(0x3f);
  });

  it('passes glyph codes 0-7, refuses other control codes', () => {
    expect(cells('\x00\x07\x08\x1f')).toEqual([0, 7, 0x3f, 0x3f]);
  });

  it('decodes UTF-8 byte strings, as text arrives on Espruino', () => {
    expect(cells('3\xc3\x9730')).toEqual([0x33, 0x78, 0x33, 0x30]); // 3×30
    expect(cells('\xe2\x86\x92x')).toEqual([0x7e, 0x78, 0x20, 0x20]); // →x
    expect(cells('\xc3x')).toEqual([0x3f, 0x78, 0x20, 0x20]); // a lone lead byte is unknown
  });

  it('maps the characters the ROM has elsewhere', () => {
    expect(cells('µäöü')).toEqual([0xe4, 0xe1, 0xef, 0xf5]);
    expect(cells('–—·÷')).toEqual([0x2d, 0x2d, 0xa5, 0xfd]);
    expect(cells('♪☺é€')).toEqual([0x3f, 0x3f, 0x3f, 0x3f]);
  });
});

/**
 * The display as the HD44780 sees the bus: port bytes decoded into the nibbles latched on E's falling edge, bytes
 * into instructions (DDRAM address, Clear) and data (a cell written, the address moving on), as the datasheet says.
 */
function emulatedLcd(bus: ReturnType<typeof createRecordingBus>) {
  const ddram = new Array<number>(0x80).fill(0x20);
  let address = 0;
  let high: number | null = null;
  let read = 0;
  let cellsWritten: number[] = [];
  function decode(): void {
    for (; read < bus.writes.length; read++) {
      const bytes = bus.writes[read].bytes;
      for (let i = 1; i < bytes.length; i++) {
        const falling = (bytes[i - 1] & EN) !== 0 && (bytes[i] & EN) === 0;
        if (!falling) continue;
        const nibble = bytes[i] & 0xf0;
        if (high === null) {
          high = nibble;
          continue;
        }
        const value = high | (nibble >> 4);
        high = null;
        if (bytes[i] & RS) {
          ddram[address] = value;
          cellsWritten.push(address);
          address = (address + 1) & 0x7f;
        } else if (value & 0x80) address = value & 0x7f;
        else if (value === 0x01) {
          // Clear display: spaces (20H) in every DDRAM cell, the address back to 0.
          ddram.fill(0x20);
          address = 0;
        }
      }
    }
  }
  return {
    /** The rows as cell codes, and the cells written since the last call. */
    take(): { rows: number[][]; written: number[] } {
      decode();
      const written = cellsWritten;
      cellsWritten = [];
      return { rows: [ddram.slice(0, 16), ddram.slice(0x40, 0x50)], written };
    },
  };
}

/** The DDRAM addresses from each row's first changed cell to its last, row 0 first. */
function spanOfChanges(was: string[], now: string[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < 2; r++) {
    let first = -1;
    let last = -1;
    for (let c = 0; c < 16; c++) {
      if (now[r][c] === was[r][c]) continue;
      if (first < 0) first = c;
      last = c;
    }
    for (let c = first; first >= 0 && c <= last; c++) out.push((r ? 0x40 : 0) + c);
  }
  return out;
}

describe('HD44780 frames, as the display shows them', () => {
  // Frames as a layout draws them: mostly one digit moving (a display tick), sometimes several cells, sometimes all.
  const cell = fc.constantFrom(...' 0123456789:.#x\x00\x01\x02'.split(''));
  const row = fc.array(cell, { minLength: 16, maxLength: 16 }).map((cells) => cells.join(''));
  // Columns often the same, as a clock's digits are.
  const column = fc.oneof(fc.nat(15), fc.constantFrom(3, 4, 14, 15));
  const change = fc.oneof(
    fc.record({ row: fc.nat(1), column: column, text: fc.array(cell, { minLength: 1, maxLength: 3 }).map((c) => c.join('')) }),
    fc.record({ row: fc.nat(1), column: fc.constant(0), text: row }),
  );

  it('shows every frame, writing each row from its first changed cell to its last, once', () => {
    fc.assert(
      fc.property(row, row, fc.array(change, { maxLength: 40 }), (top, bottom, changes) => {
        const { bus, display } = ready();
        const lcd = emulatedLcd(bus);
        let frame = [top, bottom];
        let shown = [blank[0], blank[1]];
        const check = () => {
          display.show(frame);
          const { rows, written } = lcd.take();
          expect(rows).toEqual(frame.map(codesOf));
          expect(written).toEqual(spanOfChanges(shown, frame));
          shown = frame;
        };
        check();
        for (const c of changes) {
          const next = frame.slice();
          next[c.row] = (next[c.row].substring(0, c.column) + c.text + next[c.row].substring(c.column + c.text.length)).substring(0, 16);
          frame = next;
          check();
        }
      }),
    );
  });

  it('frames shown and cells written (a display tick), interleaved: the display shows each; a write sends its own cells', () => {
    const inRow = change.filter((c) => c.column + c.text.length <= 16);
    fc.assert(
      fc.property(row, row, fc.array(fc.record({ change: inRow, write: fc.boolean() }), { maxLength: 40 }), (top, bottom, steps) => {
        const { bus, display } = ready();
        const lcd = emulatedLcd(bus);
        let frame = [top, bottom];
        display.show(frame);
        lcd.take();
        for (const step of steps) {
          const c = step.change;
          const was = frame;
          frame = withText(frame, c.row, c.column, c.text);
          if (step.write) display.write(c.row, c.column, c.text);
          else display.show(frame);
          const { rows, written } = lcd.take();
          expect(rows).toEqual(frame.map(codesOf));
          const span: number[] = [];
          for (let col = c.column; col < c.column + c.text.length; col++) span.push((c.row ? 0x40 : 0) + col);
          // A write sends its cells as one run when any of them changed, else nothing; a show each row's changes.
          const changes = spanOfChanges(was, frame);
          expect(written).toEqual(step.write ? (changes.length ? span : []) : changes);
        }
      }),
    );
  });

  it('a write before the display is ready, or on a failing bus, is shown once it is ready again', () => {
    const { bus, timers, display } = setup();
    display.show(['B 10:00  W 10:00', blank[1]]);
    display.write(0, 2, ' 9:59');
    timers.advance(10);
    const lcd = emulatedLcd(bus);
    expect(lcd.take().rows[0]).toEqual(codesOf('B  9:59  W 10:00'));
    bus.failing = true;
    expect(() => display.write(0, 2, ' 9:58')).not.toThrow();
    bus.failing = false;
    display.write(0, 11, ' 9:59');
    timers.advance(10);
    expect(lcd.take().rows[0]).toEqual(codesOf('B  9:58  W  9:59'));
  });

  it('a written cell outside the ROM is mapped as a shown one is', () => {
    const { bus, display } = ready();
    display.show(blank);
    bus.clear();
    display.write(1, 3, 'a\\b~');
    expect(bus.writes.map((write) => write.bytes)).toEqual([cellsAt(0x80 | (0x40 + 3), [0x61, lcdCode(0x5c), 0x62, lcdCode(0x7e)])]);
  });

  it('a text its writer says is plain is not looked at: it goes out byte for byte (the layout vouches for it)', () => {
    const { bus, display } = ready();
    display.show(blank);
    bus.clear();
    display.write(0, 2, '\x02 0:25', true);
    display.write(1, 3, 'a~', true); // not plain in truth: sent as it is, where a write without the promise maps "~"
    expect(bus.writes.map((write) => write.bytes)).toEqual([cellsAt(0x80 | 2, [0x02, 0x20, 0x30, 0x3a, 0x32, 0x35]), cellsAt(0x80 | (0x40 + 3), [0x61, 0x7e])]);
  });

  it('a tick that changes the same digit again writes that one cell, however the frame changed before', () => {
    const { bus, display } = ready();
    const lcd = emulatedLcd(bus);
    display.show(['59:59   \x00  60:00', '#3     \x00\x00    #2']);
    lcd.take();
    for (const time of ['59:58', '59:57', '59:56', '59:50', '59:49', '59:48']) {
      display.show([time + '   \x00  60:00', '#3     \x00\x00    #2']);
      const { written } = lcd.take();
      expect(written).toEqual(time === '59:49' ? [3, 4] : [4]);
    }
  });
});
