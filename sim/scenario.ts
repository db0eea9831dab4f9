/**
 * The simulator's scripted mode (docs/scenarios.md): a scenario runs through the real clock core in virtual time, at once,
 * and comes out as the stable JSON report. Counts and flags come out at their exact instants because the core
 * computes them, not because anything ticks.
 *
 * Bounded work: the runner never steps time one shown change or one boundary at a time for longer than its report
 * needs. The report keeps the first REPORT_LIST_MAX announcements and log lines and counts the rest (`omitted`); while
 * a list has room, the clock is stepped so that the core meets every boundary one by one (firmware/clock/clock.ts
 * STEP_BUDGET), and once nothing more can be listed it is stepped straight to the next event, where the core leaps
 * (firmware/clock/leap.ts) and says how much it left out.
 */
import { createClock, nextBoundaryAt, nextChangeAt, step, stepWithin } from '../firmware/clock/clock';
import { adjustError } from '../firmware/clock/adjust';
import { ClockEffect, ClockEvent, ClockState, Flag, StepResult } from '../firmware/clock/clock-types';
import { Side } from '../firmware/clock/side';
import { sideFacts, view, SideView } from '../firmware/display/view';
import { checkScenario, Scenario, ScenarioError, ScenarioEvent } from './scenario-check';
import { Runtime, startRuntime } from '../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../firmware/storage/settings';
import { parseGameControl } from '../firmware/clock/control-validate';
import { DEFAULT_OPTIONS } from '../firmware/clock/options';
import { createVirtualHal, MemoryStorage, VirtualHal } from './virtual-hal';
import { layoutFor } from '../firmware/display/layouts';
import { Announcement, DeviceLog, Omitted, REPORT_LIST_MAX, ReportLists, Room } from './report-lists';
import { KeyValueStorage } from '../hal/hal';
import { recordHeader, recordLines } from '../firmware/storage/game-record';
import { recordAppend, recordNewGame, RECORD_NAMES } from '../firmware/storage/record-store';

export { ScenarioError, parseScenario, checkScenario } from './scenario-check';
export { REPORT_LIST_MAX } from './report-lists';

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
  announcements: Announcement[];
  log: string[];
  /** Only when a list was cut at REPORT_LIST_MAX: how many entries each left out. */
  omitted?: Omitted;
}

/** The instant a step's leap began, if it left out something a list still has room for. */
function lostFrom(effects: ClockEffect[], room: Room): number | null {
  for (const effect of effects) {
    if (effect.type === 'skipped' && ((room.announcements && effect.announcements > 0) || (room.log && effect.log > 0))) return effect.fromMs;
  }
  return null;
}

/** The instant of the log line after the first `lines` of `effects`, or null when there are no more. */
function lineAfter(effects: ClockEffect[], lines: number): number | null {
  let seen = 0;
  for (const effect of effects) {
    if (effect.type === 'log' && seen++ === lines) return effect.entry.atMs;
  }
  return null;
}

/**
 * How far toward `targetMs` the clock may be stepped at once without losing an entry a list still has room for (and,
 * while the log has room, with at most `maxLines` log lines). With nothing to list, all the way. With only log lines
 * to list, to the next boundary that is not a count (what may log lies only there: a pass, a flag, a period's end),
 * passing over the counts between in one step. Else all the way unless that step leaps over something listable (or
 * says too much); then to just before that, which the core meets one by one: all boundaries before a leap were. At
 * least the next boundary's instant, so time always moves on.
 */
function strideEnd(state: ClockState, targetMs: number, room: Room, maxLines: number): number {
  if (!room.announcements && !room.log) return targetMs;
  if (!room.announcements) return Math.min(targetMs, nextChangeAt(state));
  const trial = step(state, { type: 'tick' }, targetMs).effects;
  const lost = lostFrom(trial, room);
  const crowded = room.log ? lineAfter(trial, maxLines) : null;
  let endMs = targetMs;
  if (lost !== null) endMs = lost - 1;
  if (crowded !== null) endMs = Math.min(endMs, crowded - 1);
  return Math.min(targetMs, Math.max(endMs, nextBoundaryAt(state)));
}

