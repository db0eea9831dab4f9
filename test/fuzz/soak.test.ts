/**
 * A 72-hour soak in virtual time: the runtime on the virtual HAL plays one long game (byo-yomi with 40 hours of
 * main time each, so the display — and the one timer — changes every second for the whole game), with a move every
 * one to eight minutes, bouncing contacts now and then, a pause (both buttons) about every two hours, and the
 * arbiter's menu (+2:00 White) about every six. Nothing may grow that should not: the runtime's retained state
 * (JSON size of state(), the log bounded by logLimit), the journal per record and per hour, the host heap after a
 * forced GC (hour 24 against the end); and the timer: wake-ups per virtual hour stay bounded, the pending timer is
 * never in the past, and a running clock always has one. After every move every invariant of harness.ts holds
 * (but the log's order: see below), and at the end a reset restores the same times.
 *
 * FUZZ_SCALE=n plays 72 x n hours. FUZZ_VERBOSE=1 prints the figures.
 */
import * as v8 from 'v8';
import * as vm from 'vm';
import { startRuntime, Runtime } from '../../firmware/runtime/runtime';
import { COMPACT_AT_CHARS, JOURNAL_FILES, restoreGame } from '../../firmware/storage/game-journal';
import { MAX_RECORD_CHARS, readRecords, RECORD_OVERHEAD_CHARS } from '../../firmware/storage/journal';
import { createVirtualHal } from '../../sim/virtual-hal';
import { buttonOf, checkRuntime, copyOf, JournalMirror, logGoesBack, SCALE, SpyStorage, storageWith, times } from './harness';
import { layoutFor } from '../../firmware/display/layouts';

const HOUR = 3600000;
const MINUTE = 60000;
const HOURS = 72 * SCALE;

/** A forced garbage collection: `global.gc` under --expose-gc, else V8's flag set at run time. */
function forcedGc(): (() => void) | null {
  const g = (global as unknown as { gc?: () => void }).gc;
  if (typeof g === 'function') return g;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    return typeof gc === 'function' ? gc : null;
  } catch (e) {
    return null;
  }
}

