/**
 * The game's log as people read it: every view of the log meant for a person (the menu's log on the device, the
 * terminal and browser simulators' logs, the arbiter's console page) writes its times with these, so they all read
 * alike and count from one origin. The core's entries stay as they are ("black move 12 (4200 ms)"): the scripted
 * simulator's report, the journal and the game's record read them in milliseconds.
 *
 * The game's time line, for people, begins at the game's start: the instant of its `start` entry (the press that
 * started the first clock), 0:00.0 until then. It is the runtime's game time (runtime.ts `startMs`), so a power cut
 * does not move it: the restored game keeps its instants and its start.
 *
 * The forms (format-time.ts `timeText`):
 *   "12:04.3 black move 12 (0:04.2)"                            an entry: its instant on the game's time line, then
 *                                                              the core's words with every "N ms" as a time
 *   "3:16.4 arbiter adjust white time +2:00, 5:00 left"         amounts: tenths only when not whole seconds
 *   "1:02:03.4 forced passes until 1:05:00.0: black 3, white 3"  instants ("until N ms") on the game's time line
 *   "2d03:04:05.6"                                              days, for correspondence games
 * Instants and a move's time are always to the tenth (a press's instant decides a flag, 12.8); amounts the arbiter
 * set ("+2:00") read as they were set.
 */
import { LogEntry } from '../clock/game-log';
import { findText } from '../clock/text';
import { timeText } from './format-time';

/** The instant of the game's start in `log` (its first `start` entry), or null when the log has none. */
export function startIn(log: { atMs: number; kind: string }[]): number | null {
  for (let i = 0; i < log.length; i++) {
    if (log[i].kind === 'start') return log[i].atMs;
  }
  return null;
}

/** How far into the game the instant `atMs` of the runtime's time line is: from `startMs`, 0 before it or without it. */
export function gameMs(atMs: number, startMs: number | null): number {
  return startMs === null || atMs < startMs ? 0 : atMs - startMs;
}

/** An instant as people read it, on the game's time line, to the tenth: "12:04.3". */
export function gameText(atMs: number, startMs: number | null): string {
  return timeText(gameMs(atMs, startMs), true);
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function endsWith(text: string, tail: string): boolean {
  return text.length >= tail.length && text.substring(text.length - tail.length) === tail;
}

/**
 * The core's words with every "N ms" written as a time: "(4200 ms)" (a move's time) as "(0:04.2)", "+120000 ms" as
 * "+2:00", "300000 ms left" as "5:00 left", "until 999000 ms" (an instant) on the game's time line. Anything else is
 * left as it is ("an integer number of ms").
 */
export function peopleWords(text: string, startMs: number | null): string {
  let out = '';
  let from = 0;
  for (;;) {
    const unit = findText(text, ' ms', from);
    if (unit < 0) break;
    const after = unit + 3;
    let begin = unit;
    while (begin > from && isDigit(text.charAt(begin - 1))) begin--;
    const c = text.charAt(after);
    if (begin === unit || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      out += text.substring(from, after);
      from = after;
      continue;
    }
    const ms = Number(text.substring(begin, unit));
    const sign = begin > from && (text.charAt(begin - 1) === '+' || text.charAt(begin - 1) === '-') ? text.charAt(begin - 1) : '';
    const before = text.substring(from, begin - sign.length);
    let shown: string;
    if (endsWith(before, 'until ')) shown = gameText(ms, startMs);
    else if (endsWith(before, '(')) shown = timeText(ms, true);
    else shown = sign + timeText(ms, false);
    out += before + shown;
    from = after;
  }
  return out + text.substring(from);
}

/** One entry as a line for people: "12:04.3 black move 12 (0:04.2)". */
export function logText(entry: LogEntry, startMs: number | null): string {
  return gameText(entry.atMs, startMs) + ' ' + peopleWords(entry.text, startMs);
}
