/**
 * The source of firmware/display/font.ts: our small proportional bitmap font, one picture per character, 8 rows each
 * ("#" ink, "." paper; rows separated by "|"). Capitals and digits use rows 0-6, row 7 holds descenders only.
 * Every glyph is followed by one empty column of spacing, added by the encoder, so a picture is just the ink.
 *
 * Characters 0x18-0x1F, just below the space, are the eight icons of firmware/display/glyphs.ts (the LCD's custom glyphs),
 * taken from `LCD_GLYPHS` so that both displays draw the same pictures. Every string the OLED draws is therefore
 * 7-bit: no byte above 0x7F, whose handling differs between Espruino builds (signed char, UTF-8 decoding).
 *
 * The encoding is Espruino's `Graphics.setFontCustom(bitmap, firstChar, widths, height)` (1 bit per pixel):
 * glyphs one after another, each column by column from the left, each column top row first, bits packed
 * most-significant first; with a height of 8 each column is exactly one byte. `widths` holds one character per glyph
 * whose code is the glyph's advance in pixels (ink plus spacing).
 *
 * `UPDATE_GOLDEN=1 npx jest test/display/font` rewrites firmware/display/font.ts from these pictures.
 */
import { LCD_GLYPHS } from '../../firmware/display/glyphs';

/** The first icon; the font's first character. */
export const ICON_BASE = 0x18;
export const FIRST_CHAR = ICON_BASE;
const FIRST_PICTURE = 32;
export const HEIGHT = 8;

