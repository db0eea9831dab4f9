/**
 * The eight custom glyphs, one picture each, shared by both displays so that they say the same thing the same way:
 *
 * - on the character LCD they are CGRAM codes 0-7 (defined once at boot from `lcdGlyphs()`), written into the text
 *   as the characters "\x00"-"\x07";
 * - on the OLED they are characters 0x18-0x1F of our small font (firmware/display/font.ts), built from the same rows
 *   (below the space, so that every string drawn is 7-bit: bytes above 0x7F are handled differently by
 *   Espruino builds with a signed char or UTF-8 strings).
 *
 * Each glyph is 8 rows of 5 bits, top row first, bit 4 the leftmost pixel (the HD44780's CGRAM format).
 *
 *   0 RUN_LEFT   ◀  the left half's clock runs (the arrow points at the running half)
 *   1 RUN_RIGHT  ▶  the right half's clock runs
 *   2 PAUSE      ‖  paused; shown on the side that runs again on resume
 *   3 FLAG       ⚑  this side's flag fell (12.9); "1st"/"2nd" beside it when both fell (12.12)
 *   4 OVERTIME   ⧗  the time shown is the byo-yomi or Canadian period, not main time
 *   5 NO_RECORD  ✎  this side need not record moves (14.3: under five minutes or in byo-yomi)
 *   6 BATTERY    ▯  the battery is low
 *   7 DELAY      ◔  the simple delay counting down before main time runs
 *
 * Marks, not characters: a player glancing at the clock must never read one as a digit or a letter beside a time
 * ("⌛0:16" read as "30:16" was the old hourglass). So every mark is drawn heavy, in blocks two or more dots wide
 * where the ROM's digits and letters are strokes one dot wide, and all of them reach into the eighth row, the
 * cursor row no ROM character uses. test/display/glyph-distinct.test.ts holds every mark at least 14 dots of 40 away from
 * every digit and letter of the HD44780 ROM and of our OLED font, also shifted by a column; the layouts put a blank
 * between a mark and the text beside it.
 */
export const GLYPH_RUN_LEFT = 0;
export const GLYPH_RUN_RIGHT = 1;
export const GLYPH_PAUSE = 2;
export const GLYPH_FLAG = 3;
export const GLYPH_OVERTIME = 4;
export const GLYPH_NO_RECORD = 5;
export const GLYPH_BATTERY = 6;
export const GLYPH_DELAY = 7;

/*
 * Rows as binary literals: 0b10000 is the leftmost pixel. A fresh table on each call: the displays define their
 * glyphs once at boot, and on the device a module-level table would be built in RAM and kept.
 */
export function lcdGlyphs(): number[][] {
  return [
    // RUN_LEFT: a solid wedge pointing left
    [0b00011, 0b00111, 0b01111, 0b11111, 0b11111, 0b01111, 0b00111, 0b00011],
    // RUN_RIGHT: a solid wedge pointing right
    [0b11000, 0b11100, 0b11110, 0b11111, 0b11111, 0b11110, 0b11100, 0b11000],
    // PAUSE: two bars two dots wide, the cell's full height
    [0b11011, 0b11011, 0b11011, 0b11011, 0b11011, 0b11011, 0b11011, 0b11011],
    // FLAG: a solid pennant on a pole standing on a foot
    [0b10000, 0b11110, 0b11111, 0b11110, 0b10000, 0b10000, 0b10000, 0b11111],
    // OVERTIME: a solid hourglass, its bulbs full, the cell's full height
    [0b11111, 0b11111, 0b01110, 0b00100, 0b00100, 0b01110, 0b11111, 0b11111],
    // NO_RECORD: a thick pencil, slanted, its point down at the left
    [0b00111, 0b00111, 0b01110, 0b01110, 0b11100, 0b11100, 0b11000, 0b10000],
    // BATTERY: a battery with its cap, the lower half left
    [0b01110, 0b11111, 0b10001, 0b10001, 0b11111, 0b11111, 0b11111, 0b11111],
    // DELAY: a stopwatch, its button on top, the face solid with the hands cut out
    [0b01110, 0b00100, 0b01110, 0b11111, 0b11011, 0b11001, 0b11111, 0b01110],
  ];
}

/**
 * lcdGlyphs() once, for the hosts (simulators, tests). The firmware calls lcdGlyphs(), so the bundle drops this
 * (its call is marked pure and nothing there uses it).
 */
export const LCD_GLYPHS: number[][] = /*#__PURE__*/ lcdGlyphs();

/** The LCD text for a glyph: its CGRAM code as a character. */
export function lcdGlyph(code: number): string {
  return String.fromCharCode(code);
}

/** The OLED text for a glyph: its character in our small font. */
export const OLED_GLYPH_BASE = 0x18;

export function oledGlyph(code: number): string {
  return String.fromCharCode(OLED_GLYPH_BASE + code);
}
