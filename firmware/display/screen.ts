/**
 * What a display layout draws from: the core's view plus what the shell knows (which button is whose, the battery,
 * a passing notice, the menu, a gesture hint), and the few facts both layouts derive from it the same way, so that
 * the LCD and the OLED never disagree about a side.
 */
import { ClockView, SideView } from './view';
import { TimeControl } from '../clock/control';
import { otherSide, PerSide, Side } from '../clock/side';
import { formatClock, formatOverdue } from './format-time';

export interface Screen {
  view: ClockView;
  controls: PerSide<TimeControl>;
  /** Whose button (and half of the display) is on the left. */
  leftSide: Side;
  /** Undefined: the board has no gauge. */
  batteryPercent?: number;
  /** One short line for a few seconds: "game restored", "power off 0:12:34", "paused by W"… */
  notice?: string;
  /** Two rows from the arbiter's menu (16 columns): shown instead of the clock. */
  menu?: string[];
  /** While both buttons are held: "resume"/"menu" progress, short. */
  hint?: string;
}

/** Below this the battery is shown as low. */
export const LOW_BATTERY_PERCENT = 15;
/** 14.3: with less than five minutes of main time a player need not record moves. */
export const NO_RECORD_BELOW_MS = 300000;

/** The side on the right half. */
export function rightSide(screen: Screen): Side {
  return otherSide(screen.leftSide);
}

export function batteryLow(screen: Screen): boolean {
  return screen.batteryPercent !== undefined && screen.batteryPercent < LOW_BATTERY_PERCENT;
}

/**
 * The time a side's display shows: the break countdown during the break before byo-yomi, the overdue time of a
 * flagged clock that counts up (onExpire "continue"), otherwise main time or the current period's time. A pending
 * simple delay is not included: it is shown apart (`delayText`), and main time does not move until it is over.
 */
export function timeText(side: SideView): string {
  if (side.flaggedAtMs !== null && side.overdueMs > 0) return /*#__NOINLINE__*/ formatOverdue(side.overdueMs);
  if (side.inBreak) return formatClock(side.graceMs);
  return formatClock(side.remainingMs);
}

/** The simple delay still pending this turn, or "" when none is. */
export function delayText(side: SideView): string {
  return side.graceMs > 0 && !side.inBreak && side.flaggedAtMs === null ? formatClock(side.graceMs) : '';
}

/** The shown time is a byo-yomi period (not main time, not the break, not a fallen flag). */
export function showsPeriod(side: SideView): boolean {
  return side.phase === 'overtime' && !side.inBreak && side.flaggedAtMs === null;
}

/** 14.3: under five minutes or in byo-yomi, the side need not record its moves. */
export function noRecordNeeded(side: SideView): boolean {
  return side.flaggedAtMs === null && (side.phase === 'overtime' || side.remainingMs < NO_RECORD_BELOW_MS);
}

/** 1 when this side's flag fell first of two, 2 when second, 0 when it has not fallen or fell alone. */
export function flagRank(view: ClockView, side: Side): number {
  if (view.flags.length < 2) return 0;
  for (let i = 0; i < view.flags.length; i++) if (view.flags[i].side === side) return i + 1;
  return 0;
}

/** Byo-yomi periods or Canadian moves left in overtime: "3x", "12/20"; "" otherwise. */
export function overtimeCount(side: SideView, control: TimeControl): string {
  if (side.phase !== 'overtime') return '';
  if (control.system === 'byoyomi' && side.periodsLeft !== null) return side.periodsLeft + 'x';
  if (control.system === 'canadian' && side.movesLeft !== null) return side.movesLeft + '/' + control.moves;
  return '';
}

export function sideLetter(side: Side): string {
  return side === 'black' ? 'B' : 'W';
}

export function sideName(side: Side): string {
  return side === 'black' ? 'BLACK' : 'WHITE';
}
