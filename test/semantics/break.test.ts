/**
 * Break before byo-yomi (regulations 3.17.3): when enabled, the first time a side's main time runs out a 3-minute
 * break runs before its first period; a move during the break forfeits the rest of it; once per player.
 */
import { run, start, press, adjust } from './helpers';

const BREAK_MS = 180000;
// 1 min + 3 × 30 s. Black's main time ends at 60 s; the break runs to 240 s; the first period then to 270 s.
const BYO = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 };
const options = { breakBeforeOvertime: true };

describe('break before byo-yomi', () => {
  test('during the break the clock runs, the period is untouched and shown full', () => {
    const out = run({ control: BYO, options, events: [start(0)], untilMs: 150000 });
    expect(out.state).toBe('running');
    expect(out.running).toBe('black');
    expect(out.flags).toEqual([]);
    expect(out.sides.black).toEqual({
      phase: 'overtime', remainingMs: 30000, periodsLeft: 3, movesLeft: null, moves: 0, flaggedAtMs: null,
    });
    expect(out.announcements).toEqual([{ atMs: 60000, side: 'black', text: 'break' }]);
  });

  test('when the break is over the first period starts and "overtime" is said', () => {
    const out = run({ control: BYO, options, events: [start(0)], untilMs: 250000 });
    expect(out.sides.black.remainingMs).toBe(20000); // 30000 − (250000 − 240000)
    expect(out.sides.black.periodsLeft).toBe(3);
    expect(out.announcements).toEqual([
      { atMs: 60000, side: 'black', text: 'break' },
      { atMs: 60000 + BREAK_MS, side: 'black', text: 'overtime' },
    ]);
  });

  test('the count in the first period follows the break', () => {
    const out = run({ control: BYO, options, events: [start(0)], untilMs: 255000 });
    expect(out.announcements[out.announcements.length - 1]).toEqual({ atMs: 255000, side: 'black', text: '15' });
  });

  test('the flag falls the break later', () => {
    const out = run({ control: BYO, options, events: [start(0)], untilMs: 400000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 330000 }]); // 60000 + 180000 + 3 × 30000
  });

  test('a move during the break forfeits the rest of it, and there is no second break', () => {
    // Black moves at 100 s, in the break; White answers at 101 s; Black's first period runs from 101 s.
    const out = run({
      control: BYO,
      options,
      events: [start(0), press(100000, 'black'), press(101000, 'white')],
      untilMs: 111000,
    });
    expect(out.sides.black).toEqual({
      phase: 'overtime', remainingMs: 20000, periodsLeft: 3, movesLeft: null, moves: 1, flaggedAtMs: null,
    });
    expect(out.sides.white.remainingMs).toBe(59000); // 60000 − (101000 − 100000)
    expect(out.flags).toEqual([]);
  });

  test("each player has one break, when that player's main time runs out", () => {
    // White's clock runs from 1 s; White's main time ends at 61 s.
    const out = run({ control: BYO, options, events: [start(0), press(1000, 'black')], untilMs: 100000 });
    expect(out.announcements).toEqual([{ atMs: 61000, side: 'white', text: 'break' }]);
    expect(out.sides.white.phase).toBe('overtime');
    expect(out.sides.white.remainingMs).toBe(30000);
    expect(out.sides.black.phase).toBe('main');
    expect(out.sides.black.remainingMs).toBe(59000);
  });

  test('Canadian: the break comes before the first period too', () => {
    const control = { system: 'canadian', mainMs: 60000, moves: 3, periodMs: 30000 };
    const out = run({ control, options, events: [start(0), press(250000, 'black')], untilMs: 250000 });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.remainingMs).toBe(20000); // period from 240000: 30000 − 10000
    expect(out.sides.black.movesLeft).toBe(2);
    expect(out.flags).toEqual([]);
  });

  test('without the option there is no break', () => {
    const out = run({ control: BYO, events: [start(0)], untilMs: 150000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 150000 }]);
  });

  test('the break is once per game: after a new control mid-game, main time runs straight into overtime', () => {
    // Black's break runs from 60 s; Black moves at 100 s; at 101 s the arbiter gives Black a fresh 1 min + 3 × 30 s
    // (3.18.4) and Black's clock runs again from 102 s: its new main time ends at 162 s, with no second break.
    const out = run({
      control: BYO,
      options,
      events: [start(0), press(100000, 'black'), adjust(101000, { side: 'black', control: BYO }), press(102000, 'white')],
      untilMs: 170000,
    });
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.remainingMs).toBe(22000); // the first period runs from 162 s
    expect(out.announcements.filter((a) => a.side === 'black').map((a) => [a.atMs, a.text])).toEqual([
      [60000, 'break'],
      [162000, 'overtime'],
    ]);
  });
});
