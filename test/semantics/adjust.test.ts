/**
 * Arbiter adjustments (DESIGN §5, rules 12.11, 12.14, 13.4b, 17.4, 17.5, 3.18.4): add or remove time (to main time or to
 * the current period), set periods left, moves left, the move counter, or a new control; each is logged.
 */
import { run, start, press, pause, adjust, logAt } from './helpers';

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
