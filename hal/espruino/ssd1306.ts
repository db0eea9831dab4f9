/**
 * An SSD1306 128×64 OLED on I²C, as a hal `GraphicsDisplay`: the layouts draw on an Espruino `Graphics` made with
 * `Graphics.createArrayBuffer(128, 64, 1, { vertical_byte: true, msb: false })`, and `flip` sends its buffer.
 *
 * Protocol (SSD1306 datasheet §8.1.5, I²C): after the address, a control byte says what follows: 0x00 = a stream of
 * command bytes, 0x40 = a stream of display RAM bytes.
 * Init (datasheet command table and its application note for the internal charge pump):
 *   AE display off; D5 80 clock divide / oscillator; A8 3F multiplex 64 rows; D3 00 no offset; 40 start line 0;
 *   8D 14 charge pump on (no external VCC on these modules); 20 00 horizontal addressing; A1 column 127 → SEG0;
 *   C8 COM scan remapped (A1 + C8 turn the image 180° from the reset orientation, as Espruino's and
 *   Adafruit's drivers do for these modules); DA 12 alternative COM pins
 *   (128×64 panels); 81 CF contrast; D9 F1 pre-charge; DB 20 VCOMH deselect ~0.77 Vcc (the reset value;
 *   many libraries send 40, which the datasheet does not list); 2E no scrolling; A4 show RAM;
 *   A6 not inverted; AF display on.
 * Frame: in horizontal addressing mode the RAM is 8 pages of 128 columns; each byte is 8 vertical pixels, bit 0 at
 * the top, which is exactly the `vertical_byte` layout of Espruino's Graphics. For each page, 21 00 7F (columns) and
 * 22 p p (that page) set the window, then 0x40 and the page's 128 bytes follow in one write (the chunk size of
 * Espruino's own SSD1306 module). The bytes go straight from the frame buffer: Espruino's `writeTo(address, 0x40,
 * bytes)` sends its arguments one after the other, where copying them behind a 0x40 first costs several times more.
 * What to send: Espruino's Graphics keeps, natively, the area drawn since it was last asked (`getModified(true)`). A
 * flip after a small drawing (a display tick's digit) sends the pages of that area, in one window (21 00 7F, 22 first
 * last) and one data write, without looking at their bytes: the layout draws only what changed. The window is sent
 * only when it is not the one last written whole: a write of a whole window leaves the RAM pointer at its start
 * (horizontal addressing: past the window's end the pointers go back to its start column and page, datasheet §10.1.3),
 * so the display ticks of one digit, always the same pages, are one data write each. A flip after the
 * whole frame was drawn (a canvas that does not say what it drew, the simulator's, counts as one) looks at each page:
 * with a `checksum` (Espruino's native `E.CRC32`) pages whose bytes did not change since they were last sent are not
 * sent; a redraw after a press usually changes two or three. Nothing drawn, nothing sent.
 * A bus error (no ACK) is swallowed: the next `flip` re-initialises the panel and resends every page.
 */
import { Canvas, GraphicsDisplay } from '../hal';
import { I2cBus } from './types';

