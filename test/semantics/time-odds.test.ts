/** Time odds: each side may have its own control, `{ black: TimeControl, white: TimeControl }` (docs/time-systems.md, docs/scenarios.md). */
import { run, start, press } from './helpers';

describe('time odds', () => {
  test('each side starts with its own main time', () => {
    const control = {
      black: { system: 'absolute', mainMs: 600000 },
      white: { system: 'absolute', mainMs: 300000 },
    };
    const out = run({ control, events: [], untilMs: 0 });
    expect(out.sides.black.remainingMs).toBe(600000);
    expect(out.sides.white.remainingMs).toBe(300000);
  });

  test('the side with less time flags first, at its own instant', () => {
    const control = {
      black: { system: 'absolute', mainMs: 20000 },
      white: { system: 'absolute', mainMs: 10000 },
    };
    const out = run({ control, events: [start(0), press(5000, 'black')], untilMs: 100000 });
    expect(out.flags).toEqual([{ side: 'white', atMs: 15000 }]); // 5000 + 10000
    expect(out.sides.black.remainingMs).toBe(15000); // 20000 − 5000
  });

  test("each side's clock follows its own system", () => {
    const control = {
      black: { system: 'byoyomi', mainMs: 10000, periods: 2, periodMs: 5000 },
      white: { system: 'fischer', mainMs: 10000, incrementMs: 3000 },
    };
    const out = run({ control, events: [start(0), press(4000, 'black'), press(6000, 'white')], untilMs: 20000 });
    // Black: 6000 main left, running from 6000: main ends 12000, period 1 ends 17000, period 2 runs 17000→22000
    expect(out.sides.black).toEqual({
      phase: 'overtime', remainingMs: 2000, periodsLeft: 1, movesLeft: null, moves: 1, flaggedAtMs: null,
    });
    expect(out.sides.white).toEqual({
      phase: 'main', remainingMs: 11000, periodsLeft: null, movesLeft: null, moves: 1, flaggedAtMs: null,
    }); // 10000 − 2000 + 3000
  });

  test('periods left and moves left show only for the side whose system has them', () => {
    const control = {
      black: { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 },
      white: { system: 'canadian', mainMs: 60000, moves: 10, periodMs: 300000 },
    };
    const out = run({ control, events: [], untilMs: 0 });
    expect(out.sides.black.periodsLeft).toBe(3);
    expect(out.sides.black.movesLeft).toBeNull();
    expect(out.sides.white.periodsLeft).toBeNull();
    expect(out.sides.white.movesLeft).toBe(10);
  });

  test('a handicap game with White first and time odds for Black', () => {
    const control = {
      black: { system: 'absolute', mainMs: 900000 },
      white: { system: 'absolute', mainMs: 600000 },
    };
    const out = run({
      control,
      options: { firstToMove: 'white' },
      events: [start(0), press(30000, 'white')],
      untilMs: 40000,
    });
    expect(out.sides.white.remainingMs).toBe(570000); // 600000 − 30000
    expect(out.sides.black.remainingMs).toBe(890000); // 900000 − (40000 − 30000)
    expect(out.running).toBe('black');
  });
});
