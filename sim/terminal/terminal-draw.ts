/**
 * Text pictures of the simulator's displays and panels, as pure functions of what to show (golden-tested):
 * the LCD's rows with its custom glyphs as Unicode look-alikes, the OLED's pixels as half blocks (or quadrant
 * blocks on a small terminal), boxes, the status line, the key list and the whole screen laid out for a terminal.
 */
import * as glyphs from '../../firmware/display/glyphs';
import { ClockView } from '../../firmware/display/view';
import { Side } from '../../firmware/clock/side';
import { timeText } from '../../firmware/display/format-time';
import { gameText } from '../../firmware/display/log-text';
import { KeyHelp } from './terminal-keys';

/**
 * The one place glyph codes meet their look-alikes, by the glyph's name in firmware/display/glyphs.ts. Each is a
 * symbol, never a digit or a letter, as the glyphs are (test/display/glyph-distinct.test.ts). OVERTIME is ⧗, the
 * solid hourglass the glyph draws, not ⌛: ⌛ is an East Asian wide character (two columns in most terminals) and
 * would shift the rest of the row. The layouts already put a blank between a mark and the text beside it.
 */
const LOOK_ALIKES: { [name: string]: string } = {
  GLYPH_RUN_LEFT: '◀',
  GLYPH_RUN_RIGHT: '▶',
  GLYPH_PAUSE: '‖',
  GLYPH_FLAG: '⚑',
  GLYPH_OVERTIME: '⧗',
  GLYPH_NO_RECORD: '✎',
  GLYPH_BATTERY: '▯',
  GLYPH_DELAY: '◔',
};

/** GLYPH_TEXT[code]: the look-alike of LCD glyph `code`; every glyph the firmware defines has one. */
export const GLYPH_TEXT: string[] = (() => {
  const table: string[] = [];
  for (const [name, code] of Object.entries(glyphs)) {
    if (!name.startsWith('GLYPH_') || typeof code !== 'number') continue;
    if (!LOOK_ALIKES[name]) throw new Error('terminal-draw: no look-alike for ' + name);
    table[code] = LOOK_ALIKES[name];
  }
  for (let code = 0; code < glyphs.LCD_GLYPHS.length; code++) {
    if (!table[code]) throw new Error('terminal-draw: glyph ' + code + ' has no name in firmware/display/glyphs.ts');
  }
  return table;
})();

/** An LCD row as text: glyph codes 0–7 become their look-alikes; everything else is already printable ASCII. */
export function lcdRowText(row: string): string {
  let text = '';
  for (let i = 0; i < row.length; i++) {
    const code = row.charCodeAt(i);
    text += code < GLYPH_TEXT.length ? GLYPH_TEXT[code] : row.charAt(i);
  }
  return text;
}

/** Lines in a box; each line must have `width` columns. */
export function boxed(lines: string[], width: number): string[] {
  const bar = '─'.repeat(width);
  return ['┌' + bar + '┐'].concat(lines.map((line) => '│' + line + '│'), ['└' + bar + '┘']);
}

export type Pixel = (x: number, y: number) => boolean;

/** Two pixel rows per text row, one pixel per column: 128×64 → 128 columns × 32 rows (square pixels). */
export function halfBlockRows(width: number, height: number, pixel: Pixel): string[] {
  const rows: string[] = [];
  for (let y = 0; y < height; y += 2) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const top = pixel(x, y);
      const bottom = y + 1 < height && pixel(x, y + 1);
      row += top ? (bottom ? '█' : '▀') : bottom ? '▄' : ' ';
    }
    rows.push(row);
  }
  return rows;
}

/** Braille dot bits by position in the 2×4 cell: [y][x]. */
const BRAILLE_DOTS = [
  [0x01, 0x08],
  [0x02, 0x10],
  [0x04, 0x20],
  [0x40, 0x80],
];

/**
 * 2×4 pixels per text cell as Braille dots, every pixel still shown: 128×64 → 64 columns × 16 rows, for terminals
 * too small for the half blocks (80×24 is enough).
 */
