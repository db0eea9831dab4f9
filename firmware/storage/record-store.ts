/**
 * The game's record in flash (game-record.ts): the current game's in RECORD_NAMES[0], the last three finished ones
 * in RECORD_NAMES[1..3], newest first. Each line is a checksummed journal line (journal.ts `appendRecord`), so a line
 * cut by a power failure is known and skipped when the record is read.
 *
 * A new game moves each finished record one place down: Storage has no rename, so each is copied (chunk by chunk,
 * never whole in RAM) and erased only once its copy is whole; a power cut at any moment leaves every game whole in
 * at least one place (at worst twice). Flash full: a copy that fails is erased and the older finished games go,
 * oldest first, each followed by another try; a game that still does not fit is dropped. The new game always gets
 * its record.
 * A record of a game that never started (its header alone: settings changed before the first press) is not kept.
 *
 * The cap (game-record.ts RECORD_MAX_CHARS): the lines are written while they fit; at the first that does not, one
 * last line says the record is full and nothing more is written (no undo line either, so none can take back lines
 * that were not written). Nothing more after a failed write (flash full) either, until the next boot: a record with
 * a line missing would make the runtime's later undo lines take back the wrong entries. Either way `recordAppend`
 * is false from then on. A boot counts the record again (once): a full one stays full.
 *
 * Call `recordNewGame` before the journal's new game (game-journal.ts `journalNewGame`), so that a power cut between
 * the two leaves the record of the game the journal restores.
 */
import { KeyValueStorage } from '../../hal/hal';
import { appendRecord, forEachRecord, RECORD_OVERHEAD_CHARS } from './journal';
import { RECORD_FULL_LINE, RECORD_ROOM_CHARS } from './game-record';
import { isInstant } from '../clock/clock';

/** The current game's record, then the finished ones, newest first (Espruino names: at most 27 characters). */
export const RECORD_NAMES = ['gcrec0', 'gcrec1', 'gcrec2', 'gcrec3'];

/** What is known of the current record: counted once per boot (`measure`), then kept up to date by each write. */
interface Known {
  storage: KeyValueStorage | null;
  chars: number;
  /** The record has its header (a game is being recorded). */
  header: boolean;
  /** Nothing more is written: the record is at its cap, or a write failed. */
  done: boolean;
}
let known: Known = { storage: null, chars: 0, header: false, done: false };

/** Calls `each` with a record's pieces in order (`readChunks` where the storage has it); false when there is none. */
export function readRecord(storage: KeyValueStorage, name: string, each: (chunk: string) => void): boolean {
  if (storage.readChunks !== undefined) return storage.readChunks(name, each);
  const whole = storage.read(name);
  if (whole === undefined) return false;
  each(whole);
  return true;
}

/** A reader of the record `index` places back (0: the current game's) for record-export.ts `exportRecord`. */
export function recordReader(storage: KeyValueStorage, index: number): (each: (chunk: string) => void) => boolean {
  return (each) => index >= 0 && index < RECORD_NAMES.length && readRecord(storage, RECORD_NAMES[index], each);
}

/** The current record counted (after a boot, or when another storage is used): its size, header and end. */
function measure(storage: KeyValueStorage): Known {
  const found: Known = { storage: storage, chars: 0, header: false, done: false };
  let lines = 0;
  forEachRecord(storage, RECORD_NAMES[0], (text) => {
    if (lines++ === 0) found.header = text.charAt(0) === '{';
    if (text.charAt(0) === 'F') found.done = true;
    found.chars += text.length + RECORD_OVERHEAD_CHARS;
  });
  return found;
}

/** Copies record `from` to `to` (which is replaced); false, with nothing left at `to`, when it could not be whole. */
function copyRecord(storage: KeyValueStorage, from: string, to: string): boolean {
  storage.erase(to);
  let ok = true;
  readRecord(storage, from, (chunk) => {
    if (ok && chunk.length > 0) ok = storage.append(to, chunk);
  });
  if (!ok) storage.erase(to);
  return ok;
}

