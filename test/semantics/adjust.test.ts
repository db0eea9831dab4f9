/**
 * Arbiter adjustments (docs/time-systems.md; Go rules art. 12.11, 12.14, 13.4b, 17.4, 17.5; tournament regulations 3.18.4): add or remove time (to main time or to
 * the current period), set periods left, moves left, the move counter, or a new control; each is logged.
 */
import { run, start, press, pause, adjust, logAt, untouched } from './helpers';
import { ScenarioError } from '../../sim/scenario';
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEvent } from '../../firmware/clock/clock-types';
import { view } from '../../firmware/display/view';
import { parseGameControl } from '../../firmware/clock/control-validate';

const TEN_MINUTES = { system: 'absolute', mainMs: 600000 };
// Black moved at 4.2 s; White's clock runs from 4.2 s.
const opening = [start(0), press(4200, 'black')];

describe('adding and removing time', () => {
  test('two extra minutes for the opponent of an illegal move (13.4b)', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'black', deltaMs: 120000 })],
      untilMs: 5000,
    });
    expect(out.sides.black.remainingMs).toBe(715800); // 600000 − 4200 + 120000
    expect(out.sides.white.remainingMs).toBe(599200); // 600000 − (5000 − 4200)
    expect(out.running).toBe('white');
  });

  test('time added to the running side keeps running from the new value', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'white', deltaMs: 120000 })],
      untilMs: 10000,
    });
    expect(out.sides.white.remainingMs).toBe(714200); // 600000 − (10000 − 4200) + 120000
  });

  test('a penalty removes time (17.4c)', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'black', deltaMs: -30000 })],
      untilMs: 5000,
    });
    expect(out.sides.black.remainingMs).toBe(565800); // 595800 − 30000
    expect(out.flags).toEqual([]);
  });

  test('removing more than is left leaves 0, and the flag falls at that instant', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'black', deltaMs: -1000000 })],
      untilMs: 6000,
    });
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.flags).toEqual([{ side: 'black', atMs: 5000 }]);
    expect(out.sides.black.flaggedAtMs).toBe(5000);
    expect(out.state).toBe('over');
  });

  test('the arbiter sets a time outright', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'white', remainingMs: 300000 })],
      untilMs: 8000,
    });
    expect(out.sides.white.remainingMs).toBe(297000); // 300000 − (8000 − 5000)
    expect(out.sides.black.remainingMs).toBe(595800);
  });

  test('setting a waiting side\'s time to 0 in absolute time flags it at that instant', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'black', remainingMs: 0 })],
      untilMs: 6000,
    });
    expect(out.flags).toEqual([{ side: 'black', atMs: 5000 }]);
    expect(out.state).toBe('over');
  });

  test('adjusting while paused changes the time and the clock stays paused', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [start(0), pause(3000), adjust(4000, { side: 'black', deltaMs: 60000 })],
      untilMs: 10000,
    });
    expect(out.state).toBe('paused');
    expect(out.sides.black.remainingMs).toBe(657000); // 600000 − 3000 + 60000
  });

  test('each adjustment is logged at its instant', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'black', deltaMs: 120000 }), adjust(6000, { side: 'white', moves: 3 })],
      untilMs: 7000,
    });
    expect(logAt(out, 5000).length).toBeGreaterThan(0);
    expect(logAt(out, 6000).length).toBeGreaterThan(0);
  });
});

