/**
 * What happens when time runs out: onExpire "stop" (default), "pass" (12.16, single-move byo-yomi only) and
 * "continue"; every flag recorded with its instant so the first is always known (docs/time-systems.md; Go rules art. 12.12).
 */
import { run, start, press, logAt } from './helpers';

const TEN_SECONDS = { system: 'absolute', mainMs: 10000 };

describe('"stop" (the default)', () => {
  test('the first flag ends the game and both clocks stop', () => {
    const out = run({ control: TEN_SECONDS, events: [start(0), press(4000, 'black')], untilMs: 30000 });
    expect(out.flags).toEqual([{ side: 'white', atMs: 14000 }]); // 4000 + 10000
    expect(out.state).toBe('over');
    expect(out.running).toBeNull();
    expect(out.sides.white.flaggedAtMs).toBe(14000);
    expect(out.sides.white.remainingMs).toBe(0);
    expect(out.sides.black.remainingMs).toBe(6000);
  });

  test('the flag is logged at its instant, with the side', () => {
    const out = run({ control: TEN_SECONDS, events: [start(0), press(4000, 'black')], untilMs: 30000 });
    expect(logAt(out, 14000)).toEqual(['14000 white flag']);
  });

  test('"stop" given explicitly is the same', () => {
    const out = run({
      control: TEN_SECONDS,
      options: { onExpire: 'stop' },
      events: [start(0), press(4000, 'black')],
      untilMs: 30000,
    });
    expect(out.flags).toEqual([{ side: 'white', atMs: 14000 }]);
    expect(out.state).toBe('over');
  });
});

describe('"pass": in single-move byo-yomi the expired turn passes to the opponent (12.16)', () => {
  // 10 s main, then one 5 s period. Black's clock runs from 0: main ends at 10 s, the last period at 15 s.
  const LAST_PERIOD = { system: 'byoyomi', mainMs: 10000, periods: 1, periodMs: 5000 };
  const options = { onExpire: 'pass' };

  test('when the last period runs out no flag is recorded and the turn passes', () => {
    const out = run({ control: LAST_PERIOD, options, events: [start(0)], untilMs: 15000 });
    expect(out.flags).toEqual([]);
    expect(out.state).toBe('running');
    expect(out.running).toBe('white');
    expect(out.sides.black).toEqual({
      phase: 'overtime', remainingMs: 5000, periodsLeft: 1, movesLeft: null, moves: 0, flaggedAtMs: null,
    }); // Black keeps the last period, full; a forced pass is not a move
    expect(out.sides.white.remainingMs).toBe(10000);
  });

  test('the forced pass is logged at its instant', () => {
    const out = run({ control: LAST_PERIOD, options, events: [start(0)], untilMs: 16000 });
    expect(logAt(out, 15000)).toEqual(['15000 black forced pass: last period ran out, white to move']);
  });

  test("the opponent's clock starts at the instant of the pass", () => {
    const out = run({ control: LAST_PERIOD, options, events: [start(0)], untilMs: 20000 });
    expect(out.sides.white.remainingMs).toBe(5000); // 10000 − (20000 − 15000)
    expect(out.sides.black.remainingMs).toBe(5000);
    expect(out.sides.black.periodsLeft).toBe(1);
  });

  test('the passed player plays on in the last period on the next turn', () => {
    const out = run({ control: LAST_PERIOD, options, events: [start(0), press(20000, 'white')], untilMs: 23000 });
    expect(out.running).toBe('black');
    expect(out.sides.black.phase).toBe('overtime');
    expect(out.sides.black.periodsLeft).toBe(1);
    expect(out.sides.black.remainingMs).toBe(2000); // 5000 − (23000 − 20000)
    expect(out.sides.white.moves).toBe(1);
    expect(out.sides.black.moves).toBe(0);
  });

  test('a player can be passed again, each time logged', () => {
    const out = run({ control: LAST_PERIOD, options, events: [start(0), press(20000, 'white')], untilMs: 28000 });
    // Black's period runs again 20000→25000; White's clock restarts at 25000 with 5000 main left
    expect(out.flags).toEqual([]);
    expect(out.running).toBe('white');
    expect(out.sides.black.periodsLeft).toBe(1);
    expect(out.sides.black.remainingMs).toBe(5000);
    expect(out.sides.white.remainingMs).toBe(2000); // 5000 − (28000 − 25000)
    expect(logAt(out, 15000).join('\n')).toMatch(/pass/);
    expect(logAt(out, 25000).join('\n')).toMatch(/pass/);
  });

  test('a press at the instant of the pass is too late: the turn has already passed', () => {
    const out = run({ control: LAST_PERIOD, options, events: [start(0), press(15000, 'black')], untilMs: 16000 });
    expect(out.running).toBe('white');
    expect(out.sides.black.moves).toBe(0);
    expect(out.sides.white.remainingMs).toBe(9000); // running since 15000
    expect(out.flags).toEqual([]);
  });

  test('with several periods the turn passes only when the last one runs out', () => {
    const control = { system: 'byoyomi', mainMs: 10000, periods: 3, periodMs: 5000 };
    const before = run({ control, options, events: [start(0)], untilMs: 24000 });
    expect(before.running).toBe('black');
    expect(before.sides.black.periodsLeft).toBe(1);
    expect(before.sides.black.remainingMs).toBe(1000); // third period 20000→25000
    const after = run({ control, options, events: [start(0)], untilMs: 26000 });
    expect(after.running).toBe('white');
    expect(after.flags).toEqual([]);
    expect(after.sides.black.periodsLeft).toBe(1);
    expect(after.sides.black.remainingMs).toBe(5000);
    expect(after.sides.white.remainingMs).toBe(9000); // 10000 − (26000 − 25000)
  });

  test('with time odds, only the byo-yomi side is passed; the absolute side flags', () => {
    const control = {
      black: LAST_PERIOD,
      white: { system: 'absolute', mainMs: 10000 },
    };
    const out = run({ control, options, events: [start(0)], untilMs: 40000 });
    // Black passed at 15000; White's clock runs from 15000 with 10000 and flags at 25000
    expect(out.flags).toEqual([{ side: 'white', atMs: 25000 }]);
    expect(out.state).toBe('over');
    expect(out.sides.black.flaggedAtMs).toBeNull();
    expect(out.sides.black.periodsLeft).toBe(1);
  });

  test('in absolute time "pass" behaves as "stop"', () => {
    const out = run({ control: TEN_SECONDS, options, events: [start(0)], untilMs: 20000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 10000 }]);
    expect(out.state).toBe('over');
    expect(out.running).toBeNull();
  });

  test('in Canadian byo-yomi "pass" behaves as "stop"', () => {
    const control = { system: 'canadian', mainMs: 10000, moves: 2, periodMs: 5000 };
    const out = run({ control, options, events: [start(0)], untilMs: 20000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 15000 }]); // 10000 + 5000
    expect(out.state).toBe('over');
  });

  test('in Fischer "pass" behaves as "stop"', () => {
    const control = { system: 'fischer', mainMs: 10000, incrementMs: 1000 };
    const out = run({ control, options, events: [start(0)], untilMs: 20000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 10000 }]);
    expect(out.state).toBe('over');
  });
});

