/** Bronstein: after every in-time move add back min(delayMs, time used on that move), pauses excluded (docs/time-systems.md). */
import { run, start, press, pause, resume } from './helpers';

const BRONSTEIN = { system: 'bronstein', mainMs: 60000, delayMs: 5000 };

describe('bronstein delay', () => {
  test('while a move is in progress the clock counts down from the start of the turn', () => {
    const out = run({ control: BRONSTEIN, events: [start(0)], untilMs: 3000 });
    expect(out.sides.black.remainingMs).toBe(57000);
  });

  test('a move quicker than the delay costs nothing', () => {
    const out = run({ control: BRONSTEIN, events: [start(0), press(3000, 'black')], untilMs: 3000 });
    expect(out.sides.black.remainingMs).toBe(60000); // 60000 − 3000 + min(5000, 3000)
    expect(out.sides.black.moves).toBe(1);
  });

  test('a longer move costs only the part beyond the delay', () => {
    const out = run({ control: BRONSTEIN, events: [start(0), press(8000, 'black')], untilMs: 8000 });
    expect(out.sides.black.remainingMs).toBe(57000); // 60000 − 8000 + 5000
  });

  test('paused time is not time used on the move', () => {
    const out = run({
      control: BRONSTEIN,
      events: [start(0), pause(1000), resume(10000), press(12000, 'black')],
      untilMs: 12000,
    });
    expect(out.sides.black.remainingMs).toBe(60000); // used 1000 + 2000 = 3000; 60000 − 3000 + 3000
  });

  test('the time never rises above what the side had when its turn started', () => {
    const out = run({
      control: BRONSTEIN,
      events: [start(0), press(8000, 'black'), press(9000, 'white'), press(10000, 'black')],
      untilMs: 10000,
    });
    expect(out.sides.black.remainingMs).toBe(57000); // 57000 − 1000 + 1000
    expect(out.sides.white.remainingMs).toBe(60000); // 60000 − 1000 + 1000
  });

  test('the flag falls when the time reaches 0', () => {
    const control = { system: 'bronstein', mainMs: 5000, delayMs: 2000 };
    const out = run({
      control,
      events: [start(0), press(4000, 'black'), press(4500, 'white')],
      untilMs: 10000,
    });
    // Black: 5000 − 4000 + 2000 = 3000, running again from 4500 → flag at 7500
    expect(out.flags).toEqual([{ side: 'black', atMs: 7500 }]);
    expect(out.sides.white.remainingMs).toBe(5000); // 5000 − 500 + 500
  });

  test('a press at the flag instant is too late and gets nothing back', () => {
    const control = { system: 'bronstein', mainMs: 5000, delayMs: 5000 };
    const out = run({ control, events: [start(0), press(5000, 'black')], untilMs: 6000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 5000 }]);
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.sides.black.moves).toBe(0);
  });
});
