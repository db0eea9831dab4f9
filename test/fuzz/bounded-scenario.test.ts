/**
 * Bounded work for every scenario (sim/scenario.ts): a clock left running for the longest scenario (400 days) is
 * reported in bounded work on either path (core steps and device wake-ups counted: about 9,000 at most), with its
 * announcements and log cut at REPORT_LIST_MAX and the rest counted in `omitted`; a report below the cap is exactly the one the runner gave before it learned to skip idle
 * time: that runner is the reference here (every event stepped with no budget, every wake-up of the device on time).
 */
import fc from 'fast-check';
import { createClock, stepWithin } from '../../firmware/clock/clock';
import { adjustError } from '../../firmware/clock/adjust';
import { ClockEffect, ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { formatLogEntry } from '../../firmware/clock/game-log';
import { startRuntime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { ClockOptions, DEFAULT_OPTIONS } from '../../firmware/clock/options';
import { GameControl } from '../../firmware/clock/control';
import { view } from '../../firmware/display/view';
import { layoutFor } from '../../firmware/display/layouts';
import { checkScenario, REPORT_LIST_MAX, runChecked, runScenario, ScenarioError, ScenarioReport } from '../../sim/scenario';
import { Scenario } from '../../sim/scenario-check';
import { createVirtualHal, MemoryStorage, VirtualHal } from '../../sim/virtual-hal';
import * as virtualHalModule from '../../sim/virtual-hal';
import * as clockModule from '../../firmware/clock/clock';
import { gameControlArb, optionsArb, SCALE } from './harness';

const DAY = 86400000;
const MAX_UNTIL = 400 * DAY;

type Json = { [key: string]: unknown };

// ---------------------------------------------------------------- the reference: the runner as it was

function reportOf(state: ClockState, atMs: number, announcements: ScenarioReport['announcements'], log: string[]): ScenarioReport {
  const shown = view(state, atMs);
  const side = (s: typeof shown.sides.black) => ({ phase: s.phase, remainingMs: s.remainingMs, periodsLeft: s.periodsLeft, movesLeft: s.movesLeft, moves: s.moves, flaggedAtMs: s.flaggedAtMs });
  return {
    atMs: atMs,
    state: shown.status,
    running: shown.running,
    sides: { black: side(shown.sides.black), white: side(shown.sides.white) },
    flags: shown.flags.map((f) => ({ side: f.side, atMs: f.atMs })),
    announcements: announcements,
    log: log,
  };
}

function announced(effects: ClockEffect[], into: ScenarioReport['announcements']): void {
  for (const e of effects) if (e.type === 'announce') into.push({ atMs: e.atMs, side: e.side, text: e.text });
}

/** The runner refuses an adjustment the clock would refuse, with the event's place. */
function refuse(state: ClockState, item: Scenario['events'][number], index: number): void {
  if (item.event.type !== 'adjust') return;
  const error = adjustError(state, item.event);
  if (error !== undefined) throw new ScenarioError('events[' + index + '] (adjust at ' + item.atMs + ' ms): ' + error);
}

function referenceCore(scenario: Scenario): ScenarioReport {
  let state = createClock(scenario.control, scenario.options);
  const announcements: ScenarioReport['announcements'] = [];
  const log: string[] = [];
  const play = (effects: ClockEffect[]) => {
    announced(effects, announcements);
    for (const e of effects) if (e.type === 'log') log.push(formatLogEntry(e.entry));
  };
  scenario.events.forEach((item, index) => {
    refuse(state, item, index);
    const result = stepWithin(state, item.event as ClockEvent, item.atMs, Infinity);
    play(result.effects);
    state = result.state;
  });
  const last = stepWithin(state, { type: 'tick' }, scenario.untilMs, Infinity);
  play(last.effects);
  return reportOf(last.state, scenario.untilMs, announcements, log);
}

function referenceDevice(scenario: Scenario): ScenarioReport {
  const storage = new MemoryStorage();
  const settings = defaultSettings();
  settings.control = parseGameControl(scenario.control);
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
  // The clock's log: the runtime's notes about its own flash (a record full) are not the report's.
  return reportOf(runtime.state(), runtime.nowMs(), announcements, runtime.log().filter((e) => e.kind !== 'storage').map(formatLogEntry));
}

function reference(scenario: Scenario): ScenarioReport {
  return scenario.events.some((item) => item.event.type === 'button') ? referenceDevice(scenario) : referenceCore(scenario);
}

/** The reference report as the bounded runner must give it: lists cut at REPORT_LIST_MAX, the rest counted. */
function bounded(full: ScenarioReport): ScenarioReport {
  const cut = Object.assign({}, full, { announcements: full.announcements.slice(0, REPORT_LIST_MAX), log: full.log.slice(0, REPORT_LIST_MAX) });
  const omitted = { announcements: full.announcements.length - cut.announcements.length, log: full.log.length - cut.log.length };
  return omitted.announcements + omitted.log > 0 ? Object.assign(cut, { omitted: omitted }) : cut;
}

// ---------------------------------------------------------------- random valid scenarios

const sideArb = fc.constantFrom('black', 'white');
const eventArb = (buttons: boolean): fc.Arbitrary<Json> => fc.oneof(
  { weight: 6, arbitrary: sideArb.map((side) => ({ type: 'press', side })) },
  { weight: 1, arbitrary: fc.constantFrom<Json>({ type: 'pause' }, { type: 'pause', side: 'black' }, { type: 'resume' }, { type: 'start' }) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.record({ side: sideArb, deltaMs: fc.oneof(fc.integer({ min: -60000, max: -1 }), fc.integer({ min: 1, max: 60000 })) }),
      fc.record({ side: sideArb, remainingMs: fc.integer({ min: 0, max: 60000 }) }),
      fc.record({ side: sideArb, moves: fc.integer({ min: 0, max: 50 }) }),
    ).map((fields) => Object.assign({ type: 'adjust' }, fields) as Json),
  },
  { weight: buttons ? 6 : 0, arbitrary: fc.record({ button: fc.constantFrom('left', 'right'), down: fc.boolean() }).map((b) => Object.assign({ type: 'button' }, b) as Json) },
);

/** Byo-yomi in its last period with forced passes, 200 ms to 2 s: a log line every period, with nobody pressing. */
const passingArb: fc.Arbitrary<GameControl> = fc.integer({ min: 200, max: 2000 }).map((periodMs): GameControl => ({ system: 'byoyomi', mainMs: 0, periods: 1, periodMs: periodMs }));

function scenarioArb(buttons: boolean, gap: fc.Arbitrary<number>, tail: fc.Arbitrary<number>, control?: fc.Arbitrary<GameControl>, options?: fc.Arbitrary<Partial<ClockOptions>>): fc.Arbitrary<Scenario> {
  return fc
    .record({ control: control || gameControlArb, options: options || optionsArb, events: fc.array(fc.tuple(gap, eventArb(buttons)), { maxLength: 16 }), tail: tail })
    .map((r) => {
      let t = 0;
      const events = r.events.map(([g, e]) => {
        t += g;
        return Object.assign({ atMs: t }, e);
      });
      return checkScenario({ control: r.control, options: r.options, events: events, untilMs: t + r.tail });
    });
}

function sameAsReference(scenario: Scenario): void {
  let expected: ScenarioReport | string;
  try {
    expected = bounded(reference(scenario));
  } catch (e) {
    expected = 'throws ' + String(e);
  }
  let got: ScenarioReport | string;
  try {
    got = runChecked(scenario);
  } catch (e) {
    got = 'throws ' + String(e);
  }
  expect(got).toEqual(expected);
}

describe('a report below the cap is the one every wake-up on time gives', () => {
  test('the clock core alone, with idle stretches of seconds to hours', () => {
    const gap = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 120000 }), fc.integer({ min: 0, max: 3 * 3600000 }));
    fc.assert(fc.property(scenarioArb(false, gap, fc.integer({ min: 0, max: 3 * 3600000 })), sameAsReference), { numRuns: 150 * SCALE });
  });
  test('the whole device (raw button edges: holds, chords, the menu), with idle stretches of seconds to minutes', () => {
    const gap = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 30000 }));
    fc.assert(fc.property(scenarioArb(true, gap, fc.integer({ min: 0, max: 180000 })), sameAsReference), { numRuns: 120 * SCALE });
  }, 120000);
  test('the whole device with forced passes: more log lines than it keeps in memory, chords taking presses back', () => {
    // (not longer: the reference keeps the whole log in the runtime, and every journal compaction writes it again)
    const gap = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 30000 }));
    const options = fc.constant<Partial<ClockOptions>>({ onExpire: 'pass' });
    fc.assert(fc.property(scenarioArb(true, gap, fc.integer({ min: 0, max: 120000 }), passingArb, options), sameAsReference), { numRuns: 40 * SCALE });
  }, 120000);
});

