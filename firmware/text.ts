/** Text that comes from outside (files, flash, a parser's message) made safe to show as one line. */

/** Control characters (line breaks, carriage returns, NUL…) become single spaces, so a message stays one line. */
export function oneLine(text: string): string {
  return text.replace(/[\x00-\x1f\x7f]+/g, ' ');
}

/** Whether `table` has `name` as its own key (not "constructor", "toString" or "__proto__" from Object). */
export function hasOwn(table: object, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(table, name);
}
