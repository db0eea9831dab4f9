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
 * and final XOR 0xFFFFFFFF), over the low byte of each character, which on Espruino is the byte itself. On the
 * device, pass `{ crc32: E.CRC32 }` to use the native one; it gives the same value, so journals stay readable either
 * way. The pure version is table-driven (one 1 KB Int32Array, built on first use) and keeps every intermediate
 * value within 32-bit integers.
 *
 * Memory: `readRecords` reads the whole journal and returns every record, so keep one journal per game.
 */
import { KeyValueStorage } from '../hal/hal';

export interface JournalOptions {
  /** A faster CRC-32 with the same result as `crc32` (Espruino's `E.CRC32`). */
  crc32?: (text: string) => number;
}

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

function checksumText(text: string, options: JournalOptions | undefined): string {
  const sum = options !== undefined && options.crc32 !== undefined ? options.crc32(text) : crc32(text);
  return hex4((sum >>> 16) & 0xffff) + hex4(sum & 0xffff);
}

/** Appends one record; false when it could not be written (flash full, or `text` contains a line break). */
export function appendRecord(storage: KeyValueStorage, name: string, text: string, options?: JournalOptions): boolean {
  if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) return false;
  return storage.append(name, '\n' + text + '*' + checksumText(text, options));
}

/** The valid records and how many lines were skipped. Never throws, whatever the file holds. */
export function readRecords(storage: KeyValueStorage, name: string, options?: JournalOptions): JournalContents {
  const records: string[] = [];
  let skipped = 0;
  let data: string | undefined = undefined;
  try {
    data = storage.read(name);
  } catch (error) {
    data = undefined;
  }
  if (typeof data !== 'string') return { records: records, skipped: 0 };
  let start = 0;
  while (start <= data.length) {
    let end = data.indexOf('\n', start);
    if (end < 0) end = data.length;
    if (end > start) {
      const line = data.slice(start, end);
      const star = line.lastIndexOf('*');
      const text = star >= 0 ? line.slice(0, star) : '';
      if (star >= 0 && line.length - star === 9 && line.slice(star + 1) === checksumText(text, options)) {
        records.push(text);
      } else {
        skipped++;
      }
    }
    start = end + 1;
  }
  return { records: records, skipped: skipped };
}

/** Removes the journal. */
export function clearJournal(storage: KeyValueStorage, name: string): void {
  storage.erase(name);
}
