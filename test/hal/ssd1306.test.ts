import { BufferedCanvas, createSsd1306 } from '../../hal/espruino/ssd1306';
import { crc32 } from '../../firmware/storage/journal';
import { createRecordingBus } from './fakes';

/**
 * A stand-in for Graphics.createArrayBuffer(128, 64, 1, { vertical_byte: true }): pixel (x, y) is bit y&7 of byte
 * x + (y>>3)*128.
 */
function fakeCanvas(): BufferedCanvas & { setPixel(x: number, y: number): void } {
  const buffer = new ArrayBuffer(1024);
  const bytes = new Uint8Array(buffer);
  const none = () => undefined;
  return {
    buffer,
    setPixel(x, y) {
      bytes[x + (y >> 3) * 128] |= 1 << (y & 7);
    },
    getWidth: () => 128,
    getHeight: () => 64,
    clear: () => bytes.fill(0),
    setColor: none,
    fillRect: none,
    drawRect: none,
    setFontCustom: none,
    drawString: none,
    stringWidth: () => 0,
  };
}

const INIT = [
  0x00, // control byte: commands follow
  0xae, // display off
  0xd5, 0x80, // clock divide ratio / oscillator frequency
  0xa8, 0x3f, // multiplex ratio: 64 rows
  0xd3, 0x00, // display offset 0
  0x40, // start line 0
  0x8d, 0x14, // charge pump on
  0x20, 0x00, // horizontal addressing mode
  0xa1, // segment remap
  0xc8, // COM scan direction remapped
  0xda, 0x12, // COM pins: alternative configuration (128x64)
  0x81, 0xcf, // contrast
  0xd9, 0xf1, // pre-charge period
  0xdb, 0x20, // VCOMH deselect level
  0x2e, // scrolling off
  0xa4, // display follows RAM
  0xa6, // not inverted
  0xaf, // display on
];

/** fakeCanvas with Espruino's `getModified(true)`: the rows and columns set since it was last asked. */
function trackingCanvas() {
  const canvas = fakeCanvas();
  let area: { x1: number; y1: number; x2: number; y2: number } | undefined;
  const mark = (x1: number, y1: number, x2: number, y2: number) => {
    area = area
      ? { x1: Math.min(area.x1, x1), y1: Math.min(area.y1, y1), x2: Math.max(area.x2, x2), y2: Math.max(area.y2, y2) }
      : { x1, y1, x2, y2 };
  };
  const setPixel = canvas.setPixel;
  return Object.assign(canvas, {
    setPixel(x: number, y: number) {
      setPixel(x, y);
      mark(x, y, x, y);
    },
    clear() {
      new Uint8Array(canvas.buffer).fill(0);
      mark(0, 0, 127, 63);
    },
    getModified(reset: boolean) {
      const was = area;
      if (reset) area = undefined;
      return was;
    },
  });
}

/**
 * What an SSD1306 does with the writes (datasheet §8.1.5 and §10.1.3): a control byte 0x00 starts commands, 0x40 data;
 * 21 a b and 22 a b set the column and page window and put the RAM pointer at its start; data goes in at the pointer,
 * which runs along the window's columns, then to its next page, and past its end back to its start. The other
 * commands (the init's, with their argument bytes) do not move the pointer.
 */
function panelModel() {
  const ram = new Uint8Array(1024);
  let columns = [0, 127];
  let pages = [0, 7];
  let column = 0;
  let page = 0;
  const withArgument = [0xd5, 0xa8, 0xd3, 0x8d, 0x20, 0xda, 0x81, 0xd9, 0xdb];
  return {
    ram,
    take(bytes: number[]) {
      if (bytes[0] === 0x40) {
        for (let i = 1; i < bytes.length; i++) {
          ram[page * 128 + column] = bytes[i];
          if (column < columns[1]) column++;
          else {
            column = columns[0];
            page = page < pages[1] ? page + 1 : pages[0];
          }
        }
        return;
      }
      expect(bytes[0]).toBe(0x00);
      for (let i = 1; i < bytes.length; i++) {
        const command = bytes[i];
        if (command === 0x21 || command === 0x22) {
          const range = [bytes[i + 1], bytes[i + 2]];
          i += 2;
          if (command === 0x21) {
            columns = range;
            column = range[0];
          } else {
            pages = range;
            page = range[0];
          }
        } else if (withArgument.indexOf(command) >= 0) i++;
      }
    },
  };
}

