/**
 * The menu's words on a 16x2 character screen: ASCII only (the HD44780's ROM A00 has no multiplication sign, and the
 * menu draws the same text on the OLED and in the simulators: "5x30s"), every row exactly `columns` characters,
 * durations as a clock shows them. A text that does not fit loses whole words from its end, never part of one
 * (`fitWords`): no row reads "New contro". Numbers are formatted by hand: Espruino prints fractions differently
 * from Node.
 */
import { TimeControl } from '../../clock/control';
import { Side } from '../../clock/side';
import { findText, hasOwn, hasText, numberAfter } from '../../clock/text';

const SECOND = 1000;
const MINUTE = 60000;
const HOUR = 3600000;
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

/**
 * `text` in at most `room` characters: whole, or its first words that fit (words are separated by spaces). When not
 * even the first word fits: '' if `cut` is false, else that word cut (a text of one long word has no better form).
 */
export function fitWords(text: string, room: number, cut: boolean): string {
  const t = ascii(text);
  if (t.length <= room) return t;
  let end = t.lastIndexOf(' ', room);
  while (end > 0 && t.charAt(end - 1) === ' ') end--;
  if (end > 0) return t.substring(0, end);
  return cut ? t.substring(0, Math.max(0, room)) : '';
}

function pad(text: string, columns: number): string {
  let t = text;
  while (t.length < columns) t += ' ';
  return t;
}

/** Exactly `columns` characters: the words that fit, padded with spaces. */
export function fit(text: string, columns: number): string {
  return pad(fitWords(text, columns, true), columns);
}

/**
 * `left` at the left, `right` at the right, at least one space between; `right` (a value) is kept whole and `left`
 * (its label) loses words from its end when both do not fit.
 */
export function spread(left: string, right: string, columns: number): string {
  if (right === '') return fit(left, columns);
  const value = fitWords(right, columns, true);
  const label = fitWords(left, columns - value.length - 1, false);
  return pad(label, columns - value.length) + value;
}

/** A title and a position ("1/6") on one row; the position is left out when both do not fit. */
export function titled(title: string, position: string, columns: number): string {
  return ascii(title).length + 1 + position.length <= columns ? spread(title, position, columns) : fit(title, columns);
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

/** A duration inside a control's name: "60d", "5m", "120m", "30s", "1.5s" (and whole hours with `hours`: "2h"). */
export function compactDuration(ms: number, hours?: boolean): string {
  if (ms >= DAY && ms % DAY === 0) return ms / DAY + 'd';
  if (hours && ms >= HOUR && ms % HOUR === 0) return ms / HOUR + 'h';
  if (ms % MINUTE === 0) return ms / MINUTE + 'm';
  if (ms % SECOND === 0) return ms / SECOND + 's';
  return Math.floor(ms / SECOND) + '.' + Math.floor((ms % SECOND) / 100) + 's';
}

/** A per-move time (byo-yomi period, increment, delay): in seconds up to a minute, as players say it ("1x60s"). */
export function perMoveDuration(ms: number): string {
  return ms <= MINUTE && ms % SECOND === 0 ? ms / SECOND + 's' : compactDuration(ms);
}

/**
 * A control as the menu names it: the system first, then its numbers, in at most 15 characters for every preset
 * (test/menu/labels.test.ts walks them): "Abs 60m", "Byo 40m 1x30s", "Can 30m 20/5m", "Fis 3m+15s" (with a cap:
 * "Fis 3m+15s max10m"), "Bro 25m+10s", "Delay 25m+10s", "Hourglass 1m", "Stg 40/2h 20/1h" (moves per time, each
 * stage's time added: hours where whole, so the two stages fit). "x", not "×": the LCD's ROM has no such sign.
 */
export function shortControl(c: TimeControl): string {
  switch (c.system) {
    case 'absolute':
      return 'Abs ' + compactDuration(c.mainMs);
    case 'byoyomi':
      return 'Byo ' + compactDuration(c.mainMs) + ' ' + c.periods + 'x' + perMoveDuration(c.periodMs);
    case 'canadian':
      return 'Can ' + compactDuration(c.mainMs) + ' ' + c.moves + '/' + compactDuration(c.periodMs);
    case 'fischer': {
      const text = 'Fis ' + compactDuration(c.mainMs) + '+' + perMoveDuration(c.incrementMs);
      return c.capMs === undefined ? text : text + ' max' + compactDuration(c.capMs);
    }
    case 'bronstein':
      return 'Bro ' + compactDuration(c.mainMs) + '+' + perMoveDuration(c.delayMs);
    case 'delay':
      return 'Delay ' + compactDuration(c.mainMs) + '+' + perMoveDuration(c.delayMs);
    case 'hourglass':
      return 'Hourglass ' + compactDuration(c.mainMs);
    case 'stages': {
      let text = 'Stg';
      for (const stage of c.stages) text += ' ' + stage.moves + '/' + compactDuration(stage.ms, true);
      return text;
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
    incrementMs: 'Bonus',
    capMs: 'Cap',
    delayMs: 'Delay',
    stages: 'Stages',
    deltaMs: 'Time',
    remainingMs: 'Time',
    periodsLeft: 'Periods',
    movesLeft: 'Moves',
    control: 'Control',
  };
  let name = hasOwn(names, field) ? names[field] : field;
  if (stage !== '' && field === 'ms') name = 'S' + (Number(stage) + 1) + ' time';
  else if (stage !== '' && field === 'moves') name = 'S' + (Number(stage) + 1) + ' moves';
  if (hasText(reason, 'at least mainMs')) return name + ' below main';
  if (hasText(reason, 'at most')) return name + ' too big';
  if (hasText(reason, 'positive')) return name + ': >0';
  if (hasText(reason, 'non-negative')) return name + ': >=0';
  if (hasText(reason, ' plays ')) return 'Not in system';
  return name + ': refused';
}
