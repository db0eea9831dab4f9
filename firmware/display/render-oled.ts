/**
 * The 128x64 OLED layout. Each player's half (64 px) is on the side of that player's button:
 *
 *   y  0-10  the side's tab: "BLACK" and the move counter "#12" (12.17). The running side's tab is lit (black
 *            text on a white bar: which clock runs reads from across the table); paused, the side that resumes
 *            has an outlined tab. In the 12 px between the tabs: the battery icon when it is low.
 *   y 13-40  the time in big seven-segment digits (seven-segment.ts), the largest size that fits the half with
 *            8 px between the two times: main time; in overtime the period's time after a big hourglass (never main
 *            time and periods mixed); the break countdown during the break; a fallen flag's "0.0" or its count-up
 *            after a big flag. A big icon stands twice the digits' own gap away from them (glyph-distinct.test.ts).
 *   y 43-50  what the time means: a lit "FLAG" box ("1st FLAG"/"2nd FLAG" when both fell, 12.12), "BREAK", the
 *            pending simple delay ("delay 4.5"), periods left ("2x30s") or Canadian moves left ("12/20"), and the
 *            14.3 crossed pencil (with "no record" when there is room) when the side need not record moves.
 *   y 54-63  the whole clock: a gesture hint (lit bar), a notice (framed), "PAUSED", or who moves first while ready.
 * The menu replaces all of it. Text is our own font (font.ts), selected before any drawString; every string drawn
 * is 7-bit (the icons are characters 0x18-0x1F).
 *
 * Cost on the device: one clear and at most ~100 native fillRect/drawString/stringWidth calls per frame, no
 * per-pixel JavaScript; the SSD1306 driver then sends only the pages that changed.
 */
import { Canvas, GraphicsDisplay } from '../../hal/hal';
import { ClockView, SideView } from './view';
import { Layout } from './layout';
import { TimeControl } from '../clock/control';
import { otherSide, Side } from '../clock/side';
import { setSmallFont } from './font';
import { bigWidth, DigitSize, drawBigText, drawDigit, narrowCount } from './seven-segment';
import { GLYPH_BATTERY, GLYPH_FLAG, GLYPH_NO_RECORD, GLYPH_OVERTIME, GLYPH_PAUSE, OLED_GLYPH_BASE, oledGlyph } from './glyphs';
import {
  batteryLow, delayText, flagRank, NO_RECORD_BELOW_MS, noRecordNeeded, overtimeCount, Screen, showsPeriod, sideName,
  timeText,
} from './screen';
import { formatClock } from './format-time';

/** Big digit sizes, largest first: 4:59 and 9.9 at the first, 59:59 at the second, h:mm:ss and days further down. */
const SIZES: DigitSize[] = [
  { width: 13, height: 28, thickness: 4, gap: 3 },
  { width: 11, height: 28, thickness: 3, gap: 2 },
  { width: 9, height: 24, thickness: 3, gap: 2 },
  { width: 8, height: 22, thickness: 2, gap: 2 },
  { width: 7, height: 20, thickness: 2, gap: 1 },
  { width: 6, height: 16, thickness: 2, gap: 1 },
];

const TAB_TOP = 0;
const TAB_BOTTOM = 10;
const TIME_TOP = 13;
const TIME_HEIGHT = 28;
const INFO_Y = 43;
const BOTTOM_TOP = 54;
/** Width of a big (scale 2) icon's ink, before the time. */
const BIG_ICON_WIDTH = 10;
/** Margin kept free at each side of a half (8 px between the two times). */
const MARGIN = 4;
/** Space between the two tabs, for the battery icon. */
const TAB_GAP = 12;

/** Text from outside (menu, notice, hint) as our font can draw it: LCD glyph codes become our icons. */
function drawable(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 8) out += String.fromCharCode(OLED_GLYPH_BASE + code);
    else out += code >= 0x20 && code <= 0x7e ? text.charAt(i) : '?';
  }
  return out;
}

/** The first candidate no wider than `width` pixels, or "" when none is. */
function fitting(canvas: Canvas, candidates: string[], width: number): string {
  for (let i = 0; i < candidates.length; i++) if (canvas.stringWidth(candidates[i]) <= width) return candidates[i];
  return '';
}

