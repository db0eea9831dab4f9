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

function setup(withChecksum: boolean) {
  const bus = createRecordingBus();
  const canvas = fakeCanvas();
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
    const bus = createRecordingBus();
    const canvas = trackingCanvas();
    const display = createSsd1306({ i2c: bus, address: 0x3c, canvas, width: 128, height: 64, checksum: (bytes) => crc32(String.fromCharCode.apply(null, Array.from(bytes))) });
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

  it('a whole frame after small drawings resends the pages they sent, even where the checksum is as last sent', () => {
    const bus = createRecordingBus();
    const canvas = trackingCanvas();
    const display = createSsd1306({ i2c: bus, address: 0x3c, canvas, width: 128, height: 64, checksum: (bytes) => crc32(String.fromCharCode.apply(null, Array.from(bytes))) });
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
