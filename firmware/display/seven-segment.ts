/**
 * Big digits for the OLED as seven solid segments, identical on the device and in the simulator. Draws the characters
 * format-time.ts produces: 0-9, ":", ".", "-" and the "d" of days. The "1" is a centered stem with a nose rather than
 * two right-hand segments, so "4:12" does not read as "4: 12".
 *
 *    aaa      segments as bits 0-6; each segment is `thickness` thick and the segments overlap at the corners,
 *   f   b     so a digit is a solid shape (legible from across the table) rather than separate bars.
 *    ggg
 *   e   c
 *    ddd
 *
 * Drawn as the cell filled less two holes, one above the middle bar's rows and one from them down: every
 * character's lit pixels are exactly that (its cell cut into three columns, left bar, middle, right bar, and five
 * rows, top bar, upper gap, middle bar, lower gap, bottom bar, what no segment covers is two rectangles). So a
 * character is three native `fillRect`s and two colors, where its segments on a cleared cell were up to ten calls,
 * and it draws over whatever the cell showed: a display tick's changed digit is this alone.
 */
import { Canvas } from '../../hal/hal';

export interface DigitSize {
  /** Width of a digit, in pixels. */
  width: number;
  height: number;
  /** Thickness of a segment, and the side of the ":" and "." dots. */
  thickness: number;
  /** Space between characters. */
  gap: number;
}

/**
 * The holes of "0"-"9" (the "1" is drawn its own way), then "d" and "-", one character each. With x, y the cell's
 * top-left corner, r, b its last column and row, t the thickness and mid the middle bar's first row: the upper hole
 * (to row mid - 1) from x (bit 1, else x + t), from y (bit 2, else y + t), to r (bit 4, else r - t); the lower hole
 * from x (bit 8, else x + t), from mid (bit 16, else mid + t), to r (bit 32, else r - t), to b (bit 64, else b - t).
 */
const HOLES = '\x10\x00!\tJ\x0c\x04Y\x00\x08\x03o';

/**
 * The "1" in the cell whose top-left corner is (x, y), every pixel of the cell drawn: not the right-hand segments of a
 * seven-segment "1" (it leaves a hole that reads as a space: "4: 12"), but a stem in the middle of the cell with a
 * nose, as printed. Its holes are three rectangles, one of them empty at some sizes, so it is the cell cleared, then
 * the stem and the nose; a function of its own, so that the other characters' way is read without it.
 */
function drawOne(canvas: Canvas, x: number, y: number, size: DigitSize): void {
  const t = size.thickness;
  const stem = x + ((size.width - t + 1) >> 1);
  canvas.setColor(0);
  canvas.fillRect(x, y, x + size.width - 1, y + size.height - 1);
  canvas.setColor(1);
  canvas.fillRect(stem, y, stem + t - 1, y + size.height - 1);
  canvas.fillRect(stem - t, y, stem - 1, y + t - 1);
}

/**
 * Character `c` (0-9, 10 for "d", 11 for "-") in the cell whose top-left corner is (x, y): every pixel of the cell
 * drawn, so nothing need be cleared first.
 */
export function drawCharacter(canvas: Canvas, c: number, x: number, y: number, size: DigitSize): void {
  if (c === 1) return /*#__NOINLINE__*/ drawOne(canvas, x, y, size);
  const t = size.thickness;
  const r = x + size.width - 1;
  const b = y + size.height - 1;
  const mid = y + ((size.height - t) >> 1);
  const k = HOLES.charCodeAt(c);
  canvas.fillRect(x, y, r, b);
  canvas.setColor(0);
  canvas.fillRect(k & 1 ? x : x + t, k & 2 ? y : y + t, k & 4 ? r : r - t, mid - 1);
  canvas.fillRect(k & 8 ? x : x + t, k & 16 ? mid : mid + t, k & 32 ? r : r - t, k & 64 ? b : b - t);
  canvas.setColor(1);
}

/** Draws `text` with its top-left corner at (x, y) on a cleared area; characters other than 0-9 : . - d leave a blank. */
export function drawBigText(canvas: Canvas, text: string, x: number, y: number, size: DigitSize): void {
  const t = size.thickness;
  const mid = y + ((size.height - t) >> 1);
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 58) {
      // ":": one dot in the middle of each half of the digit's height.
      const upper = y + ((mid + t - y) >> 1) - (t >> 1);
      const lower = mid + ((y + size.height - mid) >> 1) - (t >> 1);
      canvas.fillRect(x, upper, x + t - 1, upper + t - 1);
      canvas.fillRect(x, lower, x + t - 1, lower + t - 1);
    } else if (ch === 46) {
      canvas.fillRect(x, y + size.height - t, x + t - 1, y + size.height - 1);
    } else if (ch >= 48 && ch <= 57) {
      drawCharacter(canvas, ch - 48, x, y, size);
    } else if (ch === 100 || ch === 45) {
      drawCharacter(canvas, ch === 100 ? 10 : 11, x, y, size);
    }
    x += (ch === 58 || ch === 46 ? t : size.width) + size.gap;
  }
}
