/**
 * The simulator's scripted mode (DESIGN §6): a scenario runs through the real clock core in virtual time, at once,
 * and comes out as the stable JSON report. The core is stepped at each event's instant and once at `untilMs`;
 * counts and flags come out at their exact instants because the core computes them, not because anything ticks.
 */
import { createClock, step } from '../firmware/clock';
import { adjustError } from '../firmware/adjust';
import { ClockEffect, ClockEvent, ClockState, Flag } from '../firmware/clock-types';
import { formatLogEntry } from '../firmware/game-log';
import { Side } from '../firmware/side';
import { view, SideView } from '../firmware/view';
import { checkScenario, Scenario, ScenarioError, ScenarioEvent } from './scenario-check';
import { startRuntime } from '../firmware/runtime';
import { defaultSettings, saveSettings } from '../firmware/settings';
import { parseGameControl } from '../firmware/control-validate';
import { DEFAULT_OPTIONS } from '../firmware/options';
import { createVirtualHal, MemoryStorage } from './virtual-hal';
import { layoutFor } from '../firmware/layouts';

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

function report(state: ClockState, untilMs: number, announcements: ScenarioReport['announcements'], log: string[]): ScenarioReport {
  const shown = view(state, untilMs);
  return {
    atMs: untilMs,
    state: shown.status,
    running: shown.running,
    sides: { black: sideReport(shown.sides.black), white: sideReport(shown.sides.white) },
    flags: shown.flags.map((f) => ({ side: f.side, atMs: f.atMs })),
    announcements: announcements,
    log: log,
  };
}

function announced(effects: ClockEffect[], into: ScenarioReport['announcements']): void {
  for (const effect of effects) {
    if (effect.type === 'announce') into.push({ atMs: effect.atMs, side: effect.side, text: effect.text });
  }
}

function refuse(state: ClockState, item: ScenarioEvent, index: number): void {
  if (item.event.type !== 'adjust') return;
  const error = adjustError(state, item.event);
  if (error !== undefined) throw new ScenarioError('events[' + index + '] (adjust at ' + item.atMs + ' ms): ' + error);
}

/** The clock core alone, stepped at each event's instant and once at `untilMs`. */
function runCore(scenario: Scenario): ScenarioReport {
  let state: ClockState;
  try {
    state = createClock(scenario.control, scenario.options);
  } catch (e) {
    throw new ScenarioError((e as Error).message);
  }
  const announcements: ScenarioReport['announcements'] = [];
  const log: string[] = [];
  const play = (effects: ClockEffect[]): void => {
    announced(effects, announcements);
    for (const effect of effects) if (effect.type === 'log') log.push(formatLogEntry(effect.entry));
  };
  scenario.events.forEach((item, index) => {
    refuse(state, item, index);
    const result = step(state, item.event as ClockEvent, item.atMs);
    play(result.effects);
    state = result.state;
  });
  const last = step(state, { type: 'tick' }, scenario.untilMs);
  play(last.effects);
  return report(last.state, scenario.untilMs, announcements, log);
}

/**
 * The whole device in virtual time: the runtime shell on a virtual HAL, so raw button edges go through the gesture
 * recogniser, the controller and the menu exactly as on the clock. The scenario's control and options are the
 * stored settings at boot; its time line is the device's monotonic time.
 */
function runDevice(scenario: Scenario): ScenarioReport {
  const storage = new MemoryStorage();
  const settings = defaultSettings();
  try {
    settings.control = parseGameControl(scenario.control);
  } catch (e) {
    throw new ScenarioError((e as Error).message);
  }
  settings.options = Object.assign({}, DEFAULT_OPTIONS, scenario.options);
  saveSettings(storage, settings);
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: Infinity });
  const announcements: ScenarioReport['announcements'] = [];
  runtime.onEffects((effects) => announced(effects, announcements));
  scenario.events.forEach((item, index) => {
    hal.advanceTo(item.atMs);
    const event = item.event;
    if (event.type === 'button') {
      hal.edge(event.button, event.down);
    } else {
      refuse(runtime.state(), item, index);
      runtime.feed(event, runtime.nowMs());
    }
  });
  hal.advanceTo(scenario.untilMs);
  runtime.feed({ type: 'tick' }, runtime.nowMs());
  return report(runtime.state(), runtime.nowMs(), announcements, runtime.log().map(formatLogEntry));
}

/** Runs a checked scenario: on the device when it has raw button events, on the clock core alone otherwise. */
export function runChecked(scenario: Scenario): ScenarioReport {
  const device = scenario.events.some((item) => item.event.type === 'button');
  return device ? runDevice(scenario) : runCore(scenario);
}

/** Checks and runs a parsed scenario object; bad input throws ScenarioError with one line. */
export function runScenario(input: unknown): ScenarioReport {
  return runChecked(checkScenario(input));
}