// ---------------------------------------------------------------- above the cap

/** Byo-yomi 0 + 1x6 s with beeps and forced passes: 10 beeps and 2 passes every 12 s. */
function beepingPasses(untilMs: number, buttons: boolean): Json {
  const start = buttons
    ? [{ atMs: 0, type: 'button', button: 'right', down: true }, { atMs: 40, type: 'button', button: 'right', down: false }]
    : [{ atMs: 0, type: 'press', side: 'white' }];
  return { control: { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 6000 }, options: { onExpire: 'pass', announce: 'beep' }, events: start, untilMs: untilMs };
}

describe('a report above the cap', () => {
  test('lists the first REPORT_LIST_MAX entries of each list and counts the rest', () => {
    // 70,000 s: 5,833 whole rounds of 10 beeps and 2 passes, then 4 beeps of Black's (the announcements' list fills
    // after 3 1/3 hours, the log after 16 2/3); the log also has the start.
    const scenario = checkScenario(beepingPasses(70000000, false));
    const got = runChecked(scenario);
    expect(got).toEqual(bounded(reference(scenario)));
    expect(got.omitted).toEqual({ announcements: 58334 - REPORT_LIST_MAX, log: 11667 - REPORT_LIST_MAX });
  });
  test('the device says the same, but for who started the clock', () => {
    const core = runScenario(beepingPasses(70000000, false));
    const device = runScenario(beepingPasses(70000000, true));
    expect(device.log[0]).toBe('0 white start: black to move');
    expect(Object.assign({}, device, { log: device.log.slice(1) })).toEqual(Object.assign({}, core, { log: core.log.slice(1) }));
  });
  test('the log full first, announcements still listed: the same on either path, and as every wake-up on time', () => {
    // White passes every 1.5 s with a beep at 1 s left, Black every 200 ms: 2 lines and 1 beep a round of 1.7 s, so
    // the log fills after 5,000 rounds and the announcements after 10,000. 11,764 rounds, then White's beep.
    const scenario = (events: Json[]): Json => ({
      control: { black: { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 200 }, white: { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1500 } },
      options: { onExpire: 'pass', announce: 'beep', firstToMove: 'white' },
      events: events,
      untilMs: 20000000,
    });
    const core = runChecked(checkScenario(scenario([{ atMs: 0, type: 'press', side: 'black' }])));
    expect(core).toEqual(bounded(reference(checkScenario(scenario([{ atMs: 0, type: 'press', side: 'black' }])))));
    expect(core.omitted).toEqual({ announcements: 11765 - REPORT_LIST_MAX, log: 2 * 11764 + 1 - REPORT_LIST_MAX });
    const device = runChecked(checkScenario(scenario([{ atMs: 0, type: 'button', button: 'left', down: true }, { atMs: 40, type: 'button', button: 'left', down: false }])));
    expect(device.log[0]).toBe('0 black start: white to move');
    expect(Object.assign({}, device, { log: device.log.slice(1) })).toEqual(Object.assign({}, core, { log: core.log.slice(1) }));
  });
  test('a report below the cap has no `omitted` field', () => {
    expect(runScenario(beepingPasses(60000, false))).not.toHaveProperty('omitted');
  });
});