/** `text` at y, centered between x1 and x2, on a lit box when `lit`. */
function drawCentered(canvas: Canvas, text: string, x1: number, x2: number, y: number, lit: boolean): void {
  const width = canvas.stringWidth(text);
  const x = x1 + ((x2 - x1 + 1 - width) >> 1);
  if (lit) {
    canvas.fillRect(x - 2, y - 1, x + width, y + 8);
    canvas.setColor(0);
  }
  canvas.drawString(text, x, y);
  canvas.setColor(1);
}

/** Byo-yomi period length as players say it: "30s", "60s", "2min". */
function periodLength(ms: number): string {
  if (ms <= 60000 && ms % 1000 === 0) return ms / 1000 + 's';
  if (ms % 60000 === 0) return ms / 60000 + 'min';
  return String(Math.ceil(ms / 1000)) + 's';
}

function drawTab(canvas: Canvas, view: ClockView, side: Side, x1: number, x2: number): void {
  const running = view.status === 'running' && view.toMove === side;
  const resumes = view.status === 'paused' && view.toMove === side;
  if (running) canvas.fillRect(x1, TAB_TOP, x2, TAB_BOTTOM);
  else if (resumes) canvas.drawRect(x1, TAB_TOP, x2, TAB_BOTTOM);
  if (running) canvas.setColor(0);
  canvas.drawString(sideName(side), x1 + 2, TAB_TOP + 2);
  const moves = '#' + view.sides[side].moves;
  canvas.drawString(moves, x2 - 1 - canvas.stringWidth(moves), TAB_TOP + 2);
  canvas.setColor(1);
}

/** Where `drawTime` put the digits: the time as drawn, its size, the top of the digits and the x just past the last. */
export interface Placed {
  text: string;
  size: DigitSize;
  top: number;
  right: number;
}

function drawTime(canvas: Canvas, s: SideView, x0: number, half: number): Placed {
  const text = /*#__NOINLINE__*/ timeText(s);
  const icon = s.flaggedAtMs !== null ? oledGlyph(GLYPH_FLAG) : /*#__NOINLINE__*/ showsPeriod(s) ? oledGlyph(GLYPH_OVERTIME) : '';
  // An icon stands apart from the digits by twice their own gap, so it never reads as one of them.
  const room = half - 2 * MARGIN;
  const narrow = narrowCount(text);
  const n = text.length;
  let size = SIZES[SIZES.length - 1];
  let width = 0;
  for (let i = 0; i < SIZES.length; i++) {
    const z = SIZES[i];
    width = n === 0 ? 0 : (n - narrow) * z.width + narrow * z.thickness + (n - 1) * z.gap; // bigWidth, written out
    if (width + (icon ? BIG_ICON_WIDTH + 2 * z.gap : 0) <= room) {
      size = z;
      break;
    }
  }
  if (size === SIZES[SIZES.length - 1]) width = bigWidth(n, narrow, size);
  const iconWidth = icon ? BIG_ICON_WIDTH + 2 * size.gap : 0;
  const x = x0 + ((half - iconWidth - width) >> 1);
  if (icon) {
    setSmallFont(canvas, 2);
    canvas.drawString(icon, x, TIME_TOP + ((TIME_HEIGHT - 16) >> 1));
    setSmallFont(canvas, 1);
  }
  const top = TIME_TOP + ((TIME_HEIGHT - size.height) >> 1);
  drawBigText(canvas, text, x + iconWidth, top, size);
  return { text: text, size: size, top: top, right: x + iconWidth + width };
}

function drawInfo(canvas: Canvas, view: ClockView, side: Side, s: SideView, control: TimeControl, x0: number, half: number): void {
  const x1 = x0 + 1;
  const x2 = x0 + half - 2;
  if (s.flaggedAtMs !== null) {
    const rank = flagRank(view, side);
    drawCentered(canvas, (rank === 1 ? '1st ' : rank === 2 ? '2nd ' : '') + 'FLAG', x1, x2, INFO_Y, true);
    return;
  }
  let text = '';
  let long = '';
  const delay = /*#__NOINLINE__*/ delayText(s);
  const count = overtimeCount(s, control);
  if (s.inBreak) text = 'BREAK';
  else if (delay !== '') text = 'delay ' + delay;
  else if (count !== '' && control.system === 'byoyomi') text = count + periodLength(control.periodMs);
  else if (count !== '') {
    text = count;
    long = count + ' moves';
  }
  const mark = /*#__NOINLINE__*/ noRecordNeeded(s) ? oledGlyph(GLYPH_NO_RECORD) : '';
  if (text === '' && mark === '') return;
  let candidates: string[];
  if (text === '') candidates = [mark + ' no record', mark];
  else if (mark === '') candidates = [long || text, text];
  else candidates = [mark + ' ' + (long || text), mark + ' ' + text, text];
  const shown = fitting(canvas, candidates, x2 - x1 + 1);
  if (shown !== '') drawCentered(canvas, shown, x1, x2, INFO_Y, false);
}

