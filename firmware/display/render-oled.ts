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
 * Cost on the device: a whole frame is one clear and at most ~100 native fillRect/drawString/stringWidth calls, no
 * per-pixel JavaScript; but the layout draws a frame whole only after the menu (`oledLayout`): otherwise each region
 * above (a tab, a time, the line below it, the battery, the bottom line) is drawn again only when what it shows
 * changed, so a press redraws the two tabs and the SSD1306 driver sends their two pages.
 */
import { Canvas, GraphicsDisplay } from '../../hal/hal';
import { ClockView, SideView } from './view';
import { Layout } from './layout';
import { TimeControl } from '../clock/control';
import { otherSide, Side } from '../clock/side';
import { setSmallFont } from './font';
import { DigitSize, drawBigText, drawCharacter } from './seven-segment';
import { GLYPH_BATTERY, GLYPH_FLAG, GLYPH_NO_RECORD, GLYPH_OVERTIME, GLYPH_PAUSE, OLED_GLYPH_BASE, oledGlyph } from './glyphs';
import {
  batteryLow, delayText, flagRank, NO_RECORD_BELOW_MS, noRecordNeeded, overtimeCount, Screen, sideName, timeText,
} from './screen';
import { formatClock } from './format-time';

/**
 * Big digit sizes, largest first, four characters each: width, height, thickness, gap (seven-segment.ts `DigitSize`).
 * 4:59 and 9.9 at the first, 59:59 at the second, h:mm:ss and days further down. One string: as objects the six
 * sizes held 57 JsVars.
 */
const SIZES = '\x0d\x1c\x04\x03\x0b\x1c\x03\x02\x09\x18\x03\x02\x08\x16\x02\x02\x07\x14\x02\x01\x06\x10\x02\x01';
/** Where the last size starts in SIZES. */
const LAST_SIZE = 20;

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

/** Pixels x1-x2, y1-y2 cleared (the color left at 1, as everything here leaves it). */
function clearRect(canvas: Canvas, x1: number, y1: number, x2: number, y2: number): void {
  canvas.setColor(0);
  canvas.fillRect(x1, y1, x2, y2);
  canvas.setColor(1);
}

/** The tab between x1 and x2, over whatever it showed: lit, outlined or plain. */
function drawTab(canvas: Canvas, view: ClockView, side: Side, x1: number, x2: number): void {
  const running = view.status === 'running' && view.toMove === side;
  canvas.setColor(running ? 1 : 0);
  canvas.fillRect(x1, TAB_TOP, x2, TAB_BOTTOM);
  canvas.setColor(running ? 0 : 1);
  if (view.status === 'paused' && view.toMove === side) canvas.drawRect(x1, TAB_TOP, x2, TAB_BOTTOM);
  canvas.drawString(sideName(side), x1 + 2, TAB_TOP + 2);
  const moves = '#' + view.sides[side].moves;
  canvas.drawString(moves, x2 - 1 - canvas.stringWidth(moves), TAB_TOP + 2);
  canvas.setColor(1);
}

/**
 * What a half shows, as drawn: each region's key ("" where nothing is drawn), compared with the key of what is to
 * be shown before anything is drawn; and where its digits stand.
 */
export interface Half extends DigitSize {
  /** The half's left edge. */
  x: number;
  /** The tab: whose it is, its move count, and the status when that side is to move. */
  tab: string;
  /** The big icon before the time, the time's text, and the text but its last character. */
  icon: string;
  text: string;
  head: string;
  /** The top of the digits, drawn at the half's size (its DigitSize fields), and the x just past the last. */
  top: number;
  right: number;
  /** The line below the time, as `infoKey` gives it. */
  info: string;
}

/** What the clock screen shows, as drawn: which side is on the left, the halves (left first), the battery, the bottom line. */
export interface Drawn {
  left: Side;
  halves: Half[];
  battery: string;
  bottom: string;
}

