/**
 * The game log: every action the clock took or refused, with its instant and side, as the arbiter reads it
 * (flags in the order they fell, pauses with who paused, ignored presses). Entries leave the core as effects so
 * the state stays small; the runtime journals them and the simulator prints them.
 */
import { Side } from './side';
import type { ClockEffect } from './clock-types';

export type LogKind =
  | 'start'
  | 'move'
  | 'pause'
  | 'resume'
  | 'adjust'
  | 'flag'
  | 'pass'
  | 'ignored'
  | 'refused'
  /** The clock could not save the game or its settings (flash full), or saved them again. */
  | 'storage';

export interface LogEntry {
  atMs: number;
  /** The side that acted or was acted on; null for the arbiter acting on the whole clock. */
  side: Side | null;
  kind: LogKind;
  /** One line for a person, without the instant: "black move 12 (4200 ms)". */
  text: string;
}

/** "<atMs> <text>": the instant first, so a log sorts and greps by time. */
export function formatLogEntry(entry: LogEntry): string {
  return entry.atMs + ' ' + entry.text;
}

/**
 * Appends the log entries among `effects` to `log`, keeping only the latest `limit` (the in-memory log is bounded);
 * returns how many there were, so a caller can count every entry ever written.
 */
export function keepLogEntries(effects: ClockEffect[], log: LogEntry[], limit: number): number {
  let count = 0;
  for (let i = 0; i < effects.length; i++) {
    const effect = effects[i];
    if (effect.type !== 'log') continue;
    log.push(effect.entry);
    if (log.length > limit) log.shift();
    count++;
  }
  return count;
}
