/**
 * Canadian byo-yomi (docs/time-systems.md; Go rules art. 12.2, 12.10, 12.15): after main time, `moves` moves in `periodMs`; each overtime
 * move lowers movesLeft; the move reaching 0 refills the period; the move in progress when main time ends counts.
 */
import { run, start, press, pause, resume } from './helpers';

// One minute, then 3 moves in 30 s. Black's first turn runs from 0, so Black's main time ends at 60 s.
const CANADIAN = { system: 'canadian', mainMs: 60000, moves: 3, periodMs: 30000 };

describe('main time', () => {
  test('during main time the whole first period is ahead', () => {
    const out = run({ control: CANADIAN, events: [start(0)], untilMs: 30000 });
    expect(out.sides.black).toEqual({
      phase: 'main', remainingMs: 30000, periodsLeft: null, movesLeft: 3, moves: 0, flaggedAtMs: null,
    });
    expect(out.sides.white.movesLeft).toBe(3);
  });

  test('a move in main time does not lower the moves left', () => {
    const out = run({ control: CANADIAN, events: [start(0), press(30000, 'black')], untilMs: 30000 });
    expect(out.sides.black.phase).toBe('main');
    expect(out.sides.black.remainingMs).toBe(30000);
    expect(out.sides.black.movesLeft).toBe(3);
    expect(out.sides.black.moves).toBe(1);
  });
});

describe('entering overtime', () => {
  test('when main time runs out the period starts', () => {
    const out = run({ control: CANADIAN, events: [start(0)], untilMs: 70000 });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.remainingMs).toBe(20000); // 30000 − (70000 − 60000)
    expect(out.sides.black.movesLeft).toBe(3);
  });

  test('the move in progress when main time ends is an overtime move', () => {
    const out = run({ control: CANADIAN, events: [start(0), press(70000, 'black')], untilMs: 70000 });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.movesLeft).toBe(2);
    expect(out.sides.black.remainingMs).toBe(20000); // the period is not refilled until 3 moves are done
    expect(out.sides.black.moves).toBe(1);
  });

  test('a press exactly when main time ends is the first overtime move', () => {
    const out = run({ control: CANADIAN, events: [start(0), press(60000, 'black')], untilMs: 60000 });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.movesLeft).toBe(2);
    expect(out.sides.black.remainingMs).toBe(30000); // no period time used yet
  });

  test('a press 1 ms before main time ends is a main-time move', () => {
    const out = run({ control: CANADIAN, events: [start(0), press(59999, 'black')], untilMs: 59999 });
    expect(out.sides.black.phase).toBe('main');
    expect(out.sides.black.remainingMs).toBe(1);
    expect(out.sides.black.movesLeft).toBe(3);
  });

  test('with no main time the game is in overtime from the start', () => {
    const control = { system: 'canadian', mainMs: 0, moves: 3, periodMs: 30000 };
    const out = run({ control, events: [start(0), press(5000, 'black')], untilMs: 5000 });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.remainingMs).toBe(25000);
    expect(out.sides.black.movesLeft).toBe(2);
    expect(out.sides.white.phase).toBe('overtime');
    expect(out.sides.white.remainingMs).toBe(30000);
    expect(out.sides.white.movesLeft).toBe(3);
  });
});

describe('the period', () => {
  test("period time runs only on the player's own turn", () => {
    const out = run({
      control: CANADIAN,
      events: [start(0), press(70000, 'black'), press(100000, 'white')],
      untilMs: 105000,
    });
    expect(out.sides.black.remainingMs).toBe(15000); // 20000 left at 70000, then 105000 − 100000 used
    expect(out.sides.black.movesLeft).toBe(2);
    expect(out.sides.white.phase).toBe('main');
    expect(out.sides.white.remainingMs).toBe(30000); // 60000 − (100000 − 70000)
    expect(out.sides.white.movesLeft).toBe(3);
  });

  // Black: 20 s left after the move at 70 s; 9 s used 71→80 s (11 s left); 4 s used 81→85 s completes 3 moves.
  const threeMoves = [
    start(0),
    press(70000, 'black'),
    press(71000, 'white'),
    press(80000, 'black'),
    press(81000, 'white'),
    press(85000, 'black'),
  ];

  test('each overtime move lowers the moves left, and time left carries within the period', () => {
    const out = run({ control: CANADIAN, events: threeMoves.slice(0, 5), untilMs: 84999 });
    expect(out.sides.black.movesLeft).toBe(1);
    expect(out.sides.black.remainingMs).toBe(7001); // 11000 − (84999 − 81000)
  });

  test('the move that completes the period refills it; time left over is lost', () => {
    const out = run({ control: CANADIAN, events: threeMoves, untilMs: 85000 });
    expect(out.sides.black).toEqual({
      phase: 'overtime', remainingMs: 30000, periodsLeft: null, movesLeft: 3, moves: 3, flaggedAtMs: null,
    }); // 7000 ms were left; the refill is periodMs, not 7000 + periodMs
    expect(out.sides.white).toEqual({
      phase: 'main', remainingMs: 58000, periodsLeft: null, movesLeft: 3, moves: 2, flaggedAtMs: null,
    }); // 60000 − 1000 − 1000
    expect(out.running).toBe('white');
  });

  test('with one move per period every overtime move refills', () => {
    const control = { system: 'canadian', mainMs: 60000, moves: 1, periodMs: 10000 };
    const out = run({ control, events: [start(0), press(65000, 'black')], untilMs: 65000 });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.remainingMs).toBe(10000);
    expect(out.sides.black.movesLeft).toBe(1);
  });
});

describe('the flag', () => {
  // After 70 s Black has 20 s for 2 more moves; Black's clock runs again from 71 s, so the period ends at 91 s.
  const events = [start(0), press(70000, 'black'), press(71000, 'white')];

  test('the period running out before the moves are made is the flag (12.10)', () => {
    const out = run({ control: CANADIAN, events, untilMs: 100000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 91000 }]); // 71000 + 20000
    expect(out.state).toBe('over');
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.sides.black.flaggedAtMs).toBe(91000);
    expect(out.sides.white.remainingMs).toBe(59000);
  });

  test('a press exactly when the period runs out is too late', () => {
    const out = run({ control: CANADIAN, events: [...events, press(91000, 'black')], untilMs: 100000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 91000 }]);
    expect(out.sides.black.moves).toBe(1);
  });

  test('a press 1 ms before the period runs out is in time', () => {
    const out = run({ control: CANADIAN, events: [...events, press(90999, 'black')], untilMs: 90999 });
    expect(out.flags).toEqual([]);
    expect(out.sides.black.remainingMs).toBe(1);
    expect(out.sides.black.movesLeft).toBe(1);
  });
});

describe('pauses', () => {
  test('moves are not counted while paused, and period time does not run', () => {
    const out = run({
      control: CANADIAN,
      events: [start(0), press(70000, 'black'), press(71000, 'white'), pause(75000), press(76000, 'black'), resume(80000)],
      untilMs: 85000,
    });
    expect(out.sides.black.movesLeft).toBe(2);
    expect(out.sides.black.moves).toBe(1);
    expect(out.sides.black.remainingMs).toBe(11000); // 20000 − (75000 − 71000) − (85000 − 80000)
    expect(out.running).toBe('black');
  });
});
