/**
 * firmware/display/font.ts is generated from the pictures in font-source.ts; drawn through the simulator canvas (which
 * decodes setFontCustom as Espruino does) every character gives back its picture.
 */
import * as fs from 'fs';
import * as path from 'path';
import { FONT_BITMAP, FONT_FIRST_CHAR, FONT_HEIGHT, FONT_WIDTHS, setSmallFont } from '../../firmware/display/font';
import { LCD_GLYPHS, OLED_GLYPH_BASE } from '../../firmware/display/glyphs';
import { SimCanvas } from '../../sim/canvas';
import { fontModuleSource, pictures } from './font-source';
import { updating } from './golden';

const FONT_FILE = path.join(__dirname, '../../firmware/display/font.ts');

describe('our small font', () => {
  test('firmware/display/font.ts is what the pictures encode to (UPDATE_GOLDEN=1 rewrites it)', () => {
    const source = fontModuleSource();
    if (updating()) fs.writeFileSync(FONT_FILE, source);
    expect(fs.readFileSync(FONT_FILE, 'utf8')).toBe(source);
  });

  test('the source is ASCII and the strings are bytes', () => {
    expect(/[^\x00-\x7f]/.test(fs.readFileSync(FONT_FILE, 'utf8'))).toBe(false);
    expect(/[^\x00-\xff]/.test(FONT_BITMAP + FONT_WIDTHS)).toBe(false);
  });

  test('covers the eight icons (0x18-0x1F) and printable ASCII, nothing else', () => {
    expect(FONT_FIRST_CHAR).toBe(OLED_GLYPH_BASE);
    expect(OLED_GLYPH_BASE + 8).toBe(32);
    expect(FONT_HEIGHT).toBe(8);
    expect(FONT_WIDTHS.length).toBe(127 - FONT_FIRST_CHAR);
    for (let code = FONT_FIRST_CHAR; code <= 126; code++) expect(FONT_WIDTHS.charCodeAt(code - FONT_FIRST_CHAR)).toBeGreaterThan(1);
    let columns = 0;
    for (let i = 0; i < FONT_WIDTHS.length; i++) columns += FONT_WIDTHS.charCodeAt(i);
    expect(FONT_BITMAP.length).toBe(Math.ceil((columns * FONT_HEIGHT) / 8));
  });

  test.each(pictures().map((p) => [p.code, p]))(
    'character %i drawn on the canvas is its picture, then one empty column',
    (code, picture) => {
      const canvas = new SimCanvas(16, 8);
      setSmallFont(canvas, 1);
      canvas.drawString(String.fromCharCode(code as number), 0, 0);
      const rows = (picture as { rows: string[] }).rows;
      const ink = rows[0].length;
      expect(canvas.stringWidth(String.fromCharCode(code as number))).toBe(ink + 1);
      const drawn = canvas.toText().split('\n').slice(0, 8).map((line) => line.substring(0, ink + 1));
      expect(drawn).toEqual(rows.map((row) => row + '.'));
    },
  );

  test('the icons are the LCD glyphs', () => {
    LCD_GLYPHS.forEach((rows, i) => {
      const canvas = new SimCanvas(8, 8);
      setSmallFont(canvas, 1);
      canvas.drawString(String.fromCharCode(OLED_GLYPH_BASE + i), 0, 0);
      for (let y = 0; y < 8; y++) {
        let bits = 0;
        for (let x = 0; x < 5; x++) bits = (bits << 1) | canvas.getPixel(x, y);
        expect(bits).toBe(rows[y]);
      }
    });
  });
});
