/**
 * The runtime's in-memory log, one string per entry ("<atMs> <side> <kind> <text>", side "b", "w" or "-"): an entry
 * kept as an object of four fields holds about three times the JsVars of its one string on Espruino, and the log
 * keeps the latest 64 of them all game long. Entries are unpacked only when someone reads the log (the menu, the
 * console), each as a fresh object: nobody who reads the log can change it. The journal (game-journal.ts) keeps a
 * snapshot's log in the same strings, so a compaction writes them and a restore reads them back without unpacking.
 */
import { LogEntry, LogKind } from '../clock/game-log';

export function packLogEntry(entry: LogEntry): string {
  return entry.atMs + ' ' + (entry.side === null ? '-' : entry.side.charAt(0)) + ' ' + entry.kind + ' ' + entry.text;
}

export function unpackLogEntry(packed: string): LogEntry {
  const side = packed.indexOf(' ');
  const kind = packed.indexOf(' ', side + 3);
  const letter = packed.charAt(side + 1);
  return {
    atMs: Number(packed.substring(0, side)),
    side: letter === 'b' ? 'black' : letter === 'w' ? 'white' : null,
    kind: packed.substring(side + 3, kind) as LogKind,
    text: packed.substring(kind + 1),
  };
}

/** Every entry of a packed log, unpacked, oldest first. */
export function unpackLog(packed: string[]): LogEntry[] {
  const entries: LogEntry[] = [];
  for (let i = 0; i < packed.length; i++) entries.push(unpackLogEntry(packed[i]));
  return entries;
}

/** The instant of a packed entry. */
export function packedAtMs(packed: string): number {
  return Number(packed.substring(0, packed.indexOf(' ')));
}

/**
 * Appends the log entries among `effects` to `log`, packed, keeping only the latest `limit`; returns how many
 * there were, so that a caller can count every entry ever written.
 */
export function keepPacked(effects: { type: string; entry?: LogEntry }[], log: string[], limit: number): number {
  let count = 0;
  for (let i = 0; i < effects.length; i++) {
    const effect = effects[i];
    if (effect.type !== 'log') continue;
    log.push(packLogEntry(effect.entry as LogEntry));
    if (log.length > limit) log.shift();
    count++;
  }
  return count;
}

/** The instant of the game's `start` entry in a packed log, or null. */
export function packedStart(log: string[]): number | null {
  for (let i = 0; i < log.length; i++) {
    const packed = log[i];
    const side = packed.indexOf(' ');
    if (packed.substring(side + 3, side + 9) === 'start ') return packedAtMs(packed);
  }
  return null;
}