/** What Espruino's `Graphics.getModified` answers: the area drawn since it was last reset, inclusive. */
export interface ModifiedArea {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A `Canvas` with its backing store, as Espruino's array-buffer `Graphics` has. */
export interface BufferedCanvas extends Canvas {
  buffer: ArrayBuffer;
  /** Espruino's: the area drawn since the last call with `reset` true (which starts a new one); undefined when none. */
  getModified?(reset: boolean): ModifiedArea | undefined;
}

export interface Ssd1306Options {
  i2c: I2cBus;
  /** 0x3C (or 0x3D with SA0 high). */
  address: number;
  canvas: BufferedCanvas;
  width: number;
  height: number;
  /** Optional fast checksum of bytes (Espruino's `E.CRC32`); enables sending only the pages that changed. */
  checksum?: (bytes: Uint8Array) => number;
}

const COMMANDS = 0x00;
const DATA = 0x40;

export function createSsd1306(options: Ssd1306Options): GraphicsDisplay {
  const i2c = options.i2c;
  const address = options.address;
  const canvas = options.canvas;
  const width = options.width;
  const height = options.height;
  const checksum = options.checksum;
  const pages = height >> 3;
  /** Checksum of each page as last sent by `sendFrame`; undefined = unknown, send it. */
  const sentPages: (number | undefined)[] = [];
  /** Pages sent by `sendArea` since the last `sendFrame`: their checksums no longer say what the panel shows. */
  let staleFrom = pages;
  let staleTo = -1;
  let initialised = false;
  /** The window the RAM pointer is at the start of (first page, last page; -1 when not known), and its bytes. */
  let windowFirst = -1;
  let windowLast = -1;
  let windowBytes: Uint8Array | null = null;

  function forgetPages(): void {
    for (let page = 0; page < pages; page++) sentPages[page] = undefined;
  }

  function init(): void {
    i2c.writeTo(address, [
      COMMANDS,
      0xae,
      0xd5, 0x80,
      0xa8, height - 1,
      0xd3, 0x00,
      0x40,
      0x8d, 0x14,
      0x20, 0x00,
      0xa1,
      0xc8,
      0xda, height === 64 ? 0x12 : 0x02,
      0x81, 0xcf,
      0xd9, 0xf1,
      0xdb, 0x20,
      0x2e,
      0xa4,
      0xa6,
      0xaf,
    ]);
    initialised = true;
  }

  /**
   * Every page whose bytes are not known to be on the panel, one window and one data write each; the panel initialised
   * first if it has to be.
   */
  function sendFrame(): void {
    if (!initialised) {
      forgetPages();
      init();
    }
    for (let page = 0; page < pages; page++) {
      const bytes = new Uint8Array(canvas.buffer, page * width, width);
      const sum = checksum ? checksum(bytes) : undefined;
      if (sum !== undefined && sum === sentPages[page] && (page < staleFrom || page > staleTo)) continue;
      i2c.writeTo(address, [COMMANDS, 0x21, 0, width - 1, 0x22, page, page]);
      i2c.writeTo(address, DATA, bytes);
      sentPages[page] = sum;
    }
    staleFrom = pages;
    staleTo = -1;
    windowFirst = -1;
  }

  /** Pages `first` to `last` as they are, in a window of their own and one data write (the RAM pointer runs on). */
  function sendWindow(first: number, last: number): void {
    // Not known until both writes went through: a bus error between them leaves the pointer inside the window.
    windowFirst = -1;
    i2c.writeTo(address, [COMMANDS, 0x21, 0, width - 1, 0x22, first, last]);
    windowBytes = new Uint8Array(canvas.buffer, first * width, (last - first + 1) * width);
    // Their checksums no longer say what the panel shows.
    if (first < staleFrom) staleFrom = first;
    if (last > staleTo) staleTo = last;
    i2c.writeTo(address, DATA, windowBytes);
    windowFirst = first;
    windowLast = last;
  }

  forgetPages();
  try {
    init();
  } catch (error) {
    initialised = false;
  }

  return {
    kind: 'graphics',
    canvas: canvas,
    flip() {
      // Asked first, whatever happens next: the next flip's area starts here. A canvas that does not say what was
      // drawn (the simulator's) is sent as a whole frame.
      const area = canvas.getModified ? canvas.getModified(true) : null;
      try {
        if (initialised && area && area.y2 - area.y1 + 1 < height) {
          // A small drawing, a display tick's: the window's bytes alone when it is the window last written whole.
          if (area.y1 >> 3 === windowFirst && area.y2 >> 3 === windowLast) i2c.writeTo(address, DATA, windowBytes as Uint8Array);
          else /*#__NOINLINE__*/ sendWindow(area.y1 >> 3, area.y2 >> 3);
        } else if (!initialised || area !== undefined) /*#__NOINLINE__*/ sendFrame();
      } catch (error) {
        initialised = false;
      }
    },
  };
}
