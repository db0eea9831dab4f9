/**
 * The display states of the golden frames, each produced by running the real clock core (createClock, step, view)
 * through a short game, never by writing a ClockView by hand.
 */
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { GameControl } from '../../firmware/clock/control';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { ClockOptions } from '../../firmware/clock/options';
import { Side } from '../../firmware/clock/side';
import { view } from '../../firmware/display/view';
import { Screen } from '../../firmware/display/screen';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type Timed = [number, ClockEvent];

export function press(atMs: number, side: Side): Timed {
  return [atMs, { type: 'press', side }];
}

/** Plays `events` (in time order) on a new clock and returns the state at `atMs`. */
export function play(control: GameControl, options: Partial<ClockOptions>, events: Timed[], atMs: number): ClockState {
  let state = createClock(control, options);
  for (const [eventMs, event] of events) state = step(state, event, eventMs).state;
  return step(state, { type: 'tick' }, atMs).state;
}

/** Presses alternating from White's starting press at `startMs`: `durations[i]` is how long move i took. */
export function alternate(startMs: number, durations: number[], first: Side = 'black'): Timed[] {
  const events: Timed[] = [press(startMs, first === 'black' ? 'white' : 'black')];
  let atMs = startMs;
  let side: Side = first;
  for (const ms of durations) {
    atMs += ms;
    events.push(press(atMs, side));
    side = side === 'black' ? 'white' : 'black';
  }
  return events;
}

export function lastMs(events: Timed[]): number {
  return events[events.length - 1][0];
}

export function screenOf(control: GameControl, options: Partial<ClockOptions>, events: Timed[], atMs: number,
  extra?: Partial<Screen>): Screen {
  const state = play(control, options, events, atMs);
  return Object.assign(
    { view: view(state, atMs), controls: parseGameControl(control), leftSide: 'black' as Side },
    extra || {},
  );
}

const JAPANESE_60 = { system: 'byoyomi', mainMs: 60 * MINUTE, periods: 5, periodMs: 30 * SECOND } as const;
const JAPANESE_10 = { system: 'byoyomi', mainMs: 10 * MINUTE, periods: 3, periodMs: 30 * SECOND } as const;
const CANADIAN = { system: 'canadian', mainMs: 5 * MINUTE, moves: 20, periodMs: 5 * MINUTE } as const;
const FIVE_MINUTES = { system: 'absolute', mainMs: 5 * MINUTE } as const;
const TEN_MINUTES = { system: 'absolute', mainMs: 10 * MINUTE } as const;
const ONE_MINUTE = { system: 'absolute', mainMs: MINUTE } as const;

/** 23 moves, ~40 s each: Black has made 12, White 11, White to move. */
const MIDDLE_GAME = alternate(0, [41000, 38000, 52000, 33000, 47000, 36000, 44000, 39000, 50000, 31000, 45000, 40000,
  43000, 37000, 49000, 35000, 46000, 42000, 38000, 34000, 48000, 41000, 44000]);

export interface Frame {
  name: string;
  /** What the frame shows, for the test's title. */
  about: string;
  screen: Screen;
}

function byoyomiOvertime(): Screen {
  // Black thinks 100 s, White 10 s; then Black's main time (8:20 left) runs out at 610 s, the first period at
  // 640 s: at 645 s Black is in the second of three periods with 25 s left.
  return screenOf(JAPANESE_10, {}, [press(0, 'white'), press(100000, 'black'), press(110000, 'white')], 645000);
}

function canadianOvertime(): Screen {
  // Black's 5 min run out during his first move (at 300 s); he then makes 8 moves of 10 s in overtime while
  // White answers in 5 s: 12 of 20 moves left, 3:40 of the period, at 3 s into the next move 3:37.
  const events: Timed[] = [press(0, 'white'), press(310000, 'black')];
  let atMs = 310000;
  for (let i = 0; i < 7; i++) {
    events.push(press((atMs += 5000), 'white'));
    events.push(press((atMs += 10000), 'black'));
  }
  events.push(press((atMs += 5000), 'white'));
  return screenOf(CANADIAN, {}, events, atMs + 3000);
}

