/**
 * An HD44780 character LCD (16×2 and the like) in 4-bit mode, as a hal `CharacterDisplay`.
 *
 * Initialisation is the datasheet's "initializing by instruction" for a 4-bit interface (HD44780U datasheet,
 * Figure 24), which works whatever state the controller is in (8-bit after power-up, or mid-byte in 4-bit mode
 * after a reset of the ESP32 alone):
 *   0x3 (8-bit function set), wait > 4.1 ms; 0x3, wait > 100 µs; 0x3; 0x2 (switch to 4-bit);
 *   then in 4-bit: 0x28 function set (2 lines, 5×8 dots), 0x08 display off, 0x01 clear (1.52 ms),
 *   0x06 entry mode (increment, no shift), 0x0C display on (no cursor, no blink).
 * The waits are timers (5 ms, 1 ms, 2 ms), so nothing blocks; every other instruction (37 µs) is covered by the
 * bus time of the next transfer. The power-on wait (> 40 ms after Vcc) has long passed when the firmware runs.
 * `show` and `defineGlyph` before the display is ready are remembered and written when it is.
 *
 * `show` writes only what changed since the last frame: a shadow copy of what the display shows is compared with the
 * new frame, and the cells of a row from the first that changed to the last are one "set DDRAM address" plus their
 * characters (the unchanged ones between them written again: on Espruino finding each run of changed cells cost a
 * press 0.9 M host instructions, about 4 ms of the ESP32's time, more than the few bytes more on the bus).
 * Rows are kept as strings of cell codes (one character a cell), so that this costs what a display tick can afford on
 * Espruino, where every turn of a loop in JavaScript costs ~35 k host instructions: a row given as it was before
 * costs one string comparison; a row of plain text (ASCII the ROM shows as itself, and the glyph codes) is its own
 * cells, checked by one regular expression, and only other text is encoded character by character; the first and
 * the last cell that differ are looked for around the ones that changed the last time first.
 * DDRAM addresses: row 0 at 0x00, row 1 at 0x40; rows 2 and 3 (4-row modules) continue rows 0 and 1 after
 * `columns` cells (0x14/0x54 on a 20×4). If the bus fails (no ACK), the frame is dropped and the next `show`
 * re-initialises the display and rewrites every cell.
 */
import { CharacterDisplay } from '../hal';
import { encodeLcdLine } from './hd44780-charset';
import { Hd44780Bus } from './pcf8574';
import { SetTimeoutFn } from './types';

export interface Hd44780Options {
  bus: Hd44780Bus;
  columns: number;
  rows: number;
  /** Paces the initialisation waits. */
  setTimeout: SetTimeoutFn;
}

const CLEAR = 0x01;
const ENTRY_INCREMENT = 0x06;
const DISPLAY_OFF = 0x08;
const DISPLAY_ON = 0x0c;
const FUNCTION_4BIT_2LINES = 0x28;
const FUNCTION_4BIT_1LINE = 0x20;
const SET_CGRAM = 0x40;
const SET_DDRAM = 0x80;
/** A character the ROM does not show as itself: not a glyph code, not printable ASCII, or "\\" or "~". */
const NOT_PLAIN = /[^\x00-\x07\x20-\x5b\x5d-\x7d]/;

/** A row of the display: the line last given, its cells (one character a cell code), and what the display shows. */
interface Row {
  /** Null once `write` changed the row: no line given matches it then. */
  given: string | null;
  cells: string;
  shown: string;
  /** The first and the last cell that changed when the row was last written. */
  first: number;
  last: number;
  /** DDRAM address of the row's first cell. */
  address: number;
}

