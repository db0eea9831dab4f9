/**
 * One long game per time system: 400 moves (200 a side) over about 10 hours, with controls sized so that nobody
 * loses on time and the overtime systems really reach overtime. Think times are drawn from a seeded generator
 * (30–150 s, 90 s on average) and cut to what the side has left, as a player short of time would play.
 */
import { createClock, step } from '../firmware/clock/clock';
import { ClockEvent, ClockState } from '../firmware/clock/clock-types';
import { TimeControl } from '../firmware/clock/control';
import { nextDeadline, view } from '../firmware/display/view';
import { Side } from '../firmware/clock/side';
import { createRng } from './rng';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

export const LONG_CONTROLS: TimeControl[] = [
  { system: 'absolute', mainMs: 5 * H + 15 * MIN },
  { system: 'byoyomi', mainMs: 4 * H + 45 * MIN, periods: 5, periodMs: 60 * S },
  { system: 'canadian', mainMs: 5 * H, moves: 25, periodMs: 10 * MIN },
  { system: 'fischer', mainMs: 2 * H, incrementMs: 60 * S },
  { system: 'bronstein', mainMs: 4 * H, delayMs: 30 * S },
  { system: 'delay', mainMs: 4 * H, delayMs: 30 * S },
  { system: 'hourglass', mainMs: 5 * H },
  { system: 'stages', stages: [{ moves: 40, ms: 2 * H }, { moves: 20, ms: H }] },
];

export interface Timed {
  atMs: number;
  event: ClockEvent;
}

export interface LongGame {
  control: TimeControl;
  /** The start and the 400 moves (and, with pauses, a pause and a resume every 50 moves). */
  events: Timed[];
  durationMs: number;
  moves: number;
  flags: number;
  /** Whether a side reached overtime (byo-yomi, Canadian). */
  overtime: boolean;
}

/** The longest a side can think now without losing on time (a little margin kept). */
function thinkCap(state: ClockState, atMs: number): number {
  const v = view(state, atMs);
  const side = v.toMove;
  const s = v.sides[side];
  const c = state.controls[side];
  if (c.system === 'byoyomi') return s.phase === 'main' ? s.remainingMs + 0.9 * c.periodMs : 0.9 * s.remainingMs;
  if (c.system === 'canadian') {
    if (s.phase === 'main') return s.remainingMs + (0.9 * c.periodMs) / c.moves;
    return (0.9 * s.remainingMs) / (s.movesLeft as number);
  }
  return 0.95 * (s.graceMs + s.remainingMs);
}

/**
 * The game of `control`: White starts Black's clock at 0, then 400 moves. With `pauses`, the arbiter stops the
 * clock for 2–5 minutes every 50 moves (so the event list has pauses and resumes too).
 */
export function longGame(control: TimeControl, seed: number, pauses: boolean): LongGame {
  const rng = createRng(seed);
  let state = createClock(control);
  const events: Timed[] = [];
  const feed = (event: ClockEvent, atMs: number) => {
    events.push({ atMs, event });
    state = step(state, event, atMs).state;
  };
  feed({ type: 'press', side: 'white' }, 0);
  let t = 0;
  let overtime = false;
  for (let move = 0; move < 400; move++) {
    const side: Side = state.toMove;
    const thinkMs = Math.max(1000, Math.floor(Math.min(rng.int(30 * S, 150 * S), thinkCap(state, t))));
    t += thinkMs;
    if (view(state, t).sides[side].phase === 'overtime') overtime = true;
    feed({ type: 'press', side }, t);
    if (pauses && move % 50 === 49) {
      t += rng.int(1000, 20000);
      feed({ type: 'pause' }, t);
      t += rng.int(2 * MIN, 5 * MIN);
      feed({ type: 'resume' }, t);
    }
  }
  const end = view(state, t);
  return { control, events, durationMs: t, moves: end.sides.black.moves + end.sides.white.moves, flags: end.flags.length, overtime };
}

/** The same events with a tick wherever the device would wake for the core (its next deadline, on time). */
export function withDeadlineTicks(game: LongGame): Timed[] {
  let state = createClock(game.control);
  let t = 0;
  const out: Timed[] = [];
  for (const x of game.events) {
    for (let d = nextDeadline(state, t); d !== null && d < x.atMs; d = nextDeadline(state, t)) {
      out.push({ atMs: d, event: { type: 'tick' } });
      state = step(state, { type: 'tick' }, d).state;
      t = d;
    }
    out.push(x);
    state = step(state, x.event, x.atMs).state;
    t = x.atMs;
  }
  return out;
}