export function frames(): Frame[] {
  const middle = lastMs(MIDDLE_GAME);
  const running = screenOf(JAPANESE_60, {}, [press(0, 'white')], 1500);
  return [
    { name: 'ready', about: 'ready: Black moves first (White starts his clock)', screen: screenOf(JAPANESE_60, {}, [], 0) },
    { name: 'running-main', about: 'Black running in main time', screen: running },
    { name: 'both-main', about: 'both in main time, 12 and 11 moves', screen: screenOf(JAPANESE_60, {}, MIDDLE_GAME, middle + 7300) },
    { name: 'byoyomi', about: 'Black in byo-yomi, 2 of 3 periods left, White in main time', screen: byoyomiOvertime() },
    { name: 'canadian', about: 'Black in Canadian overtime, 12 of 20 moves left', screen: canadianOvertime() },
    { name: 'tenths', about: 'the last 10 s in tenths', screen: screenOf(FIVE_MINUTES, {}, [press(0, 'white')], 290600) },
    { name: 'hours', about: 'h:mm:ss above an hour', screen: screenOf({ system: 'absolute', mainMs: 90 * MINUTE }, {}, [press(0, 'white')], 1000) },
    { name: 'long-hours', about: '12 h: 8 characters, cut to the minute on the LCD', screen: screenOf({ system: 'absolute', mainMs: 12 * HOUR }, {}, [press(0, 'white')], 1000) },
    {
      name: 'days',
      about: 'correspondence: 60 days per 10 moves',
      screen: screenOf({ system: 'stages', stages: [{ moves: 10, ms: 60 * DAY }] }, {}, [press(0, 'white')], HOUR),
    },
    {
      name: 'paused',
      about: 'paused by the arbiter, White to move',
      screen: screenOf(JAPANESE_60, {}, MIDDLE_GAME.concat([[middle + 20000, { type: 'pause' }]]), middle + 90000),
    },
    {
      name: 'flag',
      about: "Black's flag fell, clock stopped",
      screen: screenOf(FIVE_MINUTES, {}, [press(0, 'white'), press(10000, 'black'), press(58000, 'white')], 350000),
    },
    {
      name: 'both-flags',
      about: 'both flags fell (play goes on): Black first',
      screen: screenOf(ONE_MINUTE, { onExpire: 'continue' }, [press(0, 'white'), press(65000, 'black'), press(127000, 'white')], 130000),
    },
    {
      name: 'counting-up',
      about: "Black's flag fell and his clock counts up",
      screen: screenOf(ONE_MINUTE, { onExpire: 'continue' }, [press(0, 'white')], 72400),
    },
    {
      name: 'break',
      about: 'the break before byo-yomi (3.17.3)',
      screen: screenOf(JAPANESE_10, { breakBeforeOvertime: true }, [press(0, 'white')], 601500),
    },
    {
      name: 'delay',
      about: 'simple delay pending: 3.2 s before main time runs',
      screen: screenOf({ system: 'delay', mainMs: 10 * MINUTE, delayMs: 5000 }, {}, [press(0, 'white')], 1800),
    },
    { name: 'low-battery', about: 'battery at 12 %', screen: Object.assign({}, running, { batteryPercent: 12 }) },
    {
      name: 'no-record',
      about: '14.3: Black under five minutes need not record, White must',
      screen: screenOf(TEN_MINUTES, {}, [press(0, 'white'), press(348000, 'black'), press(558000, 'white')], 558500),
    },
    {
      name: 'notice',
      about: 'a notice after a restored game',
      screen: screenOf(JAPANESE_60, {}, MIDDLE_GAME.concat([[middle + 20000, { type: 'pause' }]]), middle + 90000, {
        notice: 'game restored',
      }),
    },
    {
      name: 'hint',
      about: 'both buttons held: resume progress',
      screen: screenOf(JAPANESE_60, {}, MIDDLE_GAME.concat([[middle + 20000, { type: 'pause' }]]), middle + 90000, {
        hint: 'resume >>>',
      }),
    },
    {
      name: 'menu',
      about: "the arbiter's menu",
      screen: screenOf(JAPANESE_60, {}, [], 0, { menu: ['Time control', '60m + 5x30s'] }),
    },
    { name: 'left-white', about: "White's button on the left, Black running", screen: Object.assign({}, running, { leftSide: 'white' as Side }) },
  ];
}

