/**
 * hal's `Canvas` in plain JavaScript, pixel for pixel what Espruino's `Graphics.createArrayBuffer(w, h, 1,
 * { vertical_byte: true })` draws, so the simulator shows the OLED frame the device shows and golden frames can be
 * compared as text. Only the subset the layouts use; anything else fails loudly instead of drawing something the
 * device would not.
 *
 * Semantics, as Espruino's source implements them (libs/graphics/graphics.c, jswrap_graphics.c, lcd_arraybuffer.c;
 * read for this file, Espruino 2v2x):
 * - `buffer`: byte `x + (y >> 3) * width`, bit `y & 7` (bit 0 the top pixel of the byte): the vertical_byte layout,
 *   which is also the SSD1306's page layout, so these bytes are what would go to the panel.
 * - A new Graphics: foreground color (1 << bpp) - 1 = 1, background 0, clip rectangle = the whole screen, font
 *   alignment left/top, no rotation.
 * - `setColor(c)` with one argument: the integer value of `c` (a fraction is truncated), written into pixels masked
 *   to the bit depth (so 1 draws, 0 and 2 clear).
 * - `clear()`: fills the screen with the background color; it does not reset color or font (only `clear(true)` does).
 * - `fillRect(x1, y1, x2, y2)`: corners inclusive, swapped when given the wrong way round, clipped to the screen.
 * - `drawRect(x1, y1, x2, y2)`: the four edges as four inclusive fillRects (x1,y1-x2,y1; x2,y1-x2,y2; x1,y2-x2,y2;
 *   x1,y2-x1,y1).
 * - `setFontCustom(bitmap, firstChar, widths, height)`: `height` bits 0-7 are the height, bits 8-15 the scale
 *   (0 means 1), bits 16-23 the bits per pixel (only 1 here). `widths` is a string (one char code per glyph) or a
 *   number (fixed width). The bitmap is read column by column, each column `height` bits, most significant bit first,
 *   glyphs back to back: glyph n starts at bit (sum of the widths before it) * height.
 * - `drawString(text, x, y)`: (x, y) is the top left; each character advances x by width * scale; a set bit is a
 *   scale x scale fillRect in the foreground color, a clear bit draws nothing. A character below `firstChar`, or past
 *   the end of `widths`, has width 0 and is not drawn. A character is skipped unless x > -width*scale, x < maxX
 *   (note: a glyph starting at the last column is not drawn), y > -fontHeight and y <= maxY. "\n" goes back to the
 *   starting x one font height down. Char 0 starts an inline image in Espruino: not supported here (throws).
 * - `stringWidth(text)`: the sum of the advances (of the widest line).
 */
import { Canvas } from '../hal/hal';

interface CustomFont {
  bitmap: string;
  firstChar: number;
  widths: string | number;
  height: number;
  scale: number;
}

/** Espruino's int32 parameters: a number truncated toward zero (NaN is 0). */
function int32(value: number): number {
  return value | 0;
}

export class SimCanvas implements Canvas {
  readonly width: number;
  readonly height: number;
  /** The frame in Espruino's vertical_byte layout (what the SSD1306 receives). */
  readonly buffer: Uint8Array;
  private fgColor = 1;
  private bgColor = 0;
  private font: CustomFont | null = null;

  constructor(width = 128, height = 64) {
    this.width = width;
    this.height = height;
    // Espruino allocates width * height / 8 bytes; with vertical_byte that needs a height that is a multiple of 8
    // (64 here). Rounded up so that a small test canvas of any height works too.
    this.buffer = new Uint8Array(width * ((height + 7) >> 3));
  }

  getWidth(): number {
    return this.width;
  }

  getHeight(): number {
    return this.height;
  }

  clear(): void {
    this.fill(0, 0, this.width - 1, this.height - 1, this.bgColor);
  }

  setColor(color: number): void {
    this.fgColor = int32(color);
  }

  fillRect(x1: number, y1: number, x2: number, y2: number): void {
    this.fill(int32(x1), int32(y1), int32(x2), int32(y2), this.fgColor);
  }

  drawRect(x1: number, y1: number, x2: number, y2: number): void {
    const a = int32(x1);
    const b = int32(y1);
    const c = int32(x2);
    const d = int32(y2);
    this.fill(a, b, c, b, this.fgColor);
    this.fill(c, b, c, d, this.fgColor);
    this.fill(a, d, c, d, this.fgColor);
    this.fill(a, d, a, b, this.fgColor);
  }

