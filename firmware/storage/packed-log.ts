/**
 * The runtime's in-memory log, one string per entry ("<atMs> <side> <kind> <text>", side "b", "w" or "-"): an entry
 * kept as an object of four fields holds about three times the JsVars of its one string on Espruino, and the log
 * keeps the latest 64 of them all game long. Entries are unpacked only when someone reads the log (the menu, the
 * console), each as a fresh object: nobody who reads the log can change it. The journal (game-journal.ts) keeps a
 * snapshot's log in the same strings, so a compaction writes them and a restore reads them back without unpacking.
 */
import { LogEntry, LogKind } from '../clock/game-log';

/**
 * A move's words begin with its side and kind ("black move 12 (4200 ms)"), which the packed entry says already: it
 * keeps the rest ("12 (4200 ms)"), some 11 characters (a JsVar on Espruino) less for each of the log's moves. `whole`:
 * packed as the firmware before did, the words whole (a journal may hold such entries).
 */
export function packEntry(entry: LogEntry, whole: boolean): string {
  const side = entry.side;
  let text = entry.text;
  if (!whole && side !== null && entry.kind === 'move' && text.indexOf(side + ' move ') === 0) text = text.substring(side.length + 6);
  return entry.atMs + ' ' + (side === null ? '-' : side.charAt(0)) + ' ' + entry.kind + ' ' + text;
}

/** An entry as the runtime keeps it (a function of one argument: hosts map arrays of entries with it). */
export function packLogEntry(entry: LogEntry): string {
  return packEntry(entry, false);
}

export function unpackLogEntry(packed: string): LogEntry {
  const side = packed.indexOf(' ');
  const kind = packed.indexOf(' ', side + 3);
  const letter = packed.charAt(side + 1);
  const who = letter === 'b' ? 'black' : letter === 'w' ? 'white' : null;
  const what = packed.substring(side + 3, kind) as LogKind;
  const text = packed.substring(kind + 1);
  return {
    atMs: Number(packed.substring(0, side)),
    side: who,
    kind: what,
    // A move's words whole again (see packLogEntry); an older firmware's entry has them, beginning with a letter.
    text: what === 'move' && who !== null && text.charCodeAt(0) < 58 ? who + ' move ' + text : text,
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
    log.push(packEntry(effect.entry as LogEntry, false));
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