// ---------------------------------------------------------------- 400 days

/**
 * The work a run took, counted rather than timed (a test that times itself fails on a busy machine): the core's
 * steps, on either path, and the device's wake-ups (timer firings of its virtual HAL).
 */
function counted(run: () => ScenarioReport): { report: ScenarioReport; steps: number; wakeUps: number } {
  const step = jest.spyOn(clockModule, 'step');
  const within = jest.spyOn(clockModule, 'stepWithin');
  const made = jest.spyOn(virtualHalModule, 'createVirtualHal');
  try {
    const report = run();
    const hals = made.mock.results.map((r) => r.value as VirtualHal);
    return { report: report, steps: step.mock.calls.length + within.mock.calls.length, wakeUps: hals.reduce((n, hal) => n + hal.wakeUps, 0) };
  } finally {
    step.mockRestore();
    within.mockRestore();
    made.mockRestore();
  }
}

/**
 * Bounded work for 400 days: not a step or a wake-up per second, nor per pass (34,560,000 of them). Measured: at
 * most 9,201 steps and 9,145 wake-ups (byo-yomi with Japanese counts on the device, a step and a wake-up per list
 * line it may still keep); the bound is about twice that.
 */
const STEPS_400_DAYS = 20000;
const WAKEUPS_400_DAYS = 20000;

