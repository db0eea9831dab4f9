/**
 * Japanese byo-yomi (docs/time-systems.md; Go rules art. 12.2, 12.16): main time, then `periods` periods of `periodMs`; a move inside a
 * period refills it; a period running out starts the next at once; the last one running out is the flag.
 */
import { run, start, press, pause, resume } from './helpers';

// One minute, then 3 × 30 s. Black's clock runs from 0: main time ends at 60 s, the periods end at 90, 120 and 150 s.
const BYO = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 };

describe('main time', () => {
  test('during main time all periods are still ahead', () => {
    const out = run({ control: BYO, events: [start(0)], untilMs: 30000 });
    expect(out.sides.black).toEqual({
      phase: 'main', remainingMs: 30000, periodsLeft: 3, movesLeft: null, moves: 0, flaggedAtMs: null,
    });
    expect(out.sides.white).toEqual({
      phase: 'main', remainingMs: 60000, periodsLeft: 3, movesLeft: null, moves: 0, flaggedAtMs: null,
    });
  });

  test('time saved in main time stays main time and does not carry into a period', () => {
    // Black keeps 10 s of main time at 50 s; on the next turn (from 51 s) it runs out at 61 s.
    const events = [start(0), press(50000, 'black'), press(51000, 'white')];
    const before = run({ control: BYO, events, untilMs: 60000 });
    expect(before.sides.black.phase).toBe('main');
    expect(before.sides.black.remainingMs).toBe(1000); // 10000 − (60000 − 51000)
    const after = run({ control: BYO, events, untilMs: 71000 });
    expect(after.sides.black.phase).toBe('overtime');
    expect(after.sides.black.remainingMs).toBe(20000); // 30000 − (71000 − 61000)
    expect(after.sides.black.periodsLeft).toBe(3);
  });
});

describe('entering overtime', () => {
  test('when main time runs out the first period starts at once', () => {
    const out = run({ control: BYO, events: [start(0)], untilMs: 70000 });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.remainingMs).toBe(20000); // 30000 − (70000 − 60000)
    expect(out.sides.black.periodsLeft).toBe(3); // periodsLeft counts the current period
    expect(out.flags).toEqual([]);
  });

  test('with no main time the game is in overtime from the start', () => {
    const control = { system: 'byoyomi', mainMs: 0, periods: 3, periodMs: 30000 };
    const out = run({ control, events: [start(0)], untilMs: 10000 });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.remainingMs).toBe(20000);
    expect(out.sides.black.periodsLeft).toBe(3);
    expect(out.sides.white.phase).toBe('overtime');
    expect(out.sides.white.remainingMs).toBe(30000);
    expect(out.sides.white.periodsLeft).toBe(3);
  });
});

describe('moves inside a period', () => {
  test('a press exactly when main time ends is made in the first period', () => {
    const out = run({ control: BYO, events: [start(0), press(60000, 'black')], untilMs: 60000 });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.periodsLeft).toBe(3);
    expect(out.sides.black.remainingMs).toBe(30000);
    expect(out.sides.black.moves).toBe(1);
  });

  test('a press 1 ms before main time ends is a main-time move', () => {
    const out = run({ control: BYO, events: [start(0), press(59999, 'black')], untilMs: 59999 });
    expect(out.sides.black.phase).toBe('main');
    expect(out.sides.black.remainingMs).toBe(1);
    expect(out.sides.black.periodsLeft).toBe(3);
  });

  test('a move inside a period refills it and keeps the periods', () => {
    const out = run({ control: BYO, events: [start(0), press(75000, 'black')], untilMs: 75000 });
    expect(out.sides.black).toEqual({
      phase: 'overtime', remainingMs: 30000, periodsLeft: 3, movesLeft: null, moves: 1, flaggedAtMs: null,
    });
    expect(out.running).toBe('white');
  });

  test("a refilled period runs only on the player's own turn", () => {
    const out = run({
      control: BYO,
      events: [start(0), press(75000, 'black'), press(80000, 'white')],
      untilMs: 100000,
    });
    expect(out.sides.black.remainingMs).toBe(10000); // 30000 − (100000 − 80000)
    expect(out.sides.black.periodsLeft).toBe(3);
    expect(out.sides.white.phase).toBe('main');
    expect(out.sides.white.remainingMs).toBe(55000); // 60000 − (80000 − 75000)
  });

  test('a press 1 ms before the period ends is in time for that period', () => {
    const out = run({ control: BYO, events: [start(0), press(89999, 'black')], untilMs: 89999 });
    expect(out.sides.black.periodsLeft).toBe(3);
    expect(out.sides.black.remainingMs).toBe(30000);
    expect(out.sides.black.moves).toBe(1);
  });

  test('a press exactly when the period ends uses the next period', () => {
    const out = run({ control: BYO, events: [start(0), press(90000, 'black')], untilMs: 90000 });
    expect(out.sides.black.periodsLeft).toBe(2); // the first period ran out at 60000 + 30000
    expect(out.sides.black.remainingMs).toBe(30000); // and the move refilled the second
    expect(out.sides.black.moves).toBe(1);
    expect(out.flags).toEqual([]);
    expect(out.running).toBe('white');
  });
});

