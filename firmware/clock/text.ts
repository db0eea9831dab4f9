/**
 * Text that comes from outside (files, flash, a parser's message) made safe to show as one line, and the few string
 * operations whose built-in forms Espruino 2v29 gets wrong (measured against V8 by test/espruino/differential*):
 * - `indexOf`/`includes` of a needle longer than one character also "find" it where only its beginning ends the
 *   text (`"ab".indexOf("bc")` is 1), ignoring the start index for it: use `findText`;
 * - `JSON.stringify` escapes control characters in capitals and also escapes bytes above 0x7E, `String(x)` writes
 *   some numbers differently (1e21, 1/3): values are shown with `valueText`, which both engines write alike;
 * - a regular expression over control characters matched the end of the text: `oneLine` is a plain loop.
 * The bundle checker refuses the built-in forms where it can see them (scripts/espruino-check.cjs).
 */

/** Control characters (line breaks, carriage returns, NUL…) become single spaces, so a message stays one line. */
export function oneLine(text: string): string {
  let out = '';
  let inGap = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const control = code < 0x20 || code === 0x7f;
    if (!control) out += text.charAt(i);
    else if (!inGap) out += ' ';
    inGap = control;
  }
  return out;
}

/** Whether `table` has `name` as its own key (not "constructor", "toString" or "__proto__" from Object). */
export function hasOwn(table: object, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(table, name);
}

/** Where `needle` first occurs in `text` at or after `from` (default 0), or -1: `indexOf` as V8 has it. */
export function findText(text: string, needle: string, from?: number): number {
  const start = from === undefined ? 0 : from;
  const at = text.indexOf(needle, start);
  return at >= start && at + needle.length <= text.length && text.substring(at, at + needle.length) === needle ? at : -1;
}

/** Whether `text` contains `needle` (see `findText`). */
export function hasText(text: string, needle: string): boolean {
  return findText(text, needle) >= 0;
}

/**
 * The first whole number (a "-" just before it included) written after the first `word` in `text`, as text, or ""
 * when there is none: "black move 12 (4200 ms)" after " move " is "12", after "(" is "4200". Scanned by hand: on
 * Espruino 2v29 a regular expression with `-?` never matches.
 */
export function numberAfter(text: string, word: string): string {
  const at = findText(text, word);
  if (at < 0) return '';
  // (A digit is a character from "0" to "9"; charAt past the end is "", which is none.)
  let i = at + word.length;
  while (i < text.length && !(text.charAt(i) >= '0' && text.charAt(i) <= '9') && !(text.charAt(i) === '-' && text.charAt(i + 1) >= '0' && text.charAt(i + 1) <= '9')) i++;
  let digits = text.charAt(i) === '-' ? '-' : '';
  if (digits) i++;
  while (text.charAt(i) >= '0' && text.charAt(i) <= '9') digits += text.charAt(i++);
  return digits;
}

/** `text` in double quotes as JSON writes it, but every other character outside 0x20–0x7E as \u00xx (lower case). */
export function quoted(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    const code = text.charCodeAt(i);
    // The short escapes (no module-level table: on the device it would be built in RAM at boot and kept).
    if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (char === '"' || char === '\\') out += '\\' + char;
    else if (code < 0x20 || code > 0x7e) out += '\\u' + (0x10000 + code).toString(16).slice(1); // four hex digits
    else out += char;
  }
  return out + '"';
}

/**
 * A number as both engines write it: integers below 10^21 exactly, other numbers from 0.0005 to 10^12 to at most
 * three decimals, and words for the rest ("a huge number", "almost 0").
 */
