/** Times and values as the page shows them, and the arbiter's typed values read back. */
import { gameText } from '../../firmware/display/log-text';

/**
 * An instant of the device's time line as people read it, from the game's start `startMs` (the device's status
 * says it): "5:03.2", "1:02:03.4", as the device's menu and the simulators show their logs (display/log-text.ts).
 */
export function instantText(atMs: number, startMs: number | null): string {
  if (typeof atMs !== 'number' || !isFinite(atMs)) return '?';
  return gameText(atMs, typeof startMs === 'number' && isFinite(startMs) ? startMs : null);
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