/** [character, picture] for 0x20-0x7E, in order. */
const PICTURES: [string, string][] = [
  [' ', '...|...|...|...|...|...|...|...'],
  ['!', '#|#|#|#|#|.|#|.'],
  ['"', '#.#|#.#|...|...|...|...|...|...'],
  ['#', '.#.#.|.#.#.|#####|.#.#.|#####|.#.#.|.#.#.|.....'],
  ['$', '..#..|.####|#.#..|.###.|..#.#|####.|..#..|.....'],
  ['%', '##...|##..#|...#.|..#..|.#...|#..##|...##|.....'],
  ['&', '.##..|#..#.|#.#..|.#...|#.#.#|#..#.|.##.#|.....'],
  ["'", '#|#|.|.|.|.|.|.'],
  ['(', '..#|.#.|#..|#..|#..|.#.|..#|...'],
  [')', '#..|.#.|..#|..#|..#|.#.|#..|...'],
  ['*', '.....|..#..|#.#.#|.###.|#.#.#|..#..|.....|.....'],
  ['+', '.....|..#..|..#..|#####|..#..|..#..|.....|.....'],
  [',', '..|..|..|..|..|.#|.#|#.'],
  ['-', '....|....|....|####|....|....|....|....'],
  ['.', '.|.|.|.|.|.|#|.'],
  ['/', '....#|....#|...#.|..#..|.#...|#....|#....|.....'],
  ['0', '.###.|#...#|#...#|#...#|#...#|#...#|.###.|.....'],
  ['1', '..#..|.##..|..#..|..#..|..#..|..#..|.###.|.....'],
  ['2', '.###.|#...#|....#|...#.|..#..|.#...|#####|.....'],
  ['3', '#####|...#.|..#..|...#.|....#|#...#|.###.|.....'],
  ['4', '...#.|..##.|.#.#.|#..#.|#####|...#.|...#.|.....'],
  ['5', '#####|#....|####.|....#|....#|#...#|.###.|.....'],
  ['6', '..##.|.#...|#....|####.|#...#|#...#|.###.|.....'],
  ['7', '#####|....#|...#.|..#..|.#...|.#...|.#...|.....'],
  ['8', '.###.|#...#|#...#|.###.|#...#|#...#|.###.|.....'],
  ['9', '.###.|#...#|#...#|.####|....#|...#.|.##..|.....'],
  [':', '.|.|#|.|.|#|.|.'],
  [';', '..|..|.#|..|..|.#|.#|#.'],
  ['<', '...#|..#.|.#..|#...|.#..|..#.|...#|....'],
  ['=', '.....|.....|#####|.....|#####|.....|.....|.....'],
  ['>', '#...|.#..|..#.|...#|..#.|.#..|#...|....'],
  ['?', '.###.|#...#|....#|...#.|..#..|.....|..#..|.....'],
  ['@', '.###.|#...#|#.###|#.#.#|#.###|#....|.###.|.....'],
  ['A', '.###.|#...#|#...#|#####|#...#|#...#|#...#|.....'],
  ['B', '####.|#...#|#...#|####.|#...#|#...#|####.|.....'],
  ['C', '.###.|#...#|#....|#....|#....|#...#|.###.|.....'],
  ['D', '####.|#...#|#...#|#...#|#...#|#...#|####.|.....'],
  ['E', '#####|#....|#....|####.|#....|#....|#####|.....'],
  ['F', '#####|#....|#....|####.|#....|#....|#....|.....'],
  ['G', '.###.|#...#|#....|#.###|#...#|#...#|.####|.....'],
  ['H', '#...#|#...#|#...#|#####|#...#|#...#|#...#|.....'],
  ['I', '###|.#.|.#.|.#.|.#.|.#.|###|...'],
  ['J', '..###|...#.|...#.|...#.|...#.|#..#.|.##..|.....'],
  ['K', '#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#|.....'],
  ['L', '#....|#....|#....|#....|#....|#....|#####|.....'],
  ['M', '#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#|.....'],
  ['N', '#...#|#...#|##..#|#.#.#|#..##|#...#|#...#|.....'],
  ['O', '.###.|#...#|#...#|#...#|#...#|#...#|.###.|.....'],
  ['P', '####.|#...#|#...#|####.|#....|#....|#....|.....'],
  ['Q', '.###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#|.....'],
  ['R', '####.|#...#|#...#|####.|#.#..|#..#.|#...#|.....'],
  ['S', '.####|#....|#....|.###.|....#|....#|####.|.....'],
  ['T', '#####|..#..|..#..|..#..|..#..|..#..|..#..|.....'],
  ['U', '#...#|#...#|#...#|#...#|#...#|#...#|.###.|.....'],
  ['V', '#...#|#...#|#...#|#...#|#...#|.#.#.|..#..|.....'],
  ['W', '#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.|.....'],
  ['X', '#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#|.....'],
  ['Y', '#...#|#...#|.#.#.|..#..|..#..|..#..|..#..|.....'],
  ['Z', '#####|....#|...#.|..#..|.#...|#....|#####|.....'],
  ['[', '###|#..|#..|#..|#..|#..|###|...'],
  ['\\', '#....|#....|.#...|..#..|...#.|....#|....#|.....'],
  [']', '###|..#|..#|..#|..#|..#|###|...'],
  ['^', '..#..|.#.#.|#...#|.....|.....|.....|.....|.....'],
  ['_', '.....|.....|.....|.....|.....|.....|.....|#####'],
  ['`', '#.|.#|..|..|..|..|..|..'],
  ['a', '.....|.....|.###.|....#|.####|#...#|.####|.....'],
  ['b', '#....|#....|####.|#...#|#...#|#...#|####.|.....'],
  ['c', '.....|.....|.###.|#....|#....|#...#|.###.|.....'],
  ['d', '....#|....#|.####|#...#|#...#|#...#|.####|.....'],
  ['e', '.....|.....|.###.|#...#|#####|#....|.###.|.....'],
  ['f', '..##|.#..|####|.#..|.#..|.#..|.#..|....'],
  ['g', '.....|.....|.####|#...#|#...#|.####|....#|.###.'],
  ['h', '#....|#....|####.|#...#|#...#|#...#|#...#|.....'],
  ['i', '#|.|#|#|#|#|#|.'],
  ['j', '..#|...|..#|..#|..#|..#|#.#|.#.'],
  ['k', '#...|#...|#..#|#.#.|##..|#.#.|#..#|....'],
  ['l', '#.|#.|#.|#.|#.|#.|.#|..'],
  ['m', '.....|.....|##.#.|#.#.#|#.#.#|#.#.#|#.#.#|.....'],
  ['n', '.....|.....|####.|#...#|#...#|#...#|#...#|.....'],
  ['o', '.....|.....|.###.|#...#|#...#|#...#|.###.|.....'],
  ['p', '.....|.....|####.|#...#|#...#|####.|#....|#....'],
  ['q', '.....|.....|.####|#...#|#...#|.####|....#|....#'],
  ['r', '....|....|#.##|##..|#...|#...|#...|....'],
  ['s', '.....|.....|.####|#....|.###.|....#|####.|.....'],
  ['t', '.#..|.#..|####|.#..|.#..|.#..|..##|....'],
  ['u', '.....|.....|#...#|#...#|#...#|#...#|.####|.....'],
  ['v', '.....|.....|#...#|#...#|#...#|.#.#.|..#..|.....'],
  ['w', '.....|.....|#...#|#...#|#.#.#|#.#.#|.#.#.|.....'],
  ['x', '.....|.....|#...#|.#.#.|..#..|.#.#.|#...#|.....'],
  ['y', '.....|.....|#...#|#...#|#...#|.####|....#|.###.'],
  ['z', '.....|.....|#####|...#.|..#..|.#...|#####|.....'],
  ['{', '..#|.#.|.#.|#..|.#.|.#.|..#|...'],
  ['|', '#|#|#|#|#|#|#|.'],
  ['}', '#..|.#.|.#.|..#|.#.|.#.|#..|...'],
  ['~', '.....|.....|.#...|#.#.#|...#.|.....|.....|.....'],
];