/** The time `text` in the half, with `icon` before it, the largest size that fits; where it went is kept in `h`. */
function placeTime(canvas: Canvas, h: Half, text: string, icon: string, half: number): void {
  // An icon stands apart from the digits by twice their own gap, so it never reads as one of them.
  const room = half - 2 * MARGIN;
  const n = text.length;
  let narrow = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 || c === 46) narrow++;
  }
  // The first size at which it fits, else the last: a digit is `width` wide, ":" and "." `thickness`.
  let at = 0;
  for (; at < LAST_SIZE; at += 4) {
    const gap = SIZES.charCodeAt(at + 3);
    if ((n - narrow) * SIZES.charCodeAt(at) + narrow * SIZES.charCodeAt(at + 2) + (n - 1) * gap + (icon ? BIG_ICON_WIDTH + 2 * gap : 0) <= room) break;
  }
  h.width = SIZES.charCodeAt(at);
  h.height = SIZES.charCodeAt(at + 1);
  h.thickness = SIZES.charCodeAt(at + 2);
  h.gap = SIZES.charCodeAt(at + 3);
  const width = n === 0 ? 0 : (n - narrow) * h.width + narrow * h.thickness + (n - 1) * h.gap;
  const iconWidth = icon ? BIG_ICON_WIDTH + 2 * h.gap : 0;
  const x = h.x + ((half - iconWidth - width) >> 1);
  if (icon) {
    setSmallFont(canvas, 2);
    canvas.drawString(icon, x, TIME_TOP + ((TIME_HEIGHT - 16) >> 1));
    setSmallFont(canvas, 1);
  }
  h.top = TIME_TOP + ((TIME_HEIGHT - h.height) >> 1);
  /*#__NOINLINE__*/ drawBigText(canvas, text, x + iconWidth, h.top, h);
  h.icon = icon;
  h.text = text;
  h.head = text.substring(0, n - 1);
  h.right = x + iconWidth + width;
}

/**
 * `text` over the half's time when only digits changed (the same length, a digit where a digit was): the changed
 * cells from the right, until what is left of the text is as drawn; the digits stand where they stood, since a text
 * with the same digits in other places is as wide, so is drawn at the same size and place. False, drawing nothing,
 * when anything else changed: that is another shape.
 */
function changeDigits(canvas: Canvas, h: Half, text: string): boolean {
  const drawn = h.text;
  let right = h.right;
  for (let i = text.length === drawn.length ? text.length - 1 : -1; i >= 0; i--) {
    const ch = text.charCodeAt(i);
    const was = drawn.charCodeAt(i);
    if (ch !== was && (ch < 48 || ch > 57 || was < 48 || was > 57)) return false;
    if (ch !== was) drawCharacter(canvas, ch - 48, right - h.width, h.top, h);
    if (text.substring(0, i) === drawn.substring(0, i)) {
      h.text = text;
      h.head = text.substring(0, text.length - 1);
      return true;
    }
    right -= (ch === 58 || ch === 46 ? h.thickness : h.width) + h.gap;
  }
  return false;
}

/**
 * The line below the time as its candidates, longest first, "|" between them, "" for none; a fallen flag's lit box
 * as "!" and its text. A key: when it is as drawn, the line is.
 */