describe('400 days of a running clock', () => {
  const passing = { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1000 };
  const buttonStart = [{ atMs: 0, type: 'button', button: 'right', down: true }, { atMs: 40, type: 'button', button: 'right', down: false }];
  test.each([
    ['the core: forced passes every second', { control: passing, options: { onExpire: 'pass' }, events: [{ atMs: 0, type: 'start' }] }],
    ['the device: forced passes every second', { control: passing, options: { onExpire: 'pass' }, events: buttonStart }],
  ] as [string, Json][])('%s, nobody pressing: bounded work, every pass counted', (_name, scenario) => {
    const run = counted(() => runScenario(Object.assign({ untilMs: MAX_UNTIL }, scenario)));
    expect(run.steps).toBeLessThan(STEPS_400_DAYS);
    expect(run.wakeUps).toBeLessThan(WAKEUPS_400_DAYS);
    // 34,560,000 passes and the start
    expect(run.report.log.length).toBe(REPORT_LIST_MAX);
    expect(run.report.omitted).toEqual({ announcements: 0, log: 34560001 - REPORT_LIST_MAX });
    expect(run.report.sides.black).toEqual({ phase: 'overtime', remainingMs: 1000, periodsLeft: 1, movesLeft: null, moves: 0, flaggedAtMs: null });
    expect(run.report.running).toBe('black');
  }, 20000);

  test.each([
    ['the core', [{ atMs: 0, type: 'press', side: 'white' }]],
    ['the device', buttonStart],
  ] as [string, Json[]][])('%s: byo-yomi 10 min + 3x30 s, Japanese counts, forced passes: bounded work, the same counts either way', (_name, events) => {
    const run = counted(() => runScenario({ control: { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 }, options: { onExpire: 'pass', announce: 'jp' }, events: events, untilMs: MAX_UNTIL }));
    expect(run.steps).toBeLessThan(STEPS_400_DAYS);
    expect(run.wakeUps).toBeLessThan(WAKEUPS_400_DAYS);
    // 10 min of main time, then 3 periods of Black's; the rest is rounds of a period and a pass each: 12 counts,
    // 'overtime' and 'last period' once per side
    expect(run.report.omitted).toEqual({ announcements: 12661564, log: 1141957 });
  }, 20000);

  test.each([
    ['absolute 400 days, watched to its flag', { control: { system: 'absolute', mainMs: MAX_UNTIL }, events: buttonStart }],
    ['a flagged clock counting up under "continue"', { control: { system: 'fischer', mainMs: 300000, incrementMs: 5000 }, options: { onExpire: 'continue' }, events: buttonStart }],
    ['a button held down for 400 days', { control: { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 10000 }, options: { onExpire: 'pass' }, events: buttonStart.concat([{ atMs: 1000, type: 'button', button: 'left', down: true }]) }],
  ] as [string, Json][])('the device: %s, in bounded work', (_name, scenario) => {
    const run = counted(() => runScenario(Object.assign({ untilMs: MAX_UNTIL }, scenario)));
    expect(run.steps).toBeLessThan(STEPS_400_DAYS);
    expect(run.wakeUps).toBeLessThan(WAKEUPS_400_DAYS);
  }, 20000);
});

describe('the virtual HAL skipping idle time', () => {
  test('skipTo fires a timer due on the way once, late, and leaves a later one alone', () => {
    const hal = createVirtualHal();
    const fired: number[] = [];
    hal.timer.start(100, () => {
      fired.push(hal.nowMs());
      hal.timer.start(hal.nowMs() + 50, () => fired.push(hal.nowMs()));
    });
    hal.skipTo(1000);
    expect(fired).toEqual([1000]);
    expect(hal.pendingTimerMs()).toBe(1050);
    hal.skipTo(1020);
    expect(fired).toEqual([1000]);
    hal.advanceTo(2000);
    expect(fired).toEqual([1000, 1050]);
    expect(hal.wakeUps).toBe(2);
  });
});
