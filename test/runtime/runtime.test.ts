import { createClock, step } from '../../firmware/clock/clock';
import { ClockEffect, ClockEvent } from '../../firmware/clock/clock-types';
import { view } from '../../firmware/display/view';
import { startRuntime } from '../../firmware/runtime/runtime';
import { saveSettings, defaultSettings, SETTINGS_RECORD } from '../../firmware/storage/settings';
import { JOURNAL_FILES, JOURNAL_RECORD } from '../../firmware/storage/game-journal';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { createVirtualHal, MemoryStorage, TimerPolicy } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';

const BYOYOMI = { system: 'byoyomi' as const, mainMs: 10000, periods: 2, periodMs: 5000 };
const MINUTE = { system: 'absolute' as const, mainMs: 60000 };

function storageWith(control: object, leftSide: 'black' | 'white' = 'black'): MemoryStorage {
  const storage = new MemoryStorage();
  const settings = defaultSettings();
  settings.control = parseGameControl(control);
  settings.leftSide = leftSide;
  saveSettings(storage, settings);
  return storage;
}

/** A deterministic "random" lateness: up to 500 ms late, every seventh wake-up lost. */
function unreliable(): TimerPolicy {
  let n = 0;
  return {
    lateByMs: (atMs) => (atMs * 7919) % 501,
    missed: () => ++n % 7 === 0,
  };
}

/** Presses at these instants (left, right, left …), then time runs on to `untilMs`. */
function playOnDevice(policy: TimerPolicy | undefined, presses: number[], untilMs: number, control: object = BYOYOMI) {
  const hal = createVirtualHal({ policy: policy, storage: storageWith(control) });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  const said: ClockEffect[] = [];
  runtime.onEffects((effects) => effects.forEach((e) => e.type !== 'log' && said.push(e)));
  presses.forEach((atMs, i) => {
    hal.advanceTo(atMs);
    hal.edge(i % 2 === 0 ? 'right' : 'left', true); // white starts black's clock, then they alternate
    hal.advanceTo(atMs + 30);
    hal.edge(i % 2 === 0 ? 'right' : 'left', false);
  });
  hal.advanceTo(untilMs);
  return { hal, runtime, said, final: view(runtime.state(), untilMs) };
}

function playInCore(presses: number[], untilMs: number) {
  let state = createClock(BYOYOMI);
  const said: ClockEffect[] = [];
  const feed = (event: ClockEvent, atMs: number) => {
    const r = step(state, event, atMs);
    state = r.state;
    r.effects.forEach((e) => e.type !== 'log' && said.push(e));
  };
  presses.forEach((atMs, i) => feed({ type: 'press', side: i % 2 === 0 ? 'white' : 'black' }, atMs));
  feed({ type: 'tick' }, untilMs);
  return { said, final: view(state, untilMs) };
}

