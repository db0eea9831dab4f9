/**
 * The simulators' limits on what they read from outside, and the helpers that keep to them: files and stdin are
 * read in pieces up to a size (`/dev/zero` or an endless pipe is refused, not read until the process dies), a UTF-8
 * byte-order mark at the start is dropped, values are checked for nesting without recursion, and text echoed in a
 * message is cut. Every limit is far above what real input needs.
 */
import * as fs from 'fs';
import { keyText } from '../firmware/clock/text';

/** A scenario for `npm run sim` (file or stdin): 4 MB, some 50,000 events. */
export const MAX_SCENARIO_BYTES = 4 * 1024 * 1024;
/** The terminal simulator's `--storage` file: 16 MB (the device's whole flash is 4 MB). */
export const MAX_STORAGE_BYTES = 16 * 1024 * 1024;
/** Containers (objects, arrays) inside each other, the outermost one included: a real scenario nests 6 deep (events[0].control.stages[0]). */
export const MAX_NESTING = 20;
/** A value or name echoed in a message, at most (with its "..."). */
export const ECHO_CHARS = 40;

const PIECE_BYTES = 64 * 1024;

/** "4 MB (4194304 bytes)". */
export function sizeText(bytes: number): string {
  return (bytes % (1024 * 1024) === 0 ? bytes / (1024 * 1024) + ' MB' : Math.ceil(bytes / 1024) + ' KB') + ' (' + bytes + ' bytes)';
}

/** `text` without the UTF-8 byte-order mark (U+FEFF) some editors put at its start. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.substring(1) : text;
}

/** At most `max` characters of `text`, the last three "..." when it was cut. */
export function cut(text: string, max?: number): string {
  const limit = max === undefined ? ECHO_CHARS : max;
  return text.length > limit ? text.substring(0, limit - 3) + '...' : text;
}

/** Text from outside in double quotes, cut (`"--colour"`, `"xxxxxx..."`), for messages. */
export function quotedCut(text: string): string {
  return JSON.stringify(cut(text.substring(0, ECHO_CHARS + 1), ECHO_CHARS - 2));
}

/** Waits about `ms` without spinning (stdin that is non-blocking and has nothing yet). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export class InputTooLarge extends Error {}

/**
 * The whole of a file, or of stdin (`fd` 0), as UTF-8 text without a leading byte-order mark, read in pieces;
 * throws `InputTooLarge` ("NAME: larger than 4 MB (4194304 bytes), the limit for WHAT") as soon as more than
 * `limit` bytes came, and lets the file system's errors through (ENOENT, EISDIR…).
 */
export function readLimited(source: string | number, name: string, limit: number, what: string): string {
  const fd = typeof source === 'number' ? source : fs.openSync(source, 'r');
  const pieces: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const piece = Buffer.alloc(Math.min(PIECE_BYTES, limit + 1 - total));
      let count: number;
      try {
        count = fs.readSync(fd, piece, 0, piece.length, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') {
          sleep(5);
          continue;
        }
        if (code === 'EOF') break;
        throw e;
      }
      if (count === 0) break;
      pieces.push(count === piece.length ? piece : piece.subarray(0, count));
      total += count;
      if (total > limit) throw new InputTooLarge(name + ': larger than ' + sizeText(limit) + ', the limit for ' + what);
    }
  } finally {
    if (typeof source !== 'number') fs.closeSync(fd);
  }
  return withoutBom(Buffer.concat(pieces, total).toString('utf8'));
}

/**
 * Where `value` holds containers nested more than `max` deep (`value` itself is the first level): the path of the
 * first one too deep, as messages name fields (`options.a.b`, `events[2].control`; odd names quoted, long ones
 * and the whole path cut), then ": nested deeper than MAX levels"; or undefined. A loop with a stack of its own, so
 * that no depth can overflow it; `root` names `value` itself ("" for none).
 */
export function nestingError(value: unknown, root: string, max: number): string | undefined {
  type Entry = { value: unknown; depth: number; parent: Entry | undefined; step: string };
  const stack: Entry[] = [{ value: value, depth: 1, parent: undefined, step: root }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const v = entry.value;
    if (entry.depth > max) return pathOf(entry) + ': nested deeper than ' + max + ' levels';
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        if (isContainer(v[i])) stack.push({ value: v[i], depth: entry.depth + 1, parent: entry, step: '[' + i + ']' });
      }
    } else {
      const keys = Object.keys(v as object);
      for (let i = keys.length - 1; i >= 0; i--) {
        const child = (v as { [key: string]: unknown })[keys[i]];
        if (isContainer(child)) stack.push({ value: child, depth: entry.depth + 1, parent: entry, step: '.' + keyText(keys[i]) });
      }
    }
  }
  return undefined;
}

function isContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** The path of a nesting entry: its steps from the root, cut to twice ECHO_CHARS. */
function pathOf(entry: { parent: unknown; step: string }): string {
  const steps: string[] = [];
  let length = 0;
  for (let e = entry as { parent: unknown; step: string } | undefined; e !== undefined; e = e.parent as typeof e) {
    steps.push(e.step);
    length++;
  }
  let path = '';
  for (let i = length - 1; i >= 0 && path.length <= 2 * ECHO_CHARS; i--) path += steps[i];
  if (path.charAt(0) === '.') path = path.substring(1);
  return cut(path, 2 * ECHO_CHARS);
}
