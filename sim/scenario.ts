/**
 * The simulator's scripted mode (DESIGN §6): a scenario runs through the real clock core in virtual time, at once,
 * and comes out as the stable JSON report. The core is stepped at each event's instant and once at `untilMs`;
 * counts and flags come out at their exact instants because the core computes them, not because anything ticks.
 */
import { createClock, step } from '../firmware/clock';
import { adjustError } from '../firmware/adjust';
import { ClockEffect, ClockState, Flag } from '../firmware/clock-types';
import { formatLogEntry } from '../firmware/game-log';
import { Side } from '../firmware/side';
import { view, SideView } from '../firmware/view';
import { checkScenario, Scenario, ScenarioError } from './scenario-check';

export { ScenarioError, parseScenario, checkScenario } from './scenario-check';

export interface SideReport {
  phase: 'main' | 'overtime';
  remainingMs: number;
  periodsLeft: number | null;
  movesLeft: number | null;
  moves: number;
  flaggedAtMs: number | null;
}

export interface ScenarioReport {
  atMs: number;
  state: 'ready' | 'running' | 'paused' | 'over';
  running: Side | null;
  sides: { black: SideReport; white: SideReport };
  flags: Flag[];
  announcements: { atMs: number; side: Side; text: string }[];
  log: string[];
}

function sideReport(side: SideView): SideReport {
  return {
    phase: side.phase,
    remainingMs: side.remainingMs,
    periodsLeft: side.periodsLeft,
    movesLeft: side.movesLeft,
    moves: side.moves,
    flaggedAtMs: side.flaggedAtMs,
  };
}

/** Runs a checked scenario. */
export function runChecked(scenario: Scenario): ScenarioReport {
  let state: ClockState;
  try {
    state = createClock(scenario.control, scenario.options);
  } catch (e) {
    throw new ScenarioError((e as Error).message);
  }
  const announcements: ScenarioReport['announcements'] = [];
  const log: string[] = [];
  const collect = (effects: ClockEffect[]): void => {
    for (const effect of effects) {
      if (effect.type === 'announce') announcements.push({ atMs: effect.atMs, side: effect.side, text: effect.text });
      else if (effect.type === 'log') log.push(formatLogEntry(effect.entry));
    }
  };
  scenario.events.forEach((item, index) => {
    if (item.event.type === 'adjust') {
      const error = adjustError(state, item.event);
      if (error !== undefined) throw new ScenarioError('events[' + index + '] (adjust at ' + item.atMs + ' ms): ' + error);
    }
    const result = step(state, item.event, item.atMs);
    collect(result.effects);
    state = result.state;
  });
  const last = step(state, { type: 'tick' }, scenario.untilMs);
  collect(last.effects);
  const shown = view(last.state, scenario.untilMs);
  return {
    atMs: scenario.untilMs,
    state: shown.status,
    running: shown.running,
    sides: { black: sideReport(shown.sides.black), white: sideReport(shown.sides.white) },
    flags: shown.flags.map((f) => ({ side: f.side, atMs: f.atMs })),
    announcements: announcements,
    log: log,
  };
}

/** Checks and runs a parsed scenario object; bad input throws ScenarioError with one line. */
export function runScenario(input: unknown): ScenarioReport {
  return runChecked(checkScenario(input));
}