export function brailleRows(width: number, height: number, pixel: Pixel): string[] {
  const rows: string[] = [];
  for (let y = 0; y < height; y += 4) {
    let row = '';
    for (let x = 0; x < width; x += 2) {
      let bits = 0;
      for (let dy = 0; dy < 4; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          if (x + dx < width && y + dy < height && pixel(x + dx, y + dy)) bits |= BRAILLE_DOTS[dy][dx];
        }
      }
      row += String.fromCharCode(0x2800 + bits);
    }
    rows.push(row);
  }
  return rows;
}

/** What a display shows, as the session keeps it. */
export type Frame =
  /** A character LCD: the rows exactly as renderLcd made them (glyph codes 0–7 included). */
  | { kind: 'lcd'; rows: string[] }
  /** The console board: the text its display driver prints. */
  | { kind: 'printed'; text: string }
  /** A pixel display (1 bit). */
  | { kind: 'pixels'; width: number; height: number; pixel: Pixel };

/** The frame as text lines to show in `columns` × `rows` (half blocks, else Braille), or null if it cannot fit. */
export function frameLines(frame: Frame, columns = Infinity, rows = Infinity): string[] | null {
  let lines: string[];
  if (frame.kind === 'lcd') {
    const columnsUsed = frame.rows.reduce((w, row) => Math.max(w, row.length), 0);
    lines = boxed(frame.rows.map(lcdRowText), columnsUsed);
  } else if (frame.kind === 'printed') {
    lines = frame.text.split('\n');
  } else {
    lines = boxed(halfBlockRows(frame.width, frame.height, frame.pixel), frame.width);
    if (!fits(lines, columns, rows)) lines = boxed(brailleRows(frame.width, frame.height, frame.pixel), Math.ceil(frame.width / 2));
  }
  return fits(lines, columns, rows) ? lines : null;
}

/** The smallest terminal that shows the frame at all (quadrants for a pixel display). */
export function frameNeeds(frame: Frame): { columns: number; rows: number } {
  if (frame.kind === 'pixels') return { columns: Math.ceil(frame.width / 2) + 2, rows: Math.ceil(frame.height / 4) + 2 };
  const lines = frameLines(frame) as string[];
  return { columns: widest(lines), rows: lines.length };
}

function widest(lines: string[]): number {
  return lines.reduce((w, line) => Math.max(w, [...line].length), 0);
}

function fits(lines: string[], columns: number, rows: number): boolean {
  return widest(lines) <= columns && lines.length <= rows;
}

function title(side: Side): string {
  return side === 'black' ? 'Black' : 'White';
}

/** Game time (ms from the game's start, the session's `gameMs`) as the status line shows it: "0:07.3", "1:02:03.4". */
export function gameTimeText(ms: number): string {
  return timeText(ms, true);
}

export interface StatusFacts {
  view: ClockView;
  /** Whose button is on the left. */
  leftSide: Side;
  menuOpen: boolean;
  /** The gesture hint the display shows while both buttons are held, if any. */
  hint?: string;
  /** The game's start (the runtime's `startMs`): flags are told from it. Left out: the runtime's time line. */
  startMs?: number | null;
}

/** Whose turn it is and what the clock is doing, in words. */
export function statusText(facts: StatusFacts): string {
  const v = facts.view;
  const button = (side: Side): string => (side === facts.leftSide ? 'left' : 'right');
  const other = (side: Side): Side => (side === 'black' ? 'white' : 'black');
  const at = (atMs: number): string => (facts.startMs === undefined ? gameTimeText(atMs) : gameText(atMs, facts.startMs));
  let text: string;
  if (facts.menuOpen) text = "menu open (the arbiter's): keys below are the menu's";
  else if (v.status === 'ready') {
    const starter = other(v.toMove);
    text = 'ready: ' + title(v.toMove) + ' moves first, so ' + title(starter) + ' (' + button(starter) + ') presses to start';
  } else if (v.status === 'running') {
    text = title(v.toMove) + "'s clock runs (" + button(v.toMove) + ')';
    if (v.flags.length > 0) text += ' · flag: ' + v.flags.map((f) => title(f.side) + ' ' + at(f.atMs)).join(', ');
  } else if (v.status === 'paused') {
    text = 'paused: ' + title(v.toMove) + ' runs on resume';
  } else {
    const flags = v.flags.map((f) => title(f.side) + "'s flag fell at " + at(f.atMs));
    text = 'game over' + (flags.length > 0 ? ': ' + flags.join(', then ') : '');
  }
  return facts.hint ? text + ' · ' + facts.hint : text;
}