/** A seeded generator (mulberry32), so the soak is the same game every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sample {
  hour: number;
  stateBytes: number;
  logEntries: number;
  journalBytes: number;
  journalRecords: number;
  moves: number;
  heapBytes: number | null;
}

test('72 virtual hours of a long game: no growth in retained state, journal, heap or timers', () => {
  const wallStart = Date.now();
  const storage = storageWith(new SpyStorage(), {
    control: { system: 'byoyomi', mainMs: 40 * HOUR, periods: 5, periodMs: 60000 },
    options: { announce: 'ru', warnings: true },
    sound: true,
  });
  const hal = createVirtualHal({ storage: storage, watchdog: true });
  let runtime: Runtime | undefined;
  const mirror = new JournalMirror(() => (runtime ? runtime.state() : undefined), false);
  mirror.attach(storage);

  // The timer, as the runtime uses it: wake-ups per virtual hour, and never a pending timer in the past.
  const wakeUpsPerHour: number[] = [];
  let timerProblem: string | null = null;
  let lastStart: { atMs: number } | null = null;
  const inner = hal.timer;
  hal.timer = {
    start(atMs, onFire) {
      lastStart = { atMs: atMs };
      inner.start(atMs, () => {
        const hour = Math.floor(hal.nowMs() / HOUR);
        wakeUpsPerHour[hour] = (wakeUpsPerHour[hour] || 0) + 1;
        onFire();
        const pending = hal.pendingTimerMs();
        if (timerProblem === null && pending !== null && pending < hal.nowMs()) timerProblem = 'pending timer ' + pending + ' in the past at ' + hal.nowMs();
        if (timerProblem === null && pending === null && runtime && runtime.view().status === 'running') timerProblem = 'running without a timer at ' + hal.nowMs();
      });
    },
    stop() {
      lastStart = null;
      inner.stop();
    },
  };

  runtime = startRuntime(hal, { layout: layoutFor(hal.display), watchdogMs: 4000 });
  const rt = runtime;
  const rand = random(20260729);
  const gc = forcedGc();
  const samples: Sample[] = [];
  let edges = 0;

  const edge = (button: 'left' | 'right', down: boolean) => {
    hal.edge(button, down);
    edges++;
  };
  const wait = (ms: number) => hal.advanceTo(hal.nowMs() + ms);
  const tap = (button: 'left' | 'right', bounce: boolean) => {
    edge(button, true);
    if (bounce) {
      wait(3);
      edge(button, false);
      wait(4);
      edge(button, true);
    }
    wait(80);
    edge(button, false);
    wait(300);
  };
  const both = (holdMs: number) => {
    edge('left', true);
    wait(20);
    edge('right', true);
    wait(holdMs);
    edge('left', false);
    wait(10);
    edge('right', false);
    wait(300);
  };
  const sample = (hour: number) => {
    hal.tones.length = 0; // the virtual buzzer's recording is the test's, not the firmware's
    if (gc) {
      gc();
      gc();
    }
    const journal = JOURNAL_FILES.map((name) => storage.read(name) || '').join('');
    samples.push({
      hour: hour,
      stateBytes: JSON.stringify(rt.state()).length,
      logEntries: rt.log().length,
      journalBytes: journal.length,
      journalRecords: mirror.records,
      moves: rt.view().sides.black.moves + rt.view().sides.white.moves,
      heapBytes: gc ? process.memoryUsage().heapUsed : null,
    });
  };

  // White starts Black's clock.
  tap(buttonOf(rt, 'white'), false);
  let nextPauseAt = 2 * HOUR;
  let nextMenuAt = 6 * HOUR;
  let nextSampleHour = 24;
  let pauses = 0;
  let menus = 0;
  let checks = 0;
  let logBackwards = 0;
  while (hal.nowMs() < HOURS * HOUR) {
    wait(MINUTE + Math.floor(rand() * 7 * MINUTE)); // a move every one to eight minutes
    const v = rt.view();
    if (v.status !== 'running') throw new Error('the game stopped running at ' + hal.nowMs() + ': ' + JSON.stringify(v));
    tap(buttonOf(rt, v.toMove), rand() < 0.1);
    if (hal.nowMs() >= nextPauseAt) {
      both(600); // a pause
      wait(MINUTE + Math.floor(rand() * 9 * MINUTE));
      both(2100); // resume
      pauses++;
      nextPauseAt += 2 * HOUR;
    }
    if (hal.nowMs() >= nextMenuAt) {
      both(4100); // pause and open the menu
      tap('left', false); // "+2:00 White"
      tap('right', false); // give it
      tap('right', false); // Resume
      if (rt.menuOpen() || rt.view().status !== 'running') throw new Error('the menu did not resume the game at ' + hal.nowMs());
      menus++;
      nextMenuAt += 6 * HOUR;
    }
    // Every invariant, the log's order too (a chord's take-back used to leave taken-back presses in a full log).
    checkRuntime(hal, rt, null, 64, 'soak', true);
    if (logGoesBack(rt)) logBackwards++;
    checks++;
    if (timerProblem) throw new Error(timerProblem);
    if (rt.view().status === 'running' && lastStart === null) throw new Error('running with the timer stopped at ' + hal.nowMs());
    if (hal.nowMs() >= nextSampleHour * HOUR) {
      sample(nextSampleHour);
      nextSampleHour += 24;
    }
  }
  const playedMs = Date.now() - wallStart;

  // A reset at the end brings back the times of the last journal record.
  const bootStart = Date.now();
  const restored = restoreGame(copyOf(storage));
  const restoreMs = Date.now() - bootStart;
  const reboot = createVirtualHal({ storage: copyOf(storage) });
  const again = startRuntime(reboot, { layout: layoutFor(reboot.display) });
  expect(times(again.view())).toEqual(mirror.expected());
  expect(restored.game && restored.game.skipped).toBe(0);

  const first = samples[0];
  const last = samples[samples.length - 1];
  const hours = wakeUpsPerHour.slice(1, HOURS); // the first hour holds the start
  const maxWake = Math.max(...hours);
  const minWake = Math.min(...hours);
  const read = readRecords(storage, JOURNAL_FILES.filter((name) => storage.read(name) !== undefined)[0]);
  const figures = {
    virtualHours: HOURS,
    wallMs: playedMs,
    wakeUps: hal.wakeUps,
    wakeUpsPerHour: { min: minWake, max: maxWake },
    microsecondsPerWakeUp: Math.round((playedMs * 1000) / hal.wakeUps),
    edges: edges,
    moves: last.moves,
    pauses: pauses,
    menus: menus,
    invariantChecks: checks,
    checksWithTheLogGoingBack: logBackwards,
    samples: samples,
    journal: {
      records: read.records.length,
      recordsWritten: last.journalRecords,
      maxBytes: Math.max(...samples.map((s) => s.journalBytes)),
      restoreMs: restoreMs,
    },
    heapGrowthBytes: first.heapBytes !== null && last.heapBytes !== null ? last.heapBytes - first.heapBytes : null,
  };
  // eslint-disable-next-line no-console
  if (process.env.FUZZ_VERBOSE) console.log('soak: ' + JSON.stringify(figures, null, 1));

  expect(last.hour).toBe(HOURS);
  // the game really went on: moves, pauses and menus all the way
  expect(last.moves).toBeGreaterThan(HOURS * 6);
  expect(pauses).toBeGreaterThanOrEqual(HOURS / 2 - 1);
  expect(menus).toBeGreaterThanOrEqual(HOURS / 6 - 1);
  // the runtime's retained state does not grow: the state's size, the log at its limit
  expect(last.stateBytes).toBeLessThanOrEqual(first.stateBytes + 64);
  expect(last.logEntries).toBeLessThanOrEqual(64);
  // the journal compacts itself: thousands of records written, the file never past its budget and one record
  expect(last.journalRecords).toBeGreaterThan(4000); // some 300 KB of records in all
  for (const s of samples) expect(s.journalBytes).toBeLessThan(COMPACT_AT_CHARS + MAX_RECORD_CHARS + RECORD_OVERHEAD_CHARS);
  // one timer: about one wake-up per second (3600 an hour), plus the gestures' own; while a side has more than a day
  // left its display changes once a minute (60 an hour). In the last day both sides are below a day.
  expect(maxWake).toBeLessThanOrEqual(3600 + 200);
  expect(minWake).toBeGreaterThanOrEqual(60);
  expect(Math.min(...hours.slice(-24))).toBeGreaterThanOrEqual(3000);
  // the host heap after a forced GC does not grow with the hours (generous: 2 MB; the journal string, ~3 KB an
  // hour, is in it)
  if (figures.heapGrowthBytes !== null) expect(figures.heapGrowthBytes).toBeLessThan(2 * 1024 * 1024);
}, 120000 * SCALE);
