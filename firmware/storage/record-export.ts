/**
 * A game's record (game-record.ts) exported as SGF or CSV, streamed: the device prints it over serial piece by
 * piece, so the record is never held whole. It is read several times instead: once to check it all (nothing is
 * written for a record that is damaged beyond use) and to find what the SGF root needs first (the result), then once
 * per part written. The first reading also finds the entries that undo lines take back, through a window of the
 * latest UNDO_WINDOW entries' line numbers (numbers, not the lines: the export at a game's end was the firmware's
 * peak of RAM, and 32 lines held 150–190 JsVars of it); every later reading skips them. Lines cut by a power failure
 * (a bad checksum) are skipped, and the export says how many.
 */
import { TimeControl } from '../clock/control';
import { gameControlError } from '../clock/control-validate';
import { describeGameControl, sameControl, sgfMainSeconds, sgfOvertime, sgfSeconds } from '../clock/control-describe';
import { optionsError } from '../clock/options';
import { isInstant } from '../clock/clock';
import { forEachRecord, RecordSource } from './journal';
import { PerSide, Side } from '../clock/side';
import { asciiText, parseRecordLine, RECORD_FORMAT, RECORD_KINDS, RecordEntry, undoCount } from './game-record';
import { msToCivil } from '../../hal/civil-time';

/** Entries held back for undo lines: the runtime takes back at most 8 commits, each a line or two. */
const UNDO_WINDOW = 32;

export type RecordRead = (each: (chunk: string) => void) => boolean;

interface Header {
  c: PerSide<TimeControl>;
  o: { firstToMove: Side };
  w?: number;
}

/** What the first readings found: the header, lines skipped, and the first flag unless a correction came after. */
interface Checked {
  header: Header;
  damaged: number;
  flagged: Side | null;
}

/**
 * Writes the record that `read` reads (record-store.ts `recordReader`) to `out` as SGF or CSV; null when done, else
 * a one-line error (then nothing was written, unless the record changed while it was being written). Never throws.
 */
