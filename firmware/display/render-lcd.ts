/**
 * The character LCD layout (16x2; any width, and extra rows, work the same way). Each player's half of the screen
 * is on the side of that player's button; the two middle columns belong to the clock, not to a side:
 *
 *     col 0      6   7 8   9      15
 *        4:58 ✎     ◀      ⧗ 0:25       row 0: time (the period's time after ⧗ in overtime), ✎ under 5 min
 *        #12        ◀ ▯       2x #11      row 1: moves made, or what matters more (see `infoCandidates`)
 *
 * - Middle columns: the running side's arrow (◀ left runs, ▶ right runs) fills its column on both rows, so which
 *   clock runs reads from across the table; paused, the side that resumes gets ‖ there instead. The other middle
 *   column shows ▯ on row 1 when the battery is low.
 * - Row 0: left time at the left edge, right time at the right edge, at most `columns/2 - 1` characters each, so
 *   two long times never touch. Formats are format-time.ts's; the two that are 8 characters long (10 h and more,
 *   10 days and more) are cut to the minute or the hour ("10h00m", "60d00h") when they do not fit, and so is a
 *   period's time that does not fit after "⧗ ".
 * - Row 1, in order of precedence: ⚑ FLAG (⚑ 1st / ⚑ 2nd when both fell, 12.12), PAUSE, the side letter and "first"
 *   while ready (who starts; the other half shows its letter), BREAK, ◔ and the pending simple delay, the byo-yomi
 *   periods left ("3x") or Canadian moves left ("12/20") in overtime, and the move counter "#12" (12.17) when it fits.
 * - A mark (⧗ ✎ ⚑ ◔) never touches a digit or a letter: a blank is always between (glyph-distinct.test.ts). The
 *   middle column's ◀ ▶ ‖ may touch a 7-character time; they are solid shapes no character resembles.
 * - A notice or a gesture hint takes row 1 (the third row on taller displays); the menu takes the whole screen.
 * Only printable ASCII and the glyph codes 0-7 reach the display (anything else becomes "?").
 */
import { ClockView, SideView } from './view';
import { CharacterDisplay } from '../../hal/hal';
import { Layout } from './layout';
import { TimeControl } from '../clock/control';
import { otherSide, Side } from '../clock/side';
import {
  GLYPH_BATTERY, GLYPH_DELAY, GLYPH_FLAG, GLYPH_NO_RECORD, GLYPH_OVERTIME, GLYPH_PAUSE, GLYPH_RUN_LEFT,
  GLYPH_RUN_RIGHT, lcdGlyph, lcdGlyphs,
} from './glyphs';
import {
  batteryLow, delayText, flagRank, NO_RECORD_BELOW_MS, noRecordNeeded, overtimeCount, Screen, showsPeriod,
  timeText,
} from './screen';
import { formatClock } from './format-time';

export { LCD_GLYPHS } from './glyphs';

// Padding and filtering use the interpreter's native string methods: on Espruino a loop over characters costs a
// dozen times more (measured on 2v29: 167 µs against 14 µs for a 16-character line).

/** `text` cut or padded with spaces on the right to exactly `width`. */
function padRight(text: string, width: number): string {
  return text.length >= width ? text.substring(0, width) : text.padEnd(width);
}

/** `text` cut or padded with spaces on the left to exactly `width`. */
function padLeft(text: string, width: number): string {
  return text.length >= width ? text.substring(0, width) : text.padStart(width);
}

/** The first candidate that fits in `width`, or the last one cut. */
function firstFitting(candidates: string[], width: number): string {
  for (let i = 0; i < candidates.length; i++) if (candidates[i].length <= width) return candidates[i];
  return candidates[candidates.length - 1].substring(0, width);
}

/** Only what the display can show: printable ASCII but "\" and "~" (the HD44780 has other glyphs there), glyphs 0-7. */
function displayable(text: string): string {
  return text.replace(/[^\x00-\x07\x20-\x5b\x5d-\x7d]/g, '?');
}

/** "10:00:00" -> "10h00m", "60d00:00" -> "60d00h": a time cut to the minute or the hour. */
function cutTime(text: string): string {
  const colon = text.indexOf(':');
  if (colon < 0) return text;
  if (text.indexOf('d') > 0) return text.substring(0, colon) + 'h';
  return text.substring(0, colon) + 'h' + text.substring(colon + 1, colon + 3) + 'm';
}

/** ✎ (14.3) beside the time, on the side towards the middle, a blank between; left out when there is no room for both. */
function withNoRecordMark(time: string, width: number, innerOnRight: boolean): string {
  const mark = lcdGlyph(GLYPH_NO_RECORD);
  return firstFitting(innerOnRight ? [time + ' ' + mark, time] : [mark + ' ' + time, time], width);
}