describe('periods running out', () => {
  test('when a period runs out the next one starts at once, full', () => {
    const out = run({ control: BYO, events: [start(0)], untilMs: 95000 });
    expect(out.sides.black.periodsLeft).toBe(2);
    expect(out.sides.black.remainingMs).toBe(25000); // second period from 90000: 30000 − 5000
  });

  test('one long move may consume several periods', () => {
    const thinking = run({ control: BYO, events: [start(0)], untilMs: 135000 });
    expect(thinking.sides.black.periodsLeft).toBe(1); // overtime 75000 = 2 × 30000 + 15000
    expect(thinking.sides.black.remainingMs).toBe(15000);
    const moved = run({ control: BYO, events: [start(0), press(135000, 'black')], untilMs: 135000 });
    expect(moved.sides.black.periodsLeft).toBe(1);
    expect(moved.sides.black.remainingMs).toBe(30000);
    expect(moved.sides.black.moves).toBe(1);
    expect(moved.flags).toEqual([]);
  });

  test('the last period running out is the flag', () => {
    const out = run({ control: BYO, events: [start(0)], untilMs: 200000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 150000 }]); // 60000 + 3 × 30000
    expect(out.state).toBe('over');
    expect(out.running).toBeNull();
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.sides.black.periodsLeft).toBe(0);
    expect(out.sides.black.flaggedAtMs).toBe(150000);
    expect(out.sides.white).toEqual({
      phase: 'main', remainingMs: 60000, periodsLeft: 3, movesLeft: null, moves: 0, flaggedAtMs: null,
    });
  });

  test('a press exactly at the end of the last period is too late', () => {
    const out = run({ control: BYO, events: [start(0), press(150000, 'black')], untilMs: 160000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 150000 }]);
    expect(out.state).toBe('over');
    expect(out.sides.black.moves).toBe(0);
    expect(out.sides.white.remainingMs).toBe(60000);
  });

  test('a press 1 ms before the end of the last period saves the game', () => {
    const out = run({ control: BYO, events: [start(0), press(149999, 'black')], untilMs: 149999 });
    expect(out.flags).toEqual([]);
    expect(out.sides.black.periodsLeft).toBe(1);
    expect(out.sides.black.remainingMs).toBe(30000);
    expect(out.running).toBe('white');
  });

  test('a side on its last period keeps it as long as every move is in time', () => {
    // Black reaches the last period at 120 s, then moves every 29 s with White answering at once.
    const out = run({
      control: BYO,
      events: [start(0), press(149000, 'black'), press(149000, 'white'), press(178000, 'black')],
      untilMs: 178000,
    });
    expect(out.flags).toEqual([]);
    expect(out.sides.black.periodsLeft).toBe(1);
    expect(out.sides.black.remainingMs).toBe(30000);
    expect(out.sides.black.moves).toBe(2);
  });
});

describe('pauses in overtime', () => {
  test('period time is not used while paused, even across where the period would have ended', () => {
    const out = run({ control: BYO, events: [start(0), pause(70000), resume(100000)], untilMs: 105000 });
    expect(out.sides.black.periodsLeft).toBe(3);
    expect(out.sides.black.remainingMs).toBe(15000); // 30000 − (70000 − 60000) − (105000 − 100000)
  });
});
