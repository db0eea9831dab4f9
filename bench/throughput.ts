/**
 * Core throughput, on the host: how fast the pure core runs.
 * - `step` events per second over a realistic mix: the eight 10-hour games with a tick wherever the device would
 *   wake for the core (its next deadline: each display second, tenths in the last 10 s, counts), the presses, and a
 *   pause and resume every 50 moves. Timed over whole passes after a warm-up pass.
 * - Each system's 10-hour, 400-move game fast-forwarded: the start and the 400 presses fed to `step` at their
 *   instants with nothing in between (the core runs every count, period and refill itself). Median of runs.
 */
import { createClock, step } from '../firmware/clock/clock';
import { ClockState } from '../firmware/clock/clock-types';
import { TimeControl } from '../firmware/clock/control';
import { LONG_CONTROLS, longGame, Timed, withDeadlineTicks } from './long-games';

const SEED = 20261129;

function play(control: TimeControl, events: Timed[]): ClockState {
  let state = createClock(control);
  for (let i = 0; i < events.length; i++) state = step(state, events[i].event, events[i].atMs).state;
  return state;
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export interface StepThroughput {
  /** Median over the timed passes. */
  eventsPerSecond: number;
  /** The slowest and the fastest pass. */
  range: [number, number];
  /** ns per step at the median. */
  nsPerEvent: number;
  events: number;
  mix: { ticks: number; presses: number; pauses: number; resumes: number };
  passes: number;
  seconds: number;
}

export function stepThroughput(minSeconds = 3, minPasses = 5): StepThroughput {
  const lists = LONG_CONTROLS.map((control, i) => ({ control, events: withDeadlineTicks(longGame(control, SEED + i, true)) }));
  const mix = { ticks: 0, presses: 0, pauses: 0, resumes: 0 };
  let events = 0;
  for (const l of lists) {
    for (const x of l.events) {
      const k = x.event.type === 'tick' ? 'ticks' : x.event.type === 'press' ? 'presses' : x.event.type === 'pause' ? 'pauses' : 'resumes';
      mix[k]++;
    }
    events += l.events.length;
  }
  for (const l of lists) play(l.control, l.events); // warm-up
  const rates: number[] = [];
  let seconds = 0;
  while (rates.length < minPasses || seconds < minSeconds) {
    const t0 = process.hrtime.bigint();
    for (const l of lists) play(l.control, l.events);
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    seconds += s;
    rates.push(events / s);
  }
  const eventsPerSecond = median(rates);
  return { eventsPerSecond, range: [Math.min(...rates), Math.max(...rates)], nsPerEvent: 1e9 / eventsPerSecond, events, mix, passes: rates.length, seconds };
}

export interface LongGameRun {
  system: string;
  control: TimeControl;
  hours: number;
  moves: number;
  flags: number;
  overtime: boolean;
  /** Median ms to run the game through the core, fast-forwarded (presses only). */
  fastForwardMs: number;
  /** Median ms with a tick at every deadline, as the device wakes (for comparison). */
  withWakeTicksMs: number;
  wakeTicks: number;
  runs: number;
}

export function longGameRuns(runs = 21): LongGameRun[] {
  const games = LONG_CONTROLS.map((control, i) => {
    const game = longGame(control, SEED + 100 + i, false);
    return { control, game, ticked: withDeadlineTicks(game), fast: [] as number[], slow: [] as number[] };
  });
  const time = (control: TimeControl, events: Timed[]): number => {
    const t0 = process.hrtime.bigint();
    play(control, events);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  for (let k = 0; k < 5; k++) for (const g of games) play(g.control, g.game.events); // warm-up
  // Rounds over all systems (not all runs of one system in a row), so a GC or a noisy moment spreads evenly.
  for (let k = 0; k < runs; k++) for (const g of games) g.fast.push(time(g.control, g.game.events));
  for (let k = 0; k < 5; k++) for (const g of games) g.slow.push(time(g.control, g.ticked));
  return games.map((g) => ({
    system: g.control.system,
    control: g.control,
    hours: g.game.durationMs / 3600000,
    moves: g.game.moves,
    flags: g.game.flags,
    overtime: g.game.overtime,
    fastForwardMs: median(g.fast),
    withWakeTicksMs: median(g.slow),
    wakeTicks: g.ticked.length - g.game.events.length,
    runs,
  }));
}