describe('byo-yomi', () => {
  // 1 min + 3 × 30 s; Black's clock runs from 0, main time ends at 60 s.
  const BYO = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 };

  test('in main time, added time goes to main time', () => {
    const events = [start(0), adjust(30000, { side: 'black', deltaMs: 10000 })];
    const now = run({ control: BYO, events, untilMs: 30000 });
    expect(now.sides.black.phase).toBe('main');
    expect(now.sides.black.remainingMs).toBe(40000); // 30000 + 10000
    const later = run({ control: BYO, events, untilMs: 75000 });
    expect(later.sides.black.phase).toBe('overtime');
    expect(later.sides.black.remainingMs).toBe(25000); // main time ended at 70000
    expect(later.sides.black.periodsLeft).toBe(3);
  });

  test('in overtime, added time goes to the current period', () => {
    const out = run({
      control: BYO,
      events: [start(0), adjust(70000, { side: 'black', deltaMs: 5000 })],
      untilMs: 80000,
    });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.remainingMs).toBe(15000); // 20000 + 5000 − (80000 − 70000)
    expect(out.sides.black.periodsLeft).toBe(3);
  });

  test("removing all of the current period's time ends it; the next period starts", () => {
    const out = run({
      control: BYO,
      events: [start(0), adjust(70000, { side: 'black', deltaMs: -25000 })],
      untilMs: 70000,
    });
    expect(out.flags).toEqual([]);
    expect(out.sides.black.periodsLeft).toBe(2);
    expect(out.sides.black.remainingMs).toBe(30000);
  });

  test('removing all main time does not flag a side with periods ahead', () => {
    const out = run({
      control: BYO,
      events: [...opening, adjust(5000, { side: 'black', deltaMs: -100000 }), press(6000, 'white')],
      untilMs: 16000,
    });
    expect(out.flags).toEqual([]);
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.remainingMs).toBe(20000); // the first period runs from 6000
    expect(out.sides.black.periodsLeft).toBe(3);
  });

  test('removing all time from the last period is the flag, at that instant', () => {
    // Black is in its last period from 120000 (60000 + 2 × 30000)
    const out = run({
      control: BYO,
      events: [start(0), adjust(130000, { side: 'black', deltaMs: -60000 })],
      untilMs: 140000,
    });
    expect(out.flags).toEqual([{ side: 'black', atMs: 130000 }]);
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.state).toBe('over');
  });

  test('setting the periods left during main time', () => {
    const events = [start(0), adjust(30000, { side: 'black', periodsLeft: 1 })];
    const now = run({ control: BYO, events, untilMs: 30000 });
    expect(now.sides.black.periodsLeft).toBe(1);
    expect(now.sides.black.remainingMs).toBe(30000);
    const later = run({ control: BYO, events, untilMs: 100000 });
    expect(later.flags).toEqual([{ side: 'black', atMs: 90000 }]); // 60000 + 1 × 30000
  });

  test('setting the periods left in overtime keeps the current period running', () => {
    const events = [start(0), adjust(70000, { side: 'black', periodsLeft: 1 })];
    const now = run({ control: BYO, events, untilMs: 70000 });
    expect(now.sides.black.periodsLeft).toBe(1);
    expect(now.sides.black.remainingMs).toBe(20000);
    const later = run({ control: BYO, events, untilMs: 100000 });
    expect(later.flags).toEqual([{ side: 'black', atMs: 90000 }]); // 70000 + 20000 left in the (now last) period
  });
});

describe('Canadian byo-yomi', () => {
  // 1 min + 3 moves in 30 s. Black's move at 70 s is its first overtime move: 20 s left, 2 moves left.
  const CANADIAN = { system: 'canadian', mainMs: 60000, moves: 3, periodMs: 30000 };

  test('added time in overtime goes to the period', () => {
    const out = run({
      control: CANADIAN,
      events: [start(0), press(70000, 'black'), adjust(71000, { side: 'black', deltaMs: 10000 })],
      untilMs: 71000,
    });
    expect(out.sides.black.remainingMs).toBe(30000); // 20000 + 10000
    expect(out.sides.black.movesLeft).toBe(2);
  });

  test('removing all period time in Canadian overtime is the flag, at that instant', () => {
    const out = run({
      control: CANADIAN,
      events: [start(0), press(70000, 'black'), adjust(71000, { side: 'black', deltaMs: -25000 })],
      untilMs: 72000,
    });
    expect(out.flags).toEqual([{ side: 'black', atMs: 71000 }]); // 20000 left, 25000 removed: clamped at 0
    expect(out.sides.black.remainingMs).toBe(0);
  });

  test('setting the moves left: the next move completes the period', () => {
    const out = run({
      control: CANADIAN,
      events: [
        start(0),
        press(70000, 'black'),
        adjust(71000, { side: 'black', movesLeft: 1 }),
        press(72000, 'white'),
        press(75000, 'black'),
      ],
      untilMs: 75000,
    });
    expect(out.sides.black.movesLeft).toBe(3);
    expect(out.sides.black.remainingMs).toBe(30000);
    expect(out.sides.black.moves).toBe(2);
  });
});

