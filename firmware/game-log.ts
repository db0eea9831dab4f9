/**
 * The game log: every action the clock took or refused, with its instant and side, as the arbiter reads it
 * (flags in the order they fell, pauses with who paused, ignored presses). Entries leave the core as effects so
 * the state stays small; the runtime journals them and the simulator prints them.
 */
import { Side } from './side';

export type LogKind =
  | 'start'
  | 'move'
  | 'pause'
  | 'resume'
  | 'adjust'
  | 'flag'
  | 'pass'
  | 'ignored'
  | 'refused';

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