function sideReport(side: SideView): SideReport {
  return sideFacts(side);
}

function report(state: ClockState, untilMs: number, lists: ReportLists): ScenarioReport {
  const shown = view(state, untilMs);
  return Object.assign({
    atMs: untilMs,
    state: shown.status,
    running: shown.running,
    sides: { black: sideReport(shown.sides.black), white: sideReport(shown.sides.white) },
    flags: shown.flags.map((f) => ({ side: f.side, atMs: f.atMs })),
    announcements: lists.announcements,
    log: lists.log,
  }, lists.omittedField());
}

/** `--record`: where the game's record (firmware/storage/game-record.ts) is written as the clock steps, or nowhere. */
type RecordTo = KeyValueStorage | undefined;

function recordStep(to: RecordTo, before: ClockState, event: ClockEvent, result: StepResult, atMs: number): void {
  if (to !== undefined) recordAppend(to, recordLines(before, event, result.state, result.effects, atMs));
}

function refuse(state: ClockState, item: ScenarioEvent, index: number): void {
  if (item.event.type !== 'adjust') return;
  const error = adjustError(state, item.event);
  if (error !== undefined) throw new ScenarioError('events[' + index + '] (adjust at ' + item.atMs + ' ms): ' + error);
}

/**
 * The core run on to `targetMs` in strides (`strideEnd`). A stride that ends before a leap is stepped with no budget:
 * every boundary before the leap was met one by one already, so this changes nothing but makes sure of it.
 */
function idleCore(state: ClockState, targetMs: number, lists: ReportLists, record: RecordTo): ClockState {
  let s = state;
  while (s.atMs < targetMs) {
    const endMs = strideEnd(s, targetMs, lists.room(), Infinity);
    const result = endMs < targetMs ? stepWithin(s, { type: 'tick' }, endMs, Infinity) : step(s, { type: 'tick' }, endMs);
    lists.take(result.effects, true);
    recordStep(record, s, { type: 'tick' }, result, endMs);
    s = result.state;
  }
  return s;
}

/** The clock core alone, stepped at each event's instant and once at `untilMs`, idle time in strides between. */
function runCore(scenario: Scenario, record: RecordTo): ScenarioReport {
  let state: ClockState;
  try {
    state = createClock(scenario.control, scenario.options);
  } catch (e) {
    throw new ScenarioError((e as Error).message);
  }
  if (record !== undefined) recordNewGame(record, recordHeader(state.controls, state.options, undefined));
  const lists = new ReportLists();
  scenario.events.forEach((item, index) => {
    state = idleCore(state, item.atMs, lists, record);
    refuse(state, item, index);
    const result = step(state, item.event as ClockEvent, item.atMs);
    lists.take(result.effects, true);
    recordStep(record, state, item.event as ClockEvent, result, item.atMs);
    state = result.state;
  });
  state = idleCore(state, scenario.untilMs, lists, record);
  const last = step(state, { type: 'tick' }, scenario.untilMs);
  lists.take(last.effects, true);
  recordStep(record, state, { type: 'tick' }, last, scenario.untilMs);
  return report(last.state, scenario.untilMs, lists);
}

/**
 * The runtime's in-memory log in the scripted simulator: the device's own window. The report's log is followed
 * through it (sim/report-lists.ts DeviceLog), so a wake-up the runner causes may add at most half of it.
 */
const DEVICE_LOG_LIMIT = 64;
const LINES_PER_WAKE = DEVICE_LOG_LIMIT / 2;

/** The device in virtual time, with what the report needs from it. */
interface Device {
  hal: VirtualHal;
  runtime: Runtime;
  lists: ReportLists;
  log: DeviceLog;
}

/** Moves virtual time on to `atMs` with every wake-up on time, looking at the log after each. */
function wakeOnTime(device: Device, atMs: number): void {
  const hal = device.hal;
  for (let due = hal.pendingTimerMs(); due !== null && due <= atMs; due = hal.pendingTimerMs()) {
    hal.advanceTo(due);
    device.log.look(device.runtime.log());
  }
  hal.advanceTo(atMs);
}

