/**
 * The game journal: what lets a clock that lost power boot into the same game. A header starts each game (its
 * control and options); then every event the core acted on follows with its instant, plus the ticks at which a
 * flag fell or a turn passed. Restoring replays them through the same core, so the times come back exactly as they
 * were at the last journaled event. Records are JSON lines in the checksummed append-only journal (journal.ts).
 *
 * The restore's work is bounded by the journal's length in records, not in time played: the journal compacts itself
 * (a snapshot of the game as it stands, with its log) after COMPACT_AT_RECORDS events, so a restore reads one
 * snapshot, its log as the runtime keeps it (packed strings, packed-log.ts), and at most that many events, each
 * stepped by arithmetic (a catch-up leaps over boundaries instead of meeting them one by one, clock.ts `stepWithin`).
 */
import { TimeControl } from '../clock/control';
import { ClockOptions, optionsError } from '../clock/options';
import { gameControlError } from '../clock/control-validate';
import { isInstant } from '../clock/clock';
import { isSide, PerSide } from '../clock/side';
import { ClockEffect, ClockEvent, ClockState } from '../clock/clock-types';
import { createClock, step, stepWithin } from '../clock/clock';
import { appendRecord, clearJournal, forEachRecord, MAX_RECORD_CHARS, RECORD_OVERHEAD_CHARS } from './journal';
import { snapshotError, snapshotOf, stateFromSnapshot, StateSnapshot } from '../clock/clock-snapshot';
import { KeyValueStorage } from '../../hal/hal';
import { findText, hasProtoKey, oneLine } from '../clock/text';
import { LogEntry } from '../clock/game-log';
import { keepPacked, packEntry, unpackLogEntry } from './packed-log';

/**
 * The journal's two files. A game's records go to one; a compaction writes the game as it stands (a snapshot and
 * its log) to the other, and only once that is complete erases the first, so a power cut at any moment leaves one
 * whole journal. Each file's first record names its generation; at boot the newest complete one wins.
 */
export const JOURNAL_RECORD = 'gcjrnl';
export const JOURNAL_SPARE = 'gcjrn2';
export const JOURNAL_FILES = [JOURNAL_RECORD, JOURNAL_SPARE];
/** Where a journal that could not be restored is kept (one only: the latest), so it is not replayed again. */
export const SET_ASIDE_RECORD = 'gcjbad';
/** Written just before a restore and erased after it: found at boot, the last restore never ended. */
export const RESTORING_RECORD = 'gcboot';
/**
 * Version 3 journals keep a snapshot's log as packed strings, several to a record (`{"p":[...]}`); version 2 ones
 * (older firmware) one entry object to a record (`{"l":{...}}`); version 1 ones begin only with a game's start. The
 * firmware restores all three.
 */
const FORMAT = 3;
const FORMATS = [1, 2, 3];

const EVENT_TYPES = ['start', 'press', 'pause', 'resume', 'adjust', 'tick'];

/**
 * The journal's budget: once its file holds this many characters, the next record is followed by a compaction. A
 * snapshot is at most a few KB (the state, the controls and the in-memory log of `logLimit` entries), so the journal
 * never takes more than this, one record, and one snapshot of flash, whatever the game's length.
 */
export const COMPACT_AT_CHARS = 16384;
/**
 * The most a restore reads of a journal file: the budget and the record that crossed it (a compaction follows the
 * append that reached COMPACT_AT_CHARS). A longer file is not the firmware's: set aside unread beyond this.
 */
export const JOURNAL_READ_LIMIT = COMPACT_AT_CHARS + MAX_RECORD_CHARS + RECORD_OVERHEAD_CHARS;
/**
 * The journal's budget in records, whatever their length (a heartbeat's record is a few dozen characters: 16 KB of
 * them would be hundreds of records to replay): each record after the snapshot (or the game's start) costs a restore
 * STEPPED_RECORD if it is stepped through the core (an event other than a tick), LIGHT_RECORD if it is only read (a
 * tick, an undo); once they cost COMPACT_AT_RECORDS, the journal compacts. So a restore steps at most 16 events, or
 * reads 64 heartbeats; a compaction writes about 3.5 KB (the state and a log of 64).
 */