/** The key list in one or two columns of `columns`, for the clock or for the menu. */
export function keyLines(help: KeyHelp[], other: string, menu: boolean, columns: number): string[] {
  const cells = help
    .filter((k) => (menu ? k.menu : true))
    .map((k) => {
      const meaning = menu ? k.menu : k.clock;
      return pad(k.keys, 8) + pad(k.gesture, 13) + meaning;
    });
  const cellWidth = cells.reduce((w, c) => Math.max(w, [...c].length), 0) + 2;
  const lines: string[] = [];
  const heading = menu ? 'menu  ' : 'keys  ';
  if (2 * cellWidth + heading.length <= columns) {
    const half = Math.ceil(cells.length / 2);
    for (let i = 0; i < half; i++) {
      const right = cells[i + half];
      lines.push((i === 0 ? heading : ' '.repeat(heading.length)) + (right ? pad(cells[i], cellWidth) + right : cells[i]));
    }
  } else {
    cells.forEach((cell, i) => lines.push((i === 0 ? heading : ' '.repeat(heading.length)) + cell));
  }
  lines.push(' '.repeat(heading.length) + other);
  return lines;
}

/** Pads to `width` columns (counting code points, as the look-alikes are one column each). */
export function pad(text: string, width: number): string {
  const length = [...text].length;
  return length >= width ? text : text + ' '.repeat(width - length);
}

/** Cuts to `width` columns. */
export function cut(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : chars.slice(0, Math.max(0, width - 1)).join('') + '…';
}

export interface ScreenParts {
  header: string;
  frame: Frame;
  status: string;
  /** The buzzer's cue ("♪ count"), shown at the end of the status line. */
  cue?: string;
  keys: string[];
  /** The keys in one line, when the list does not fit. */
  keySummary: string;
  /** Log panel lines, oldest first; the newest that fit are shown. */
  log: string[];
  /** The frame's name in the too-small message ("16×2 LCD"). */
  frameName: string;
}

/** Log panel rows at most (fewer when the terminal is short). */
export const LOG_ROWS = 12;

/** The whole terminal screen, `rows` lines each at most `columns` wide. */
export function composeScreen(parts: ScreenParts, columns: number, rows: number): string[] {
  const lines: string[] = [cut(parts.header, columns), ''];
  // Around the frame: the header and a blank line above, a blank line and the status line below.
  const frame = frameLines(parts.frame, columns - 2, rows - 4);
  if (!frame) {
    const needs = frameNeeds(parts.frame);
    lines.push(
      'Too small for the ' + parts.frameName + ': needs ' + (needs.columns + 2) + '×' + (needs.rows + 4) + ', have ' +
        columns + '×' + rows + '.',
      'Enlarge the window (or make the font smaller); q quits.',
    );
    return lines.map((line) => cut(line, columns)).slice(0, rows);
  }
  frame.forEach((line) => lines.push('  ' + line));
  lines.push('');
  const status = parts.status + (parts.cue ? '   ' + parts.cue : '');
  lines.push(cut(status, columns));
  if (lines.length + 1 + parts.keys.length <= rows) {
    lines.push('');
    parts.keys.forEach((line) => lines.push(cut(line, columns)));
  } else if (lines.length + 2 <= rows) {
    lines.push('', cut(parts.keySummary, columns));
  } else if (lines.length + 1 <= rows) {
    lines.push(cut(parts.keySummary, columns));
  }
  const logRows = Math.min(LOG_ROWS, rows - lines.length - 2);
  if (logRows > 0) {
    lines.push('', 'log');
    parts.log.slice(-logRows).forEach((line) => lines.push(cut('  ' + line, columns)));
  }
  return lines.slice(0, rows);
}
