/**
 * The scripted report's lists (docs/scenarios.md: `announcements` and `log`), bounded: each keeps its first REPORT_LIST_MAX
 * entries and counts the rest, which the report gives as `omitted` (only when something was left out, so a normal
 * report is exactly the one docs/scenarios.md shows).
 */
import { ClockEffect } from '../firmware/clock/clock-types';
import { formatLogEntry, LogEntry } from '../firmware/clock/game-log';
import { Side } from '../firmware/clock/side';
import { packLogEntry } from '../firmware/runtime/packed-log';

/**
 * The most entries each list holds. 10,000 log lines are some 600 KB of JSON, several times what a real game says
 * (400 moves with byo-yomi counts: a few thousand); a clock left running for months would say millions.
 */
export const REPORT_LIST_MAX = 10000;

export interface Announcement {
  atMs: number;
  side: Side;
  text: string;
}

export interface Omitted {
  announcements: number;
  log: number;
}

/** Which lists still take entries. */
export interface Room {
  announcements: boolean;
  log: boolean;
}

export class ReportLists {
  announcements: Announcement[] = [];
  log: string[] = [];
  omitted: Omitted = { announcements: 0, log: 0 };

  room(): Room {
    return { announcements: this.announcements.length < REPORT_LIST_MAX, log: this.log.length < REPORT_LIST_MAX };
  }

  announce(effect: Extract<ClockEffect, { type: 'announce' }>): void {
    if (this.announcements.length < REPORT_LIST_MAX) this.announcements.push({ atMs: effect.atMs, side: effect.side, text: effect.text });
    else this.omitted.announcements++;
  }

  line(entry: LogEntry): void {
    if (this.log.length < REPORT_LIST_MAX) this.log.push(formatLogEntry(entry));
    else this.omitted.log++;
  }

  /** Entries that exist but are not at hand (the log of an earlier game is not the report's: see `DeviceLog`). */
  unseenLines(count: number): void {
    if (count > 0 && this.log.length < REPORT_LIST_MAX) throw new Error('report log: ' + count + ' lines lost before the list was full');
    this.omitted.log += count;
  }

  clearLog(): void {
    this.log = [];
    this.omitted.log = 0;
  }

  /** What a step's leap left out (firmware/clock/leap.ts): the log lines its summary stands for beyond the summary itself. */
  skipped(effect: Extract<ClockEffect, { type: 'skipped' }>): void {
    this.omitted.announcements += effect.announcements;
    this.omitted.log += effect.log;
  }

  /** The announcements and leaps among `effects`, and their log lines when `withLog` (else the log is read elsewhere). */
  take(effects: ClockEffect[], withLog: boolean): void {
    for (const effect of effects) {
      if (effect.type === 'announce') this.announce(effect);
      else if (effect.type === 'skipped') this.skipped(effect);
      else if (effect.type === 'log' && withLog) this.line(effect.entry);
    }
  }

  /** `{ omitted }` when something was left out, else nothing. */
  omittedField(): { omitted?: Omitted } {
    const o = this.omitted;
    return o.announcements + o.log > 0 ? { omitted: { announcements: o.announcements, log: o.log } } : {};
  }
}

/**
 * The runtime's log of the current game, followed through its in-memory window (its latest `limit` entries,
 * firmware/runtime/runtime.ts `logLimit`) rather than kept whole by the runtime: a whole log of thousands of lines would be
 * written again into every journal compaction. Looked at after everything the host makes the device do. Between two
 * looks the window may lose entries at its end (a chord's take-back), gain entries at its end, and, once full, lose
 * entries at its front: those are final (nothing takes them back). A new game makes a new window. Entries are
 * recognised by identity.
 */
/**
 * The report's log is the clock's (docs/scenarios.md: every event it acted on or ignored), the same on either path: the
 * runtime's notes about the device's own flash ("record stopped", "game not saved") are not in it, and are not
 * effects (the window's count of lines played leaves them out).
 */
function ofTheClock(entry: LogEntry): boolean {
  return entry.kind !== 'storage';
}

export class DeviceLog {
  private window: LogEntry[] = [];
  /** Each window entry as a string: the runtime's log() gives fresh copies at every call, so entries are compared by value. */
  private keys: string[] = [];
  /** Log entries the runtime played since the last look (its effects), for a window that lost sight of some. */
  private played = 0;

  constructor(private readonly lists: ReportLists, private readonly limit: number) {}

  /** The runtime played these effects (runtime.onEffects). */
  heard(effects: ClockEffect[]): void {
    for (const effect of effects) if (effect.type === 'log') this.played++;
  }

  private report(entry: LogEntry): void {
    if (ofTheClock(entry)) this.lists.line(entry);
  }

  /**
   * After the runtime did something: what left the window's front is final, what left its end was taken back.
   * The window's front moves only when lines are added at its end (a take-back reaches back seconds, never to the
   * front of a full window, and two lines of one game are never equal: the log runs forward in time), so a log
   * whose first line is not in the window is either a full window of new lines or a new game's.
   */
  look(log: LogEntry[]): void {
    const keys = log.map(packLogEntry);
    const start = keys.length > 0 ? this.keys.indexOf(keys[0]) : -1;
    if (start >= 0) {
      for (let i = 0; i < start; i++) this.report(this.window[i]);
    } else if (log.length >= this.limit) {
      // A full window of new lines: all the old one had left its front, and so did the lines before these.
      for (const entry of this.window) this.report(entry);
      this.lists.unseenLines(this.played - log.filter(ofTheClock).length);
    } else if (this.window.length > 0) {
      // A new game (or the only lines taken back): the report's log is the current game's, as the runtime's is.
      this.lists.clearLog();
    }
    this.window = log;
    this.keys = keys;
    this.played = 0;
  }

  /** The game's log as it stands: the window is final too. */
  finish(log: LogEntry[]): void {
    this.look(log);
    for (const entry of this.window) this.report(entry);
    this.window = [];
  }
}
