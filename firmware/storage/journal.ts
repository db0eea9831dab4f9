/**
 * The journal: an append-only file of text records (the runtime stores JSON in them) that survives power loss.
 *
 * Each record is one line, written as "\n" + text + "*" + 8 lowercase hex digits of the text's CRC-32. The newline
 * comes first, not last: when the power fails in the middle of an append, the flash holds a cut line with no valid
 * checksum, and the next record still starts on a line of its own instead of being glued to the cut one. Reading
 * keeps each line whose checksum matches and counts the others (cut, corrupted, or not ours) as skipped; empty
 * lines are just separators. The checksum is found from the end, so the text may contain "*". A record may not
 * contain a line break (JSON.stringify never writes one).
 *
 * CRC-32 is the standard one (IEEE 802.3, as zlib and Espruino's `E.CRC32`: reflected polynomial 0xEDB88320, start
 * and final XOR 0xFFFFFFFF), over the low byte of each character, which on Espruino is the byte itself. A storage
 * may bring its own (`KeyValueStorage.crc32`: the device's is Espruino's native `E.CRC32`, some hundred times
 * cheaper there than a loop in JavaScript over each record); it gives the same value, so journals stay readable
 * either way. The pure version is table-driven (one 1 KB Int32Array, built on first use) and keeps every intermediate
 * value within 32-bit integers.
 *
 * Memory: `forEachRecord` hands the records over one at a time and, on a storage with `readChunks` (the device's),
 * never holds the whole file; `readRecords` collects them all (tests and tools).
 */
import { KeyValueStorage } from '../../hal/hal';

export interface JournalContents {
  /** The valid records, oldest first. */
  records: string[];
  /** Lines that were cut or corrupted. */
  skipped: number;
}

/** 0xEDB88320 as a signed 32-bit integer, so no step needs a number above 2^31. */
const POLYNOMIAL = -306674912;
let table: Int32Array | undefined = undefined;

function crcTable(): Int32Array {
  if (table !== undefined) return table;
  const built = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? POLYNOMIAL ^ (c >>> 1) : c >>> 1;
    built[n] = c;
  }
  table = built;
  return built;
}

/** The standard CRC-32 of the low bytes of `text`'s characters, as an unsigned number. */
export function crc32(text: string): number {
  const t = crcTable();
  let crc = -1;
  for (let i = 0; i < text.length; i++) crc = t[(crc ^ text.charCodeAt(i)) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

function hex4(value: number): string {
  return (0x10000 + value).toString(16).slice(1);
}

function checksumText(text: string, storage: KeyValueStorage): string {
  const sum = storage.crc32 !== undefined ? storage.crc32(text) : crc32(text);
  return hex4((sum >>> 16) & 0xffff) + hex4(sum & 0xffff);
}

/** The longest record text (a header with both sides' controls is a few hundred characters). */
export const MAX_RECORD_CHARS = 2048;
/** What a record takes in the file besides its text: the newline before it, "*" and the 8 hex digits. */
export const RECORD_OVERHEAD_CHARS = 10;

/**
 * Appends one record; false when it could not be written (flash full, or `text` contains a line break or is longer
 * than MAX_RECORD_CHARS).
 */
export function appendRecord(storage: KeyValueStorage, name: string, text: string): boolean {
  if (text.length > MAX_RECORD_CHARS || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) return false;
  return storage.append(name, '\n' + text + '*' + checksumText(text, storage));
}

/** One line of the file: the record's text if its checksum matches, else null. */
function validText(line: string, storage: KeyValueStorage): string | null {
  const star = line.lastIndexOf('*');
  if (star < 0 || line.length - star !== 9) return null;
  const text = line.slice(0, star);
  return line.slice(star + 1) === checksumText(text, storage) ? text : null;
}

/**
 * Calls `each` with every valid record, oldest first, reading the file piece by piece where the storage can
 * (`readChunks`), so only one piece and one line are in RAM at a time; returns how many lines were skipped.
 * Never throws because of what the file holds; an exception thrown by `each` ends the reading and is thrown on.
 */
export function forEachRecord(storage: KeyValueStorage, name: string, each: (text: string) => void): number {
  let skipped = 0;
  let line = '';
  // What `each` threw: the rest is not read, and it is thrown again once the storage is done with us.
  let failure: { error: unknown } | null = null;
  const takeLine = (): void => {
    const current = line;
    line = '';
    if (current.length === 0 || failure !== null) return; // an empty line is just a separator
    const text = validText(current, storage);
    if (text === null) {
      skipped++;
      return;
    }
    try {
      each(text);
    } catch (error) {
      failure = { error: error };
    }
  };
  // A line longer than any record is damage (flash garbage with no line break): it is skipped, not held in RAM.
  let overlong = false;
  const addToLine = (part: string): void => {
    if (!overlong && line.length + part.length > MAX_RECORD_CHARS + 9) {
      overlong = true;
      skipped++;
    }
    line = overlong ? '' : line + part;
  };
  const takeChunk = (chunk: string): void => {
    if (typeof chunk !== 'string') return;
    let start = 0;
    for (let end = chunk.indexOf('\n'); end >= 0; end = chunk.indexOf('\n', start)) {
      addToLine(chunk.slice(start, end));
      overlong = false;
      takeLine();
      start = end + 1;
    }
    addToLine(chunk.slice(start));
  };
  let whole: string | undefined = undefined;
  try {
    if (storage.readChunks !== undefined) storage.readChunks(name, takeChunk);
    else whole = storage.read(name);
  } catch (error) {
    whole = undefined;
  }
  if (typeof whole === 'string') takeChunk(whole);
  takeLine();
  if (failure !== null) throw (failure as { error: unknown }).error;
  return skipped;
}

/** The valid records and how many lines were skipped, all at once (for tests and tools; the device streams). */
export function readRecords(storage: KeyValueStorage, name: string): JournalContents {
  const records: string[] = [];
  const skipped = forEachRecord(storage, name, (text) => records.push(text));
  return { records: records, skipped: skipped };
}

/** Removes the journal. */
export function clearJournal(storage: KeyValueStorage, name: string): void {
  storage.erase(name);
}
