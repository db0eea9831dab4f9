/**
 * Stages: start with stages[0].ms; after the side's `moves`-th move of a stage the next stage's ms is added, saved time
 * accumulates, the last stage repeats (docs/time-systems.md; e-mail rules pt. 6).
 */
import { run, start, press, Event, DAY, HOUR } from './helpers';

/** The game just after Black's `n`-th move: Black spends `blackMs` on each move, White `whiteMs` on each reply. */
function afterBlackMoves(control: object, n: number, blackMs: number, whiteMs: number) {
  const events: Event[] = [start(0)];
  let t = 0;
  for (let k = 1; k <= n; k++) {
    t += blackMs;
    events.push(press(t, 'black'));
    if (k < n) {
      t += whiteMs;
      events.push(press(t, 'white'));
    }
  }
  return run({ control, events, untilMs: t });
}

describe('"60 days per 10 moves" (correspondence rules, pt. 6)', () => {
  const SIXTY_DAYS = 60 * DAY; // 5 184 000 000 ms
  const control = { system: 'stages', stages: [{ moves: 10, ms: SIXTY_DAYS }] };

  /** Black takes a day for each move, White answers an hour later. */
  const afterBlackMove = (n: number) => afterBlackMoves(control, n, DAY, HOUR);

  test('the 9th move adds nothing yet', () => {
    const out = afterBlackMove(9);
    expect(out.sides.black.remainingMs).toBe(51 * DAY); // 60 − 9 days
    expect(out.sides.black.moves).toBe(9);
  });

  test('after the 10th move another 60 days are added to the time saved', () => {
    const out = afterBlackMove(10);
    expect(out.sides.black.remainingMs).toBe(110 * DAY); // 60 − 10 + 60 days = 9 504 000 000 ms
    expect(out.sides.black.moves).toBe(10);
    expect(out.sides.white.remainingMs).toBe(SIXTY_DAYS - 9 * HOUR); // 9 answers of an hour each
    expect(out.sides.white.moves).toBe(9);
    expect(out.sides.black.periodsLeft).toBeNull();
    expect(out.sides.black.movesLeft).toBeNull();
  });
});

describe('"40 moves in 2 h, then 20 per hour", scaled down to 2 / 3 / 1 moves', () => {
  const control = {
    system: 'stages',
    stages: [
      { moves: 2, ms: 100000 },
      { moves: 3, ms: 50000 },
      { moves: 1, ms: 20000 },
    ],
  };

  test('each side starts with the first stage', () => {
    const out = run({ control, events: [], untilMs: 0 });
    expect(out.sides.black.remainingMs).toBe(100000);
    expect(out.sides.white.remainingMs).toBe(100000);
  });

  /** Black spends 10 s on each move, White 1 s. */
  const afterBlackMove = (n: number) => afterBlackMoves(control, n, 10000, 1000);

  test.each([
    [1, 90000], // 100000 − 10000
    [2, 130000], // 90000 − 10000 + 50000: the 2nd move ends stage 1
    [3, 120000],
    [4, 110000],
    [5, 120000], // 110000 − 10000 + 20000: the 3rd move of stage 2 ends it
    [6, 130000], // 120000 − 10000 + 20000: the last stage (1 move) repeats
    [7, 140000], // and repeats again
  ])('after move %i Black has %i ms', (n, expected) => {
    const out = afterBlackMove(n);
    expect(out.sides.black.moves).toBe(n);
    expect(out.sides.black.remainingMs).toBe(expected);
  });

  test("the time is added after the side's own moves only", () => {
    const out = afterBlackMove(3);
    // White moved twice, 1 s each: 100000 − 2000 + 50000 after its 2nd move
    expect(out.sides.white.remainingMs).toBe(148000);
    expect(out.sides.white.moves).toBe(2);
  });
});

describe('the flag', () => {
  const control = { system: 'stages', stages: [{ moves: 2, ms: 10000 }, { moves: 1, ms: 5000 }] };

  test('the flag falls when the time reaches 0', () => {
    const out = run({ control, events: [start(0), press(4000, 'black'), press(5000, 'white')], untilMs: 20000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 11000 }]); // 6000 left, running again from 5000
    expect(out.state).toBe('over');
  });

  test('a stage-completing press at the flag instant is too late and adds nothing', () => {
    const oneMove = { system: 'stages', stages: [{ moves: 1, ms: 10000 }, { moves: 1, ms: 5000 }] };
    const out = run({ control: oneMove, events: [start(0), press(10000, 'black')], untilMs: 10000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 10000 }]);
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.sides.black.moves).toBe(0);
  });

  test('a stage-completing press 1 ms before the flag gets the next stage', () => {
    const oneMove = { system: 'stages', stages: [{ moves: 1, ms: 10000 }, { moves: 1, ms: 5000 }] };
    const out = run({ control: oneMove, events: [start(0), press(9999, 'black')], untilMs: 9999 });
    expect(out.flags).toEqual([]);
    expect(out.sides.black.remainingMs).toBe(5001); // 1 + 5000
  });
});

describe('"40 moves in 2 h, then 15 moves per 30 min": the last stage repeats every 15 moves after move 55', () => {
  const control = { system: 'stages', stages: [{ moves: 40, ms: 2 * HOUR }, { moves: 15, ms: 30 * 60000 }] };

  /** Black spends 1 s on each of its moves, White answers at once (1 ms). */
  const afterBlackMove = (n: number) => afterBlackMoves(control, n, 1000, 1);

  test.each([
    [40, 2 * HOUR + 30 * 60000 - 40000], // the 40th move ends stage 1: the 30 min of stage 2 are added
    [55, 2 * HOUR + 60 * 60000 - 55000], // the 55th ends stage 2, which repeats: another 30 min
    [56, 2 * HOUR + 60 * 60000 - 56000],
    [69, 2 * HOUR + 60 * 60000 - 69000],
    [70, 2 * HOUR + 90 * 60000 - 70000], // 15 moves after the 55th
    [85, 2 * HOUR + 120 * 60000 - 85000],
  ])('after move %i Black has %i ms', (n, expected) => {
    const out = afterBlackMove(n);
    expect(out.sides.black.moves).toBe(n);
    expect(out.sides.black.remainingMs).toBe(expected);
  });
});
