/**
 * The game journal: what lets a clock that lost power boot into the same game. A header starts each game (its
 * control and options); then every event the core acted on follows with its instant, plus the ticks at which a
 * flag fell or a turn passed. Restoring replays them through the same core, so the times come back exactly as they
 * were at the last journaled event. Records are JSON lines in the checksummed append-only journal (journal.ts).
 */
import { TimeControl } from './control';
import { ClockOptions, optionsError } from './options';
import { isInstant } from './clock';
import { PerSide } from './side';
import { ClockEffect, ClockEvent, ClockState } from './clock-types';
import { createClock, step } from './clock';
import { appendRecord, clearJournal, readRecords } from './journal';
import { KeyValueStorage } from '../hal/hal';
import { oneLine } from './text';
import { LogEntry } from './game-log';

export const JOURNAL_RECORD = 'gcjrnl';
const FORMAT = 1;

const EVENT_TYPES = ['start', 'press', 'pause', 'resume', 'adjust', 'tick'];

/** Starts a new game's journal (the previous game's is dropped). */
export function journalNewGame(storage: KeyValueStorage, control: PerSide<TimeControl>, options: ClockOptions, wallMs?: number): boolean {
  clearJournal(storage, JOURNAL_RECORD);
  return appendRecord(storage, JOURNAL_RECORD, JSON.stringify({ v: FORMAT, control: control, options: options, w: wallMs }));
}

/** Whether an event and what it did are worth journaling: anything the core acted on, and flags or passes. */
export function worthJournaling(event: ClockEvent, effects: ClockEffect[]): boolean {
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i];
    if (event.type === 'tick' ? e.type === 'flag' || e.type === 'pass' : e.type === 'log' && e.entry.kind !== 'ignored' && e.entry.kind !== 'refused') {
      return true;
    }
  }
  return false;
}

export function journalEvent(storage: KeyValueStorage, atMs: number, event: ClockEvent, wallMs?: number): boolean {
  return appendRecord(storage, JOURNAL_RECORD, JSON.stringify({ t: atMs, e: event, w: wallMs }));
}

/** How many of the latest event records an undo may take back (a chord takes back at most its own presses). */
export const UNDO_DEPTH = 8;

/** Takes back the last `count` event records: the presses that turned out to be the start of a chord. */
export function journalUndo(storage: KeyValueStorage, count: number): boolean {
  return appendRecord(storage, JOURNAL_RECORD, JSON.stringify({ u: count }));
}

export interface RestoredGame {
  /** The game as it was at the last journaled event, paused if it was running. */
  state: ClockState;
  /** The instant of the last journaled event, on the game's own time line. */
  atMs: number;
  /** Wall time of the last record, when the board had a valid RTC then. */
  wallMs?: number;
  /** Effects of the pause that restoring added (its log line), for the runtime to journal and show. */
  effects: ClockEffect[];
  /** Damaged lines that were skipped. */
  skipped: number;
  /** The game's log as replayed (the latest `logLimit` entries; presses an undo took back are not in it). */
  log: LogEntry[];
  /** Log entries the replay wrote in all (`log` keeps only the latest). */
  logged: number;
}

export interface RestoreResult {
  game?: RestoredGame;
  /** Why the journal could not be used (a corrupt or foreign journal); undefined when there was simply none. */
  problem?: string;
}

function isUndoRecord(value: unknown): value is { u: number } {
  const v = value as { u?: unknown };
  return typeof v === 'object' && v !== null && typeof v.u === 'number' && v.u >= 1 && v.u <= UNDO_DEPTH;
}

function isEventRecord(value: unknown): value is { t: number; e: ClockEvent; w?: number } {
  const v = value as { t?: unknown; e?: { type?: unknown } };
  return typeof v === 'object' && v !== null && isInstant(v.t) && typeof v.e === 'object' && v.e !== null &&
    EVENT_TYPES.indexOf(v.e.type as string) >= 0;
}

/** Appends the log entries among `effects` to `log`, keeping only the latest `limit`; returns how many there were. */
function logFrom(effects: ClockEffect[], log: LogEntry[], limit: number): number {
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

/**
 * The game in the journal, replayed through the core, with its log (so the arbiter can still read it after a power
 * cut); `logLimit` bounds the entries kept in memory, as the runtime's own log is bounded.
 */
export function restoreGame(storage: KeyValueStorage, logLimit?: number): RestoreResult {
  const limit = logLimit === undefined ? Infinity : logLimit;
  const read = readRecords(storage, JOURNAL_RECORD);
  let parsed: unknown[] = [];
  let skipped = read.skipped;
  for (let i = 0; i < read.records.length; i++) {
    try {
      parsed.push(JSON.parse(read.records[i]));
    } catch (e) {
      skipped++;
    }
  }
  let header = -1;
  for (let i = parsed.length - 1; i >= 0 && header < 0; i--) {
    const v = parsed[i] as { v?: unknown };
    if (typeof v === 'object' && v !== null && v.v !== undefined) header = i;
  }
  if (header < 0) return parsed.length > 0 || skipped > 0 ? { problem: 'journal has no game; ignored' } : {};
  const head = parsed[header] as { v: unknown; control: unknown; options: unknown; w?: number };
  if (head.v !== FORMAT) return { problem: 'journal is from another firmware; ignored' };
  if (optionsError(head.options, 'options') !== undefined) return { problem: 'journal has impossible options; ignored' };
  try {
    // The last few states, so an undo record can take presses back exactly as the runtime did.
    // `logged`: log entries written up to and including that state (an undo takes its entries back too).
    const history: { state: ClockState; atMs: number; logged: number }[] = [
      { state: createClock(head.control as PerSide<TimeControl>, head.options as ClockOptions), atMs: 0, logged: 0 },
    ];
    const log: LogEntry[] = [];
    let logged = 0;
    let wallMs = head.w;
    parsed = parsed.slice(header + 1);
    for (let i = 0; i < parsed.length; i++) {
      const record = parsed[i];
      const last = history[history.length - 1];
      if (isUndoRecord(record) && record.u < history.length) {
        history.splice(history.length - record.u, record.u);
        const back = logged - history[history.length - 1].logged;
        log.length = Math.max(0, log.length - back);
        logged -= back;
      } else if (isEventRecord(record) && record.t >= last.atMs) {
        const result = step(last.state, record.e, record.t);
        logged += logFrom(result.effects, log, limit);
        history.push({ state: result.state, atMs: record.t, logged: logged });
        if (history.length > UNDO_DEPTH + 1) history.shift();
        if (record.w !== undefined) wallMs = record.w;
      } else {
        skipped++;
      }
    }
    let state = history[history.length - 1].state;
    const atMs = history[history.length - 1].atMs;
    let effects: ClockEffect[] = [];
    if (state.status === 'running') {
      const paused = step(state, { type: 'pause' }, atMs);
      state = paused.state;
      effects = paused.effects;
      logged += logFrom(effects, log, limit);
    }
    return { game: { state: state, atMs: atMs, wallMs: wallMs, effects: effects, skipped: skipped, log: log, logged: logged } };
  } catch (e) {
    return { problem: oneLine('journal does not replay (' + (e as Error).message + '); ignored') };
  }
}
