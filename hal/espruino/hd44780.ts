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
 * `show` writes only the cells that changed since the last frame: a shadow copy of what the display shows is
 * compared with the new frame, and each run of changed cells is one "set DDRAM address" plus its characters.
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
const SPACE = 0x20;

export function createHd44780(options: Hd44780Options): CharacterDisplay {
  const bus = options.bus;
  const columns = options.columns;
  const rows = options.rows;
  const setTimeoutFn = options.setTimeout;
  const cellCount = columns * rows;
  /** The frame asked for, and what the display shows. */
  const wanted = new Uint8Array(cellCount);
  const shown = new Uint8Array(cellCount);
  /** Eight glyphs of eight rows; which codes were defined, and which of those still need writing (bit per code). */
  const glyphs = new Uint8Array(64);
  let definedGlyphs = 0;
  let dirtyGlyphs = 0;
  /** 'starting' during the init waits, 'ready' after, 'failed' after a bus error (re-initialised on next use). */
  let phase = 'starting';

  for (let i = 0; i < cellCount; i++) wanted[i] = SPACE;

  function rowAddress(row: number): number {
    return (row & 1 ? 0x40 : 0) + (row & 2 ? columns : 0);
  }

  function writeGlyphs(): void {
    for (let code = 0; code < 8; code++) {
      if (dirtyGlyphs & (1 << code)) {
        const data: number[] = [];
        for (let line = 0; line < 8; line++) data.push(glyphs[code * 8 + line]);
        bus.writeBytes([SET_CGRAM | (code << 3)], false);
        bus.writeBytes(data, true);
        dirtyGlyphs &= ~(1 << code);
      }
    }
  }

  function writeChangedCells(): void {
    for (let row = 0; row < rows; row++) {
      const base = row * columns;
      let column = 0;
      while (column < columns) {
        if (wanted[base + column] === shown[base + column]) {
          column++;
          continue;
        }
        const start = column;
        const run: number[] = [];
        while (column < columns && wanted[base + column] !== shown[base + column]) {
          run.push(wanted[base + column]);
          shown[base + column] = wanted[base + column];
          column++;
        }
        bus.writeBytes([SET_DDRAM | (rowAddress(row) + start)], false);
        bus.writeBytes(run, true);
      }
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
      for (let i = 0; i < cellCount; i++) shown[i] = SPACE; // what Clear left
      dirtyGlyphs = definedGlyphs;
      phase = 'ready';
      writeGlyphs();
      writeChangedCells();
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

  function update(): void {
    if (phase === 'ready') {
      guarded(() => {
        writeGlyphs();
        writeChangedCells();
      });
    } else if (phase === 'failed') {
      startInit();
    }
  }

  startInit();

  return {
    kind: 'character',
    columns: columns,
    rows: rows,
    defineGlyph(code, glyphRows) {
      const slot = code & 7;
      let changed = (definedGlyphs & (1 << slot)) === 0;
      for (let line = 0; line < 8; line++) {
        const bits = (glyphRows[line] || 0) & 0x1f;
        if (glyphs[slot * 8 + line] !== bits) changed = true;
        glyphs[slot * 8 + line] = bits;
      }
      if (changed) {
        definedGlyphs |= 1 << slot;
        dirtyGlyphs |= 1 << slot;
        update();
      }
    },
    show(lines) {
      for (let row = 0; row < rows; row++) encodeLcdLine(lines[row] || '', wanted, row * columns, columns);
      update();
    },
  };
}