describe('the move counter (12.14, 12.17)', () => {
  test('the arbiter corrects the move counter', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'black', moves: 10 })],
      untilMs: 5000,
    });
    expect(out.sides.black.moves).toBe(10);
    expect(out.sides.white.moves).toBe(0);
  });

  test('moves counted after a correction continue from the corrected value', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'black', moves: 10 }), press(6000, 'white'), press(7000, 'black')],
      untilMs: 7000,
    });
    expect(out.sides.black.moves).toBe(11);
  });

  test('correcting the move counter shifts the stage boundary', () => {
    const control = { system: 'stages', stages: [{ moves: 3, ms: 60000 }, { moves: 1, ms: 10000 }] };
    const events = [start(0), press(5000, 'black'), press(6000, 'white')];
    const corrected = run({
      control,
      events: [...events, adjust(7000, { side: 'black', moves: 2 }), press(16000, 'black')],
      untilMs: 16000,
    });
    expect(corrected.sides.black.moves).toBe(3);
    expect(corrected.sides.black.remainingMs).toBe(55000); // 60000 − 5000 − 10000 + 10000: the 3rd move ends stage 1
    const uncorrected = run({ control, events: [...events, press(16000, 'black')], untilMs: 16000 });
    expect(uncorrected.sides.black.moves).toBe(2);
    expect(uncorrected.sides.black.remainingMs).toBe(45000); // 60000 − 5000 − 10000
  });
});

describe('a new control mid-game (3.18.4)', () => {
  const NEW_BYO = { system: 'byoyomi', mainMs: 300000, periods: 5, periodMs: 30000 };

  test('a new control for both sides replaces their times; the running side keeps running', () => {
    const events = [...opening, adjust(5000, { control: NEW_BYO })];
    const now = run({ control: TEN_MINUTES, events, untilMs: 5000 });
    expect(now.sides.black.remainingMs).toBe(300000);
    expect(now.sides.black.periodsLeft).toBe(5);
    expect(now.sides.black.phase).toBe('main');
    expect(now.sides.white.remainingMs).toBe(300000);
    expect(now.sides.white.periodsLeft).toBe(5);
    expect(now.running).toBe('white');
    const later = run({ control: TEN_MINUTES, events, untilMs: 10000 });
    expect(later.sides.white.remainingMs).toBe(295000); // 300000 − (10000 − 5000)
    expect(later.sides.black.remainingMs).toBe(300000);
    expect(logAt(later, 5000).length).toBeGreaterThan(0);
  });

  test('a new control for one side leaves the other alone', () => {
    const fischer = { system: 'fischer', mainMs: 120000, incrementMs: 2000 };
    const out = run({
      control: TEN_MINUTES,
      events: [...opening, adjust(5000, { side: 'white', control: fischer }), press(7000, 'white')],
      untilMs: 7000,
    });
    expect(out.sides.white.remainingMs).toBe(120000); // 120000 − (7000 − 5000) + 2000
    expect(out.sides.black.remainingMs).toBe(595800);
    expect(out.sides.black.periodsLeft).toBeNull();
    // the move counter belongs to the game, not to the control
    expect(out.sides.white.moves).toBe(1);
    expect(out.sides.black.moves).toBe(1);
  });
});