export function createHd44780(options: Hd44780Options): CharacterDisplay {
  const bus = options.bus;
  const columns = options.columns;
  const rows = options.rows;
  const setTimeoutFn = options.setTimeout;
  const blank = ''.padEnd(columns);
  const lines: Row[] = [];
  for (let row = 0; row < rows; row++) {
    // Rows 0 and 1 at 0x00 and 0x40; rows 2 and 3 (4-row modules) continue them after `columns` cells.
    const address = (row & 1 ? 0x40 : 0) + (row & 2 ? columns : 0);
    lines.push({ given: '', cells: blank, shown: blank, first: 0, last: columns - 1, address: address });
  }
  /** Eight glyphs of eight rows; which codes were defined, and which of those still need writing (bit per code). */
  const glyphs = new Uint8Array(64);
  let definedGlyphs = 0;
  let dirtyGlyphs = 0;
  /** 'starting' during the init waits, 'ready' after, 'failed' after a bus error (re-initialised on next use). */
  let phase = 'starting';

  /** `count` cells of text that is not plain: anything the ROM does not show as itself (see hd44780-charset.ts). */
  function encoded(line: string, count: number): string {
    const cells = new Uint8Array(count);
    encodeLcdLine(line, cells, 0, count);
    let text = '';
    for (let i = 0; i < count; i++) text += String.fromCharCode(cells[i]);
    return text;
  }

  /**
   * The glyphs not written yet, from the first to the last (the defined ones between them again): one "set CGRAM
   * address" and their rows as data, which the controller takes glyph after glyph (its address counts on). At boot
   * that is all eight in two writes, where a write a glyph's address and one its rows made sixteen.
   */
  function writeGlyphs(): void {
    let first = 0;
    while (first < 8 && !(dirtyGlyphs & (1 << first))) first++;
    if (first === 8) return;
    let last = 7;
    while (!(dirtyGlyphs & (1 << last))) last--;
    bus.writeBytes([SET_CGRAM | (first << 3)], false);
    bus.writeBytes(glyphs.subarray(first * 8, last * 8 + 8), true);
    dirtyGlyphs = 0;
  }

  /**
   * The cells of `row` from the first that differs from what the display shows (`was`) to the last: their address,
   * then their characters. They are looked for between the first and the last that changed the last time, when the
   * row is as it was before and after them (two string comparisons), else in the whole row.
   */
  function writeChanged(row: Row, was: string): void {
    const want = row.cells;
    let first = row.first;
    let last = row.last;
    if (want.substring(0, first) !== was.substring(0, first) || want.substring(last + 1) !== was.substring(last + 1)) {
      first = 0;
      last = columns - 1;
    }
    while (want[first] === was[first]) first++;
    while (want[last] === was[last]) last--;
    row.first = first;
    row.last = last;
    bus.writeAt(SET_DDRAM | (row.address + first), want.substring(first, last + 1));
  }

  /**
   * A row given anew: its cells, then, on a display that is ready, what changed (`writeChanged`, which looks around
   * the cells that changed the last time first). Kept short: Espruino reads a function's whole text at every call.
   */
  function take(row: Row, line: string): void {
    row.given = line;
    const want = line.length === columns && !NOT_PLAIN.test(line) ? line : /*#__NOINLINE__*/ encoded(line, columns);
    const was = row.shown;
    row.cells = want;
    if (phase !== 'ready' || want === was) return;
    row.shown = want;
    try {
      /*#__NOINLINE__*/ writeChanged(row, was);
    } catch (error) {
      phase = 'failed';
    }
  }

  /** Runs `step`; a bus error (the I²C write throws) leaves the display to be re-initialised on next use. */
  function guarded(step: () => void): void {
    try {
      step();
    } catch (error) {
      phase = 'failed';
    }
  }

  // The init steps, last first so each names one already declared.
  function initDone(): void {
    guarded(() => {
      bus.writeBytes([ENTRY_INCREMENT, DISPLAY_ON], false);
      for (let row = 0; row < rows; row++) lines[row].shown = blank; // what Clear left
      dirtyGlyphs = definedGlyphs;
      phase = 'ready';
      writeAll();
    });
  }

  function initThirdWakeUp(): void {
    guarded(() => {
      bus.writeNibble(0x30);
      bus.writeNibble(0x20);
      bus.writeBytes([rows > 1 ? FUNCTION_4BIT_2LINES : FUNCTION_4BIT_1LINE, DISPLAY_OFF, CLEAR], false);
      setTimeoutFn(initDone, 2);
    });
  }

  function initSecondWakeUp(): void {
    guarded(() => {
      bus.writeNibble(0x30);
      setTimeoutFn(initThirdWakeUp, 1);
    });
  }

  function startInit(): void {
    phase = 'starting';
    guarded(() => {
      bus.writeNibble(0x30);
      setTimeoutFn(initSecondWakeUp, 5);
    });
  }

  /** Once the display is ready: the glyphs and cells that are not shown yet. */
  function writeAll(): void {
    writeGlyphs();
    for (let row = 0; row < rows; row++) if (lines[row].cells !== lines[row].shown) /*#__NOINLINE__*/ writeChanged(lines[row], lines[row].shown);
  }

  startInit();

  return {
    kind: 'character',
    columns: columns,
    rows: rows,
    defineGlyph(code, glyphRows) {
      const slot = code & 7;
      const r = glyphRows;
      // Only the low five bits of a row are pixels (a missing row is 0: undefined & 0x1f). Written out, not a loop:
      // on Espruino a loop turn costs ~35 k host instructions, and the layout defines eight glyphs at every boot.
      const bits = [r[0] & 0x1f, r[1] & 0x1f, r[2] & 0x1f, r[3] & 0x1f, r[4] & 0x1f, r[5] & 0x1f, r[6] & 0x1f, r[7] & 0x1f];
      const cells = glyphs.subarray(slot * 8, slot * 8 + 8);
      if (definedGlyphs & (1 << slot) && cells.join() === bits.join()) return;
      cells.set(bits);
      definedGlyphs |= 1 << slot;
      dirtyGlyphs |= 1 << slot;
      if (phase === 'ready') guarded(writeGlyphs);
      else if (phase === 'failed') startInit();
    },
    show(text) {
      if (phase === 'failed') startInit();
      for (let row = 0; row < rows; row++) if (text[row] !== lines[row].given) take(lines[row], text[row] || '');
    },
    write(row, column, text, plain) {
      // A display tick's way: the cells written go out as one run (on a ready display what it shows is the cells,
      // so nothing else can differ), with no frame to compare; a plain text is not even looked at (a regular
      // expression's test costs Espruino about as much as the rest of this).
      if (phase === 'failed') startInit();
      const line = lines[row];
      const cells = !plain && NOT_PLAIN.test(text) ? /*#__NOINLINE__*/ encoded(text, text.length) : text;
      const was = line.shown;
      line.given = null;
      line.cells = line.cells.substring(0, column) + cells + line.cells.substring(column + cells.length);
      line.first = column;
      line.last = column + cells.length - 1;
      if (phase !== 'ready' || line.cells === was) return;
      line.shown = line.cells;
      try {
        bus.writeAt(SET_DDRAM | (line.address + column), cells);
      } catch (error) {
        phase = 'failed';
      }
    },
  };
}