describe('the runtime on a virtual clock', () => {
  const presses = [1000, 4000, 9000, 21000, 23500, 30000];

  test('late and missed timers change nobody\'s time, no count and no flag instant', () => {
    const truth = playInCore(presses, 60000);
    const device = playOnDevice(unreliable(), presses, 60000);
    expect(device.final).toEqual(truth.final);
    expect(device.said).toEqual(truth.said);
    expect(truth.said.some((e) => e.type === 'flag')).toBe(true);
  });

  test('on-time timers give the same game too', () => {
    const device = playOnDevice(undefined, presses, 60000);
    expect(device.final).toEqual(playInCore(presses, 60000).final);
  });

  test('exactly one timer, set only while something runs', () => {
    const hal = createVirtualHal({ storage: storageWith(MINUTE) });
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
    expect(hal.pendingTimerMs()).toBeNull(); // ready: nothing will change by itself
    hal.edge('right', true);
    hal.advanceTo(50);
    hal.edge('right', false);
    // A release says nothing to the clock: it sets no timer of its own (the recogniser decides it at the next edge
    // or tick, as it would have on time). The one timer is black's display changing at 0:59.
    expect(hal.pendingTimerMs()).toBe(1000);
    hal.advanceTo(80);
    expect(hal.pendingTimerMs()).toBe(1000);
    runtime.feed({ type: 'pause' }, runtime.nowMs());
    expect(hal.pendingTimerMs()).toBeNull();
  });

  test('wakes about once a second in main time, ten times a second in the last 10 s', () => {
    // One per display second (the starting press's release needs no wake-up: it says nothing to the clock).
    const { hal } = playOnDevice(undefined, [0], 5000, MINUTE);
    expect(hal.wakeUps).toBe(5);
    const late = playOnDevice(undefined, [0], 52000, MINUTE);
    // 50 wake-ups for the first 50 s, then tenths from 10 s left: 20 in the next 2 s.
    expect(late.hal.wakeUps).toBe(70);
  });

  test('the display shows each side on its button\'s half, the running side marked', () => {
    const { hal } = playOnDevice(undefined, [0], 2500, MINUTE);
    // Black (left) runs: the arrow glyph (code 0) in the middle column of his half on both rows; \x05 marks 14.3.
    expect(hal.display.lines).toEqual(['0:58 \x05 \x00  \x05 1:00', '#0     \x00      #0']);
  });

  test('the left button is White\'s when the clock stands the other way round', () => {
    const hal = createVirtualHal({ storage: storageWith(BYOYOMI, 'white') });
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
    hal.edge('left', true); // White's button starts Black's clock
    expect(runtime.view().running).toBe('black');
  });

  test('a watchdog is kicked even while nothing runs', () => {
    const hal = createVirtualHal({ storage: storageWith(BYOYOMI), watchdog: true });
    startRuntime(hal, { layout: layoutFor(hal.display), watchdogMs: 4000 });
    hal.advanceTo(60000);
    expect(hal.kicks).toBeGreaterThanOrEqual(30); // at least every 2 s
  });

  test('sound follows the setting', () => {
    const storage = storageWith(BYOYOMI);
    const quiet = defaultSettings();
    quiet.control = parseGameControl(BYOYOMI);
    quiet.sound = false;
    saveSettings(storage, quiet);
    const hal = createVirtualHal({ storage });
    startRuntime(hal, { layout: layoutFor(hal.display) });
    hal.edge('right', true);
    hal.advanceTo(30000);
    expect(hal.tones).toEqual([]);
  });
});

/** Fails the test from inside a callback (returns never). */
function fail(why: string): never {
  throw new Error(why);
}