/** Moves each finished record one place down, the oldest dropped, then the current one into the first place. */
function shiftRecords(storage: KeyValueStorage): void {
  const last = RECORD_NAMES.length - 1;
  storage.erase(RECORD_NAMES[last]);
  for (let i = last - 1; i >= 0; i--) {
    // Flash full: the older games go, oldest first, until the copy fits or none is left.
    for (let j = last; !copyRecord(storage, RECORD_NAMES[i], RECORD_NAMES[i + 1]) && j > i + 1; j--) storage.erase(RECORD_NAMES[j]);
    storage.erase(RECORD_NAMES[i]); // copied whole, or dropped: it fits nowhere
  }
}

/**
 * Starts the current game's record with `header` (game-record.ts `recordHeader`), the previous one kept as the
 * newest finished game. False when the header could not be written (then nothing is recorded). Never throws.
 */
export function recordNewGame(storage: KeyValueStorage, header: string): boolean {
  try {
    let lines = 0;
    forEachRecord(storage, RECORD_NAMES[0], () => {
      lines++;
    });
    if (lines > 1) shiftRecords(storage);
    else storage.erase(RECORD_NAMES[0]);
    const ok = appendRecord(storage, RECORD_NAMES[0], header);
    known = { storage: storage, chars: ok ? header.length + RECORD_OVERHEAD_CHARS : 0, header: ok, done: !ok };
    return ok;
  } catch (e) {
    known = { storage: null, chars: 0, header: false, done: false };
    return false;
  }
}

/** Appends one line; false, and nothing more written from then on, when it could not be. */
function put(current: Known, storage: KeyValueStorage, line: string): boolean {
  if (!appendRecord(storage, RECORD_NAMES[0], line)) {
    current.done = true;
    return false;
  }
  current.chars += line.length + RECORD_OVERHEAD_CHARS;
  return true;
}

/**
 * Appends a step's lines (game-record.ts `recordLines`, `recordUndoLine`) to the current record. False when they
 * were not all written: no game recorded, the record at its cap (its last line says so) or the flash full; nothing
 * more is written after that. Never throws.
 */
export function recordAppend(storage: KeyValueStorage, lines: string[]): boolean {
  try {
    if (known.storage !== storage) known = /*#__NOINLINE__*/ measure(storage);
    const current = known;
    if (!current.header || current.done) return false;
    for (let i = 0; i < lines.length; i++) {
      // The lines that fit are written: no undo line is written after the last line, so none can miscount them.
      if (current.chars + lines[i].length + RECORD_OVERHEAD_CHARS > RECORD_ROOM_CHARS) {
        put(current, storage, RECORD_FULL_LINE);
        current.done = true;
        return false;
      }
      if (!put(current, storage, lines[i])) return false;
    }
    return true;
  } catch (e) {
    known.done = true;
    return false;
  }
}

/**
 * The instant of the current game's start as its record has it (the last start line: a start a chord took back is
 * followed by the one that stands), or null when the record has none. The runtime asks once, at a restore whose log
 * no longer holds the start (runtime.ts `startMs`); the whole record is read (at most RECORD_MAX_CHARS), `progress`
 * called at every line (the watchdog is kicked there, as for the journal's restore).
 */
export function recordStartMs(storage: KeyValueStorage, progress: () => void): number | null {
  let found: number | null = null;
  forEachRecord(storage, RECORD_NAMES[0], (text) => {
    progress();
    if (text.charAt(0) !== 's' || text.charAt(1) !== ' ') return;
    // Its instant, the second field ("s 0 w - - - - - white start: black to move"), as the record writes a number:
    // read in place, so that the record's whole parser (record export's, in the console part) stays out of the boot.
    const field = text.substring(2, text.indexOf(' ', 2));
    const atMs = Number(field);
    if (isInstant(atMs) && String(atMs) === field) found = atMs;
  });
  return found;
}