function infoKey(view: ClockView, side: Side, s: SideView, control: TimeControl): string {
  if (s.flaggedAtMs !== null) {
    const rank = flagRank(view, side);
    return '!' + (rank === 1 ? '1st ' : rank === 2 ? '2nd ' : '') + 'FLAG';
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
  if (text === '') return mark === '' ? '' : mark + ' no record|' + mark;
  if (mark === '') return (long || text) + '|' + text;
  return mark + ' ' + (long || text) + '|' + mark + ' ' + text + '|' + text;
}

/** The line below the time as `key` says (the first candidate that fits), over whatever it showed. */
function drawInfo(canvas: Canvas, h: Half, key: string, half: number): void {
  const x1 = h.x + 1;
  const x2 = h.x + half - 2;
  if (h.info !== '') clearRect(canvas, h.x, INFO_Y - 1, h.x + half - 1, INFO_Y + 8);
  h.info = key;
  if (key.charAt(0) === '!') drawCentered(canvas, key.substring(1), x1, x2, INFO_Y, true);
  else if (key !== '') {
    const shown = fitting(canvas, key.split('|'), x2 - x1 + 1);
    if (shown !== '') drawCentered(canvas, shown, x1, x2, INFO_Y, false);
  }
}

/**
 * The half's time and the line below it as side `s` shows them, each drawn again only when it changed (the time's
 * changed digits alone when only digits changed). In main time over 5 minutes with no flag, break or delay the line
 * is empty: known without working out its key.
 */
function showHalf(canvas: Canvas, view: ClockView, side: Side, s: SideView, control: TimeControl, h: Half, half: number): void {
  const text = /*#__NOINLINE__*/ timeText(s);
  const icon = s.flaggedAtMs !== null ? oledGlyph(GLYPH_FLAG) : s.phase === 'overtime' && !s.inBreak ? oledGlyph(GLYPH_OVERTIME) : '';
  if (icon !== h.icon || (text !== h.text && !(/*#__NOINLINE__*/ changeDigits(canvas, h, text)))) {
    if (h.text !== '') clearRect(canvas, h.x, TIME_TOP, h.x + half - 1, TIME_TOP + TIME_HEIGHT - 1);
    /*#__NOINLINE__*/ placeTime(canvas, h, text, icon, half);
  }
  const plain = s.flaggedAtMs === null && !s.inBreak && s.graceMs <= 0 && s.phase !== 'overtime' && s.remainingMs >= NO_RECORD_BELOW_MS;
  const info = plain ? '' : /*#__NOINLINE__*/ infoKey(view, side, s, control);
  if (info !== h.info) /*#__NOINLINE__*/ drawInfo(canvas, h, info, half);
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

/** The clock `screen` over what `drawn` says is drawn, region by region, each only when it changed; `drawn` then says what is. */
function drawClock(canvas: Canvas, screen: Screen, drawn: Drawn): void {
  const width = canvas.getWidth();
  const height = canvas.getHeight();
  const half = width >> 1;
  const view = screen.view;
  for (let i = 0; i < 2; i++) {
    const side = i === 0 ? screen.leftSide : otherSide(screen.leftSide);
    const h = drawn.halves[i];
    const s = view.sides[side];
    const tab = (view.toMove === side ? view.status : '') + side + s.moves;
    if (tab !== h.tab) /*#__NOINLINE__*/ drawTab(canvas, view, side, i === 0 ? 0 : half + (TAB_GAP >> 1), i === 0 ? half - 1 - (TAB_GAP >> 1) : width - 1);
    h.tab = tab;
    /*#__NOINLINE__*/ showHalf(canvas, view, side, s, screen.controls[side], h, half);
  }
  const battery = batteryLow(screen) ? oledGlyph(GLYPH_BATTERY) : '';
  if (battery !== drawn.battery) {
    if (drawn.battery !== '') clearRect(canvas, half - (TAB_GAP >> 1), TAB_TOP, half - 1 + (TAB_GAP >> 1), TAB_BOTTOM);
    if (battery !== '') canvas.drawString(battery, half - 3, TAB_TOP + 2);
    drawn.battery = battery;
  }
  const bottom = screen.hint ? 'h' + screen.hint : screen.notice ? 'n' + screen.notice : view.status === 'paused' || view.status === 'ready' ? view.status + view.toMove : '';
  if (bottom !== drawn.bottom) {
    if (drawn.bottom !== '') clearRect(canvas, 0, BOTTOM_TOP, width - 1, height - 1);
    /*#__NOINLINE__*/ drawBottom(canvas, screen, width, height);
    drawn.bottom = bottom;
  }
}

/** Draws `screen` whole; answers what it drew (null for the menu), for the regions drawn next to be compared with. */
export function renderOled(canvas: Canvas, screen: Screen): Drawn | null {
  canvas.clear();
  canvas.setColor(1);
  setSmallFont(canvas, 1);
  if (screen.menu) {
    drawMenu(canvas, screen, canvas.getWidth(), canvas.getHeight());
    return null;
  }
  const halves: Half[] = [];
  for (let i = 0; i < 2; i++) halves.push({ x: i * (canvas.getWidth() >> 1), tab: '', icon: '', text: '', head: '', width: 0, height: 0, thickness: 0, gap: 0, top: 0, right: 0, info: '' });
  const drawn: Drawn = { left: screen.leftSide, halves: halves, battery: '', bottom: '' };
  drawClock(canvas, screen, drawn);
  return drawn;
}

/**
 * Whether ticks of the side whose time `s` shows are plain from the time they start at: while its time stays at or
 * over the answer (Infinity: never), a tick changes nothing but the time's digits. A flag's count-up, the break and a
 * pending delay are other texts, or have a line that changes; in main time the 14.3 mark comes at 5 minutes.
 */
function plainFrom(s: SideView): number {
  if (s.flaggedAtMs !== null || s.inBreak || s.graceMs > 0) return Infinity;
  return s.phase !== 'overtime' && s.remainingMs >= NO_RECORD_BELOW_MS ? NO_RECORD_BELOW_MS : 0;
}

/**
 * The OLED layout on a graphics display. A screen is drawn whole only after the menu (or another left side): else
 * region by region, each only when what it shows changed (`drawClock`), then the frame is sent (the SSD1306 driver
 * sends the pages drawn on).
 *
 * A display tick (`drawTime`) is most wake-ups, and on Espruino each call and each line of it counts: the new time's
 * text is compared with the text drawn before any pixel is, and when only its last digit changed (nearly every
 * tick) only that cell is drawn again (over what it showed), when other digits changed too only theirs. That holds
 * while only time passes for a plain clock (no flag, no break, no pending delay: a side's phase, flag and periods do
 * not change in a stretch of ticks, the runtime draws the screen at every boundary), until main time reaches the
 * 14.3 mark's 5 minutes; otherwise, or when the time's shape changed, the tick goes the regions' way for the half
 * (`showHalf`). What the ticks need (the running half, from when they are plain) is worked out at the `draw`.
 */
export function oledLayout(display: GraphicsDisplay): Layout {
  const canvas = display.canvas;
  const half = canvas.getWidth() >> 1;
  let last: Screen | null = null;
  /** What the screen shows, as drawn; null after the menu (the next screen is drawn whole). */
  let drawn: Drawn | null = null;
  /** The half of the side that runs, whose time the ticks after a `draw` draw, and from when they are plain. */
  let th = null as unknown as Half;
  let plainFromMs = Infinity;

  /** A tick that is not plain: the half's time and the line below it, each drawn again if it changed. */
  function tickHalf(side: Side, shown: SideView): void {
    const screen = last as Screen;
    showHalf(canvas, screen.view, side, shown, screen.controls[side], th, half);
    plainFromMs = plainFrom(shown);
  }

  return {
    menuColumns: 16,
    draw(screen) {
      last = screen;
      if (drawn && !screen.menu && screen.leftSide === drawn.left) /*#__NOINLINE__*/ drawClock(canvas, screen, drawn);
      else drawn = /*#__NOINLINE__*/ renderOled(canvas, screen);
      display.flip();
      // The runtime ticks only the running side, and only after a clock's draw (the Layout's `drawTime`).
      const running = screen.view.running;
      if (drawn && running !== null) {
        th = drawn.halves[running === drawn.left ? 0 : 1];
        plainFromMs = plainFrom(screen.view.sides[running]);
      }
    },
    drawTime(side, shown) {
      const h = th;
      if (shown.remainingMs < plainFromMs) tickHalf(side, shown);
      else {
        // Plain (see above): every format's last character is a digit, so when only it changed it is one cell.
        const text = formatClock(shown.remainingMs);
        if (text === h.text) return;
        const end = text.length - 1;
        if (text.substring(0, end) === h.head) {
          drawCharacter(canvas, text.charCodeAt(end) - 48, h.right - h.width, h.top, h);
          h.text = text;
        } else if (!(/*#__NOINLINE__*/ changeDigits(canvas, h, text))) tickHalf(side, shown);
      }
      display.flip();
    },
  };
}
