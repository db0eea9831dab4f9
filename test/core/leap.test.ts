/**
 * Catching up is arithmetic, not a loop per boundary (firmware/clock/leap.ts): however far the instant a step is asked
 * about, its work and its effects are bounded, and its state is the one meeting every boundary in turn would give.
 */
import { createClock, MAX_INSTANT_MS, step, STEP_BUDGET, stepWithin } from '../../firmware/clock/clock';
import { ClockEffect, ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { GameControl } from '../../firmware/clock/control';
import { ClockOptions } from '../../firmware/clock/options';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { DEFAULT_OPTIONS } from '../../firmware/clock/options';
import { journalEvent, journalNewGame, restoreGame } from '../../firmware/storage/game-journal';
import { view } from '../../firmware/display/view';
import { MemoryStorage } from '../../sim/virtual-hal';

const DAY = 86400000;
/** What one step may say: its budget of boundaries, a few effects each, and a few strides. */
const MOST_EFFECTS = 3 * STEP_BUDGET + 50;

function started(control: GameControl, options: Partial<ClockOptions>): ClockState {
  return step(createClock(control, options), { type: 'start' }, 0).state;
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const t0 = Date.now();
  const value = run();
  return { value: value, ms: Date.now() - t0 };
}

function logLines(effects: ClockEffect[]): string[] {
  return effects.filter((e): e is Extract<ClockEffect, { type: 'log' }> => e.type === 'log').map((e) => e.entry.atMs + ' ' + e.entry.text);
}

const passing: GameControl = { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1000 };

describe('a boot that never ended', () => {
  // A journal of three records with valid checksums: byo-yomi 0 + 1x1 s with onExpire "pass", a start at 0, a tick
  // at the end of the time line. Replaying it once took a forced pass per second of game time.
  function journal(tickAtMs: number): MemoryStorage {
    const storage = new MemoryStorage();
    const place = journalNewGame(storage, parseGameControl(passing), Object.assign({}, DEFAULT_OPTIONS, { onExpire: 'pass' }));
    if (place === null) throw new Error('no journal');
    journalEvent(storage, place, 0, { type: 'start' });
    journalEvent(storage, place, tickAtMs, { type: 'tick' });
    return storage;
  }

  test('a tick at the end of the time line restores at once, with every pass counted', () => {
    const restored = timed(() => restoreGame(journal(MAX_INSTANT_MS)));
    expect(restored.ms).toBeLessThan(1000);
    const game = restored.value.game;
    if (game === undefined) throw new Error('not restored: ' + restored.value.problem);
    // Black passes at every odd second, White at every even one: 8,796,093,022 passes by the last whole second.
    expect(game.logged).toBeLessThan(MOST_EFFECTS);
    expect(game.atMs).toBe(MAX_INSTANT_MS);
    const shown = view(game.state, MAX_INSTANT_MS);
    expect(shown.status).toBe('paused');
    expect(shown.toMove).toBe('black'); // 8,796,093,022 s: an even number of passes
    expect(shown.sides.black.remainingMs).toBe(1000 - (MAX_INSTANT_MS % 1000));
    expect(shown.sides.white).toMatchObject({ phase: 'overtime', remainingMs: 1000, periodsLeft: 1, flaggedAtMs: null });
  }, 10000);

  test('a tick at 2^53 − 1 ms, beyond the time line, is refused by the replay', () => {
    const game = restoreGame(journal(2 ** 53 - 1)).game;
    expect(game && game.atMs).toBe(0);
    expect(game && game.skipped).toBe(1);
  });
});

describe('a step long after the last one', () => {
  test('says its first boundaries one by one, then one summary line for the rounds of forced passes', () => {
    const state = started(passing, { onExpire: 'pass' });
    const result = step(state, { type: 'tick' }, 1000000);
    expect(result.effects.length).toBeLessThan(MOST_EFFECTS); // one by one: 2,000 effects
    const lines = logLines(result.effects);
    expect(lines.slice(0, 2)).toEqual(['1000 black forced pass: last period ran out, white to move', '2000 white forced pass: last period ran out, black to move']);
    // The first 200 passes are met one by one; the leap meets Black's at 201,000 ms, skips the 399 whole rounds
    // that follow (White's pass, then Black's) to 999,000 ms, and meets White's pass at 1,000,000 ms on its own.
    expect(lines[199]).toBe('200000 white forced pass: last period ran out, black to move');
    expect(lines.slice(200)).toEqual([
      '201000 black forced pass: last period ran out, white to move',
      '202000 forced passes until 999000 ms: black 399, white 399',
      '1000000 white forced pass: last period ran out, black to move',
    ]);
    expect(lines[lines.length - 1]).toBe('1000000 white forced pass: last period ran out, black to move');
    expect(result.effects[result.effects.length - 1]).toEqual({ type: 'skipped', atMs: 1000000, fromMs: 201000, announcements: 0, log: 797 });
    expect(result.state).toEqual(stepWithin(state, { type: 'tick' }, 1000000, Infinity).state);
  });

  const DIFFERENT_PERIODS: GameControl = { black: { system: 'byoyomi', mainMs: 5000, periods: 2, periodMs: 30000 }, white: { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 7000 } };
  /** Compared one by one at every instant below. */
  const ALL = Infinity;
  const cases: [string, GameControl, Partial<ClockOptions>, number][] = [
    ['byo-yomi, pass, counts', { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 }, { onExpire: 'pass', announce: 'ru' }, ALL],
    ['byo-yomi, pass, time odds', DIFFERENT_PERIODS, { onExpire: 'pass', announce: 'jp', warnings: true }, ALL],
    ['byo-yomi, pass, break before overtime', { system: 'byoyomi', mainMs: 20000, periods: 2, periodMs: 10000 }, { onExpire: 'pass', breakBeforeOvertime: true, announce: 'beep' }, ALL],
    // (compared one by one only up to 20 s: a pass every millisecond)
    ['byo-yomi, 1000 periods of 1 ms', { system: 'byoyomi', mainMs: 0, periods: 1000, periodMs: 1 }, { onExpire: 'pass' }, 20000],
    ['byo-yomi, 1000 periods of 400 days, Japanese count', { system: 'byoyomi', mainMs: 0, periods: 1000, periodMs: 400 * DAY }, { announce: 'jp' }, ALL],
    ['byo-yomi against absolute, pass', { black: { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1000 }, white: { system: 'absolute', mainMs: 60000 } }, { onExpire: 'pass' }, ALL],
    ['byo-yomi, continue: the flagged side counts up', { system: 'byoyomi', mainMs: 0, periods: 5, periodMs: 1000 }, { onExpire: 'continue' }, ALL],
    ['canadian', { system: 'canadian', mainMs: 1000, moves: 5, periodMs: 400 * DAY }, { announce: 'jp' }, ALL],
    ['absolute with warnings', { system: 'absolute', mainMs: 600000 }, { warnings: true }, ALL],
    ['hourglass', { system: 'hourglass', mainMs: 60000 }, {}, ALL],
    ['stages', { system: 'stages', stages: [{ moves: 10, ms: 60000 }] }, { onExpire: 'continue' }, ALL],
  ];
  test.each(cases)('%s: a tick at the end of the time line is bounded work and effects', (_name, control, options) => {
    const state = started(control, options);
    const result = timed(() => step(state, { type: 'tick' }, MAX_INSTANT_MS));
    expect(result.ms).toBeLessThan(500);
    expect(result.value.effects.length).toBeLessThan(MOST_EFFECTS);
    expect(result.value.state.atMs).toBe(MAX_INSTANT_MS);
  });
  test.each(cases)('%s: with a budget of 0, 1 or 7, the same state as one by one', (_name, control, options, untilMs) => {
    const state = started(control, options);
    for (const atMs of [999, 1000, 1001, 2999, 17001, 45000, 123456, 1000000, 2000001].filter((t) => t <= untilMs)) {
      const exact = stepWithin(state, { type: 'tick' }, atMs, Infinity).state;
      for (const budget of [0, 1, 7]) expect(stepWithin(state, { type: 'tick' }, atMs, budget).state).toEqual(exact);
    }
  });

  test('a waiting side whose period the arbiter shortened is no round of the cycle until it has passed', () => {
    // White passes, Black runs; the arbiter takes 300 ms off White's period while it waits: the next round is not
    // the last one again, so it must not be skipped as one.
    const events: [number, ClockEvent][] = [[0, { type: 'start' }], [2500, { type: 'adjust', side: 'white', deltaMs: -300 }]];
    let state = createClock(passing, { onExpire: 'pass' });
    for (const [atMs, event] of events) state = step(state, event, atMs).state;
    for (const atMs of [3000, 3699, 3700, 3701, 4700, 100000]) {
      expect(stepWithin(state, { type: 'tick' }, atMs, 0).state).toEqual(stepWithin(state, { type: 'tick' }, atMs, Infinity).state);
    }
  });
});
