/**
 * A display nobody misreads: no mark (the eight glyphs of firmware/display/glyphs.ts) can be taken for a digit or a
 * letter beside a time, on either display.
 *
 * 1. Pictures. Every mark is compared, dot by dot, with every digit and letter of the font it stands among: on the
 *    LCD the HD44780's ROM A00 (the simulator's pictures, sim/web/lcd-font.ts), on the OLED our small font
 *    (test/display/font-source.ts). The measure is the number of dots that differ in the 5×8 cell (40 dots), the
 *    least over the mark as drawn and shifted one column left or right: a glance does not place a shape to the
 *    column, and a mark one column off that matched a letter's strokes would still be read as that letter.
 *    THRESHOLD, 14 dots, is chosen from what players are known to misread: the closest two digits, 0 and 8, differ
 *    by 6 dots in the ROM (5 in our font) and are confused at a glance, and the old ✎, 12 dots from its nearest
 *    character, was read as "K" (the old hourglass, 5 dots from "Z", as "3" or "8"). A mark must be more than twice
 *    as far from every character as 0 is from 8, and farther than the ✎ that failed.
 * 2. Places. A picture alone is not enough ("⌛0:16" read "30:16"): on the LCD a mark beside the time or the
 *    text of its half always has a blank between them; on the OLED the big icon before the time stands twice the
 *    digits' own gap away from them.
 * 3. Text. Where a mark is printed as a character (the console board, the terminal simulator), it is a symbol of its
 *    own, never a digit, a letter or a character the clock's times and counters are written with.
 */
import { LCD_GLYPHS } from '../../firmware/display/glyphs';
import * as glyphs from '../../firmware/display/glyphs';
import { renderLcd } from '../../firmware/display/render-lcd';
import { renderOled } from '../../firmware/display/render-oled';
import { createConsoleDisplay } from '../../hal/espruino/console-display';
import { SimCanvas } from '../../sim/canvas';
import { GLYPH_TEXT } from '../../sim/terminal/terminal-draw';
import { romGlyph } from '../../sim/web/lcd-font';
import { pictures } from './font-source';
import { frames, sweepScreens } from './frames';

/** Fewest dots (of 40) by which a mark must differ from every digit and letter, also shifted by one column. */
const THRESHOLD = 14;
/** Fewest dots by which two marks must differ from each other (they share the LCD's middle columns and row 1). */
const BETWEEN_MARKS = 10;

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The marks by name, from glyphs.ts's GLYPH_ constants. */
const MARKS: { name: string; code: number }[] = Object.entries(glyphs)
  .filter(([name, code]) => name.startsWith('GLYPH_') && typeof code === 'number')
  .map(([name, code]) => ({ name: name.substring(6), code: code as number }));

/** A picture on a 7-column window (5 columns and one either side), 8 rows: 1 lit, 0 dark. */
type Window = number[][];
const WINDOW = 7;

/** 5-bit rows (bit 4 the leftmost dot) placed with their left column at `left`. */
function fromBits(rows: number[], left: number): Window {
  return rows.map((bits) => {
    const line: number[] = new Array(WINDOW).fill(0);
    for (let x = 0; x < 5; x++) if (left + x >= 0 && left + x < WINDOW) line[left + x] = (bits >> (4 - x)) & 1;
    return line;
  });
}

/** Rows of "#"/"." (any width up to 5) placed with their left column at `left`. */
function fromPicture(rows: string[], left: number): Window {
  return rows.map((row) => {
    const line: number[] = new Array(WINDOW).fill(0);
    for (let x = 0; x < row.length; x++) if (left + x < WINDOW) line[left + x] = row.charAt(x) === '#' ? 1 : 0;
    return line;
  });
}

function differing(a: Window, b: Window): number {
  let n = 0;
  for (let y = 0; y < 8; y++) for (let x = 0; x < WINDOW; x++) if (a[y][x] !== b[y][x]) n++;
  return n;
}

interface Nearest {
  dots: number;
  character: string;
  shift: number;
}

/** The character of `font` nearest to the mark, over the mark unshifted and one column either way. */
function nearest(mark: number[], font: { character: string; window: Window }[]): Nearest {
  let best: Nearest = { dots: Infinity, character: '', shift: 0 };
  for (const shift of [0, -1, 1]) {
    const shifted = fromBits(mark, 1 + shift);
    for (const entry of font) {
      const dots = differing(shifted, entry.window);
      if (dots < best.dots) best = { dots, character: entry.character, shift };
    }
  }
  return best;
}

