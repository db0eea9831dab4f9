/** Absolute time: one main time, the flag when it reaches 0 (docs/time-systems.md; Go rules art. 12.1, 12.3). */
import { run, start, press } from './helpers';

const ONE_MINUTE = { system: 'absolute', mainMs: 60000 };
// Black thinks 10 s, White 20 s; Black then has 50 s left from 30 s on, so Black's flag is due at 80 s.
const opening = [start(0), press(10000, 'black'), press(30000, 'white')];

describe('absolute time', () => {
  test('the flag falls at the exact instant main time reaches 0, and both clocks stop', () => {
    const out = run({ control: ONE_MINUTE, events: opening, untilMs: 100000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 80000 }]); // 30000 + (60000 − 10000)
    expect(out.state).toBe('over');
    expect(out.running).toBeNull();
    expect(out.sides.black).toEqual({
      phase: 'main', remainingMs: 0, periodsLeft: null, movesLeft: null, moves: 1, flaggedAtMs: 80000,
    });
    expect(out.sides.white).toEqual({
      phase: 'main', remainingMs: 40000, periodsLeft: null, movesLeft: null, moves: 1, flaggedAtMs: null,
    }); // 60000 − (30000 − 10000); White's clock never started again
  });

  test('at the flag instant itself the time is up', () => {
    const out = run({ control: ONE_MINUTE, events: opening, untilMs: 80000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 80000 }]);
    expect(out.state).toBe('over');
    expect(out.sides.black.remainingMs).toBe(0);
  });

  test('one millisecond before the flag the side still has 1 ms', () => {
    const out = run({ control: ONE_MINUTE, events: opening, untilMs: 79999 });
    expect(out.flags).toEqual([]);
    expect(out.state).toBe('running');
    expect(out.running).toBe('black');
    expect(out.sides.black.remainingMs).toBe(1);
  });

  test('a press 1 ms before the flag is in time', () => {
    const out = run({ control: ONE_MINUTE, events: [...opening, press(79999, 'black')], untilMs: 79999 });
    expect(out.flags).toEqual([]);
    expect(out.running).toBe('white');
    expect(out.sides.black.remainingMs).toBe(1);
    expect(out.sides.black.moves).toBe(2);
  });

  test('a press exactly at the flag instant is too late', () => {
    const out = run({ control: ONE_MINUTE, events: [...opening, press(80000, 'black')], untilMs: 90000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 80000 }]);
    expect(out.state).toBe('over');
    expect(out.sides.black.moves).toBe(1); // the late press is not a move
    expect(out.sides.white.remainingMs).toBe(40000); // White's clock was not started by the late press
  });

  test("White's flag falls the same way", () => {
    const out = run({ control: ONE_MINUTE, events: [start(0), press(1000, 'black')], untilMs: 200000 });
    expect(out.flags).toEqual([{ side: 'white', atMs: 61000 }]); // 1000 + 60000
    expect(out.sides.white.flaggedAtMs).toBe(61000);
    expect(out.sides.black.flaggedAtMs).toBeNull();
    expect(out.sides.black.remainingMs).toBe(59000);
  });

  test('a side that never gets to move loses all its time (12.6, absent player)', () => {
    const out = run({ control: ONE_MINUTE, events: [start(0)], untilMs: 60000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 60000 }]);
    expect(out.sides.white.remainingMs).toBe(60000);
  });
});