export const COMPACT_AT_RECORDS = 64;
const STEPPED_RECORD = 4;
const LIGHT_RECORD = 1;
/** The most log entries a snapshot carries (the device keeps 64 in memory; hosts may keep more). */
const MAX_SNAPSHOT_LOG = 1000;

/** The file the game's records go to now, and what it holds. */
export interface JournalPlace {
  name: string;
  generation: number;
  /** Characters in the file so far (what the budget counts). */
  chars: number;
  /** What the records since its snapshot or the game's start cost a restore (COMPACT_AT_RECORDS). */
  records: number;
}


/** Appends one JSON record to the journal's file; false when it could not be written (flash full). */
function put(storage: KeyValueStorage, place: JournalPlace, value: unknown): boolean {
  const text = JSON.stringify(value);
  if (!appendRecord(storage, place.name, text)) return false;
  place.chars += text.length + RECORD_OVERHEAD_CHARS;
  return true;
}

/** Starts a new game's journal (the previous game's is dropped); its place, or null when the header did not fit. */
export function journalNewGame(storage: KeyValueStorage, control: PerSide<TimeControl>, options: ClockOptions, wallMs?: number): JournalPlace | null {
  for (let i = 0; i < JOURNAL_FILES.length; i++) clearJournal(storage, JOURNAL_FILES[i]);
  const place: JournalPlace = { name: JOURNAL_RECORD, generation: 0, chars: 0, records: 0 };
  return put(storage, place, { v: FORMAT, g: 0, control: control, options: options, w: wallMs }) ? place : null;
}

/**
 * The game as it stands, for a compaction. The log is given as the runtime keeps it, packed strings (packed-log.ts),
 * written as they are: nothing is unpacked or made per entry at the moment RAM is tightest.
 */
export interface GameSnapshot {
  state: ClockState;
  /** The game-time instant it stands at (the latest the runtime journaled). */
  atMs: number;
  /** The in-memory log (the latest entries) and how many entries the game has written in all. */
  log: string[];
  logged: number;
  wallMs?: number;
}

/**
 * Where the part of the log a snapshot keeps begins: the latest entries, at most half the budget of text, so that
 * a fresh journal always has room for half a budget of records before the next compaction (however long the
 * in-memory log a host keeps). A board's log is well within it: that is told from its whole length at once.
 */
function snapshotLogStart(log: string[]): number {
  const length = log.length;
  const least = Math.max(0, length - MAX_SNAPSHOT_LOG);
  if (log.slice(least).join('').length + (length - least) * 4 <= COMPACT_AT_CHARS / 2) return least;
  let chars = 0;
  let first = length;
  while (first > least) {
    chars += log[first - 1].length + 4;
    if (chars > COMPACT_AT_CHARS / 2) break;
    first--;
  }
  return first;
}

/** Packed entries a record of a snapshot's log holds, unless their JSON comes out longer than a record may be. */
const LOG_RECORD_ENTRIES = 16;

/**
 * Writes the snapshot's log from `first` on, LOG_RECORD_ENTRIES packed entries to a record (`{"p":[...]}`), each
 * record at most MAX_RECORD_CHARS long: a run whose JSON came out longer (long texts, escapes) is written in halves.
 * False when a write failed.
 */
function putSnapshotLog(storage: KeyValueStorage, place: JournalPlace, log: string[], first: number): boolean {
  for (let i = first; i < log.length; ) {
    let end = Math.min(i + LOG_RECORD_ENTRIES, log.length);
    let text = JSON.stringify({ p: log.slice(i, end) });
    while (text.length > MAX_RECORD_CHARS && end > i + 1) {
      end = i + ((end - i) >> 1);
      text = JSON.stringify({ p: log.slice(i, end) });
    }
    if (!appendRecord(storage, place.name, text)) return false;
    place.chars += text.length + RECORD_OVERHEAD_CHARS;
    i = end;
  }
  return true;
}

/**
 * Compaction: writes `game` as a fresh journal in the file `place` does not use, then erases the old one. Returns the
 * new place, or null when the fresh file could not be written whole (it is erased again; the old file stays as it
 * was, so nothing already saved is lost). It streams: each record is made, written and let go before the next.
 */
