/**
 * The game journal: what lets a clock that lost power boot into the same game. A header starts each game (its
 * control and options); then every event the core acted on follows with its instant, plus the ticks at which a
 * flag fell or a turn passed. Restoring replays them through the same core, so the times come back exactly as they
 * were at the last journaled event. Records are JSON lines in the checksummed append-only journal (journal.ts).
 */
import { TimeControl } from './control';
import { ClockOptions, optionsError } from './options';
import { gameControlError } from './control-validate';
import { isInstant } from './clock';
import { PerSide } from './side';
import { ClockEffect, ClockEvent, ClockState } from './clock-types';
import { createClock, step } from './clock';
import { appendRecord, clearJournal, forEachRecord } from './journal';
import { KeyValueStorage } from '../hal/hal';
import { hasProtoKey, oneLine } from './text';
import { keepLogEntries, LogEntry } from './game-log';

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

/** The game being replayed: the records since its header. */
interface Replay {
  /**
   * The last few states, so an undo record can take presses back exactly as the runtime did; `logged`: log entries
   * written up to and including that state (an undo takes its entries back too).
   */
  history: { state: ClockState; atMs: number; logged: number }[];
  log: LogEntry[];
  logged: number;
  wallMs?: number;
  /** Records after the header that were not events or undos the game could take. */
  skipped: number;
}

function isHeader(value: unknown): value is { v: unknown; control: unknown; options: unknown; w?: number } {
  return typeof value === 'object' && value !== null && (value as { v?: unknown }).v !== undefined;
}

/** A new replay from a header, or why the header cannot start one. */
function replayFrom(head: { v: unknown; control: unknown; options: unknown; w?: number }): Replay | string {
  if (head.v !== FORMAT) return 'journal is from another firmware; ignored';
  if (optionsError(head.options, 'options') !== undefined) return 'journal has impossible options; ignored';
  // Checked before createClock, which would throw: on Espruino an exception from inside an object literal escapes
  // the try around the replay if terser ever moves the call into one (the checker refuses that shape too).
  if (gameControlError(head.control, 'control') !== undefined) return 'journal has an impossible control; ignored';
  const state = createClock(head.control as PerSide<TimeControl>, head.options as ClockOptions);
  return { history: [{ state: state, atMs: 0, logged: 0 }], log: [], logged: 0, wallMs: head.w, skipped: 0 };
}

/** Applies one record after the header (an event, or an undo of the last few). */
function replayRecord(replay: Replay, record: unknown, limit: number): void {
  const history = replay.history;
  const last = history[history.length - 1];
  if (isUndoRecord(record) && record.u < history.length) {
    history.splice(history.length - record.u, record.u);
    const back = replay.logged - history[history.length - 1].logged;
    replay.log.splice(Math.max(0, replay.log.length - back), back); // Espruino: an array's length cannot be assigned
    replay.logged -= back;
  } else if (isEventRecord(record) && record.t >= last.atMs) {
    const result = step(last.state, record.e, record.t);
    replay.logged += keepLogEntries(result.effects, replay.log, limit);
    history.push({ state: result.state, atMs: record.t, logged: replay.logged });
    if (history.length > UNDO_DEPTH + 1) history.shift();
    if (record.w !== undefined) replay.wallMs = record.w;
  } else {
    replay.skipped++;
  }
}

/**
 * The game in the journal (the one after its last header), replayed through the core record by record as the
 * journal is read, with its log, so the arbiter can still read it after a power cut. Memory does not grow with the
 * game: a few states for undo, at most `logLimit` log entries, and one piece of the file at a time.
 */
export function restoreGame(storage: KeyValueStorage, logLimit?: number): RestoreResult {
  const limit = logLimit === undefined ? Infinity : logLimit;
  let replay: Replay | null = null;
  let problem: string | undefined = undefined;
  let records = 0;
  let unreadable = 0;
  const skippedLines = forEachRecord(storage, JOURNAL_RECORD, (text) => {
    records++;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (e) {
      unreadable++;
      return;
    }
    // Espruino would make a "__proto__" field the record's prototype, V8 a plain field: neither is read.
    if (hasProtoKey(record, 8)) {
      unreadable++;
      return;
    }
    try {
      if (isHeader(record)) {
        const started = replayFrom(record);
        replay = typeof started === 'string' ? null : started;
        problem = typeof started === 'string' ? started : undefined;
      } else if (replay !== null) {
        replayRecord(replay, record, limit);
      }
    } catch (e) {
      // The game does not replay; a later header (a new game) may still start one.
      replay = null;
      problem = oneLine('journal does not replay (' + (e as Error).message + '); ignored');
    }
  });
  if (problem !== undefined) return { problem: problem };
  if (replay === null) return records > 0 || skippedLines > 0 ? { problem: 'journal has no game; ignored' } : {};
  const game = replay as Replay;
  const newest = game.history[game.history.length - 1];
  let state = newest.state;
  let effects: ClockEffect[] = [];
  if (state.status === 'running') {
    const paused = step(state, { type: 'pause' }, newest.atMs);
    state = paused.state;
    effects = paused.effects;
    game.logged += keepLogEntries(effects, game.log, limit);
  }
  return {
    game: {
      state: state,
      atMs: newest.atMs,
      wallMs: game.wallMs,
      effects: effects,
      skipped: skippedLines + unreadable + game.skipped,
      log: game.log,
      logged: game.logged,
    },
  };
}
