/** Fischer: after every in-time move, including the first, add incrementMs, never above capMs (docs/time-systems.md). */
import { run, start, press } from './helpers';

const FISCHER = { system: 'fischer', mainMs: 60000, incrementMs: 10000 };

describe('fischer increment', () => {
  test("the first move already earns the increment", () => {
    const out = run({ control: FISCHER, events: [start(0), press(5000, 'black')], untilMs: 5000 });
    expect(out.sides.black.remainingMs).toBe(65000); // 60000 − 5000 + 10000
    expect(out.sides.black.moves).toBe(1);
  });

  test('the press that starts the game earns nothing', () => {
    const out = run({ control: FISCHER, events: [start(0), press(5000, 'black')], untilMs: 5000 });
    expect(out.sides.white.remainingMs).toBe(60000);
    const byPress = run({ control: FISCHER, events: [press(0, 'white')], untilMs: 0 });
    expect(byPress.sides.white.remainingMs).toBe(60000);
  });

  test('every in-time move earns the increment', () => {
    const out = run({
      control: FISCHER,
      events: [start(0), press(5000, 'black'), press(8000, 'white'), press(20000, 'black')],
      untilMs: 20000,
    });
    expect(out.sides.black.remainingMs).toBe(63000); // 60000 − 5000 + 10000 − 12000 + 10000
    expect(out.sides.white.remainingMs).toBe(67000); // 60000 − 3000 + 10000
    expect(out.sides.black.periodsLeft).toBeNull();
    expect(out.sides.black.movesLeft).toBeNull();
  });

  test('the increment never lifts the time above the cap', () => {
    const control = { system: 'fischer', mainMs: 60000, incrementMs: 10000, capMs: 62000 };
    const out = run({ control, events: [start(0), press(1000, 'black')], untilMs: 1000 });
    expect(out.sides.black.remainingMs).toBe(62000); // 59000 + 10000 = 69000, capped at 62000
  });

  test('below the cap the full increment is added', () => {
    const control = { system: 'fischer', mainMs: 60000, incrementMs: 10000, capMs: 62000 };
    const out = run({ control, events: [start(0), press(9000, 'black')], untilMs: 9000 });
    expect(out.sides.black.remainingMs).toBe(61000); // 51000 + 10000
  });

  test('a capped clock counts down from the cap', () => {
    const control = { system: 'fischer', mainMs: 60000, incrementMs: 10000, capMs: 62000 };
    const out = run({
      control,
      events: [start(0), press(1000, 'black'), press(2000, 'white')],
      untilMs: 5000,
    });
    expect(out.sides.black.remainingMs).toBe(59000); // 62000 − (5000 − 2000)
    expect(out.sides.white.remainingMs).toBe(62000); // 59000 + 10000 capped
  });

  test('the flag falls when the time reaches 0, increments included', () => {
    const control = { system: 'fischer', mainMs: 10000, incrementMs: 2000 };
    const out = run({
      control,
      events: [start(0), press(5000, 'black'), press(6000, 'white')],
      untilMs: 20000,
    });
    // Black: 10000 − 5000 + 2000 = 7000, running again from 6000 → flag at 13000
    expect(out.flags).toEqual([{ side: 'black', atMs: 13000 }]);
    expect(out.sides.white.remainingMs).toBe(11000); // 10000 − 1000 + 2000
  });

  test('a press at the flag instant is too late and earns no increment', () => {
    const control = { system: 'fischer', mainMs: 10000, incrementMs: 5000 };
    const out = run({ control, events: [start(0), press(10000, 'black')], untilMs: 10000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 10000 }]);
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.sides.black.moves).toBe(0);
    expect(out.state).toBe('over');
  });
});