function drawBottom(canvas: Canvas, screen: Screen, width: number, height: number): void {
  const view = screen.view;
  if (screen.hint) {
    canvas.fillRect(0, BOTTOM_TOP, width - 1, height - 1);
    canvas.setColor(0);
    drawCentered(canvas, drawable(screen.hint), 0, width - 1, BOTTOM_TOP + 1, false);
    canvas.setColor(1);
    return;
  }
  if (screen.notice) {
    canvas.drawRect(0, BOTTOM_TOP, width - 1, height - 1);
    drawCentered(canvas, drawable(screen.notice), 0, width - 1, BOTTOM_TOP + 1, false);
    return;
  }
  if (view.status === 'paused') drawCentered(canvas, oledGlyph(GLYPH_PAUSE) + ' PAUSED', 0, width - 1, BOTTOM_TOP + 1, false);
  else if (view.status === 'ready') drawCentered(canvas, sideName(view.toMove) + ' moves first', 0, width - 1, BOTTOM_TOP + 1, false);
}

function drawMenu(canvas: Canvas, screen: Screen, width: number, height: number): void {
  const rows = screen.menu as string[];
  canvas.drawRect(0, 0, width - 1, BOTTOM_TOP - 3);
  for (let i = 0; i < rows.length && i < 2; i++) canvas.drawString(drawable(rows[i]), 5, 12 + 18 * i);
  if (screen.hint) drawBottom(canvas, screen, width, height);
}

/** Draws `screen` whole; answers where the two halves' digits are (`drawTime`'s answers, left first; none for the menu). */
export function renderOled(canvas: Canvas, screen: Screen): Placed[] {
  const width = canvas.getWidth();
  const height = canvas.getHeight();
  const half = width >> 1;
  canvas.clear();
  canvas.setColor(1);
  setSmallFont(canvas, 1);
  if (screen.menu) {
    drawMenu(canvas, screen, width, height);
    return [];
  }
  const view = screen.view;
  const sides: Side[] = [screen.leftSide, otherSide(screen.leftSide)];
  const placed: Placed[] = [];
  for (let i = 0; i < 2; i++) {
    const side = sides[i];
    const x0 = i * half;
    drawTab(canvas, view, side, i === 0 ? 0 : half + (TAB_GAP >> 1), i === 0 ? half - 1 - (TAB_GAP >> 1) : width - 1);
    const shown = view.sides[side];
    placed.push(drawTime(canvas, shown, x0, half));
    drawInfo(canvas, view, side, shown, screen.controls[side], x0, half);
  }
  if (batteryLow(screen)) canvas.drawString(oledGlyph(GLYPH_BATTERY), half - 3, TAB_TOP + 2);
  drawBottom(canvas, screen, width, height);
  return placed;
}

/** Rows of a half that a display tick draws again: the time and the line below it (y 11-52, between tab and bottom). */
const TICK_TOP = TAB_BOTTOM + 1;
const TICK_BOTTOM = BOTTOM_TOP - 2;

/**
 * The OLED layout on a graphics display: each screen drawn whole, and a display tick (`drawTime`) that draws only
 * what the new time changed, then sends the frame (the SSD1306 driver sends the pages drawn on).
 *
 * A display tick is most wake-ups, and on Espruino each call and each line of it counts: the new time's text is
 * compared with the text drawn before any pixel is, and when only digits changed (nearly every tick: the last one, at
 * a minute the last two or three) only their cells are cleared and drawn again; the digits stand where they stood,
 * since a text with the same digits in other places is as wide, so is drawn at the same size and place. The rest of
 * the half holds while only time passes for a plain clock (no flag, no break, no pending delay: a side's phase, flag
 * and periods do not change in a stretch of ticks, the runtime draws the whole screen at every boundary), until main
 * time reaches the 14.3 mark's 5 minutes: then the half is drawn whole. The first tick after a `draw` goes on from
 * where that draw put the digits (`renderOled`'s answer), so a press's redraw is not followed by a second one.
 */
