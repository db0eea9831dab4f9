/**
 * Simple (US) delay: each turn, main time starts counting only after delayMs; remainingMs is main time without the
 * pending delay (docs/time-systems.md, docs/scenarios.md).
 */
import { run, start, press, pause, resume } from './helpers';

const DELAY = { system: 'delay', mainMs: 60000, delayMs: 5000 };

describe('simple delay', () => {
  test('during the delay main time does not move', () => {
    const out = run({ control: DELAY, events: [start(0)], untilMs: 3000 });
    expect(out.sides.black.remainingMs).toBe(60000);
  });

  test('main time starts counting exactly when the delay is over', () => {
    expect(run({ control: DELAY, events: [start(0)], untilMs: 4999 }).sides.black.remainingMs).toBe(60000);
    expect(run({ control: DELAY, events: [start(0)], untilMs: 5000 }).sides.black.remainingMs).toBe(60000);
    expect(run({ control: DELAY, events: [start(0)], untilMs: 5001 }).sides.black.remainingMs).toBe(59999);
  });

  test('after the delay main time counts down', () => {
    const out = run({ control: DELAY, events: [start(0)], untilMs: 8000 });
    expect(out.sides.black.remainingMs).toBe(57000); // 60000 − (8000 − 5000)
  });

  test('a move within the delay costs nothing', () => {
    const out = run({ control: DELAY, events: [start(0), press(4000, 'black')], untilMs: 4000 });
    expect(out.sides.black.remainingMs).toBe(60000);
    expect(out.sides.black.moves).toBe(1);
    expect(out.running).toBe('white');
  });

  test('a longer move costs the part beyond the delay', () => {
    const out = run({ control: DELAY, events: [start(0), press(12000, 'black')], untilMs: 12000 });
    expect(out.sides.black.remainingMs).toBe(53000); // 60000 − (12000 − 5000)
  });

  test('every turn has its own delay', () => {
    const out = run({
      control: DELAY,
      events: [start(0), press(12000, 'black'), press(13000, 'white')],
      untilMs: 20000,
    });
    expect(out.sides.black.remainingMs).toBe(51000); // 53000 − (20000 − 13000 − 5000)
    expect(out.sides.white.remainingMs).toBe(60000); // White used 1000 < delay
  });

  test('a pause inside the delay keeps the rest of the delay', () => {
    const out = run({ control: DELAY, events: [start(0), pause(2000), resume(10000)], untilMs: 14000 });
    // 3000 of the delay were left at the pause, so main time runs from 13000
    expect(out.sides.black.remainingMs).toBe(59000);
  });

  describe('the flag', () => {
    const SHORT = { system: 'delay', mainMs: 10000, delayMs: 5000 };

    test('the flag falls delay + main time after the turn started', () => {
      const out = run({ control: SHORT, events: [start(0)], untilMs: 20000 });
      expect(out.flags).toEqual([{ side: 'black', atMs: 15000 }]); // 0 + 5000 + 10000
      expect(out.sides.black.remainingMs).toBe(0);
    });

    test('a press 1 ms before is in time', () => {
      const out = run({ control: SHORT, events: [start(0), press(14999, 'black')], untilMs: 14999 });
      expect(out.flags).toEqual([]);
      expect(out.sides.black.remainingMs).toBe(1);
    });

    test('a press at that instant is too late', () => {
      const out = run({ control: SHORT, events: [start(0), press(15000, 'black')], untilMs: 15000 });
      expect(out.flags).toEqual([{ side: 'black', atMs: 15000 }]);
      expect(out.sides.black.moves).toBe(0);
    });
  });
});