/** A display on a recording bus; `tracking`: its canvas says what was drawn, as Espruino's `getModified` does. */
function setup(withChecksum: boolean, tracking?: boolean) {
  const bus = createRecordingBus();
  const canvas = tracking ? trackingCanvas() : fakeCanvas();
  const display = createSsd1306({
    i2c: bus,
    address: 0x3c,
    canvas,
    width: 128,
    height: 64,
    checksum: withChecksum ? (bytes) => crc32(String.fromCharCode.apply(null, Array.from(bytes))) : undefined,
  });
  return { bus, canvas, display };
}

function pageWrites(page: number, canvas: BufferedCanvas): number[][] {
  return [
    [0x00, 0x21, 0, 127, 0x22, page, page],
    [0x40].concat(Array.from(new Uint8Array(canvas.buffer, page * 128, 128))),
  ];
}

describe('SSD1306 128x64 on I²C', () => {
  it('initialises at 0x3C with the datasheet sequence (charge pump on, horizontal addressing) in one stream', () => {
    const { bus } = setup(false);
    expect(bus.writes).toEqual([{ address: 0x3c, bytes: INIT }]);
  });

  it('is a graphics display drawing on the injected canvas', () => {
    const { display, canvas } = setup(false);
    expect(display.kind).toBe('graphics');
    expect(display.canvas).toBe(canvas);
  });

  it('flip sends each page: window (0x21 columns, 0x22 page), then 0x40 and the 128 bytes of that page', () => {
    const { bus, canvas, display } = setup(false);
    canvas.setPixel(0, 0);
    canvas.setPixel(127, 63);
    canvas.setPixel(5, 20);
    bus.clear();
    display.flip();
    const expected: number[][] = [];
    for (let page = 0; page < 8; page++) expected.push(...pageWrites(page, canvas));
    expect(bus.writes.map((write) => write.bytes)).toEqual(expected);
    expect(bus.writes.every((write) => write.address === 0x3c)).toBe(true);
    // vertical_byte layout = SSD1306 RAM layout: bit 0 is the top row of a page
    expect(bus.writes[1].bytes[1]).toBe(0x01); // (0,0)
    expect(bus.writes[5].bytes[1 + 5]).toBe(1 << 4); // (5,20): page 2, bit 4
    expect(bus.writes[15].bytes[128]).toBe(0x80); // (127,63)
  });

  it('without a checksum every flip resends every page', () => {
    const { bus, display } = setup(false);
    display.flip();
    bus.clear();
    display.flip();
    expect(bus.writes.length).toBe(16);
  });

  it('with a checksum (E.CRC32 on the device) only the pages that changed are sent', () => {
    const { bus, canvas, display } = setup(true);
    display.flip();
    expect(bus.writes.length).toBe(1 + 16);
    bus.clear();
    display.flip();
    expect(bus.writes).toEqual([]);
    canvas.setPixel(64, 33);
    display.flip();
    expect(bus.writes.map((write) => write.bytes)).toEqual(pageWrites(4, canvas));
  });

  it("with Espruino's getModified, a small drawing sends its pages in one window and one write, nothing drawn nothing", () => {
    const { bus, canvas, display } = setup(true, true);
    canvas.clear();
    display.flip();
    expect(bus.writes.length).toBe(1 + 16);
    bus.clear();
    display.flip();
    expect(bus.writes).toEqual([]);
    canvas.setPixel(10, 13); // page 1
    canvas.setPixel(20, 40); // page 5
    display.flip();
    const frame = new Uint8Array(canvas.buffer);
    expect(bus.writes.map((write) => write.bytes)).toEqual([
      [0x00, 0x21, 0, 127, 0x22, 1, 5],
      [0x40].concat(Array.from(frame.slice(128, 6 * 128))),
    ]);
    bus.clear();
    display.flip();
    expect(bus.writes).toEqual([]);
  });

  it('a drawing in the pages last sent as a window sends its bytes alone: the RAM pointer is back at the window\'s start', () => {
    const { bus, canvas, display } = setup(true, true);
    canvas.clear();
    display.flip();
    canvas.setPixel(10, 13);
    canvas.setPixel(20, 40);
    display.flip();
    bus.clear();
    canvas.setPixel(11, 14); // pages 1 to 5 again
    canvas.setPixel(21, 40);
    display.flip();
    const frame = new Uint8Array(canvas.buffer);
    expect(bus.writes.map((write) => write.bytes)).toEqual([[0x40].concat(Array.from(frame.slice(128, 6 * 128)))]);
    bus.clear();
    canvas.setPixel(30, 13); // page 1 alone: another window
    display.flip();
    expect(bus.writes.map((write) => write.bytes)).toEqual([[0x00, 0x21, 0, 127, 0x22, 1, 1], [0x40].concat(Array.from(frame.slice(128, 256)))]);
  });

  it('the panel shows the frame after every flip, whatever was drawn, sent and lost before (a model of its RAM pointer)', () => {
    let seed = 20260517;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
    const { bus, canvas, display } = setup(true, true);
    const panel = panelModel();
    let windowsSkipped = 0;
    for (let round = 0; round < 400; round++) {
      const what = random(10);
      if (what === 0) canvas.clear();
      else if (what < 8) {
        // A digit's cell, as a display tick draws it: a few of the same rows again and again.
        const rows = [[13, 28], [13, 28], [13, 28], [43, 9], [0, 11], [54, 10]][random(6)];
        canvas.setPixel(random(128), rows[0]);
        canvas.setPixel(random(128), rows[0] + rows[1] - 1);
        for (let n = random(4); n > 0; n--) canvas.setPixel(random(128), rows[0] + random(rows[1]));
      }
      bus.failing = random(25) === 0;
      bus.clear();
      display.flip();
      const writes = bus.writes.map((write) => write.bytes);
      if (bus.failing) continue;
      for (const bytes of writes) panel.take(bytes);
      if (writes.length === 1 && writes[0][0] === 0x40) windowsSkipped++;
      // A flip that failed is made good by the next one that gets through (it resends every page).
      expect(Array.from(panel.ram)).toEqual(Array.from(new Uint8Array(canvas.buffer)));
    }
    expect(windowsSkipped).toBeGreaterThan(50);
  });

  it('a whole frame after small drawings resends the pages they sent, even where the checksum is as last sent', () => {
    const { bus, canvas, display } = setup(true, true);
    canvas.clear();
    display.flip();
    canvas.setPixel(3, 20); // page 2, sent as an area
    display.flip();
    bus.clear();
    canvas.clear(); // page 2 back as it was at the first whole frame: the panel still shows the pixel
    display.flip();
    expect(bus.writes.map((write) => write.bytes)).toEqual(pageWrites(2, canvas));
    bus.clear();
    canvas.clear();
    display.flip();
    expect(bus.writes).toEqual([]);
  });

  it('a bus error is swallowed; the next flip re-initialises and resends every page', () => {
    const { bus, canvas, display } = setup(true);
    display.flip();
    canvas.setPixel(1, 1);
    bus.failing = true;
    expect(() => display.flip()).not.toThrow();
    bus.failing = false;
    bus.clear();
    display.flip();
    expect(bus.writes[0].bytes).toEqual(INIT);
    expect(bus.writes.length).toBe(1 + 16);
  });

  it('a panel that does not answer at start-up is initialised by the first flip that gets through', () => {
    const bus = createRecordingBus();
    bus.failing = true;
    const display = createSsd1306({ i2c: bus, address: 0x3c, canvas: fakeCanvas(), width: 128, height: 64 });
    bus.failing = false;
    display.flip();
    expect(bus.writes[0].bytes).toEqual(INIT);
  });
});