export function numberText(value: number): string {
  if (value !== value) return 'NaN';
  if (value === Infinity || value === -Infinity) return value > 0 ? 'Infinity' : '-Infinity';
  const size = value < 0 ? -value : value;
  const sign = value < 0 ? '-' : '';
  if (Math.floor(size) === size && size < 1e21) return sign + String(size);
  if (size >= 1e12) return sign + 'a huge number';
  if (size < 0.0005) return sign + 'almost 0';
  const thousandths = Math.round(size * 1000);
  let fraction = String(1000 + (thousandths % 1000)).substring(1);
  while (fraction.length > 0 && fraction.charAt(fraction.length - 1) === '0') fraction = fraction.substring(0, fraction.length - 1);
  return sign + Math.floor(thousandths / 1000) + (fraction === '' ? '' : '.' + fraction);
}

/** The most characters a value or a name from outside takes in a message (a longer one is cut, with "..."). */
export const ECHO_CHARS = 40;

/**
 * A value from outside as one short line: `5`, `"foo"`, `null`, `an object`; a string of any length is cut to
 * ECHO_CHARS (`"vvvv..."`), and only its start is looked at. Never throws, whatever the input.
 */
export function valueText(value: unknown): string {
  if (typeof value === 'string') {
    const text = quoted(value.length > ECHO_CHARS ? value.substring(0, ECHO_CHARS) : value);
    return text.length > ECHO_CHARS ? text.substring(0, ECHO_CHARS - 3) + '..."' : text;
  }
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : 'a ' + typeof value;
}

/**
 * A field name from outside as a message's path shows it: a plain name (`mainMs`) as it is, any other quoted as
 * valueText quotes it (`"a b"`, `"\n"`); either way at most ECHO_CHARS characters, and only its start looked at.
 */
export function keyText(key: string): string {
  const head = key.length > ECHO_CHARS + 1 ? key.substring(0, ECHO_CHARS + 1) : key;
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(head)) return valueText(key);
  return head.length > ECHO_CHARS ? head.substring(0, ECHO_CHARS - 3) + '...' : head;
}

/** The most values `plainCopy` copies: more than any control (ten stages a side), options or correction hold. */
export const PLAIN_COPY_LIMIT = 200;

/**
 * A copy of plain data (objects, arrays, strings, numbers, booleans, null) nested at most `depth` deep, each own
 * field read once, or undefined when `value` holds anything else: a function, a "__proto__" key (see `hasProtoKey`),
 * a hole, more nesting or more than PLAIN_COPY_LIMIT values. What someone else hands over is checked and used as this
 * copy, so a getter or a prototype cannot change a value between the check and the use; and what the clock hands out
 * is this copy, so changing it changes nothing of the clock's.
 */
export function plainCopy(value: unknown, depth: number): unknown {
  return copyWithin(value, depth, { left: PLAIN_COPY_LIMIT });
}

function copyWithin(value: unknown, depth: number, count: { left: number }): unknown {
  if (--count.left < 0) return undefined;
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object' || depth <= 0 || hasOwn(value as object, '__proto__')) return undefined;
  const from = value as { [key: string]: unknown };
  if (Array.isArray(from)) {
    const list: unknown[] = [];
    for (let i = 0; i < from.length; i++) {
      const item = copyWithin(from[i], depth - 1, count);
      if (item === undefined) return undefined;
      list.push(item);
    }
    return list;
  }
  const copy: { [key: string]: unknown } = {};
  const keys = Object.keys(from);
  for (let i = 0; i < keys.length; i++) {
    const field = copyWithin(from[keys[i]], depth - 1, count);
    if (field === undefined) return undefined;
    copy[keys[i]] = field;
  }
  return copy;
}

/**
 * Whether a value parsed from JSON has an own "__proto__" key anywhere: Espruino makes it the object's prototype
 * (so fields appear that are not there), V8 keeps it as a plain field. Such input is refused rather than read two
 * ways. Objects nested deeper than `depth` count as having one (nothing the clock stores nests that deep).
 */
export function hasProtoKey(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth <= 0) return true;
  if (hasOwn(value, '__proto__')) return true;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    if (hasProtoKey((value as { [key: string]: unknown })[keys[i]], depth - 1)) return true;
  }
  return false;
}