export function oledLayout(display: GraphicsDisplay): Layout {
  const canvas = display.canvas;
  const half = canvas.getWidth() >> 1;
  let last: Screen | null = null;
  /** Where the last `draw` put each half's digits, left first. */
  let halves: Placed[] = [];
  /** The side whose half the ticks draw: null until the first tick after a `draw`. */
  let ticking: Side | null = null;
  /** Where the ticked side's digits are; its `text` is "" when the next tick must draw the half whole. */
  let placed: Placed = { text: '', size: SIZES[0], top: 0, right: 0 };
  /** The ticks leave the rest of the half as it is while the time is at least this (5 min: the 14.3 mark comes). */
  let plainFromMs = 0;

  /**
   * The ticks of `side` go on from `from`, the digits as `draw` put them, drawn from the side's view `was`; or, with
   * `from` null, from the running half between its tab and the bottom line drawn again whole: its time and its info.
   */
  function follow(side: Side, was: SideView, from: Placed | null): void {
    const screen = last as Screen;
    if (from) placed = from;
    else {
      const x0 = side === screen.leftSide ? 0 : half;
      canvas.setColor(0);
      canvas.fillRect(x0, TICK_TOP, x0 + half - 1, TICK_BOTTOM);
      canvas.setColor(1);
      placed = drawTime(canvas, was, x0, half);
      drawInfo(canvas, screen.view, side, was, screen.controls[side], x0, half);
    }
    ticking = side;
    plainFromMs = was.phase !== 'overtime' && was.remainingMs >= NO_RECORD_BELOW_MS ? NO_RECORD_BELOW_MS : 0;
    // A flag's count-up, the break and a pending delay are other texts, or have a line that changes: drawn whole.
    if (was.flaggedAtMs !== null || was.inBreak || was.graceMs > 0) placed.text = '';
  }

  /** Digit `digit` drawn again in the cell that ends at `right`. */
  function drawCell(digit: number, right: number): void {
    const size = placed.size;
    canvas.setColor(0);
    canvas.fillRect(right - size.width, placed.top, right - 1, placed.top + size.height - 1);
    canvas.setColor(1);
    /*#__NOINLINE__*/ drawDigit(canvas, digit, right - size.width, placed.top, size);
  }

  /**
   * More than the last digit changed: the changed cells from the right, until what is left of them is as drawn; a
   * text of another length, or with anything but a digit changed, is another shape, and the half is drawn whole.
   */
  function drawChanged(side: Side, shown: SideView, text: string): void {
    const drawn = placed.text;
    const size = placed.size;
    let right = placed.right;
    for (let i = text.length === drawn.length ? text.length - 1 : -1; i >= 0; i--) {
      const ch = text.charCodeAt(i);
      const was = drawn.charCodeAt(i);
      if (ch !== was && (ch < 48 || ch > 57 || was < 48 || was > 57)) break;
      if (ch !== was) drawCell(ch - 48, right);
      if (text.substring(0, i) === drawn.substring(0, i)) return;
      right -= (ch === 58 || ch === 46 ? size.thickness : size.width) + size.gap;
    }
    follow(side, shown, null);
  }

  return {
    menuColumns: 16,
    draw(screen) {
      last = screen;
      ticking = null;
      halves = renderOled(canvas, screen);
      display.flip();
    },
    drawTime(side, shown) {
      if (side !== ticking) {
        const screen = last as Screen;
        /*#__NOINLINE__*/ follow(side, screen.view.sides[side], halves.length ? halves[side === screen.leftSide ? 0 : 1] : null);
      }
      // Plain ticks (see above): every format's last character is a digit, so when only it changed it is one cell.
      const drawn = placed.text;
      if (drawn === '' || shown.remainingMs < plainFromMs) {
        /*#__NOINLINE__*/ follow(side, shown, null);
      } else {
        const text = formatClock(shown.remainingMs);
        if (text === drawn) return;
        const end = text.length - 1;
        if (end === drawn.length - 1 && text.substring(0, end) === drawn.substring(0, end)) drawCell(text.charCodeAt(end) - 48, placed.right);
        else /*#__NOINLINE__*/ drawChanged(side, shown, text);
        placed.text = text;
      }
      display.flip();
    },
  };
}
