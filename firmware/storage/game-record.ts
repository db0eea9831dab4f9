/**
 * The game's record (issue 12): what a timekeeper writes down, to be exported as SGF or CSV (record-export.ts).
 * Unlike the journal (game-journal.ts), which keeps just enough to restore the game after a power cut, the record
 * keeps every move with its instant, time used and time left, every pause, correction, flag and forced pass.
 *
 * A record is a header (one JSON line: format, controls, options, wall time at the start) and then entries, one per
 * line, each line the fields below separated by single spaces, "-" for none (record-store.ts keeps each line as a
 * checksummed journal line, journal.ts, so a line cut by a power failure is known and skipped):
 *
 *   kind instant side used left phase count moves [text]
 *
 *   kind    s start, m move, p pause, r resume, a arbiter correction, f flag, x forced pass, F record full
 *   instant ms on the game's time line (the core's instant of the entry: a flag's is exact)
 *   side    b, w, or - (the arbiter, or the whole clock)
 *   used    a move's running time, pauses excluded (the core's turn accounting, as its log line says it)
 *   left    the side's main time left, or time left in the current period in overtime, after the entry
 *   phase   m main, o overtime
 *   count   periods left (byo-yomi) or moves left in the period (Canadian)
 *   moves   the side's own move counter after the entry
 *   text    the core's log line in words (not for moves), in ASCII
 *
 * e.g. "m 4200 b 4200 595800 m - 1" or "p 9000 - - - - - - arbiter pause: white to move". Moves and corrections of
 * a side carry that side's clock after the step; the other kinds only their words. An undo line "u N" takes back
 * the last N entries that stand (the runtime's take-back of presses a chord began before; exporters apply it).
 *
 * Lines depend only on the effects of a step and the state after it, so a step taken back and stepped again, or a
 * game stepped in other strides (the simulator's core and device paths), gives the same lines.
 */
import { TimeControl } from '../clock/control';
import { ClockOptions } from '../clock/options';
import { PerSide, Side } from '../clock/side';
import { SideClock } from '../clock/side-clock';
import { ClockEffect, ClockEvent, ClockState } from '../clock/clock-types';
import { hasOwn } from '../clock/text';

/** The header's `v`: exporters refuse a record of another format. */
export const RECORD_FORMAT = 1;

/**
 * The most characters a record file takes (its lines with their checksums): about 800 moves. Once the next line
 * would pass RECORD_ROOM_CHARS, one last line (RECORD_FULL_LINE) is written and nothing more (record-store.ts).
 */
export const RECORD_MAX_CHARS = 32768;
export const RECORD_FULL_LINE = 'F - - - - - - - record full: nothing after this was recorded';
/** What the lines may take before the last one: room is kept for it and its checksum (10 characters). */
export const RECORD_ROOM_CHARS = RECORD_MAX_CHARS - RECORD_FULL_LINE.length - 10;

/** The record's kind letter of each log kind it keeps (not ignored or refused presses, nor storage notices). */
const LETTERS: { [kind: string]: string } = { start: 's', move: 'm', pause: 'p', resume: 'r', adjust: 'a', flag: 'f', pass: 'x' };

/** Every kind letter a record holds, with its name in exports. */
export const RECORD_KINDS: { [letter: string]: string } = {
  s: 'start', m: 'move', p: 'pause', r: 'resume', a: 'adjust', f: 'flag', x: 'pass', F: 'full',
};

/** Text made ASCII for the record: strings are bytes on the ESP32, and exports must read alike on every host. */
export function asciiText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // The one non-ASCII character the core writes is the "x" of "5\u00d730 s".
    out += code >= 0x20 && code <= 0x7e ? text.charAt(i) : code === 0xd7 ? 'x' : '?';
  }
  return out;
}

export function recordHeader(controls: PerSide<TimeControl>, options: ClockOptions, wallMs: number | undefined): string {
  const header: { [key: string]: unknown } = { v: RECORD_FORMAT, c: controls, o: options };
  if (wallMs !== undefined) header.w = wallMs;
  return JSON.stringify(header);
}

function sideLetter(side: Side | null): string {
  return side === null ? '-' : side.charAt(0);
}

