/**
 * Our small bitmap font for the OLED (ASCII 0x20-0x7E, and the eight icons of glyphs.ts at 0x18-0x1F), in
 * Espruino's `Graphics.setFontCustom(bitmap, firstChar, widths, height)` format: 8 pixels high (capitals and
 * digits in rows 0-6, descenders in row 7), proportional (most letters 5 pixels of ink plus 1 of spacing).
 * Espruino's built-in fonts cannot be reproduced pixel for pixel in the simulator; this one is drawn the same way
 * by both (sim/canvas.ts decodes it as Espruino does), so the simulator shows exactly what the device shows.
 *
 * GENERATED from the pictures in test/display/font-source.ts (`UPDATE_GOLDEN=1 npx jest test/display/font`);
 * do not edit by hand. Strings, not arrays, each written in base64 (`atob`): one string each on the device.
 */
import { Canvas } from '../../hal/hal';

export const FONT_FIRST_CHAR = 24;
export const FONT_HEIGHT = 8;

/** Column-first, most significant bit first: one byte per column (the font is 8 pixels high). */
export const FONT_BITMAP =
  atob(
    'GDx+//8A//9+PBgA//8A//8A/3FxcSEAw+f/58MADz788MAAf8/Pz38AHr/zux4AAAAAAPoAwADAACj+KP4oACRU/lRIAMTIECZG' +
    'AGySqkQKAMAAOESCAIJEOAAoEHwQKAAQEHwQEAABBgAQEBAQAAIABggQIMAAfIKCgnwAAEL+AgAAQoaKkmIAhIKi0owAGChI/ggA' +
    '5KKiopwAPFKSkgwAgI6QoMAAbJKSkmwAYJKSlHgAJAABJgAQKESCACgoKCgoAIJEKBAAQICKkGAAfIK6qngAfpCQkH4A/pKSkmwA' +
    'fIKCgkQA/oKCgnwA/pKSkoIA/pCQkIAAfIKSkl4A/hAQEP4Agv6CAAQCgvyAAP4QKESCAP4CAgICAP5AMED+AP4gEAj+AHyCgoJ8' +
    'AP6QkJBgAHyCioR6AP6QmJRiAGKSkpKMAICA/oCAAPwCAgL8APgEAgT4APwCHAL8AMYoECjGAMAgHiDAAIaKkqLCAP6CggDAIBAI' +
    'BgCCgv4AIECAQCAAAQEBAQEAgEAABCoqKh4A/iIiIhwAHCIiIgQAHCIiIv4AHCoqKhgAIH6goAAYJSUlPgD+ICAgHgC+AAIBvgD+' +
    'CBQiAPwCAD4gHiAeAD4gICAeABwiIiIcAD8kJCQYABgkJCQ/AD4QICAAEioqKiQAIPwiIgA8AgICPgA4BAIEOAA8AgwCPAAiFAgU' +
    'IgA4BQUFPgAiJioyIgAQbIIA/gCCbBAAECAQCBAA',
  );

/** The advance of each character from FONT_FIRST_CHAR, in pixels, as char codes. */
export const FONT_WIDTHS =
  atob(
    'BgYGBgYGBgYEAgQGBgYGAgQEBgYDBQIGBgYGBgYGBgYGBgIDBQYFBgYGBgYGBgYGBgQGBgYGBgYGBgYGBgYGBgYGBgQGBAYGAwYG' +
    'BgYGBQYGAgQFAwYGBgYGBQYFBgYGBgYGBAIEBg==',
  );

/**
 * Both strings in one table, read by `setSmallFont` at each call: named twice, the minifier keeps the table instead
 * of writing the strings into the function, which Espruino would then read through (some 2.7 KB of escapes, about
 * 1 M host instructions, as they were) and decode into RAM at every selection. The Graphics keeps what it was
 * given: one copy.
 */
const FONT: string[] = [FONT_BITMAP, FONT_WIDTHS];

/** Selects the small font on `canvas`, `scale` times its size (Espruino takes the scale in bits 8-15). */
export function setSmallFont(canvas: Canvas, scale: number): void {
  canvas.setFontCustom(FONT[0], FONT_FIRST_CHAR, FONT[1], FONT_HEIGHT | (scale << 8));
}