describe('what the log says about a correction (the arbiter reads it back)', () => {
  const BYO = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 };
  const CANADIAN = { system: 'canadian', mainMs: 60000, moves: 3, periodMs: 30000 };
  test.each([
    ['time added to the waiting side', TEN_MINUTES, { side: 'black', deltaMs: 120000 }, 'arbiter adjust black time +120000 ms, 715800 ms left'],
    ['time added to the running side', TEN_MINUTES, { side: 'white', deltaMs: 120000 }, 'arbiter adjust white time +120000 ms, 719200 ms left'],
    ['a penalty', TEN_MINUTES, { side: 'black', deltaMs: -30000 }, 'arbiter adjust black time -30000 ms, 565800 ms left'],
    ['a time set outright', TEN_MINUTES, { side: 'white', remainingMs: 300000 }, 'arbiter adjust white time set, 300000 ms left'],
    ['periods left', BYO, { side: 'black', periodsLeft: 2 }, 'arbiter adjust black periods left 2'],
    ['moves left', CANADIAN, { side: 'black', movesLeft: 2 }, 'arbiter adjust black moves left 2'],
    ['the move counter', TEN_MINUTES, { side: 'white', moves: 3 }, 'arbiter adjust white move counter 3'],
    ['a new control for both', TEN_MINUTES, { control: BYO }, 'arbiter adjust both control 1 min + 3×30 s'],
    ['a new control for one', TEN_MINUTES, { side: 'white', control: { system: 'fischer', mainMs: 120000, incrementMs: 2000 } }, 'arbiter adjust white control 2 min + 2 s Fischer'],
  ])('%s', (_name, control, fields, line) => {
    const out = run({ control, events: [...opening, adjust(5000, fields)], untilMs: 5000 });
    expect(logAt(out, 5000)).toEqual(['5000 ' + line]);
  });

  test('a new control for both sides is logged as the arbiter\'s, for one side as that side\'s', () => {
    const started = step(createClock(parseGameControl(TEN_MINUTES)), { type: 'start' }, 0).state;
    const both = step(started, { type: 'adjust', control: BYO } as ClockEvent, 1000).effects;
    const one = step(started, { type: 'adjust', side: 'white', control: BYO } as ClockEvent, 1000).effects;
    expect(both).toEqual([{ type: 'log', entry: { atMs: 1000, side: null, kind: 'adjust', text: 'arbiter adjust both control 1 min + 3×30 s' } }]);
    expect(one).toEqual([{ type: 'log', entry: { atMs: 1000, side: 'white', kind: 'adjust', text: 'arbiter adjust white control 1 min + 3×30 s' } }]);
  });

  test('moves left for a Canadian side leave its periods alone (it has none)', () => {
    const out = run({ control: CANADIAN, events: [...opening, adjust(5000, { side: 'black', movesLeft: 2 })], untilMs: 5000 });
    expect(out.sides.black.movesLeft).toBe(2);
    expect(out.sides.black.periodsLeft).toBeNull();
  });
});

describe('a correction that cannot be applied is refused, says why, and changes nothing', () => {
  const BYO = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 };
  test.each([
    ['nothing to change', TEN_MINUTES, { side: 'black' }, 'give exactly one of deltaMs, remainingMs, periodsLeft, movesLeft, moves, control (got none)'],
    ['two things at once', TEN_MINUTES, { side: 'black', deltaMs: 5, moves: 3 }, 'give exactly one of deltaMs, remainingMs, periodsLeft, movesLeft, moves, control (got deltaMs, moves)'],
    ['no side for a time', TEN_MINUTES, { deltaMs: 5000 }, 'side: required to adjust deltaMs'],
    ['a side that does not exist', TEN_MINUTES, { side: 'grey', deltaMs: 5000 }, 'side: must be "black" or "white"'],
    ['a correction of nothing', TEN_MINUTES, { side: 'black', deltaMs: 0 }, 'deltaMs: must be a positive integer (got 0)'],
    ['a fraction of a millisecond', TEN_MINUTES, { side: 'black', deltaMs: -1.5 }, 'deltaMs: must be a positive integer (got 1.5)'],
    ['a time given as text', TEN_MINUTES, { side: 'black', deltaMs: '5000' }, 'deltaMs: must be an integer number of ms'],
    ['a negative time', TEN_MINUTES, { side: 'black', remainingMs: -1 }, 'remainingMs: must be a non-negative integer (got -1)'],
    ['periods for a side without byo-yomi', TEN_MINUTES, { side: 'white', periodsLeft: 2 }, 'periodsLeft: white plays absolute, not byoyomi'],
    ['no periods at all', BYO, { side: 'white', periodsLeft: 0 }, 'periodsLeft: must be a positive integer (got 0)'],
    ['moves left for a side without Canadian', BYO, { side: 'black', movesLeft: 2 }, 'movesLeft: black plays byoyomi, not canadian'],
    ['a negative move counter', TEN_MINUTES, { side: 'black', moves: -1 }, 'moves: must be a non-negative integer (got -1)'],
    ['an impossible new control', TEN_MINUTES, { control: { system: 'absolute', mainMs: -5 } }, 'control.mainMs: must be a positive integer (got -5)'],
  ])('%s', (_name, control, fields: Record<string, unknown>, why) => {
    let state = createClock(parseGameControl(control));
    for (const [event, atMs] of [[{ type: 'start' }, 0], [{ type: 'press', side: 'black' }, 4200]] as [ClockEvent, number][]) {
      state = step(state, event, atMs).state;
    }
    const refused = step(state, Object.assign({ type: 'adjust' }, fields) as ClockEvent, 5000);
    const side = fields.side === 'black' || fields.side === 'white' ? fields.side : null;
    expect(refused.effects).toEqual([{ type: 'log', entry: { atMs: 5000, side, kind: 'refused', text: 'arbiter adjust refused: ' + why } }]);
    expect(view(refused.state, 6000)).toEqual(view(state, 6000));
  });

  test('a script with such a correction is rejected, naming the event and the reason', () => {
    expect(() => run({ control: TEN_MINUTES, events: [...opening, adjust(5000, { side: 'white', periodsLeft: 2 })], untilMs: 6000 })).toThrow(
      new ScenarioError('events[2] (adjust at 5000 ms): periodsLeft: white plays absolute, not byoyomi'),
    );
  });
});