  setFontCustom(bitmap: string, firstChar: number, widths: string | number, height: number): void {
    if (typeof bitmap !== 'string') throw new Error('Font bitmap must be a String');
    const first = int32(firstChar);
    if (first < 0 || first > 255) throw new Error('First character out of range');
    if (typeof widths !== 'string' && !(typeof widths === 'number' && Math.floor(widths) === widths)) {
      throw new Error('Font width must be a String or an integer');
    }
    const h = int32(height);
    const bpp = h >> 16;
    if (bpp > 1) throw new Error('SimCanvas: only 1 bpp custom fonts');
    const scale = (h >> 8) & 255;
    this.font = { bitmap: bitmap, firstChar: first, widths: widths, height: h & 255, scale: scale < 1 ? 1 : scale };
  }

  stringWidth(text: string): number {
    const font = this.requireFont();
    let width = 0;
    let widest = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10) {
        widest = Math.max(widest, width);
        width = 0;
      }
      if (ch === 0) throw new Error('SimCanvas: inline images (char 0) are not supported');
      width += this.charWidth(font, ch) * font.scale;
    }
    return Math.max(widest, width);
  }

  drawString(text: string, x: number, y: number): void {
    const font = this.requireFont();
    const fontHeight = font.height * font.scale;
    const startX = int32(x);
    let cx = startX;
    let cy = int32(y);
    const maxX = this.width - 1;
    const maxY = this.height - 1;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10) {
        cx = startX;
        cy += fontHeight;
        continue;
      }
      if (ch === 0) throw new Error('SimCanvas: inline images (char 0) are not supported');
      if (ch >= 256) continue; // Espruino draws nothing and does not advance
      const width = this.charWidth(font, ch);
      if (ch >= font.firstChar && cx > -width * font.scale && cx < maxX && cy > -fontHeight && cy <= maxY) {
        this.drawGlyph(font, this.bitOffset(font, ch) * font.height, width, cx, cy);
      }
      cx += width * font.scale;
    }
  }

  /** One pixel: 1 or 0. */
  getPixel(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return 0;
    return (this.buffer[x + (y >> 3) * this.width] >> (y & 7)) & 1;
  }

  /** The frame as `height` lines of `width` characters, "#" lit and "." dark (golden frames). */
  toText(): string {
    const lines: string[] = [];
    for (let y = 0; y < this.height; y++) {
      let line = '';
      for (let x = 0; x < this.width; x++) line += this.getPixel(x, y) ? '#' : '.';
      lines.push(line);
    }
    return lines.join('\n') + '\n';
  }

  private requireFont(): CustomFont {
    if (!this.font) throw new Error("SimCanvas: call setFontCustom first (Espruino's built-in fonts are not reproduced)");
    return this.font;
  }

  private charWidth(font: CustomFont, ch: number): number {
    if (ch >= 256 || ch < font.firstChar) return 0;
    if (typeof font.widths === 'number') return font.widths;
    const index = ch - font.firstChar;
    return index < font.widths.length ? font.widths.charCodeAt(index) & 255 : 0;
  }

  /** Columns before glyph `ch` in the bitmap. */
  private bitOffset(font: CustomFont, ch: number): number {
    const index = ch - font.firstChar;
    if (typeof font.widths === 'number') return font.widths * index;
    let columns = 0;
    for (let i = 0; i < index && i < font.widths.length; i++) columns += font.widths.charCodeAt(i) & 255;
    return columns;
  }

  private drawGlyph(font: CustomFont, firstBit: number, width: number, x: number, y: number): void {
    const s = font.scale;
    let bit = firstBit;
    for (let col = 0; col < width; col++) {
      for (let row = 0; row < font.height; row++) {
        const byteIndex = bit >> 3;
        const byte = byteIndex < font.bitmap.length ? font.bitmap.charCodeAt(byteIndex) & 255 : 0;
        if ((byte >> (7 - (bit & 7))) & 1) {
          this.fill(x + col * s, y + row * s, x + col * s + s - 1, y + row * s + s - 1, this.fgColor);
        }
        bit++;
      }
    }
  }

  /** graphicsFillRectDevice: order the corners, clip to the screen, write `color` masked to 1 bit. */
  private fill(x1: number, y1: number, x2: number, y2: number, color: number): void {
    let left = Math.min(x1, x2);
    let right = Math.max(x1, x2);
    let top = Math.min(y1, y2);
    let bottom = Math.max(y1, y2);
    if (left < 0) left = 0;
    if (top < 0) top = 0;
    if (right > this.width - 1) right = this.width - 1;
    if (bottom > this.height - 1) bottom = this.height - 1;
    if (right < left || bottom < top) return;
    const on = color & 1;
    for (let y = top; y <= bottom; y++) {
      const mask = 1 << (y & 7);
      const row = (y >> 3) * this.width;
      for (let x = left; x <= right; x++) {
        if (on) this.buffer[x + row] |= mask;
        else this.buffer[x + row] &= ~mask;
      }
    }
  }
}
