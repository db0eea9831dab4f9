/**
 * Text to HD44780 character codes (ROM A00, the Japanese-standard font fitted to nearly every 16×2 module).
 *
 * - Codes 0–7 pass through: they show the custom glyphs (CGRAM) defined with `defineGlyph`.
 * - Printable ASCII 0x20–0x7D shows as itself, except "\" (0x5C is ¥ in A00) and "~" (0x7E is →), which show "?".
 * - A few characters the ROM has elsewhere are mapped to it (° µ ä ö ü ß ñ ÷ ¥ → ← ·) and a few are approximated
 *   (× → x, – and — → -); anything else shows "?".
 * - Strings on Espruino/ESP32 are bytes, so text may reach the driver as UTF-8 ("×" as 0xC3 0x97). A well-formed
 *   2- or 3-byte UTF-8 sequence is decoded to one cell first; on Node the same text arrives as one UTF-16 unit.
 */

const UNKNOWN = 0x3f; // "?"
const SPACE = 0x20;

/**
 * The ROM code that shows `codePoint`, or "?" when the display has nothing like it. The characters with a place in
 * ROM A00 other than their own code are numbers (Espruino builds without Unicode strings may truncate "\u2192"):
 * ° µ ä ö ü ß ñ ÷ ¥ → ← · × – —, and where they are. The two tables are literals here, made only for a character
 * outside plain ASCII: as module constants they would be held in RAM all the time (about 30 JsVars).
 */
export function lcdCode(codePoint: number): number {
  if (codePoint < 8) return codePoint;
  if (codePoint >= 0x20 && codePoint <= 0x7d && codePoint !== 0x5c) return codePoint;
  const index = [0xb0, 0xb5, 0xe4, 0xf6, 0xfc, 0xdf, 0xf1, 0xf7, 0xa5, 0x2192, 0x2190, 0xb7, 0xd7, 0x2013, 0x2014].indexOf(codePoint);
  return index >= 0 ? [0xdf, 0xe4, 0xe1, 0xef, 0xf5, 0xe2, 0xee, 0xfd, 0x5c, 0x7e, 0x7f, 0xa5, 0x78, 0x2d, 0x2d][index] : UNKNOWN;
}

function isContinuation(code: number): boolean {
  return code >= 0x80 && code <= 0xbf;
}

/**
 * Writes the cells of `text` into `cells` from `offset`, exactly `count` of them: decoded, mapped, then padded with
 * spaces or cut.
 */
export function encodeLcdLine(text: string, cells: Uint8Array, offset: number, count: number): void {
  let cell = 0;
  let i = 0;
  while (cell < count && i < text.length) {
    let code = text.charCodeAt(i);
    i++;
    if (code >= 0xc2 && code <= 0xdf && i < text.length && isContinuation(text.charCodeAt(i))) {
      code = ((code & 0x1f) << 6) | (text.charCodeAt(i) & 0x3f);
      i++;
    } else if (
      code >= 0xe0 &&
      code <= 0xef &&
      i + 1 < text.length &&
      isContinuation(text.charCodeAt(i)) &&
      isContinuation(text.charCodeAt(i + 1))
    ) {
      code = ((code & 0x0f) << 12) | ((text.charCodeAt(i) & 0x3f) << 6) | (text.charCodeAt(i + 1) & 0x3f);
      i += 2;
    }
    cells[offset + cell] = lcdCode(code);
    cell++;
  }
  while (cell < count) {
    cells[offset + cell] = SPACE;
    cell++;
  }
}