export function journalSnapshot(storage: KeyValueStorage, place: JournalPlace, game: GameSnapshot): JournalPlace | null {
  const name = place.name === JOURNAL_RECORD ? JOURNAL_SPARE : JOURNAL_RECORD;
  clearJournal(storage, name);
  const fresh: JournalPlace = { name: name, generation: place.generation + 1, chars: 0, records: 0 };
  const state = game.state;
  const log = game.log;
  const first = snapshotLogStart(log);
  let ok = put(storage, fresh, {
    v: FORMAT, g: fresh.generation, control: state.controls, options: state.options, w: game.wallMs,
    t: game.atMs, s: snapshotOf(state), n: game.logged, k: log.length - first,
  });
  if (ok) ok = putSnapshotLog(storage, fresh, log, first);
  if (!ok) {
    clearJournal(storage, name);
    return null;
  }
  if (place.name !== '') clearJournal(storage, place.name); // '': the game had no journal (flash full at its start)
  return fresh;
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

export function journalEvent(storage: KeyValueStorage, place: JournalPlace, atMs: number, event: ClockEvent, wallMs?: number): boolean {
  place.records += event.type === 'tick' ? LIGHT_RECORD : STEPPED_RECORD;
  return put(storage, place, { t: atMs, e: event, w: wallMs });
}

/** How many of the latest event records an undo may take back (a chord takes back at most its own presses). */
export const UNDO_DEPTH = 8;

/** Takes back the last `count` event records: the presses that turned out to be the start of a chord. */
export function journalUndo(storage: KeyValueStorage, place: JournalPlace, count: number): boolean {
  place.records += LIGHT_RECORD;
  return put(storage, place, { u: count });
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
  /**
   * The game's log as replayed (the latest `logLimit` entries; presses an undo took back are not in it), packed as
   * the runtime keeps it (packed-log.ts).
   */
  log: string[];
  /** Log entries the game wrote in all (`log` keeps only the latest). */
  logged: number;
  /** The file the game's records go on to, and how full it is. */
  place: JournalPlace;
}

export interface RestoreResult {
  game?: RestoredGame;
  /** Why the journal could not be used (a corrupt or foreign journal); undefined when there was simply none. */
  problem?: string;
  /** Journal files that hold something other than the restored game (to be erased, or set aside with `problem`). */
  others: string[];
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

/** A log entry's kind (game-log.ts LogKind), told without a table: the device would build one in RAM at boot. */
function isLogKind(kind: unknown): boolean {
  switch (kind) {
    case 'start':
    case 'move':
    case 'pause':
    case 'resume':
    case 'adjust':
    case 'flag':
    case 'pass':
    case 'ignored':
    case 'refused':
    case 'storage':
      return true;
    default:
      return false;
  }
}

/** Longer than any line the clock writes in its log. */
const MAX_LOG_TEXT = 200;

function isLogRecord(value: unknown): value is { l: LogEntry } {
  const entry = (value as { l?: { atMs?: unknown; side?: unknown; kind?: unknown; text?: unknown } }).l;
  return typeof entry === 'object' && entry !== null && isInstant(entry.atMs) && (entry.side === null || isSide(entry.side)) &&
    isLogKind(entry.kind) && typeof entry.text === 'string' && entry.text.length <= MAX_LOG_TEXT;
}

/** A packed log entry (packed-log.ts) as the clock writes one, or wrote before: it unpacks and packs again to the same text. */
function isPackedEntry(packed: unknown): packed is string {
  if (typeof packed !== 'string' || packed.length > MAX_LOG_TEXT + 32) return false;
  const entry = unpackLogEntry(packed);
  return isInstant(entry.atMs) && isLogKind(entry.kind) && entry.text.length <= MAX_LOG_TEXT &&
    (packEntry(entry, false) === packed || packEntry(entry, true) === packed);
}

/**
 * The restore's budget of boundaries met one by one in a step: none. What a replayed step says is long past (its
 * announcements are not played again), so the catch-up leaps (leap.ts): the same state and the same log lines, in a
 * few strides however many counts and periods lie between two records.
 */
const RESTORE_STEP_BUDGET = 0;

/**
 * A state of the replay at a record's instant. A tick is not stepped: the next step's catch-up meets whatever it met
 * (a flag, a forced pass: the same state and log lines, in the same order, since remaining time is derived, never
 * decremented per tick), so its moment keeps the state of the one before (`ranOn`), and the restore runs the newest
 * on at the end. A run of heartbeats costs a restore their reading alone.
 */
interface Moment {
  state: ClockState;
  atMs: number;
  logged: number;
  /** The moment of a tick that was not stepped. */
  ranOn?: boolean;
}

/** The game being replayed: the records since its header. */
interface Replay {
  /**
   * The last few states, so an undo record can take presses back exactly as the runtime did; `logged`: log entries
   * written up to and including that state (an undo takes its entries back too).
   */
  history: Moment[];
  /** The log, packed (packed-log.ts). */
  log: string[];
  logged: number;
  wallMs?: number;
  /** Records after the header that were not events or undos the game could take. */
  skipped: number;
  generation: number;
  /** Log records a snapshot said follow it and that have not been read yet: a file cut before them is incomplete. */
  logToCome: number;
  chars: number;
  /** What the records after the header cost a restore (JournalPlace `records`). */
  records: number;
}

type Head = { v: unknown; g?: unknown; control: unknown; options: unknown; w?: number; t?: unknown; s?: unknown; n?: unknown; k?: unknown };

function isHeader(value: unknown): value is Head {
  return typeof value === 'object' && value !== null && (value as { v?: unknown }).v !== undefined;
}

/** A snapshot's own fields, or why they are impossible (the generation, the control and options already checked). */
function snapshotStart(head: Head, controls: PerSide<TimeControl>): string | { atMs: number; logged: number; logToCome: number } {
  if (!isInstant(head.t)) return 'journal snapshot has an impossible instant; ignored';
  if (typeof head.n !== 'number' || !isInstant(head.n) || typeof head.k !== 'number' || !isInstant(head.k) || head.k > head.n || head.k > MAX_SNAPSHOT_LOG) {
    return 'journal snapshot has an impossible log count; ignored';
  }
  const error = snapshotError(head.s, controls, 's');
  if (error !== undefined) return oneLine('journal snapshot: ' + error + '; ignored');
  if ((head.s as StateSnapshot).atMs > head.t) return 'journal snapshot is after its own instant; ignored';
  return { atMs: head.t, logged: head.n, logToCome: head.k };
}

/** A new replay from a header (a game's start or a snapshot), or why the header cannot start one. */
function replayFrom(head: Head): Replay | string {
  if (FORMATS.indexOf(head.v as number) < 0) return 'journal is from another firmware; ignored';
  const generation = head.g === undefined ? 0 : head.g;
  if (!isInstant(generation)) return 'journal has an impossible generation; ignored';
  if (optionsError(head.options, 'options') !== undefined) return 'journal has impossible options; ignored';
  // Checked before createClock, which would throw: on Espruino an exception from inside an object literal escapes
  // the try around the replay if terser ever moves the call into one (the checker refuses that shape too).
  if (gameControlError(head.control, 'control') !== undefined) return 'journal has an impossible control; ignored';
  let state = createClock(head.control as PerSide<TimeControl>, head.options as ClockOptions);
  let atMs = 0;
  let logged = 0;
  let logToCome = 0;
  if (head.s !== undefined) {
    const snapshot = snapshotStart(head, state.controls);
    if (typeof snapshot === 'string') return snapshot;
    state = stateFromSnapshot(head.s as StateSnapshot, state.controls, state.options);
    atMs = snapshot.atMs;
    logged = snapshot.logged;
    logToCome = snapshot.logToCome;
  }
  return {
    history: [{ state: state, atMs: atMs, logged: logged }], log: [], logged: logged, wallMs: head.w, skipped: 0,
    generation: generation, logToCome: logToCome, chars: 0, records: 0,
  };
}

/**
 * A record of a snapshot's log: it comes right after the snapshot, whole, before any event. Version 3 holds several
 * packed entries (`p`), version 2 one entry object (`l`).
 */
function replayLogRecord(replay: Replay, record: unknown, limit: number): void {
  const log = replay.log;
  const packed = (record as { p?: unknown }).p;
  if (Array.isArray(packed)) {
    if (packed.length === 0 || packed.length > replay.logToCome) throw new Error('snapshot log cut');
    for (let i = 0; i < packed.length; i++) {
      if (!isPackedEntry(packed[i])) throw new Error('snapshot log cut');
      log.push(packed[i]);
    }
    replay.logToCome -= packed.length;
  } else {
    if (!isLogRecord(record)) throw new Error('snapshot log cut');
    replay.logToCome--;
    log.push(packEntry(record.l, false));
  }
  while (log.length > limit) log.shift();
}

/** An undo of the last `u` event records (fewer than the replay's history holds). */
function replayUndo(replay: Replay, record: { u: number }): void {
  const history = replay.history;
  history.splice(history.length - record.u, record.u);
  const back = replay.logged - history[history.length - 1].logged;
  replay.log.splice(Math.max(0, replay.log.length - back), back); // Espruino: an array's length cannot be assigned
  replay.logged -= back;
}

/**
 * Applies one record after the header (a snapshot's log entry, an event, or an undo of the last few). Runs at every
 * record of a restore: the rare kinds are functions of their own, so that an event's replay lexes little text.
 */
function replayRecord(replay: Replay, record: unknown, limit: number): void {
  if (replay.logToCome > 0) return /*#__NOINLINE__*/ replayLogRecord(replay, record, limit);
  if (isUndoRecord(record) && record.u < replay.history.length) {
    replay.records += LIGHT_RECORD;
    return /*#__NOINLINE__*/ replayUndo(replay, record);
  }
  const last = replay.history[replay.history.length - 1];
  if (!isEventRecord(record) || record.t < last.atMs) {
    replay.records += STEPPED_RECORD;
    replay.skipped++;
    return;
  }
  if (record.e.type === 'tick') {
    replay.records += LIGHT_RECORD;
    return pushMoment(replay, { state: last.state, atMs: record.t, logged: replay.logged, ranOn: true }, record.w);
  }
  replay.records += STEPPED_RECORD;
  const result = stepWithin(last.state, record.e, record.t, RESTORE_STEP_BUDGET);
  replay.logged += keepPacked(result.effects, replay.log, limit);
  pushMoment(replay, { state: result.state, atMs: record.t, logged: replay.logged }, record.w);
}

function pushMoment(replay: Replay, moment: Moment, wallMs: number | undefined): void {
  const history = replay.history;
  history.push(moment);
  if (history.length > UNDO_DEPTH + 1) history.shift();
  if (wallMs !== undefined) replay.wallMs = wallMs;
}

function replayProblem(e: unknown): string {
  return oneLine('journal does not replay (' + (e as Error).message + '); ignored');
}

/** One journal file replayed: its game (the one after its last header) or why there is none. */
interface FileReplay {
  name: string;
  replay: Replay | null;
  problem?: string;
  /** Whether the file held anything at all. */
  any: boolean;
  skipped: number;
}

/**
 * Replays one file record by record as it is read, through the same core. Memory does not grow with the game: a
 * few states for undo, at most `limit` log entries, and one piece of the file at a time. `progress` is called at
 * each record (the runtime kicks the watchdog there).
 */
function replayFile(storage: KeyValueStorage, name: string, limit: number, progress: () => void): FileReplay {
  let replay: Replay | null = null;
  let problem: string | undefined = undefined;
  let records = 0;
  let unreadable = 0;
  let chars = 0;
  let skippedLines = 0;
  try {
    skippedLines = forEachRecord(storage, name, (text) => {
      progress();
      records++;
      chars += text.length + RECORD_OVERHEAD_CHARS;
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch (e) {
        unreadable++;
        return;
      }
      // Espruino would make a "__proto__" field the record's prototype, V8 a plain field: neither is read.
      if (findText(text, '__proto__') >= 0 && /*#__NOINLINE__*/ hasProtoKey(record, 8)) {
        unreadable++;
        return;
      }
      try {
        if (replay !== null && !isHeader(record)) replayRecord(replay, record, limit);
        else if (isHeader(record)) {
          const started = /*#__NOINLINE__*/ replayFrom(record);
          replay = typeof started === 'string' ? null : started;
          problem = typeof started === 'string' ? started : undefined;
        }
      } catch (e) {
        // The game does not replay; a later header (a new game) may still start one.
        replay = null;
        problem = /*#__NOINLINE__*/ replayProblem(e);
      }
    }, JOURNAL_READ_LIMIT);
  } catch (e) {
    // Longer than the firmware ever writes (`each` throws nothing): not read on, so a boot stays bounded.
    return { name: name, replay: null, problem: 'journal too long; ignored', any: true, skipped: 0 };
  }
  const any = records > 0 || skippedLines > 0;
  const found = replay as Replay | null;
  if (found !== null) {
    found.chars = chars;
    if (found.logToCome > 0) return { name: name, replay: null, problem: 'journal snapshot is incomplete; ignored', any: any, skipped: 0 };
  }
  if (problem === undefined && found === null && any) problem = 'journal has no game; ignored';
  return { name: name, replay: problem === undefined ? found : null, problem: problem, any: any, skipped: skippedLines + unreadable };
}

/**
 * The game in the journal, with its log, so the arbiter can still read it after a power cut: of the journal's files
 * (JOURNAL_FILES), the newest generation that replays whole. A file cut in the middle of a compaction loses to the
 * older one it was replacing, which is still there. `others` names every file that is not the game's.
 */
export function restoreGame(storage: KeyValueStorage, logLimit?: number, progress?: () => void): RestoreResult {
  const limit = logLimit === undefined ? Infinity : logLimit;
  const onRecord = progress || ((): void => {});
  let best: FileReplay | null = null;
  let problem: string | undefined = undefined;
  const present: string[] = [];
  for (let i = 0; i < JOURNAL_FILES.length; i++) {
    const file = replayFile(storage, JOURNAL_FILES[i], limit, onRecord);
    if (!file.any) continue;
    present.push(file.name);
    const replay = file.replay;
    if (replay === null) {
      if (problem === undefined) problem = file.problem;
    } else if (best === null || (best.replay as Replay).generation < replay.generation) {
      best = file;
    }
  }
  const others = present.filter((name) => best === null || name !== best.name);
  if (best === null) return problem === undefined ? { others: others } : { problem: problem, others: others };
  const chosen = best as FileReplay;
  const game = chosen.replay as Replay;
  const newest = game.history[game.history.length - 1];
  let state = newest.state;
  if (newest.ranOn) {
    // A tick that was not stepped (see Moment): the clock run on to it, meeting what it met.
    const ran = stepWithin(state, { type: 'tick' }, newest.atMs, RESTORE_STEP_BUDGET);
    state = ran.state;
    game.logged += keepPacked(ran.effects, game.log, limit);
  }
  let effects: ClockEffect[] = [];
  if (state.status === 'running') {
    const paused = step(state, { type: 'pause' }, newest.atMs);
    state = paused.state;
    effects = paused.effects;
    game.logged += keepPacked(effects, game.log, limit);
  }
  return {
    game: {
      state: state,
      atMs: newest.atMs,
      wallMs: game.wallMs,
      effects: effects,
      skipped: chosen.skipped + game.skipped,
      log: game.log,
      logged: game.logged,
      place: { name: chosen.name, generation: game.generation, chars: game.chars, records: game.records },
    },
    others: others,
  };
}

/**
 * Whether flash holds anything for the boot's restore (journal-boot.ts): a journal file, or the marker of a restore
 * that never ended. Without, the clock starts a new game without loading the restore at all.
 */
export function journalOnFlash(storage: KeyValueStorage): boolean {
  const names = [JOURNAL_RECORD, JOURNAL_SPARE, RESTORING_RECORD];
  for (let i = 0; i < names.length; i++) {
    if (storage.has ? storage.has(names[i]) : storage.read(names[i]) !== undefined) return true;
  }
  return false;
}

/**
 * Keeps journal files that could not be restored under SET_ASIDE_RECORD (replacing what was kept before), then
 * erases them, so they are never replayed again but can still be read off the board. False when the copy could not
 * be written whole (the files are erased all the same: a journal that cannot be restored must not keep every later
 * game from being saved).
 */
export function setAsideJournal(storage: KeyValueStorage, names: string[]): boolean {
  clearJournal(storage, SET_ASIDE_RECORD);
  let kept = true;
  const copy = (chunk: string): void => {
    if (kept && chunk.length > 0) kept = storage.append(SET_ASIDE_RECORD, chunk);
  };
  for (let i = 0; i < names.length; i++) {
    if (storage.readChunks !== undefined) storage.readChunks(names[i], copy);
    else {
      const whole = storage.read(names[i]);
      if (whole !== undefined) copy(whole);
    }
    clearJournal(storage, names[i]);
  }
  return kept;
}