/** One glyph as rows of "#"/"." (every row as wide as the ink). */
export interface Picture {
  code: number;
  rows: string[];
}

function glyphPicture(code: number, rows: number[]): Picture {
  const lines: string[] = [];
  for (let r = 0; r < HEIGHT; r++) {
    let line = '';
    for (let bit = 4; bit >= 0; bit--) line += (rows[r] >> bit) & 1 ? '#' : '.';
    lines.push(line);
  }
  return { code, rows: lines };
}

/** Every glyph of the font, 0x18-0x7E, with its ink. */
export function pictures(): Picture[] {
  const all: Picture[] = [];
  LCD_GLYPHS.forEach((rows, i) => all.push(glyphPicture(ICON_BASE + i, rows)));
  PICTURES.forEach(([ch, picture], i) => {
    if (ch.charCodeAt(0) !== FIRST_PICTURE + i) throw new Error('font pictures out of order at ' + JSON.stringify(ch));
    const rows = picture.split('|');
    if (rows.length !== HEIGHT) throw new Error('glyph ' + JSON.stringify(ch) + ' has ' + rows.length + ' rows');
    rows.forEach((row) => {
      if (row.length !== rows[0].length || /[^#.]/.test(row)) throw new Error('glyph ' + JSON.stringify(ch) + ': bad row ' + row);
    });
    all.push({ code: FIRST_PICTURE + i, rows });
  });
  return all;
}

/** The font in Espruino's setFontCustom format: bitmap bytes and widths, as strings of char codes 0-255. */
export function encodeFont(glyphs: Picture[]): { bitmap: string; widths: string } {
  const bits: number[] = [];
  let widths = '';
  for (const glyph of glyphs) {
    const ink = glyph.rows[0].length;
    const advance = ink + 1;
    widths += String.fromCharCode(advance);
    for (let x = 0; x < advance; x++) {
      for (let y = 0; y < HEIGHT; y++) bits.push(x < ink && glyph.rows[y].charAt(x) === '#' ? 1 : 0);
    }
  }
  let bitmap = '';
  for (let i = 0; i < bits.length; i += 8) {
    let byte = 0;
    for (let b = 0; b < 8; b++) byte = (byte << 1) | (bits[i + b] || 0);
    bitmap += String.fromCharCode(byte);
  }
  return { bitmap, widths };
}

/**
 * Bytes as `atob('…')` with their base64: 4 characters for 3 bytes in the bundle, where as a literal most bytes of the
 * bitmap were an escape of 4 characters (the font had taken 1.9 KB of .bootcde). atob is native on Espruino and gives
 * the same bytes, held in a little less RAM than the literal's copy.
 */
export function base64Call(bytes: string): string {
  return 'atob(\n    ' + splitLiteral("'" + Buffer.from(bytes, 'latin1').toString('base64') + "'").replace(/\n {2}/g, '\n    ') + ',\n  )';
}

/** The whole text of firmware/display/font.ts, generated from the pictures. */
export function fontModuleSource(): string {
  const font = encodeFont(pictures());
  return [
    '/**',
    ' * Our small bitmap font for the OLED (ASCII 0x20-0x7E, and the eight icons of glyphs.ts at 0x18-0x1F), in',
    " * Espruino's `Graphics.setFontCustom(bitmap, firstChar, widths, height)` format: 8 pixels high (capitals and",
    ' * digits in rows 0-6, descenders in row 7), proportional (most letters 5 pixels of ink plus 1 of spacing).',
    " * Espruino's built-in fonts cannot be reproduced pixel for pixel in the simulator; this one is drawn the same way",
    ' * by both (sim/canvas.ts decodes it as Espruino does), so the simulator shows exactly what the device shows.',
    ' *',
    ' * GENERATED from the pictures in test/display/font-source.ts (`UPDATE_GOLDEN=1 npx jest test/display/font`);',
    ' * do not edit by hand. Strings, not arrays, each written in base64 (`atob`): one string each on the device.',
    ' */',
    "import { Canvas } from '../../hal/hal';",
    '',
    'export const FONT_FIRST_CHAR = ' + FIRST_CHAR + ';',
    'export const FONT_HEIGHT = ' + HEIGHT + ';',
    '',
    '/** Column-first, most significant bit first: one byte per column (the font is 8 pixels high). */',
    'export const FONT_BITMAP =',
    '  ' + base64Call(font.bitmap) + ';',
    '',
    '/** The advance of each character from FONT_FIRST_CHAR, in pixels, as char codes. */',
    'export const FONT_WIDTHS =',
    '  ' + base64Call(font.widths) + ';',
    '',
    '/**',
    ' * Both strings in one table, read by `setSmallFont` at each call: named twice, the minifier keeps the table instead',
    " * of writing the strings into the function, which Espruino would then read through (some 2.7 KB of escapes, about",
    ' * 1 M host instructions, as they were) and decode into RAM at every selection. The Graphics keeps what it was',
    ' * given: one copy.',
    ' */',
    'const FONT: string[] = [FONT_BITMAP, FONT_WIDTHS];',
    '',
    '/** Selects the small font on `canvas`, `scale` times its size (Espruino takes the scale in bits 8-15). */',
    'export function setSmallFont(canvas: Canvas, scale: number): void {',
    '  canvas.setFontCustom(FONT[0], FONT_FIRST_CHAR, FONT[1], FONT_HEIGHT | (scale << 8));',
    '}',
    '',
  ].join('\n');
}

/** A long literal as `'...' +` lines of at most ~100 characters, never splitting an escape. */
function splitLiteral(literal: string): string {
  const body = literal.substring(1, literal.length - 1);
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < body.length; ) {
    const piece = body.charAt(i) === '\\' ? body.substring(i, i + 4) : body.charAt(i);
    i += piece.length;
    if (current.length + piece.length > 100) {
      parts.push("'" + current + "'");
      current = '';
    }
    current += piece;
  }
  parts.push("'" + current + "'");
  return parts.join(' +\n  ');
}
