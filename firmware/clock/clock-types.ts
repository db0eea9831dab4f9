/** The clock core's state, inputs and outputs (docs/architecture.md: `step(state, event, nowMs) -> { state, effects }`). */
import { TimeControl } from './control';
import { ClockOptions } from './options';
import { PerSide, Side } from './side';
import { SideClock } from './side-clock';
import { LogEntry } from './game-log';

export type ClockStatus = 'ready' | 'running' | 'paused' | 'over';

export interface Flag {
  side: Side;
  atMs: number;
}

export interface ClockState {
  controls: PerSide<TimeControl>;
  options: ClockOptions;
  status: ClockStatus;
  /** Whose turn it is: the first mover while ready, the running side, the side that runs again on resume. */
  toMove: Side;
  /** The instant of the running side's snapshot; the other side's snapshot holds at any instant. */
  sinceMs: number;
  /** Running time of the current turn before `sinceMs`, pauses excluded (what Bronstein gives back). */
  turnUsedMs: number;
  /** The latest instant processed: the core never goes back in time. */
  atMs: number;
  sides: PerSide<SideClock>;
  /** Every flag in the order it fell (12.12: which flag fell first is always known). */
  flags: Flag[];
}

/** An arbiter's correction (12.11, 12.14, 13.4b, 17.4, 3.18.4): exactly one of the optional fields. */
export interface AdjustEvent {
  type: 'adjust';
  /** The side corrected; may be left out only with `control` (then both sides get it). */
  side?: Side;
  /** Add (or, negative, remove) time: to main time in the main phase, to the current period in overtime. */
  deltaMs?: number;
  /** Set the time left of the current phase. */
  remainingMs?: number;
  periodsLeft?: number;
  movesLeft?: number;
  /** Set the move counter. */
  moves?: number;
  /** A new control, started afresh; the move counter is kept. */
  control?: TimeControl;
  /**
   * Only with `control`: each side keeps the time it has instead of starting afresh (side-clock.ts `keptSideClock`
   * says what is kept in each system). Absent or false: afresh.
   */
  keepTimes?: boolean;
}

export type ClockEvent =
  | { type: 'start' }
  | { type: 'press'; side: Side }
  /** `side`: the player who stopped the clock (3.17.2, 3.19); absent: the arbiter. */
  | { type: 'pause'; side?: Side }
  | { type: 'resume' }
  | AdjustEvent
  /** No input: lets the core catch up to `nowMs` (counts, flags) when the runtime's timer fires. */
  | { type: 'tick' };

export type AnnouncementKind = 'count' | 'warning' | 'overtime' | 'lastPeriod' | 'break';

export type ClockEffect =
  | { type: 'announce'; atMs: number; side: Side; text: string; kind: AnnouncementKind }
  | { type: 'flag'; atMs: number; side: Side }
  /** onExpire "pass": the side's last period ran out and the turn passed to the opponent (12.16). */
  | { type: 'pass'; atMs: number; side: Side }
  /** A byo-yomi period was used up and the next one began. */
  | { type: 'period'; atMs: number; side: Side; periodsLeft: number }
  /**
   * A step met more boundaries than it meets one by one (clock.ts STEP_BUDGET) and leapt over the rest, from `fromMs`
   * (the instant of the first boundary not met one by one; all before it were) to `atMs`: it left out
   * `announcements` announcements and `log` log entries (those its summary lines stand for, beyond the lines).
   */
  | { type: 'skipped'; atMs: number; fromMs: number; announcements: number; log: number }
  | { type: 'log'; entry: LogEntry };

export interface StepResult {
  state: ClockState;
  effects: ClockEffect[];
}