/** "left phase count moves" of a side's clock, or four "-". */
function clockFields(clock: SideClock | null): string {
  if (clock === null) return '- - - -';
  const count = clock.periodsLeft !== null ? clock.periodsLeft : clock.movesLeft;
  return clock.remainingMs + ' ' + clock.phase.charAt(0) + ' ' + (count === null ? '-' : count) + ' ' + clock.moves;
}

/**
 * The record lines one committed step adds: one per log entry of a kind the record keeps, in the core's order. The
 * step's event and the state before it are not needed (see the file's header) but are part of the call the runtime
 * makes after every commit.
 */
export function recordLines(before: ClockState, event: ClockEvent, after: ClockState, effects: ClockEffect[], atMs: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < effects.length; i++) {
    const effect = effects[i];
    if (effect.type !== 'log' || !hasOwn(LETTERS, effect.entry.kind)) continue;
    const entry = effect.entry;
    const letter = LETTERS[entry.kind];
    const own = entry.side !== null && (letter === 'm' || letter === 'a');
    // A move's log line says its time used: "black move 12 (4200 ms)" (cut out natively: a scan by hand, character
    // by character, was a good part of a press's record on Espruino; single characters: see text.ts findText).
    const open = entry.text.indexOf('(');
    const close = entry.text.indexOf(' ', open);
    const used = letter === 'm' && open >= 0 && close > open + 1 ? entry.text.substring(open + 1, close) : '-';
    const text = letter === 'm' ? '' : ' ' + asciiText(entry.text);
    lines.push(letter + ' ' + entry.atMs + ' ' + sideLetter(entry.side) + ' ' + used + ' ' +
      clockFields(own ? after.sides[entry.side as Side] : null) + text);
  }
  return lines;
}

/** The line that takes back the last `entries` entries that stand. */
export function recordUndoLine(entries: number): string {
  return 'u ' + entries;
}

/** One entry read back; null fields were "-". */
export interface RecordEntry {
  kind: string;
  atMs: number | null;
  side: Side | null;
  usedMs: number | null;
  leftMs: number | null;
  phase: 'main' | 'overtime' | null;
  count: number | null;
  moves: number | null;
  text: string;
}

/** A field that is "-" (null), a whole number of at most 15 digits, or neither (undefined). */
function wholeOrNone(field: string): number | null | undefined {
  if (field === '-') return null;
  if (field.length === 0 || field.length > 15) return undefined;
  for (let i = 0; i < field.length; i++) {
    const c = field.charAt(i);
    if (c < '0' || c > '9') return undefined;
  }
  return Number(field);
}

/** The number an undo line takes back, or null when `line` is not one. */
export function undoCount(line: string): number | null {
  const count = line.substring(0, 2) === 'u ' ? wholeOrNone(line.substring(2)) : undefined;
  return count === undefined ? null : count;
}

/** An entry line read back, or null when it is not one (a move without its numbers, an unknown kind). */
export function parseRecordLine(line: string): RecordEntry | null {
  const fields: string[] = [];
  let start = 0;
  while (fields.length < 8 && start <= line.length) {
    const end = line.indexOf(' ', start);
    fields.push(line.substring(start, end < 0 ? line.length : end));
    start = end < 0 ? line.length + 1 : end + 1;
  }
  if (fields.length < 8 || !hasOwn(RECORD_KINDS, fields[0])) return null;
  const numbers: (number | null | undefined)[] = [fields[1], fields[3], fields[4], fields[6], fields[7]].map(wholeOrNone);
  const side = fields[2] === 'b' ? 'black' : fields[2] === 'w' ? 'white' : fields[2] === '-' ? null : undefined;
  const phase = fields[5] === 'm' ? 'main' : fields[5] === 'o' ? 'overtime' : fields[5] === '-' ? null : undefined;
  if (numbers.indexOf(undefined) >= 0 || side === undefined || phase === undefined) return null;
  const entry: RecordEntry = {
    kind: fields[0], atMs: numbers[0] as number | null, side: side, usedMs: numbers[1] as number | null,
    leftMs: numbers[2] as number | null, phase: phase, count: numbers[3] as number | null, moves: numbers[4] as number | null,
    text: start <= line.length ? line.substring(start) : '',
  };
  // A move always says who moved, when, what it used and what is left.
  if (entry.kind === 'm' && (side === null || entry.atMs === null || entry.usedMs === null || entry.leftMs === null || phase === null || entry.moves === null)) return null;
  return entry;
}
