/**
 * Big digits for the OLED drawn as seven segments with filled rectangles: identical on the device (Espruino's
 * Graphics) and in the simulator (its own Canvas), with no font to ship. Readable from across the table.
 */
import { Canvas } from '../hal/hal';

/** Segments a–g as bits 0–6 for 0–9 (a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle). */
const DIGIT_SEGMENTS = [0x3f, 0x06, 0x5b, 0x4f, 0x66, 0x6d, 0x7d, 0x07, 0x7f, 0x6f];

export interface DigitSize {
  width: number;
  height: number;
  thickness: number;
  gap: number;
}

function drawDigit(canvas: Canvas, digit: number, x: number, y: number, size: DigitSize): void {
  const bits = DIGIT_SEGMENTS[digit];
  const w = size.width - 1;
  const h = size.height - 1;
  const t = size.thickness - 1;
  const mid = y + Math.floor(h / 2);
  if (bits & 1) canvas.fillRect(x, y, x + w, y + t);
  if (bits & 2) canvas.fillRect(x + w - t, y, x + w, mid);
  if (bits & 4) canvas.fillRect(x + w - t, mid, x + w, y + h);
  if (bits & 8) canvas.fillRect(x, y + h - t, x + w, y + h);
  if (bits & 16) canvas.fillRect(x, mid, x + t, y + h);
  if (bits & 32) canvas.fillRect(x, y, x + t, mid);
  if (bits & 64) canvas.fillRect(x, mid - (t >> 1), x + w, mid - (t >> 1) + t);
}

function charWidth(ch: string, size: DigitSize): number {
  return ch >= '0' && ch <= '9' ? size.width : size.thickness;
}

/** Width in pixels of `text` (digits, ":" and "." and "-") drawn at `size`. */
export function bigTextWidth(text: string, size: DigitSize): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) width += charWidth(text.charAt(i), size) + (i > 0 ? size.gap : 0);
  return width;
}

/** Draws `text` with its top-left corner at (x, y); other characters are drawn as their punctuation dots. */
export function drawBigText(canvas: Canvas, text: string, x: number, y: number, size: DigitSize): void {
  const t = size.thickness - 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch >= '0' && ch <= '9') drawDigit(canvas, ch.charCodeAt(0) - 48, x, y, size);
    else if (ch === ':') {
      const third = Math.floor(size.height / 3);
      canvas.fillRect(x, y + third - 1, x + t, y + third - 1 + t);
      canvas.fillRect(x, y + 2 * third, x + t, y + 2 * third + t);
    } else if (ch === '.') canvas.fillRect(x, y + size.height - 1 - t, x + t, y + size.height - 1);
    else if (ch === '-') canvas.fillRect(x, y + (size.height >> 1), x + t, y + (size.height >> 1) + t);
    x += charWidth(ch, size) + size.gap;
  }
}