describe('settings and the journal at boot', () => {
  test('corrupt settings fall back to the defaults with a message', () => {
    const storage = new MemoryStorage();
    storage.write(SETTINGS_RECORD, '{"control": {"system": "byoyomi", "periods": 0}}');
    const freshHal = createVirtualHal({ storage });
    const runtime = startRuntime(freshHal, { layout: layoutFor(freshHal.display) });
    expect(runtime.notices[0]).toMatch(/settings\.control.*defaults used/);
    expect(runtime.settings().control.black).toEqual({ system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 });
  });

  test('after a power cut the same game comes back, paused, with the times of the last event', () => {
    const storage = storageWith(BYOYOMI);
    const before = createVirtualHal({ storage });
    const first = startRuntime(before, { layout: layoutFor(before.display) });
    [[500, 'right'], [3000, 'left'], [7000, 'right'], [12500, 'left']].forEach(([atMs, button]) => {
      before.advanceTo(atMs as number);
      before.edge(button as 'left' | 'right', true);
      before.advanceTo((atMs as number) + 50);
      before.edge(button as 'left' | 'right', false);
    });
    before.advanceTo(15000); // power is cut here; the last event was at 12500
    const expected = view(first.state(), 12500);
    const times = (sides: typeof expected.sides) =>
      [sides.black, sides.white].map((s) => [s.phase, s.remainingMs, s.periodsLeft, s.moves, s.flaggedAtMs]);

    const after = createVirtualHal({ storage }); // a new boot: monotonic time starts again at 0
    after.advanceTo(800);
    const second = startRuntime(after, { layout: layoutFor(after.display) });
    const restored = second.view();
    expect(restored.status).toBe('paused');
    expect(restored.toMove).toBe(expected.toMove);
    expect(times(restored.sides)).toEqual(times(expected.sides));
    expect(second.notices).toContain('game restored');
    after.advanceTo(60000);
    expect(times(second.view().sides)).toEqual(times(expected.sides)); // paused: nothing runs
    second.feed({ type: 'resume' }, second.nowMs());
    after.advanceTo(61000);
    expect(second.view().sides.white.remainingMs).toBe(expected.sides.white.remainingMs - 1000);
  });

  test('a long game comes back from a journal read piece by piece, never whole', () => {
    // 400 moves over about three hours, with the heartbeat each minute: the journal compacts itself many times, and
    // (a host keeping 200 log entries: its snapshots carry them) holds more than an Espruino board should hold in RAM
    // at once. A storage that can hand it over in pieces is never asked for all of it.
    const storage = storageWith({ system: 'absolute', mainMs: 4 * 3600000 });
    const hal = createVirtualHal({ storage });
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: 200 });
    for (let i = 0; i < 400; i++) {
      const button = i % 2 === 0 ? 'right' : 'left';
      hal.advanceTo(1000 + i * 27000);
      hal.edge(button, true);
      hal.advanceTo(1000 + i * 27000 + 60);
      hal.edge(button, false);
    }
    hal.advanceTo(1000 + 400 * 27000);
    const files = JOURNAL_FILES.filter((name) => storage.read(name) !== undefined);
    expect(files.length).toBe(1);
    const journal = storage.read(files[0]) as string;
    expect(journal.length).toBeGreaterThan(4096);
    const pieces: number[] = [];
    const chunked = {
      read: (name: string) => (JOURNAL_FILES.indexOf(name) >= 0 ? fail('the journal was read whole') : storage.read(name)),
      write: (name: string, data: string) => storage.write(name, data),
      append: (name: string, data: string) => storage.append(name, data),
      erase: (name: string) => storage.erase(name),
      has: (name: string) => storage.read(name) !== undefined,
      readChunks: (name: string, each: (chunk: string) => void) => {
        const data = storage.read(name);
        if (data === undefined) return false;
        for (let at = 0; at < data.length; at += 256) {
          if (JOURNAL_FILES.indexOf(name) >= 0) pieces.push(at); // the journal's pieces (the record is read too)
          each(data.slice(at, at + 256));
        }
        return true;
      },
    };
    const againHal = createVirtualHal({ storage: chunked as unknown as MemoryStorage });
    const again = startRuntime(againHal, { layout: layoutFor(againHal.display), logLimit: 16 });
    expect(pieces.length).toBe(Math.ceil(journal.length / 256));
    const times = (v: ReturnType<typeof view>) => [v.sides.black, v.sides.white].map((x) => [x.phase, x.remainingMs, x.moves]);
    expect(again.view().status).toBe('paused');
    expect(times(again.view())).toEqual(times(view(runtime.state(), again.state().atMs)));
    expect(again.log().length).toBe(16);
    expect(again.log().slice(0, 15)).toEqual(runtime.log().slice(-15));
  });

  test('a corrupt journal is ignored with a message and a new game starts', () => {
    const storage = storageWith(BYOYOMI);
    storage.write(JOURNAL_RECORD, 'garbage\n\u0000\u00ff{"v":\n');
    const freshHal = createVirtualHal({ storage });
    const runtime = startRuntime(freshHal, { layout: layoutFor(freshHal.display) });
    expect(runtime.notices.join(' ')).toMatch(/journal/);
    expect(runtime.view().status).toBe('ready');
  });
});