/** Overtime: "⧗ " and the period's time, cut when it does not fit after them (which also says 14.3: no record). */
function periodCell(text: string, width: number): string {
  const mark = lcdGlyph(GLYPH_OVERTIME) + ' ';
  return mark + (text.length <= width - mark.length ? text : cutTime(text));
}

/**
 * Row 0 of a half: the time (cut when it does not fit, see `cutTime`); in overtime ⧗ before it, which also says
 * that the side need not record (14.3); in main time ✎ (14.3) on the side towards the middle. A mark always has a
 * blank between it and the time. The rare cases are functions of their own: this runs at every display tick, and
 * Espruino reads through the whole text of a function at every call.
 */
function timeCell(side: SideView, width: number, innerOnRight: boolean): string {
  const text = /*#__NOINLINE__*/ timeText(side);
  if (/*#__NOINLINE__*/ showsPeriod(side)) return /*#__NOINLINE__*/ periodCell(text, width);
  const time = text.length <= width ? text : /*#__NOINLINE__*/ cutTime(text);
  return /*#__NOINLINE__*/ noRecordNeeded(side) ? /*#__NOINLINE__*/ withNoRecordMark(time, width, innerOnRight) : time;
}

/** Row 1 of a half when something matters more than the moves (a flag, the pause, who starts, the break, a delay), or null. */
function rareInfo(view: ClockView, sideName: Side, side: SideView): string[] | null {
  if (side.flaggedAtMs !== null) {
    const rank = flagRank(view, sideName);
    return [lcdGlyph(GLYPH_FLAG) + (rank === 1 ? ' 1st' : rank === 2 ? ' 2nd' : ' FLAG')];
  }
  if (view.status === 'paused' && view.toMove === sideName) return ['PAUSE'];
  if (view.status === 'ready') return view.toMove === sideName ? [(sideName === 'black' ? 'B' : 'W') + ' first'] : [sideName === 'black' ? 'B' : 'W'];
  if (side.inBreak) return ['BREAK'];
  const delay = /*#__NOINLINE__*/ delayText(side);
  return delay !== '' ? [lcdGlyph(GLYPH_DELAY) + ' ' + delay] : null;
}

/**
 * Row 1 of a half, best first; the first that fits is shown. A running clock's half with no flag, break or delay
 * (every press and most screens) is the periods or moves left and the move counter; the rest is `rareInfo`'s.
 */
function infoCandidates(view: ClockView, sideName: Side, control: TimeControl): string[] {
  const side = view.sides[sideName];
  const rare = side.flaggedAtMs !== null || view.status !== 'running' || side.inBreak || side.graceMs > 0 ? /*#__NOINLINE__*/ rareInfo(view, sideName, side) : null;
  if (rare !== null) return rare;
  const moves = '#' + side.moves;
  const count = /*#__NOINLINE__*/ overtimeCount(side, control);
  return count !== '' ? [count + ' ' + moves, count] : [moves];
}

/** One half's two cells, and what they were made from. */
interface Half {
  side: SideView | null;
  status: string;
  toMove: Side | null;
  flags: unknown;
  control: TimeControl | null;
  width: number;
  time: string;
  info: string;
}

const NO_HALF: Half = { side: null, status: '', toMove: null, flags: null, control: null, width: 0, time: '', info: '' };

/**
 * The cells last made for each half. A side that is not running is shown from its clock as the state holds it, the
 * very object (firmware/display/view.ts), so at most wake-ups, and for the side that starts running at a press, the
 * half is what it was: its two cells, and the rest of the layout, are not made again (on Espruino, making a half
 * costs about as much as the rest of a wake).
 */
let madeHalves: { left: Half; right: Half } = { left: NO_HALF, right: NO_HALF };

function halfCells(which: 'left' | 'right', view: ClockView, sideName: Side, control: TimeControl, width: number): Half {
  const last = madeHalves[which];
  // The same clock, shown the same way; whose turn it is shows only while the clock stands.
  const same = last.side === view.sides[sideName] && last.status === view.status && (last.toMove === view.toMove || view.status === 'running') &&
    last.flags === view.flags && last.control === control && last.width === width;
  return same ? last : /*#__NOINLINE__*/ makeHalf(which, view, sideName, control, width);
}

/** A half's two cells made anew. */
function makeHalf(which: 'left' | 'right', view: ClockView, sideName: Side, control: TimeControl, width: number): Half {
  const side = view.sides[sideName];
  const onLeft = which === 'left';
  const time = timeCell(side, width, onLeft);
  const info = firstFitting(/*#__NOINLINE__*/ infoCandidates(view, sideName, control), width);
  const made: Half = {
    side: side,
    status: view.status,
    toMove: view.toMove,
    flags: view.flags,
    control: control,
    width: width,
    time: onLeft ? padRight(time, width) : padLeft(time, width),
    info: onLeft ? padRight(info, width) : padLeft(info, width),
  };
  if (which === 'left') madeHalves = { left: made, right: madeHalves.right };
  else madeHalves = { left: madeHalves.left, right: made };
  return made;
}