export function exportRecord(read: RecordRead, format: 'sgf' | 'csv', out: (text: string) => void): string | null {
  // The helpers are this function's own: on Espruino a module-level function costs RAM (some 7 JsVars) from boot
  // on, while these are made when a record is exported and are garbage after.
  /** The header, or null when the line is not one this firmware wrote. */
  function parseHeader(text: string): Header | null {
    let value: { v?: unknown; c?: unknown; o?: unknown; w?: unknown };
    try {
      value = JSON.parse(text);
    } catch (e) {
      return null;
    }
    if (typeof value !== 'object' || value === null || value.v !== RECORD_FORMAT) return null;
    const c = value.c as { black?: unknown; white?: unknown };
    if (typeof c !== 'object' || c === null || c.black === undefined || gameControlError(c, 'c') !== undefined) return null;
    if (optionsError(value.o, 'o') !== undefined || (value.w !== undefined && !isInstant(value.w))) return null;
    return value as Header;
  }

  function unreadable(e: unknown): string {
    return 'the record could not be read (' + asciiText(String((e as Error).message)) + ')';
  }

  /** What the first reading finds: the header, and the line numbers of the entries undo lines take back. */
  let header: Header | null = null;
  const undone: number[] = [];

  /**
   * Reads the record once. The first reading (`first`) checks it whole and finds the header and, through a window of
   * the latest UNDO_WINDOW entries' line numbers, the entries undo lines take back (`undone`); each later one hands
   * every entry that stands, in order, to `onEntry`. Returns the number of damaged lines skipped, or a one-line error.
   */
  function walk(read: RecordRead, first: boolean, onEntry: (entry: RecordEntry) => void): number | string {
    let found = false;
    let error: string | null = null;
    let lines = 0;
    let next = 0;
    // The line numbers of the latest entries that stand, while an undo line may still take them back.
    const window: number[] = [];
    // forEachRecord (journal.ts) splits the pieces into lines and checks each line's checksum.
    const source: RecordSource = {
      read: () => undefined,
      readChunks: (name, each) => {
        try {
          found = read(each);
        } catch (e) {
          found = true; // (forEachRecord would take a storage that throws for one with no record)
          error = unreadable(e);
        }
        return found;
      },
    };
    const damaged = forEachRecord(source, '', (text) => {
      if (error !== null) return;
      lines++;
      const undo = lines === 1 ? null : undoCount(text);
      if (!first) {
        // Checked already: the header is not read again (its objects were the export's peak of RAM).
        const entry = lines === 1 || undo !== null ? null : parseRecordLine(text);
        if (entry === null) return;
        if (next < undone.length && undone[next] === lines) next++;
        else onEntry(entry);
      } else if (lines === 1) {
        header = parseHeader(text);
        if (header === null) error = 'the record has no header this firmware wrote (damaged, or from another firmware)';
      } else if (undo !== null) {
        if (undo > window.length) error = 'record line ' + lines + ' takes back more than the last ' + UNDO_WINDOW + ' entries';
        else {
          const back = window.splice(window.length - undo, undo);
          for (let i = 0; i < back.length; i++) undone.push(back[i]);
        }
      } else if (parseRecordLine(text) === null) {
        error = 'record line ' + lines + ' is not understood (damaged)';
      } else {
        window.push(lines);
        if (window.length > UNDO_WINDOW) window.shift();
      }
    });
    if (!found) return 'no game record';
    if (error === null && lines === 0) error = 'the record is empty or damaged';
    if (error !== null) return error;
    return damaged;
  }

  /** The first readings: the record checked whole, the entries taken back, and what the SGF root needs. */
  function check(read: RecordRead): Checked | string {
    let flagged: Side | null = null;
    let corrected = false;
    const damaged = walk(read, true, () => {});
    if (typeof damaged === 'string') return damaged;
    undone.sort((a, b) => a - b);
    const again = walk(read, false, (entry) => {
      if (entry.kind === 'f' && flagged === null) flagged = entry.side;
      if (entry.kind === 'a' && flagged !== null) corrected = true; // the arbiter may have given the time back
    });
    if (typeof again === 'string') return again;
    return { header: header as unknown as Header, damaged: damaged, flagged: corrected ? null : flagged };
  }

  function pad2(n: number): string {
    return n < 10 ? '0' + n : String(n);
  }

  /** SGF text: "\" and "]" escaped. */
  function sgfText(text: string): string {
    return text.split('\\').join('\\\\').split(']').join('\\]');
  }

  /** "TM[600]OT[5x30 byo-yomi]": Black's control, and White's too in OT when the sides differ (time odds). */
  function sgfTime(c: PerSide<TimeControl>): string {
    const tm = (control: TimeControl): string => sgfSeconds(Math.round(sgfMainSeconds(control) * 1000));
    let ot = sgfOvertime(c.black);
    if (!sameControl(c.black, c.white)) ot = 'black: ' + (ot || 'none') + '; white: TM ' + tm(c.white) + (sgfOvertime(c.white) ? ' ' + sgfOvertime(c.white) : '');
    return 'TM[' + tm(c.black) + ']' + (ot ? 'OT[' + sgfText(ot) + ']' : '');
  }

  /** An entry in words for the root comment: "9 s: arbiter pause: white to move". */
  function entryWords(entry: RecordEntry): string {
    const at = entry.atMs === null ? '' : sgfSeconds(entry.atMs) + ' s: ';
    return at + entry.text;
  }

  /** The move node: the mover's time left, periods or stones left in overtime, and the move's number in the game. */
  function moveNode(entry: RecordEntry, ply: number): string {
    const letter = entry.side === 'black' ? 'B' : 'W';
    const overtime = entry.phase === 'overtime' && entry.count !== null ? 'O' + letter + '[' + entry.count + ']' : '';
    return ';' + letter + 'L[' + sgfSeconds(entry.leftMs as number) + ']' + overtime + 'MN[' + ply + ']\n';
  }

  function writeSgf(read: RecordRead, checked: Checked, out: (text: string) => void): string | null {
    const header = checked.header;
    let root = '(;FF[4]GM[1]CA[UTF-8]AP[goclock:' + RECORD_FORMAT + ']' + sgfTime(header.c);
    if (header.w !== undefined) {
      const day = msToCivil(header.w);
      root += 'DT[' + day.year + '-' + pad2(day.month) + '-' + pad2(day.day) + ']';
    }
    if (header.o.firstToMove === 'white') root += 'PL[W]';
    if (checked.flagged !== null) root += 'RE[' + (checked.flagged === 'black' ? 'W' : 'B') + '+T]';
    out(root + 'C[' + sgfText(asciiText('Time: ' + describeGameControl(header.c))) + '\n' +
      'Recorded by the game clock, which does not know where stones were played: each move node holds the time left ' +
      'after the move (BL/WL, seconds; in overtime the time left in the period), the periods or stones left in ' +
      'overtime (OB/OW) and the move number (MN), and no B or W point (that would be a pass).\n');
    if (checked.damaged > 0) out(checked.damaged + ' damaged lines of the record were skipped.\n');
    const comments = walk(read, false, (entry) => {
      if (entry.kind !== 'm') out(sgfText(entryWords(entry)) + '\n');
    });
    if (typeof comments === 'string') return comments;
    out(']\n');
    let ply = 0;
    const moves = walk(read, false, (entry) => {
      if (entry.kind === 'm') out(moveNode(entry, ++ply));
    });
    if (typeof moves === 'string') return moves;
    out(')\n');
    return null;
  }

  /** One CSV field (RFC 4180): quoted, its quotes doubled, when it holds a comma, a quote or a line break. */
  function csvField(value: string | number | null): string {
    const text = value === null ? '' : String(value);
    if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) return text;
    return '"' + text.split('"').join('""') + '"';
  }

  function csvRow(fields: (string | number | null)[]): string {
    return fields.map(csvField).join(',') + '\r\n';
  }

  function writeCsv(read: RecordRead, checked: Checked, out: (text: string) => void): string | null {
    const o = checked.header.o;
    out(csvRow(['kind', 'side', 'move', 'at_ms', 'used_ms', 'left_ms', 'phase', 'periods_or_moves_left', 'text']));
    out(csvRow(['game', null, null, null, null, null, null, null, asciiText(describeGameControl(checked.header.c)) + '; ' + o.firstToMove + ' moves first']));
    if (checked.damaged > 0) out(csvRow(['damaged', null, null, null, null, null, null, null, checked.damaged + ' damaged lines skipped']));
    const rows = walk(read, false, (e) => {
      out(csvRow([RECORD_KINDS[e.kind], e.side, e.moves, e.atMs, e.usedMs, e.leftMs, e.phase, e.count, e.text]));
    });
    return typeof rows === 'string' ? rows : null;
  }

  try {
    const checked = check(read);
    if (typeof checked === 'string') return checked;
    if (format === 'sgf') return writeSgf(read, checked, out);
    if (format === 'csv') return writeCsv(read, checked, out);
    return 'unknown record format (sgf or csv)';
  } catch (e) {
    return unreadable(e);
  }
}