describe('"continue": the flag is recorded and play goes on', () => {
  const options = { onExpire: 'continue' };

  test("the flagged side's clock keeps running until it presses", () => {
    const out = run({ control: TEN_SECONDS, options, events: [start(0)], untilMs: 20000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 10000 }]);
    expect(out.state).toBe('running');
    expect(out.running).toBe('black');
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.sides.black.flaggedAtMs).toBe(10000);
    expect(out.sides.white.remainingMs).toBe(10000);
  });

  test('both flags are recorded in the order they fell, each with its instant', () => {
    const out = run({ control: TEN_SECONDS, options, events: [start(0), press(15000, 'black')], untilMs: 30000 });
    expect(out.flags).toEqual([
      { side: 'black', atMs: 10000 },
      { side: 'white', atMs: 25000 }, // White's clock ran from 15000 with 10000
    ]);
    expect(out.sides.black.moves).toBe(1); // the flagged side's press is still its move
    expect(out.sides.black.flaggedAtMs).toBe(10000);
    expect(out.sides.white.flaggedAtMs).toBe(25000);
    expect(out.sides.white.remainingMs).toBe(0);
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.state).toBe('running');
    expect(out.running).toBe('white');
  });

  test('which flag fell first is known when White flags first (12.12)', () => {
    // Black keeps 9000; White runs 1000→11000 and flags; White presses at 12000; Black flags 12000 + 9000.
    const out = run({
      control: TEN_SECONDS,
      options,
      events: [start(0), press(1000, 'black'), press(12000, 'white')],
      untilMs: 30000,
    });
    expect(out.flags).toEqual([
      { side: 'white', atMs: 11000 },
      { side: 'black', atMs: 21000 },
    ]);
  });

  test('a flagged side gets no more increments', () => {
    const control = { system: 'fischer', mainMs: 10000, incrementMs: 5000 };
    const out = run({
      control,
      options,
      events: [start(0), press(12000, 'black'), press(13000, 'white')],
      untilMs: 14000,
    });
    expect(out.flags).toEqual([{ side: 'black', atMs: 10000 }]);
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.sides.black.moves).toBe(1);
    expect(out.sides.white.remainingMs).toBe(14000); // 10000 − 1000 + 5000
  });

  test('a flagged byo-yomi side has no periods and no period time, and no move refills them', () => {
    const control = { system: 'byoyomi', mainMs: 10000, periods: 2, periodMs: 5000 };
    const flagged = run({ control, options, events: [start(0)], untilMs: 22000 });
    expect(flagged.flags).toEqual([{ side: 'black', atMs: 20000 }]); // 10000 + 2 × 5000
    expect(flagged.running).toBe('black');
    expect(flagged.sides.black.remainingMs).toBe(0);
    expect(flagged.sides.black.periodsLeft).toBe(0);
    const later = run({
      control,
      options,
      events: [start(0), press(22000, 'black'), press(23000, 'white')],
      untilMs: 24000,
    });
    expect(later.sides.black.remainingMs).toBe(0);
    expect(later.sides.black.periodsLeft).toBe(0);
    expect(later.sides.black.flaggedAtMs).toBe(20000);
    expect(later.flags).toEqual([{ side: 'black', atMs: 20000 }]);
  });
});
