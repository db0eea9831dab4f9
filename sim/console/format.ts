/** Times and values as the page shows them, and the arbiter's typed values read back. */

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** An instant of the game (ms from its start) as "h:mm:ss.t" ("0:05:03.2"). */
export function instantText(ms: number): string {
  if (typeof ms !== 'number' || !isFinite(ms)) return '?';
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const s = Math.floor(tenths / 10);
  return Math.floor(s / 3600) + ':' + pad2(Math.floor(s / 60) % 60) + ':' + pad2(s % 60) + '.' + (tenths % 10);
}

/** A count that may be absent ("—"). */
export function countText(value: number | null | undefined): string {
  return typeof value === 'number' ? String(value) : '—';
}

/**
 * A typed duration in ms: "h:mm:ss", "m:ss" or "s" (seconds), each part a whole number, led by "+" or "-" when
 * `signed`. Null when it is not one.
 */
export function parseDuration(text: string, signed: boolean): number | null {
  const m = /^\s*([+-]?)\s*(\d+)(?::(\d{1,2}))?(?::(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  if (m[1] !== '' && !signed) return null;
  const parts = [m[2], m[3], m[4]].filter((p) => p !== undefined).map(Number);
  if (parts.slice(1).some((p) => p > 59)) return null;
  let seconds = 0;
  for (const part of parts) seconds = seconds * 60 + part;
  return (m[1] === '-' ? -1 : 1) * seconds * 1000;
}

/** A typed whole number ≥ 0, or null. */
export function parseCount(text: string): number | null {
  return /^\s*\d{1,4}\s*$/.test(text) ? Number(text) : null;
}