// ---- Whole games, for the rules every frame keeps ----

interface Game {
  about: string;
  control: GameControl;
  options: Partial<ClockOptions>;
  /** Thinking time of each move, in turn from the first mover. */
  moves: number[];
  /** Pauses and resumes, as [atMs, "pause" | "resume"]. */
  pauses?: [number, 'pause' | 'resume'][];
}

const GAMES: Game[] = [
  {
    about: 'byo-yomi 1 min + 3x10 s into the last period and the flag',
    control: { system: 'byoyomi', mainMs: MINUTE, periods: 3, periodMs: 10 * SECOND },
    options: {},
    moves: [12000, 3000, 20000, 9500, 14000, 31000, 8000, 25000, 9900, 12000, 9999],
    pauses: [[40000, 'pause'], [45000, 'resume']],
  },
  {
    about: 'Canadian 30 s + 3/20 s, with the break before overtime',
    control: { system: 'canadian', mainMs: 30 * SECOND, moves: 3, periodMs: 20 * SECOND },
    options: { breakBeforeOvertime: true },
    moves: [10000, 4000, 15000, 190000, 5000, 6000, 7000, 8000, 9000, 9000, 9000, 9000],
  },
  {
    about: 'simple delay 1 min + 5 s, flags counting up',
    control: { system: 'delay', mainMs: MINUTE, delayMs: 5000 },
    options: { onExpire: 'continue' },
    moves: [3000, 8000, 30000, 2000, 40000, 25000, 10000, 30000],
  },
  {
    about: 'time odds: hours against minutes, White first',
    control: { black: { system: 'absolute', mainMs: 2 * 3600000 }, white: { system: 'fischer', mainMs: 20 * SECOND, incrementMs: 2000 } },
    options: { firstToMove: 'white' },
    moves: [5000, 60000, 9000, 1000, 12000, 7000, 15000],
  },
];

/** Every frame of a game, sampled every 250 ms and around each press, for both button sides and battery states. */
function gameScreens(game: Game): Screen[] {
  const controls = parseGameControl(game.control);
  const events: [number, (s: ClockState, at: number) => ClockState][] = [];
  const first: Side = game.options.firstToMove || 'black';
  let atMs = 1000;
  events.push([atMs, (s, at) => step(s, { type: 'press', side: first === 'black' ? 'white' : 'black' }, at).state]);
  let side = first;
  for (const ms of game.moves) {
    atMs += ms;
    const mover = side;
    events.push([atMs, (s, at) => step(s, { type: 'press', side: mover }, at).state]);
    side = side === 'black' ? 'white' : 'black';
  }
  for (const [pauseMs, type] of game.pauses || []) events.push([pauseMs, (s, at) => step(s, { type }, at).state]);
  events.sort((a, b) => a[0] - b[0]);
  const endMs = atMs + 30000;
  let state = createClock(game.control, game.options);
  const screens: Screen[] = [];
  let next = 0;
  for (let t = 0; t <= endMs; t += 250) {
    while (next < events.length && events[next][0] <= t) {
      const [eventMs, apply] = events[next++];
      state = apply(state, eventMs);
      for (const around of [eventMs - 1, eventMs, eventMs + 1]) {
        if (around >= state.atMs) screens.push({ view: view(state, around), controls, leftSide: 'black' });
      }
    }
    screens.push({ view: view(state, t), controls, leftSide: 'black' });
  }
  const all: Screen[] = [];
  screens.forEach((s, i) => {
    all.push(s);
    all.push(Object.assign({}, s, { leftSide: 'white' as Side, batteryPercent: i % 30 }));
  });
  return all;
}

/** Every sampled frame of every game, and the golden frames. */
export function sweepScreens(): Screen[] {
  return ([] as Screen[]).concat(...GAMES.map(gameScreens), frames().map((f) => f.screen));
}