export function renderLcd(screen: Screen, columns: number, rows: number): string[] {
  const lines: string[] = [];
  if (screen.menu) {
    for (let row = 0; row < rows; row++) lines.push(padRight(displayable(screen.menu[row] || ''), columns));
    return lines;
  }
  const view = screen.view;
  const left = screen.leftSide;
  const right = otherSide(left);
  const half = columns >> 1;

  // The middle columns: [left's marker, right's marker] on rows 0 and 1.
  let marker = ' ';
  if (view.status === 'running') marker = lcdGlyph(view.toMove === left ? GLYPH_RUN_LEFT : GLYPH_RUN_RIGHT);
  else if (view.status === 'paused') marker = lcdGlyph(GLYPH_PAUSE);
  const markerOnLeft = view.toMove === left;
  const battery = batteryLow(screen) ? lcdGlyph(GLYPH_BATTERY) : ' ';
  const middle0 = markerOnLeft ? marker + ' ' : ' ' + marker;
  const middle1 = markerOnLeft ? marker + battery : battery + marker;

  const leftHalf = halfCells('left', view, left, screen.controls[left], half - 1);
  const rightHalf = halfCells('right', view, right, screen.controls[right], columns - half - 1);
  const row0 = leftHalf.time + middle0 + rightHalf.time;
  const row1 = leftHalf.info + middle1 + rightHalf.info;

  const message = screen.hint || screen.notice;
  const messageRow = rows > 2 ? 2 : 1;
  lines.push(row0);
  for (let row = 1; row < rows; row++) {
    if (message && row === messageRow) {
      // Centred (written here: a function of its own would hold RAM on Espruino all game for this one use).
      const text = displayable(message);
      lines.push(text.length >= columns ? text.substring(0, columns) : text.padStart((columns + text.length) >> 1).padEnd(columns));
    } else lines.push(row === 1 ? row1 : ''.padEnd(columns));
  }
  return lines.slice(0, rows);
}

/**
 * The LCD layout on a character display: the custom glyphs defined once, each screen drawn whole, and a display tick
 * (`drawTime`) that makes only the running half's time cell again and writes just that cell (the display's `write`).
 *
 * A display tick is most wake-ups, and on Espruino each call and each line of it counts, so what holds for the whole
 * stretch of ticks after a screen is drawn is worked out at its first tick (`tickFor`): the cell's column and width,
 * and whether the cell is simply the time (main time, 5 minutes and more: no ✎) or "⧗ " and the period's time
 * (overtime). A side's phase, flag and break do not change while only its time passes (the runtime draws the whole
 * screen at every boundary), except that a break ends: a tick that is not so simple (the break, a fallen flag, the
 * last 5 minutes, a time too long for the cell) takes `timeCell`'s whole way.
 */
export function lcdLayout(display: CharacterDisplay): Layout {
  const columns = display.columns;
  const rows = display.rows;
  const half = columns >> 1;
  let leftSide: Side = 'black';
  let ticking: Side | null = null;
  let column = 0;
  let width = 0;
  let onLeft = true;
  /** The simple cell: `mark` and the time, from `simpleFromMs` on; null when the side's cell is never simple. */
  let mark: string | null = null;
  let simpleFromMs = 0;
  const glyphs = lcdGlyphs();
  for (let code = 0; code < glyphs.length; code++) display.defineGlyph(code, glyphs[code]);

  function tickFor(side: Side, view: SideView): void {
    ticking = side;
    onLeft = side === leftSide;
    width = onLeft ? half - 1 : columns - half - 1;
    column = onLeft ? 0 : half + 1;
    const overtime = view.phase === 'overtime';
    mark = view.flaggedAtMs !== null || view.inBreak ? null : overtime ? lcdGlyph(GLYPH_OVERTIME) + ' ' : '';
    simpleFromMs = overtime ? 0 : NO_RECORD_BELOW_MS;
  }

  return {
    menuColumns: columns,
    draw(screen) {
      leftSide = screen.leftSide;
      ticking = null;
      display.show(/*#__NOINLINE__*/ renderLcd(screen, columns, rows));
    },
    drawTime(side, view) {
      if (side !== ticking) /*#__NOINLINE__*/ tickFor(side, view);
      let cell = mark !== null && view.remainingMs >= simpleFromMs ? mark + formatClock(view.remainingMs) : '';
      // The simple cell is plain by making (a glyph code, digits, ":" and "."); `timeCell`'s may hold marks to encode.
      const plain = cell !== '' && cell.length <= width;
      if (!plain) cell = /*#__NOINLINE__*/ timeCell(view, width, onLeft).substring(0, width);
      display.write(0, column, onLeft ? cell.padEnd(width) : cell.padStart(width), plain);
    },
  };
}
