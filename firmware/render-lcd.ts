/**
 * The 16×2 character layout: each player's half of the screen sits on the side of that player's button.
 *   row 0: a marker on the running side, then the time left (or overdue time of a flagged clock)
 *   row 1: B/W, then what comes next: moves made in main time, periods or moves left in overtime, FLAG, PAUSE
 */
import { ClockView, SideView } from './view';
import { formatClock, formatOverdue } from './format-time';
import { Side } from './side';
import { TimeControl } from './control';
import { PerSide } from './side';

export interface LcdLayout {
  /** The side whose button (and so whose half of the screen) is on the left. */
  leftSide: Side;
  columns: number;
}

function padLeft(text: string, width: number): string {
  while (text.length < width) text = ' ' + text;
  return text.length > width ? text.substring(text.length - width) : text;
}

function padRight(text: string, width: number): string {
  while (text.length < width) text = text + ' ';
  return text.substring(0, width);
}

/** The time a side's clock shows: time left (with any pending delay), or the overdue time of a flagged clock. */
export function timeText(side: SideView): string {
  if (side.flaggedAtMs !== null) return side.overdueMs > 0 ? formatOverdue(side.overdueMs) : '0:00';
  return formatClock(side.remainingMs + side.graceMs);
}

/** What comes next for a side, in a few characters: FLAG, PAUSE, READY, BREAK, periods or moves left, moves made. */
export function infoText(view: ClockView, side: Side, control: TimeControl): string {
  const s = view.sides[side];
  if (s.flaggedAtMs !== null) return view.flags.length > 1 && view.flags[0].side === side ? 'FLAG 1' : 'FLAG';
  if (view.status === 'paused' && view.toMove === side) return 'PAUSE';
  if (view.status === 'ready' && view.toMove === side) return 'READY';
  if (s.inBreak) return 'BREAK';
  if (s.phase === 'overtime' && control.system === 'byoyomi') return s.periodsLeft + 'x' + Math.round(control.periodMs / 1000);
  if (s.phase === 'overtime' && control.system === 'canadian') return s.movesLeft + '/' + control.moves;
  return '#' + s.moves;
}

function half(view: ClockView, side: Side, control: TimeControl, width: number): string[] {
  const marker = view.running === side ? '*' : ' ';
  return [marker + padLeft(timeText(view.sides[side]), width - 1), padRight((side === 'black' ? 'B ' : 'W ') + infoText(view, side, control), width)];
}

export function renderLcd(view: ClockView, controls: PerSide<TimeControl>, layout: LcdLayout): string[] {
  const width = Math.floor(layout.columns / 2);
  const rightSide: Side = layout.leftSide === 'black' ? 'white' : 'black';
  const left = half(view, layout.leftSide, controls[layout.leftSide], width);
  const right = half(view, rightSide, controls[rightSide], layout.columns - width);
  return [left[0] + right[0], left[1] + right[1]];
}
