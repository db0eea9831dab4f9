/**
 * Big digits for the OLED as seven solid segments, each one `fillRect` (native on Espruino, no per-pixel loop in
 * JavaScript), at any size, identical on the device and in the simulator. Draws the characters format-time.ts
 * produces: 0-9, ":", ".", "-" and the "d" of days. The "1" is a centered stem with a nose rather than two
 * right-hand segments, so "4:12" does not read as "4: 12".
 *
 *    aaa      segments as bits 0-6; each segment is `thickness` thick and the segments overlap at the corners,
 *   f   b     so a digit is a solid shape (legible from across the table) rather than separate bars.
 *    ggg
 *   e   c
 *    ddd
 */
import { Canvas } from '../../hal/hal';

/** Segments a-g as bits 0-6 for "0"-"9". */
const DIGIT_SEGMENTS = [0x3f, 0x06, 0x5b, 0x4f, 0x66, 0x6d, 0x7d, 0x07, 0x7f, 0x6f];
const SEGMENTS_D = 0x5e;
const SEGMENTS_MINUS = 0x40;

export interface DigitSize {
  /** Width of a digit, in pixels. */
  width: number;
  height: number;
  /** Thickness of a segment, and the side of the ":" and "." dots. */
  thickness: number;
  /** Space between characters. */
  gap: number;
}

function segmentsOf(ch: string): number {
  if (ch >= '0' && ch <= '9') return DIGIT_SEGMENTS[ch.charCodeAt(0) - 48];
  if (ch === 'd') return SEGMENTS_D;
  if (ch === '-') return SEGMENTS_MINUS;
  return 0;
}

function drawSegments(canvas: Canvas, bits: number, x: number, y: number, size: DigitSize): void {
  const right = x + size.width - 1;
  const bottom = y + size.height - 1;
  const t = size.thickness;
  const mid = y + ((size.height - t) >> 1);
  if (bits & 1) canvas.fillRect(x, y, right, y + t - 1);
  if (bits & 2) canvas.fillRect(right - t + 1, y, right, mid + t - 1);
  if (bits & 4) canvas.fillRect(right - t + 1, mid, right, bottom);
  if (bits & 8) canvas.fillRect(x, bottom - t + 1, right, bottom);
  if (bits & 16) canvas.fillRect(x, mid, x + t - 1, bottom);
  if (bits & 32) canvas.fillRect(x, y, x + t - 1, mid + t - 1);
  if (bits & 64) canvas.fillRect(x, mid, right, mid + t - 1);
}

/** How many of `text`'s characters are narrow (":" and ".", as thick as a segment); the others are a digit wide. */
export function narrowCount(text: string): number {
  let narrow = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 || c === 46) narrow++;
  }
  return narrow;
}

/**
 * Width in pixels of a text of `length` characters, `narrow` of them narrow, drawn at `size`: arithmetic, so that a
 * layout trying size after size reads the text once (on Espruino every call reads its function's whole text).
 */
export function bigWidth(length: number, narrow: number, size: DigitSize): number {
  return length === 0 ? 0 : (length - narrow) * size.width + narrow * size.thickness + (length - 1) * size.gap;
}

/** Width in pixels of `text` drawn at `size`. */
export function bigTextWidth(text: string, size: DigitSize): number {
  return bigWidth(text.length, narrowCount(text), size);
}

/**
 * Draws digit `digit` (0-9) with its top-left corner at (x, y), as `drawBigText` draws it: what a display tick draws
 * when one digit changed, without reading through the other characters' ways (on Espruino every call reads its
 * function's whole text).
 */
export function drawDigit(canvas: Canvas, digit: number, x: number, y: number, size: DigitSize): void {
  if (digit !== 1) return drawSegments(canvas, DIGIT_SEGMENTS[digit], x, y, size);
  const t = size.thickness;
  const stem = x + ((size.width - t + 1) >> 1);
  canvas.fillRect(stem, y, stem + t - 1, y + size.height - 1);
  canvas.fillRect(stem - t, y, stem - 1, y + t - 1);
}

/** Draws `text` with its top-left corner at (x, y); characters other than 0-9 : . - d leave a blank. */
export function drawBigText(canvas: Canvas, text: string, x: number, y: number, size: DigitSize): void {
  const t = size.thickness;
  const mid = y + ((size.height - t) >> 1);
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === ':') {
      // One dot in the middle of each half of the digit's height.
      const upper = y + ((mid + t - y) >> 1) - (t >> 1);
      const lower = mid + ((y + size.height - mid) >> 1) - (t >> 1);
      canvas.fillRect(x, upper, x + t - 1, upper + t - 1);
      canvas.fillRect(x, lower, x + t - 1, lower + t - 1);
    } else if (ch === '.') {
      canvas.fillRect(x, y + size.height - t, x + t - 1, y + size.height - 1);
    } else if (ch === '1') {
      // Not the right-hand segments of a seven-segment "1" (it leaves a hole that reads as a space: "4: 12"), but a
      // stem in the middle of the cell with a nose, as printed.
      const stem = x + ((size.width - t + 1) >> 1);
      canvas.fillRect(stem, y, stem + t - 1, y + size.height - 1);
      canvas.fillRect(stem - t, y, stem - 1, y + t - 1);
    } else {
      drawSegments(canvas, segmentsOf(ch), x, y, size);
    }
    x += (ch === ':' || ch === '.' ? t : size.width) + size.gap;
  }
}
