/**
 * A firmware build (dist/<board>.js, as `npm run build` leaves it) stored on the board as its boot code, Storage
 * file `.bootcde`, as the espruino CLI's `--storage .bootcde:-` stores it (`npm run flash`): statements
 * `require("Storage").write(".bootcde", "…", offset[, size])` of about 1 KB of code each, typed into the console one
 * after another, then a check of what was stored (length and CRC-32 against the file's), then `load()`, which
 * restarts the board from it (a game in progress comes back from the flash journal, as after any reboot).
 *
 * Before the writes the running firmware is stopped (its timers and button watches cleared), so that none of its
 * code, which runs in place from the file being replaced, runs while it is rewritten; one far-off timer of the
 * uploader's own keeps the interpreter's event loop alive until `load()` (the host build exits when nothing is
 * pending). The code is sent as string literals of printable ASCII (every other byte as `\xNN`): the link carries
 * bytes, and the board stores exactly the file's.
 */

export const BOOT_FILE = '.bootcde';
/** Bytes of the file per statement (the CLI's size: a line the console takes in a few hundred JsVars). */
export const CHUNK_BYTES = 1024;

/** Byte `c` of a latin1 string as it goes into a string literal. */
function escapeByte(c: number): string {
  if (c === 0x5c) return '\\\\';
  if (c === 0x22) return '\\"';
  if (c >= 0x20 && c <= 0x7e) return String.fromCharCode(c);
  return '\\x' + (c < 16 ? '0' : '') + c.toString(16);
}

/** `bytes` as a JavaScript string literal of printable ASCII. */
export function byteLiteral(bytes: Uint8Array): string {
  let out = '"';
  for (let i = 0; i < bytes.length; i++) out += escapeByte(bytes[i]);
  return out + '"';
}

/** CRC-32 (IEEE, as zlib and Espruino's `E.CRC32` compute it). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i];
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Why `bytes` is not a goclock firmware build, or null when it looks like one. */
export function firmwareProblem(bytes: Uint8Array, name: string): string | null {
  if (bytes.length === 0) return name + ' is empty';
  if (!/\.js$/i.test(name)) return name + ' is not a .js file (pick dist/<board>.js from `npm run build`)';
  let head = '';
  for (let i = 0; i < Math.min(bytes.length, 64); i++) head += String.fromCharCode(bytes[i]);
  if (!/^\s*(\(function|!function|\(\(\)|"use strict"|var |let |const |function)/.test(head)) return name + ' does not look like a firmware build (a JavaScript bundle)';
  return null;
}

export const STOP_FIRMWARE = 'clearInterval();clearTimeout();clearWatch();setTimeout(function(){},2147483647);';

/** The statements that store `bytes` as `.bootcde`, in order (the first one says the file's whole size). */
export function storageWrites(bytes: Uint8Array): string[] {
  const lines: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    const chunk = bytes.subarray(offset, Math.min(bytes.length, offset + CHUNK_BYTES));
    lines.push('require("Storage").write("' + BOOT_FILE + '",' + byteLiteral(chunk) + ',' + offset + (offset === 0 ? ',' + bytes.length : '') + ');');
  }
  return lines;
}

/** The expression that reads back what was stored: `[length, crc]`, or null when there is no such file. */
export const STORED_EXPRESSION = '(function(f){return f?[f.length,E.CRC32(f)]:null})(require("Storage").read("' + BOOT_FILE + '"))';

/** The check of what was stored, in words: null when it is the file, byte for byte. */
export function storedProblem(stored: unknown, bytes: Uint8Array): string | null {
  if (!Array.isArray(stored)) return 'the board has no ' + BOOT_FILE + ' after the upload';
  const crc = crc32(bytes);
  // Espruino's E.CRC32 may answer a negative number (a signed 32-bit integer).
  const storedCrc = typeof stored[1] === 'number' ? stored[1] >>> 0 : NaN;
  if (stored[0] !== bytes.length) return 'the board stored ' + stored[0] + ' bytes of ' + bytes.length;
  if (storedCrc !== crc) return 'the stored code differs from the file (CRC-32 ' + storedCrc + ', expected ' + crc + ')';
  return null;
}