describe('a side that is not running, left with no time by a correction', () => {
  const BYO = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 };
  const CANADIAN = { system: 'canadian', mainMs: 60000, moves: 3, periodMs: 30000 };

  test('before the start, a byo-yomi side goes straight into its first period', () => {
    const out = run({ control: BYO, events: [adjust(0, { side: 'black', remainingMs: 0 })], untilMs: 0 });
    expect(out.state).toBe('ready');
    expect(out.sides.black).toEqual(untouched(30000, { phase: 'overtime', periodsLeft: 3 }));
    expect(out.flags).toEqual([]);
  });

  test('before the start, a side with a single byo-yomi period goes into it', () => {
    const ONE = { system: 'byoyomi', mainMs: 60000, periods: 1, periodMs: 30000 };
    const out = run({ control: ONE, events: [adjust(0, { side: 'black', remainingMs: 0 })], untilMs: 0 });
    expect(out.sides.black).toEqual(untouched(30000, { phase: 'overtime', periodsLeft: 1 }));
    expect(out.flags).toEqual([]);
  });

  test('before the start, a side with no main time left without its first period moves on to the next', () => {
    const STRAIGHT = { system: 'byoyomi', mainMs: 0, periods: 3, periodMs: 30000 };
    const out = run({ control: STRAIGHT, events: [adjust(0, { side: 'white', remainingMs: 0 })], untilMs: 0 });
    expect(out.sides.white).toEqual(untouched(30000, { phase: 'overtime', periodsLeft: 2 }));
  });

  test('before the start, a Canadian side goes straight into overtime', () => {
    const out = run({ control: CANADIAN, events: [adjust(0, { side: 'white', remainingMs: 0 })], untilMs: 0 });
    expect(out.sides.white).toEqual(untouched(30000, { phase: 'overtime', movesLeft: 3 }));
  });

  test('before the start, an absolute side keeps its 0 and loses when its clock first runs', () => {
    const events = [adjust(0, { side: 'white', remainingMs: 0 })];
    const ready = run({ control: TEN_MINUTES, events, untilMs: 0 });
    expect(ready.state).toBe('ready');
    expect(ready.flags).toEqual([]);
    expect(ready.sides.white.remainingMs).toBe(0);
    const played = run({ control: TEN_MINUTES, events: [...events, start(1000), press(2000, 'black')], untilMs: 3000 });
    expect(played.flags).toEqual([{ side: 'white', atMs: 2000 }]);
  });

  test('a waiting byo-yomi side in overtime with periods ahead starts its next period, full', () => {
    // Black moves at 70 s, inside its first period, which is full again for its next turn; the arbiter takes it all.
    const out = run({
      control: BYO,
      events: [start(0), press(70000, 'black'), adjust(71000, { side: 'black', deltaMs: -30000 })],
      untilMs: 72000,
    });
    expect(out.flags).toEqual([]);
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.periodsLeft).toBe(2);
    expect(out.sides.black.remainingMs).toBe(30000);
  });

  test('time given to a waiting byo-yomi side in main time stays main time', () => {
    const out = run({ control: BYO, events: [...opening, adjust(5000, { side: 'black', deltaMs: 1000 })], untilMs: 5000 });
    expect(out.sides.black).toEqual(untouched(56800, { periodsLeft: 3, moves: 1 })); // 60000 − 4200 + 1000
  });

  test('periods left set for a waiting side keep what the arbiter left of its period', () => {
    // Black moved at 70 s, in its first period; the arbiter takes 5 s of that period, then sets one period left.
    const out = run({
      control: BYO,
      events: [start(0), press(70000, 'black'), adjust(71000, { side: 'black', deltaMs: -5000 }), adjust(72000, { side: 'black', periodsLeft: 1 })],
      untilMs: 72000,
    });
    expect(out.sides.black.periodsLeft).toBe(1);
    expect(out.sides.black.remainingMs).toBe(25000);
  });
});
