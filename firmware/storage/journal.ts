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

/** A checksum as the file holds it: 8 lowercase hex digits. */
function hex8(sum: number): string {
  return ('0000000' + (sum >>> 0).toString(16)).slice(-8);
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
  // The checksum as `forEachRecord` checks it (written out here: a call less on every press).
  const sum = storage.crc32 !== undefined ? storage.crc32(text) : /*#__NOINLINE__*/ crc32(text);
  return storage.append(name, '\n' + text + '*' + hex8(sum));
}

/** What `forEachRecord` reads records from: a storage, or anything that reads like one. */
export type RecordSource = Pick<KeyValueStorage, 'read' | 'readChunks' | 'crc32'>;

/**
 * Calls `each` with every valid record, oldest first, reading the file piece by piece where the storage can
 * (`readChunks`), so only one piece and one line are in RAM at a time; returns how many lines were skipped.
 * Never throws because of what the file holds, but for its length: past `maxChars` characters (when given) the
 * reading stops and an error saying so is thrown. An exception thrown by `each` ends the reading and is thrown on.
 *
 * Lean on purpose (it runs once per line at boot, and Espruino lexes a function's text at every call): the line
 * split, the checksum check and the hand-over are one loop with no calls but the storage's CRC and `each`.
 */
export function forEachRecord(storage: RecordSource, name: string, each: (text: string) => void, maxChars?: number): number {
  let skipped = 0;
  // Characters handed over so far: past `maxChars`, reading stops and an error is thrown (a crafted file must not
  // make a boot last as long as the flash is big).
  let read = 0;
  // A line cut between two pieces; `overlong`: the current line is longer than any record (flash garbage with no
  // line break), skipped and not held in RAM.
  let line = '';
  let overlong = false;
  // What `each` threw: the rest is not read, and it is thrown again once the storage is done with us.
  let failure: { error: unknown } | null = null;
  const takeChunk = (chunk: string): boolean => {
    if (typeof chunk !== 'string' || failure !== null) return failure === null; // a piece that is no text is passed over
    read += chunk.length;
    if (maxChars !== undefined && read > maxChars) {
      failure = { error: new Error(name + ': longer than ' + maxChars + ' bytes') };
      return false;
    }
    let start = 0;
    for (;;) {
      const end = chunk.indexOf('\n', start);
      if (!overlong) {
        const part = end < 0 ? chunk.slice(start) : chunk.slice(start, end);
        if (line.length + part.length > MAX_RECORD_CHARS + 9) {
          overlong = true;
          skipped++;
          line = '';
        } else line = line.length === 0 ? part : line + part;
      }
      if (end < 0) return true;
      start = end + 1;
      overlong = false;
      if (line.length === 0) continue; // an empty line is just a separator
      const star = line.lastIndexOf('*');
      const text = line.slice(0, star);
      const sum = storage.crc32 !== undefined ? storage.crc32(text) : /*#__NOINLINE__*/ crc32(text);
      if (star < 0 || line.length - star !== 9 || line.slice(star + 1) !== hex8(sum)) skipped++;
      else {
        try {
          each(text);
        } catch (error) {
          failure = { error: error };
          return false;
        }
      }
      line = '';
    }
  };
  let whole: string | undefined = undefined;
  try {
    if (storage.readChunks !== undefined) storage.readChunks(name, takeChunk);
    else whole = storage.read(name);
  } catch (error) {
    whole = undefined;
  }
  if (typeof whole === 'string') takeChunk(whole);
  takeChunk('\n'); // the last line, which has no newline after it
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
