/**
 * The menu's words on a 16x2 character screen: ASCII only (the LCD has no multiplication sign: "5x30s"), every
 * row exactly `columns` characters, durations as a clock shows them. Numbers are formatted by hand: Espruino
 * prints fractions differently from Node.
 */
import { TimeControl } from '../../clock/control';
import { Side } from '../../clock/side';
import { findText, hasOwn, hasText, numberAfter } from '../../clock/text';

const SECOND = 1000;
const MINUTE = 60000;
const DAY = 86400000;

function two(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** Anything outside printable ASCII becomes '?', so no row can carry a byte the LCD would garble. */
export function ascii(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += code >= 32 && code <= 126 ? text.charAt(i) : '?';
  }
  return out;
}

/** Exactly `columns` characters: cut or padded with spaces. */
export function fit(text: string, columns: number): string {
  let t = ascii(text);
  if (t.length > columns) return t.substring(0, columns);
  while (t.length < columns) t += ' ';
  return t;
}

/** `left` at the left, `right` at the right, at least one space between; `left` is cut when both do not fit. */
export function spread(left: string, right: string, columns: number): string {
  if (right === '') return fit(left, columns);
  const room = columns - right.length - 1;
  if (room < 1) return fit(right, columns);
  return fit(fit(left, room) + ' ' + right, columns);
}

/**
 * A duration as the clock shows it, rounded up to whole seconds: "0:30", "12:34", "1:00:00", and days as
 * "60d" or "2d03:00:00".
 */
export function durationText(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / SECOND);
  const seconds = total % 60;
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  if (hours >= 24) {
    const days = Math.floor(hours / 24);
    if (total % 86400 === 0) return days + 'd';
    return days + 'd' + two(hours % 24) + ':' + two(minutes) + ':' + two(seconds);
  }
  if (hours > 0) return hours + ':' + two(minutes) + ':' + two(seconds);
  return minutes + ':' + two(seconds);
}

/** A signed change of time: "+2:00", "-0:30". */
export function deltaText(ms: number): string {
  return (ms < 0 ? '-' : '+') + durationText(Math.abs(ms));
}

/** An instant on the game's time line, to the tenth: "3:07.4", "1:02:03.4" (negative before the start). */
export function instantText(ms: number): string {
  const tenths = Math.floor(Math.abs(ms) / 100);
  const totalSeconds = Math.floor(tenths / 10);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const clock = (hours > 0 ? hours + ':' + two(minutes) : String(minutes)) + ':' + two(totalSeconds % 60) + '.' + (tenths % 10);
  return (ms < 0 ? '-' : '') + clock;
}

/** A duration inside a control's name: "60d", "5m", "120m", "30s", "1.5s". */
export function compactDuration(ms: number): string {
  if (ms >= DAY && ms % DAY === 0) return ms / DAY + 'd';
  if (ms % MINUTE === 0) return ms / MINUTE + 'm';
  if (ms % SECOND === 0) return ms / SECOND + 's';
  return Math.floor(ms / SECOND) + '.' + Math.floor((ms % SECOND) / 100) + 's';
}

/** A per-move time (byo-yomi period, increment, delay): in seconds up to a minute, as players say it ("1x60s"). */
export function perMoveDuration(ms: number): string {
  return ms <= MINUTE && ms % SECOND === 0 ? ms / SECOND + 's' : compactDuration(ms);
}

/**
 * A control in at most 16 characters where possible: "5m absolute", "60m+5x30s", "30m+20/5m", "3m+15s Fischer",
 * "25m+10s Bronst", "25m+10s delay", "1m hourglass", "40/120m+20/60m".
 */
export function shortControl(c: TimeControl): string {
  switch (c.system) {
    case 'absolute':
      return compactDuration(c.mainMs) + ' absolute';
    case 'byoyomi':
      return compactDuration(c.mainMs) + '+' + c.periods + 'x' + perMoveDuration(c.periodMs);
    case 'canadian':
      return compactDuration(c.mainMs) + '+' + c.moves + '/' + compactDuration(c.periodMs);
    case 'fischer': {
      const text = compactDuration(c.mainMs) + '+' + perMoveDuration(c.incrementMs);
      return c.capMs === undefined ? text + ' Fischer' : text + ' F max' + compactDuration(c.capMs);
    }
    case 'bronstein':
      return compactDuration(c.mainMs) + '+' + perMoveDuration(c.delayMs) + ' Bronst';
    case 'delay':
      return compactDuration(c.mainMs) + '+' + perMoveDuration(c.delayMs) + ' delay';
    case 'hourglass':
      return compactDuration(c.mainMs) + ' hourglass';
    case 'stages': {
      const parts: string[] = [];
      for (const stage of c.stages) parts.push(stage.moves + '/' + compactDuration(stage.ms));
      return parts.join('+');
    }
  }
}

export function sideLetter(side: Side | null): string {
  if (side === null) return '';
  return side === 'black' ? 'B' : 'W';
}

export function sideName(side: Side): string {
  return side === 'black' ? 'Black' : 'White';
}

/**
 * A checking message (`control.stages[0].ms: must be a positive integer (got 0)`) in one short line:
 * "S1 time: >0", "Cap below main", "Periods: >0", "Delay: too big".
 */
export function shortError(message: string): string {
  const colon = findText(message, ': ');
  const path = colon < 0 ? message : message.substring(0, colon);
  const reason = colon < 0 ? '' : message.substring(colon + 2);
  const field = path.substring(path.lastIndexOf('.') + 1);
  const stage = numberAfter(path, 'stages[');
  // Field names in checking messages (control-validate, adjust) as the menu says them: a table written here, where
  // the device builds it only for a message, not at boot.
  const names: { [field: string]: string } = {
    mainMs: 'Main',
    periods: 'Periods',
    periodMs: 'Period',
    moves: 'Moves',
    incrementMs: 'Increment',
    capMs: 'Cap',
    delayMs: 'Delay',
    stages: 'Stages',
    deltaMs: 'Time',
    remainingMs: 'Time',
    periodsLeft: 'Periods',
    movesLeft: 'Moves left',
    control: 'Control',
  };
  let name = hasOwn(names, field) ? names[field] : field;
  if (stage !== '' && field === 'ms') name = 'S' + (Number(stage) + 1) + ' time';
  else if (stage !== '' && field === 'moves') name = 'S' + (Number(stage) + 1) + ' moves';
  if (hasText(reason, 'at least mainMs')) return name + ' below main';
  if (hasText(reason, 'at most')) return name + ': too big';
  if (hasText(reason, 'positive')) return name + ': >0';
  if (hasText(reason, 'non-negative')) return name + ': >=0';
  if (hasText(reason, ' plays ')) return 'Not for ' + name;
  return name + ': refused';
}
