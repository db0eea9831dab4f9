/**
 * A new control mid-game that keeps each side's time (3.18.4 with "Keep times"), in the pure core: what each side
 * keeps, system by system (side-clock.ts keptSideClock), and that afresh is as it always was.
 */
import { createClock, step } from '../../firmware/clock/clock';
import { adjustError } from '../../firmware/clock/adjust';
import { AdjustEvent, ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { GameControl, TimeControl } from '../../firmware/clock/control';
import { ClockOptions } from '../../firmware/clock/options';
import { view } from '../../firmware/display/view';

const S = 1000;
const MIN = 60000;
const BYO: TimeControl = { system: 'byoyomi', mainMs: 10 * MIN, periods: 5, periodMs: 30 * S };
const CAN: TimeControl = { system: 'canadian', mainMs: 5 * MIN, moves: 20, periodMs: 5 * MIN };
const ABS60: TimeControl = { system: 'absolute', mainMs: 60 * MIN };

function play(control: GameControl, events: [number, ClockEvent][], options?: Partial<ClockOptions>): ClockState {
  let state = createClock(control, options);
  for (const [atMs, event] of events) state = step(state, event, atMs).state;
  return state;
}

function change(state: ClockState, control: TimeControl, keep: boolean, side?: 'black' | 'white') {
  const event: AdjustEvent = { type: 'adjust', control: control };
  if (keep) event.keepTimes = true;
  if (side) event.side = side;
  expect(adjustError(state, event)).toBeUndefined();
  const r = step(state, event, state.atMs + S);
  return { state: r.state, log: r.effects.filter((e) => e.type === 'log').map((e) => (e as { entry: { text: string } }).entry.text) };
}

/** White starts; Black moves at 1:00; White gets +2:00 at 1:30; paused at 2:00. */
function midGame(control: GameControl): ClockState {
  return play(control, [
    [0, { type: 'start' }],
    [MIN, { type: 'press', side: 'black' }],
    [MIN + 30 * S, { type: 'adjust', side: 'white', deltaMs: 2 * MIN }],
    [2 * MIN, { type: 'pause' }],
  ]);
}

describe('keep times: a side in main time keeps its main time exactly, the new overtime follows', () => {
  test('byo-yomi to absolute 60 min: the +2:00 just given is not lost', () => {
    const before = midGame(BYO);
    const kept = change(before, ABS60, true);
    expect(kept.state.sides.black.remainingMs).toBe(10 * MIN - MIN);
    expect(kept.state.sides.white.remainingMs).toBe(10 * MIN - MIN + 2 * MIN);
    expect(kept.state.sides.black.periodsLeft).toBeNull();
    expect(kept.state.sides.black.moves).toBe(1);
    expect(kept.log).toEqual(['arbiter adjust both control 60 min, times kept']);
    // afresh: both start the new control from its beginning (the +2:00 gone), as before this change
    const fresh = change(before, ABS60, false);
    expect(fresh.state.sides.black.remainingMs).toBe(60 * MIN);
    expect(fresh.state.sides.white.remainingMs).toBe(60 * MIN);
    expect(fresh.state.sides.black.moves).toBe(1);
    expect(fresh.log).toEqual(['arbiter adjust both control 60 min']);
  });

  test('absolute to byo-yomi: main time kept, all the new periods after it', () => {
    const kept = change(midGame(ABS60), BYO, true);
    expect(kept.state.sides.white.remainingMs).toBe(61 * MIN);
    expect(kept.state.sides.white.phase).toBe('main');
    expect(kept.state.sides.white.periodsLeft).toBe(5);
  });

  test('to Canadian: a full period of its moves after the kept main time', () => {
    const kept = change(midGame(BYO), CAN, true);
    expect(kept.state.sides.black.remainingMs).toBe(9 * MIN);
    expect(kept.state.sides.black.movesLeft).toBe(20);
  });

  test('one side only: the other is not touched', () => {
    const before = midGame(BYO);
    const kept = change(before, ABS60, true, 'white');
    expect(kept.state.sides.white.remainingMs).toBe(11 * MIN);
    expect(kept.state.controls.black).toEqual(BYO);
    expect(kept.state.sides.black).toEqual(before.sides.black);
  });

  test('the kept time runs on from the resume, under the new control', () => {
    const kept = change(midGame(BYO), { system: 'fischer', mainMs: 5 * MIN, incrementMs: 10 * S }, true).state;
    const resumed = step(kept, { type: 'resume' }, 3 * MIN).state;
    const moved = step(resumed, { type: 'press', side: 'white' }, 3 * MIN + 20 * S).state;
    // White: 11:00 at the pause (its turn ran 1:00 to 2:00: 10:00 + 2:00 - 1:00), 20 s used, 10 s added
    expect(moved.sides.white.remainingMs).toBe(11 * MIN - 20 * S + 10 * S);
  });
});

describe('keep times: a side in overtime', () => {
  /** Black in byo-yomi: 10 min main, then 45 s into overtime (one 30 s period used, 15 s into the second). */
  function blackInOvertime(): ClockState {
    return play(BYO, [
      [0, { type: 'start' }],
      [10 * MIN + 45 * S, { type: 'pause' }],
    ]);
  }

  test('byo-yomi to byo-yomi: stays in overtime with its periods and the time of its period, none above the new control', () => {
    const before = blackInOvertime();
    expect(view(before, before.atMs).sides.black).toMatchObject({ phase: 'overtime', remainingMs: 15 * S, periodsLeft: 4 });
    const more = change(before, { system: 'byoyomi', mainMs: 20 * MIN, periods: 10, periodMs: 60 * S }, true).state;
    expect(more.sides.black).toMatchObject({ phase: 'overtime', remainingMs: 15 * S, periodsLeft: 4 });
    expect(more.sides.white).toMatchObject({ phase: 'main', remainingMs: 10 * MIN, periodsLeft: 10 });
    const fewer = change(before, { system: 'byoyomi', mainMs: 20 * MIN, periods: 2, periodMs: 10 * S }, true).state;
    expect(fewer.sides.black).toMatchObject({ phase: 'overtime', remainingMs: 10 * S, periodsLeft: 2 });
  });

  test('byo-yomi to Canadian: the new overtime from its start (nothing compares)', () => {
    const kept = change(blackInOvertime(), CAN, true).state;
    expect(kept.sides.black).toMatchObject({ phase: 'overtime', remainingMs: 5 * MIN, movesLeft: 20, periodsLeft: null });
  });

  test('Canadian to Canadian: moves left and the period time kept, capped by the new control', () => {
    let state = play(CAN, [[0, { type: 'start' }], [6 * MIN, { type: 'press', side: 'black' }], [7 * MIN, { type: 'pause' }]]);
    expect(state.sides.black).toMatchObject({ phase: 'overtime', movesLeft: 19, remainingMs: 4 * MIN });
    state = change(state, { system: 'canadian', mainMs: 5 * MIN, moves: 10, periodMs: 10 * MIN }, true).state;
    expect(state.sides.black).toMatchObject({ phase: 'overtime', movesLeft: 10, remainingMs: 4 * MIN });
  });

  test('to a control without overtime: the time left in the period becomes its main time (never more than it had)', () => {
    const kept = change(blackInOvertime(), ABS60, true).state;
    expect(kept.sides.black).toMatchObject({ phase: 'main', remainingMs: 15 * S, periodsLeft: null });
    expect(kept.sides.white).toMatchObject({ phase: 'main', remainingMs: 10 * MIN });
  });

  test('a side whose flag fell has nothing to keep: it starts afresh', () => {
    const flagged = play({ system: 'absolute', mainMs: MIN }, [[0, { type: 'start' }], [61 * S, { type: 'tick' }], [62 * S, { type: 'pause' }]], { onExpire: 'continue' });
    expect(flagged.sides.black.flaggedAtMs).toBe(MIN);
    const kept = change(flagged, { system: 'absolute', mainMs: 5 * MIN }, true).state;
    expect(kept.sides.black).toMatchObject({ flaggedAtMs: null, remainingMs: 5 * MIN });
    expect(kept.sides.white).toMatchObject({ remainingMs: MIN });
  });
});

test('keepTimes only with a control, and only true or false', () => {
  const state = midGame(BYO);
  expect(adjustError(state, { type: 'adjust', side: 'black', deltaMs: 1000, keepTimes: true })).toBe('keepTimes: only with control');
  expect(adjustError(state, { type: 'adjust', control: ABS60, keepTimes: 'yes' as unknown as boolean })).toBe('keepTimes: must be true or false');
  expect(adjustError(state, { type: 'adjust', control: ABS60, keepTimes: false })).toBeUndefined();
});