/**
 * The device's virtual time moved on to `targetMs` (HAL time). While a gesture waits for a time-based step (a hold,
 * a chord's window, the menu's timeout) every wake-up happens as on the device. Otherwise a wake-up changes nothing
 * a late one would not (the core catches up exactly, announcements carry their own instants), so the HAL jumps,
 * stride by stride (`strideEnd`, tried on the runtime's state in game time), and a timer due on the way fires once,
 * late, at the stride's end. The last millisecond before the target is always on time: a chord's pause takes back
 * what was committed at and after its first edge, and a late wake-up at that very instant would commit there what
 * was due before it.
 */
function idleDevice(device: Device, targetMs: number): void {
  const hal = device.hal;
  const runtime = device.runtime;
  const skipUntilMs = targetMs - 1;
  while (hal.nowMs() < skipUntilMs) {
    const gesture = runtime.gestureDeadlineMs();
    if (gesture !== null) {
      wakeOnTime(device, Math.min(skipUntilMs, Math.max(gesture, hal.nowMs() + 1)));
      continue;
    }
    const offsetMs = runtime.nowMs() - hal.nowMs();
    // The log's lines so far: those final, and the runtime's window.
    const room = { announcements: device.lists.room().announcements, log: device.lists.log.length + runtime.log().length < REPORT_LIST_MAX };
    const endMs = strideEnd(runtime.state(), skipUntilMs + offsetMs, room, LINES_PER_WAKE) - offsetMs;
    hal.skipTo(Math.min(skipUntilMs, Math.max(endMs, hal.nowMs() + 1)));
    device.log.look(runtime.log());
  }
  wakeOnTime(device, targetMs);
}

/** `--record` on the device path: the record files the runtime wrote to the device's flash, copied as they are. */
function copyRecord(storage: MemoryStorage, to: KeyValueStorage): void {
  for (let i = 0; i < RECORD_NAMES.length; i++) {
    const text = storage.read(RECORD_NAMES[i]);
    if (text === undefined) to.erase(RECORD_NAMES[i]);
    else to.write(RECORD_NAMES[i], text);
  }
}

/**
 * The whole device in virtual time: the runtime shell on a virtual HAL, so raw button edges go through the gesture
 * recogniser, the controller and the menu exactly as on the clock. The scenario's control and options are the
 * stored settings at boot; its time line is the device's monotonic time.
 */
function runDevice(scenario: Scenario, record: RecordTo): ScenarioReport {
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
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: DEVICE_LOG_LIMIT });
  const lists = new ReportLists();
  const device: Device = { hal: hal, runtime: runtime, lists: lists, log: new DeviceLog(lists, DEVICE_LOG_LIMIT) };
  runtime.onEffects((effects) => {
    lists.take(effects, false);
    device.log.heard(effects);
  });
  device.log.look(runtime.log());
  scenario.events.forEach((item, index) => {
    idleDevice(device, item.atMs);
    const event = item.event;
    if (event.type === 'button') {
      hal.edge(event.button, event.down);
    } else {
      refuse(runtime.state(), item, index);
      runtime.feed(event, runtime.nowMs());
    }
    device.log.look(runtime.log());
  });
  idleDevice(device, scenario.untilMs);
  runtime.feed({ type: 'tick' }, runtime.nowMs());
  device.log.finish(runtime.log());
  if (record !== undefined) copyRecord(storage, record);
  return report(runtime.state(), runtime.nowMs(), lists);
}

/**
 * Runs a checked scenario: on the device when it has raw button events, on the clock core alone otherwise. With
 * `record`, the game's record is written there too (firmware/storage/record-store.ts: the last game's is RECORD_NAMES[0]).
 */
export function runChecked(scenario: Scenario, record?: KeyValueStorage): ScenarioReport {
  const device = scenario.events.some((item) => item.event.type === 'button');
  return device ? runDevice(scenario, record) : runCore(scenario, record);
}

/** Checks and runs a parsed scenario object; bad input throws ScenarioError with one line. */
export function runScenario(input: unknown, record?: KeyValueStorage): ScenarioReport {
  return runChecked(checkScenario(input), record);
}