const ROM_FONT = CHARACTERS.split('').map((character) => ({ character, window: fromBits(romGlyph(character.charCodeAt(0)), 1) }));
const OUR_FONT = CHARACTERS.split('').map((character) => {
  const picture = pictures().find((p) => p.code === character.charCodeAt(0));
  if (!picture) throw new Error('our font has no ' + character);
  return { character, window: fromPicture(picture.rows, 1) };
});

function report(n: Nearest): string {
  return n.dots + ' dots from "' + n.character + '"' + (n.shift ? ' shifted ' + n.shift : '');
}

describe('every mark differs from every digit and letter by at least ' + THRESHOLD + ' dots of 40, also shifted a column', () => {
  test('the marks are the eight glyphs', () => {
    expect(MARKS.map((m) => m.code).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(LCD_GLYPHS.length).toBe(8);
  });

  test.each(MARKS.map((m) => [m.name, m.code]))('%s on the LCD, against the HD44780 ROM A00', (_name, code) => {
    const n = nearest(LCD_GLYPHS[code as number], ROM_FONT);
    if (n.dots < THRESHOLD) throw new Error('glyph ' + code + ' is only ' + report(n));
  });

  test.each(MARKS.map((m) => [m.name, m.code]))('%s on the OLED, against our font', (_name, code) => {
    const icon = pictures().find((p) => p.code === glyphs.OLED_GLYPH_BASE + (code as number));
    expect(icon).toBeDefined();
    // The icon in our font is the LCD glyph (font.test.ts checks it drawn); compare its own picture here.
    const rows = (icon as { rows: string[] }).rows.map((row) => parseInt(row.replace(/#/g, '1').replace(/\./g, '0'), 2));
    const n = nearest(rows, OUR_FONT);
    if (n.dots < THRESHOLD) throw new Error('icon ' + code + ' is only ' + report(n));
  });

  test('two marks differ by at least ' + BETWEEN_MARKS + ' dots', () => {
    const close: string[] = [];
    for (const a of MARKS) {
      for (const b of MARKS) {
        if (a.code >= b.code) continue;
        const dots = differing(fromBits(LCD_GLYPHS[a.code], 1), fromBits(LCD_GLYPHS[b.code], 1));
        if (dots < BETWEEN_MARKS) close.push(a.name + '/' + b.name + ': ' + dots);
      }
    }
    expect(close).toEqual([]);
  });

  test('the measure catches the marks players misread: the old hourglass and the old pencil fail it', () => {
    // The glyphs before this test: "⌛0:16" was read "30:16", ✎ as "K".
    const oldHourglass = [0b11111, 0b10001, 0b01010, 0b00100, 0b01010, 0b10101, 0b11111, 0b00000];
    const oldPencil = [0b10010, 0b01101, 0b01100, 0b10110, 0b11010, 0b10001, 0b00000, 0b00000];
    expect(nearest(oldHourglass, ROM_FONT).dots).toBeLessThan(THRESHOLD);
    expect(nearest(oldHourglass, OUR_FONT).dots).toBeLessThan(THRESHOLD);
    expect(nearest(oldPencil, ROM_FONT).dots).toBeLessThan(THRESHOLD);
    // And it measures the confusion the threshold starts from: "0" is the digit nearest to "8", 6 dots away.
    const otherDigits = ROM_FONT.filter((c) => /[0-79]/.test(c.character));
    expect(nearest(romGlyph(0x38), otherDigits)).toEqual({ dots: 6, character: '0', shift: 0 });
  });
});

// ---- Places: a blank between a mark and the text beside it ----

const GLYPH_CELL = /[\x00-\x07]/;
const CHARACTER_CELL = /[0-9A-Za-z]/;

describe('on the LCD a mark never touches a digit or a letter', () => {
  // The side marks: ⧗ before a period's time, ✎ beside a time, ⚑ before FLAG/1st/2nd, ◔ before the delay.
  const sideMarks = [glyphs.GLYPH_OVERTIME, glyphs.GLYPH_NO_RECORD, glyphs.GLYPH_FLAG, glyphs.GLYPH_DELAY];

  test('in every frame of whole games and every golden state, 16x2 and 20x4', () => {
    const screens = sweepScreens().filter((s) => !s.menu);
    const bad: string[] = [];
    const seen: { [code: number]: number } = {};
    for (const screen of screens) {
      for (const [columns, rows] of [[16, 2], [20, 4]]) {
        const lines = renderLcd(screen, columns, rows);
        for (const line of lines) {
          for (let i = 0; i < line.length; i++) {
            const code = line.charCodeAt(i);
            if (!GLYPH_CELL.test(line.charAt(i))) continue;
            seen[code] = (seen[code] || 0) + 1;
            if (sideMarks.indexOf(code) < 0) continue;
            const before = line.charAt(i - 1);
            const after = line.charAt(i + 1);
            if (CHARACTER_CELL.test(before) || CHARACTER_CELL.test(after)) bad.push(JSON.stringify(line));
          }
        }
      }
    }
    expect(bad).toEqual([]);
    // The sweep shows every side mark, many times.
    for (const code of sideMarks) expect(seen[code]).toBeGreaterThan(20);
  });

  test('the middle marks (◀ ▶ ‖ ▯) stay in the two middle columns', () => {
    const bad: string[] = [];
    for (const screen of sweepScreens().filter((s) => !s.menu)) {
      const lines = renderLcd(screen, 16, 2);
      for (const line of lines) {
        for (let i = 0; i < line.length; i++) {
          const code = line.charCodeAt(i);
          const middle = code === glyphs.GLYPH_RUN_LEFT || code === glyphs.GLYPH_RUN_RIGHT || code === glyphs.GLYPH_PAUSE ||
            code === glyphs.GLYPH_BATTERY;
          if (middle && i !== 7 && i !== 8) bad.push(JSON.stringify(line));
        }
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('on the OLED the big icon before a time stands apart from its digits', () => {
  /** Lit columns of the left half's time band (y 13-40), as runs [first, last]. */
  function inkRuns(canvas: SimCanvas): [number, number][] {
    const runs: [number, number][] = [];
    for (let x = 0; x < 64; x++) {
      let lit = false;
      for (let y = 13; y <= 40; y++) if (canvas.getPixel(x, y)) lit = true;
      if (!lit) continue;
      const last = runs[runs.length - 1];
      if (last && last[1] === x - 1) last[1] = x;
      else runs.push([x, x]);
    }
    return runs;
  }

  test.each(['byoyomi', 'canadian', 'flag', 'counting-up', 'both-flags'])('%s: a gap of twice the digits\' gap, at least 4 px', (name) => {
    const screen = frames().find((f) => f.name === name)!.screen;
    const canvas = new SimCanvas(128, 64);
    renderOled(canvas, screen);
    const runs = inkRuns(canvas);
    // The icon is the first run, 10 px wide (5 columns at scale 2); the digits follow.
    expect(runs[0][1] - runs[0][0] + 1).toBe(10);
    const iconGap = runs[1][0] - runs[0][1] - 1;
    let digitGap = Infinity;
    for (let i = 2; i < runs.length; i++) digitGap = Math.min(digitGap, runs[i][0] - runs[i - 1][1] - 1);
    expect(iconGap).toBeGreaterThanOrEqual(4);
    expect(iconGap).toBeGreaterThanOrEqual(2 * digitGap);
  });
});

describe('where marks are printed as text, each is a symbol of its own', () => {
  /** The console board's look-alikes, as it prints the eight glyph codes. */
  function consoleLookAlikes(): string {
    let printed = '';
    const display = createConsoleDisplay({ print: (text) => (printed = text), columns: 8, rows: 1 });
    display.show(['\x00\x01\x02\x03\x04\x05\x06\x07']);
    return printed.split('\n')[1].slice(1, -1);
  }

  /** What times and counters are written with besides digits and letters: "1:00", "9.4", "-0:08", "12/20", "#12". */
  const TIME_CHARACTERS = ':.-/#? ';

  test.each([
    ['the console board (ASCII)', consoleLookAlikes().split('')],
    ['the terminal simulator', GLYPH_TEXT],
  ])('%s', (_where, texts) => {
    const marks = texts as string[];
    expect(marks.length).toBe(8);
    expect(new Set(marks).size).toBe(8);
    for (const mark of marks) {
      expect(mark.length).toBe(1);
      expect(/[0-9A-Za-z]/.test(mark) || TIME_CHARACTERS.indexOf(mark) >= 0).toBe(false);
    }
  });

  test('the console prints only ASCII', () => {
    expect(consoleLookAlikes()).toMatch(/^[\x21-\x7e]{8}$/);
  });
});