describe('an edge handled late, after a timer that fell due after it', () => {
  function started(mainMs: number) {
    const hal = createVirtualHal({ storage: storageWith({ system: 'absolute', mainMs: mainMs }) });
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: Infinity });
    hal.edge('right', true);
    hal.advanceTo(40);
    hal.edge('right', false);
    return { hal, runtime };
  }

  test('a press is charged at its own instant, not at the wake-up that came first', () => {
    const { hal, runtime } = started(60000);
    hal.advanceTo(2005); // the 2000 ms wake-up (a display second) ran before the edge of 1995 ms was handled
    hal.edge('left', true, 1995);
    expect(runtime.log().map((e) => e.text)).toContain('black move 1 (1995 ms)');
  });

  test('a press made 1 ms before the flag beats the flag even if the flag was handled first', () => {
    const { hal, runtime } = started(10000);
    hal.advanceTo(10010); // the flag fell at 10000 on the timer; the press of 9999 ms is handled after it
    expect(runtime.view().status).toBe('over');
    hal.edge('left', true, 9999);
    const view = runtime.view();
    expect(view.status).toBe('running');
    expect(view.flags).toEqual([]);
    expect(view.sides.black.remainingMs).toBe(1);
    expect(runtime.log().map((e) => e.text)).toEqual(['white start: black to move', 'black move 1 (9999 ms)']);
    // and a reset restores exactly that (the flag's journal record is taken back too)
    const againHal = createVirtualHal({ storage: hal.storage });
    const again = startRuntime(againHal, { layout: layoutFor(againHal.display) });
    expect(again.view().flags).toEqual([]);
    expect(again.view().sides.black.moves).toBe(1);
  });
});

describe('an edge handled late, after a gesture that was decided after it', () => {
  type Edge = [handledAtMs: number, button: 'left' | 'right', down: boolean, stampedMs?: number];
  /** A one-minute absolute game on a virtual HAL, each edge handled at its instant (stamped earlier when given). */
  function played(edges: Edge[], endMs: number) {
    const hal = createVirtualHal({ storage: storageWith({ system: 'absolute', mainMs: 60000 }) });
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: Infinity });
    for (const [at, button, down, stamped] of edges) {
      hal.advanceTo(at);
      hal.edge(button, down, stamped === undefined ? at : stamped);
    }
    hal.advanceTo(endMs);
    return runtime;
  }

  test('a reply stamped while the other button\'s release was still unconfirmed keeps its own instant', () => {
    const hal = createVirtualHal({ storage: storageWith({ system: 'absolute', mainMs: 60000 }) });
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: Infinity });
    hal.edge('right', true, 0);
    hal.advanceTo(1000);
    hal.edge('right', false, 1000); // white's release is confirmed at 1030 (bounce time)
    hal.advanceTo(1045); // … and it was: the timer ran before the reply of 1020 ms was handled
    hal.edge('left', true, 1020);
    expect(runtime.log().map((e) => e.text)).toEqual(['white start: black to move', 'black move 1 (1020 ms)']);
  });

  test('a long hold is not decided by a timer with the clock showing: a reply handled after it keeps its own instant', () => {
    // Black's press is held on past the long hold's instant (6000 ms). A long hold says nothing to the clock, so no
    // timer decides it: white's press stamped 5990 ms and handled at 6010 ms is charged at 5990 ms (12.8).
    const runtime = played([[0, 'right', true], [40, 'right', false], [5000, 'left', true], [6010, 'right', true, 5990], [6100, 'right', false], [6200, 'left', false]], 7000);
    expect(runtime.log().map((e) => e.text)).toEqual(['white start: black to move', 'black move 1 (5000 ms)', 'white move 1 (990 ms)']);
  });

  test('an edge that would contradict a gesture already reported is taken at that gesture\'s instant', () => {
    // Black presses at 5000 ms and holds; white presses at 5100 ms and holds: at 5500 ms the timer reports the chord
    // (a pause as of 5000 ms, both presses taken back). Black's up edge stamped 5450 ms, handled at 5510 ms, would
    // have meant no chord (its release confirmed at 5480 ms, before the chord was due): what was reported stands,
    // and the edge counts from the chord's instant.
    const runtime = played([[0, 'right', true], [40, 'right', false], [5000, 'left', true], [5100, 'right', true], [5510, 'left', false, 5450], [5600, 'right', false]], 7000);
    expect(runtime.view().status).toBe('paused');
    expect(runtime.view().sides.black.moves).toBe(0);
    // Handled on time, the same edges are two moves and no chord.
    const other = played([[0, 'right', true], [40, 'right', false], [5000, 'left', true], [5100, 'right', true], [5450, 'left', false], [5600, 'right', false]], 7000);
    expect(other.view().status).toBe('running');
    expect(other.log().map((e) => e.text)).toEqual(['white start: black to move', 'black move 1 (5000 ms)', 'white move 1 (100 ms)']);
  });
});
