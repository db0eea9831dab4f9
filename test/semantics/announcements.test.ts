/**
 * Announcements (docs/time-systems.md; Go rules art. 12.16): what a timekeeper would say, at exact instants, once each. Counts only in
 * overtime periods (byo-yomi, Canadian), on the current period's remaining time; "overtime" and "last period" in words;
 * main-time warnings only when enabled.
 */
import { run, start, press, pause, resume, adjust, said } from './helpers';

// 1 min + 3 × 30 s. Black's clock runs from 0: main time ends at 60 s, the periods end at 90, 120 and 150 s.
const BYO = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 };

/** A byo-yomi control with no main time, so that the count starts at 0. */
function periodsOnly(periodMs: number, periods = 5) {
  return { system: 'byoyomi', mainMs: 0, periods, periodMs };
}

describe('ru profile (12.16: 15, 10, 5, 4, 3, 2, 1 with 30 s per move)', () => {
  test('a whole game into the last period: overtime, each period counted, last period, then the flag', () => {
    const out = run({ control: BYO, events: [start(0)], untilMs: 150000 });
    expect(said(out)).toEqual([
      [60000, 'black', 'overtime'],
      [75000, 'black', '15'], // 15 s left in the first period (60000 + 15000)
      [80000, 'black', '10'],
      [85000, 'black', '5'],
      [86000, 'black', '4'],
      [87000, 'black', '3'],
      [88000, 'black', '2'],
      [89000, 'black', '1'],
      [105000, 'black', '15'], // second period 90000 → 120000
      [110000, 'black', '10'],
      [115000, 'black', '5'],
      [116000, 'black', '4'],
      [117000, 'black', '3'],
      [118000, 'black', '2'],
      [119000, 'black', '1'],
      [120000, 'black', 'last period'],
      [135000, 'black', '15'], // third period 120000 → 150000
      [140000, 'black', '10'],
      [145000, 'black', '5'],
      [146000, 'black', '4'],
      [147000, 'black', '3'],
      [148000, 'black', '2'],
      [149000, 'black', '1'],
    ]);
    expect(out.flags).toEqual([{ side: 'black', atMs: 150000 }]);
  });

  test('nothing is announced in main time by default', () => {
    const out = run({ control: BYO, events: [start(0)], untilMs: 59999 });
    expect(said(out)).toEqual([]);
  });

  test('a 60 s period: half is 30', () => {
    const out = run({ control: periodsOnly(60000), events: [start(0)], untilMs: 59999 });
    expect(said(out)).toEqual([
      [30000, 'black', '30'],
      [50000, 'black', '10'],
      [55000, 'black', '5'],
      [56000, 'black', '4'],
      [57000, 'black', '3'],
      [58000, 'black', '2'],
      [59000, 'black', '1'],
    ]);
  });

  test('a 25 s period: half is rounded down to whole seconds, 12', () => {
    const out = run({ control: periodsOnly(25000), events: [start(0)], untilMs: 24999 });
    expect(said(out)).toEqual([
      [13000, 'black', '12'], // floor(12500 / 1000) = 12 s left: 25000 − 12000
      [15000, 'black', '10'],
      [20000, 'black', '5'],
      [21000, 'black', '4'],
      [22000, 'black', '3'],
      [23000, 'black', '2'],
      [24000, 'black', '1'],
    ]);
  });

  test('a 20 s period has no half count', () => {
    const out = run({ control: periodsOnly(20000), events: [start(0)], untilMs: 19999 });
    expect(said(out)).toEqual([
      [10000, 'black', '10'],
      [15000, 'black', '5'],
      [16000, 'black', '4'],
      [17000, 'black', '3'],
      [18000, 'black', '2'],
      [19000, 'black', '1'],
    ]);
  });

  test('a 10 s period has no "10" (it would be the start of the period); no "overtime" without main time', () => {
    const out = run({ control: periodsOnly(10000, 2), events: [start(0)], untilMs: 20000 });
    expect(said(out)).toEqual([
      [5000, 'black', '5'],
      [6000, 'black', '4'],
      [7000, 'black', '3'],
      [8000, 'black', '2'],
      [9000, 'black', '1'],
      [10000, 'black', 'last period'],
      [15000, 'black', '5'],
      [16000, 'black', '4'],
      [17000, 'black', '3'],
      [18000, 'black', '2'],
      [19000, 'black', '1'],
    ]);
  });

  test('a 5 s period has no "5"', () => {
    const out = run({ control: periodsOnly(5000), events: [start(0)], untilMs: 4999 });
    expect(said(out)).toEqual([
      [1000, 'black', '4'],
      [2000, 'black', '3'],
      [3000, 'black', '2'],
      [4000, 'black', '1'],
    ]);
  });
});

describe('overtime and last period', () => {
  test('with a single period, "overtime" and "last period" fall together, "overtime" first', () => {
    const control = { system: 'byoyomi', mainMs: 10000, periods: 1, periodMs: 5000 };
    const out = run({ control, events: [start(0)], untilMs: 14999 });
    expect(said(out)).toEqual([
      [10000, 'black', 'overtime'],
      [10000, 'black', 'last period'],
      [11000, 'black', '4'],
      [12000, 'black', '3'],
      [13000, 'black', '2'],
      [14000, 'black', '1'],
    ]);
  });

  test("each side's announcements carry its side", () => {
    // White's clock runs from 1000: main time ends at 61000.
    const out = run({ control: BYO, events: [start(0), press(1000, 'black')], untilMs: 80000 });
    expect(said(out)).toEqual([
      [61000, 'white', 'overtime'],
      [76000, 'white', '15'],
    ]);
  });

  test('"overtime" is said when main time runs out on the clock, not at a move', () => {
    // Canadian: main time ends at 10000 while Black thinks; no "last period" in Canadian byo-yomi.
    const control = { system: 'canadian', mainMs: 10000, moves: 5, periodMs: 60000 };
    const out = run({ control, events: [start(0)], untilMs: 20000 });
    expect(said(out)).toEqual([[10000, 'black', 'overtime']]);
  });
});

describe('pauses, moves and refills', () => {
  test('a pause delays the rest of the count by the paused time; nothing is repeated', () => {
    const out = run({ control: BYO, events: [start(0), pause(76000), resume(86000)], untilMs: 99999 });
    // 14000 were left at the pause: "10" is due 4000 after the resume
    expect(said(out)).toEqual([
      [60000, 'black', 'overtime'],
      [75000, 'black', '15'],
      [90000, 'black', '10'],
      [95000, 'black', '5'],
      [96000, 'black', '4'],
      [97000, 'black', '3'],
      [98000, 'black', '2'],
      [99000, 'black', '1'],
    ]);
  });

  test('a pause at the very instant of a count: it is said once, before the pause', () => {
    const out = run({ control: BYO, events: [start(0), pause(75000), resume(80000)], untilMs: 94999 });
    expect(said(out)).toEqual([
      [60000, 'black', 'overtime'],
      [75000, 'black', '15'],
      [85000, 'black', '10'], // 15000 left at the pause, resumed at 80000
      [90000, 'black', '5'],
      [91000, 'black', '4'],
      [92000, 'black', '3'],
      [93000, 'black', '2'],
      [94000, 'black', '1'],
    ]);
  });

  test('a count due exactly at a move is still said', () => {
    const out = run({ control: BYO, events: [start(0), press(80000, 'black')], untilMs: 80000 });
    expect(said(out)).toEqual([
      [60000, 'black', 'overtime'],
      [75000, 'black', '15'],
      [80000, 'black', '10'],
    ]);
  });

  test('after a move refills the period the count starts again on the next turn', () => {
    // Black moves at 82 s; White answers at 83 s; Black's refilled period runs 83 → 113 s.
    const out = run({
      control: BYO,
      events: [start(0), press(82000, 'black'), press(83000, 'white')],
      untilMs: 112999,
    });
    expect(said(out)).toEqual([
      [60000, 'black', 'overtime'],
      [75000, 'black', '15'],
      [80000, 'black', '10'],
      [98000, 'black', '15'],
      [103000, 'black', '10'],
      [108000, 'black', '5'],
      [109000, 'black', '4'],
      [110000, 'black', '3'],
      [111000, 'black', '2'],
      [112000, 'black', '1'],
    ]);
  });

  test('Canadian: the count runs only on the own turn and is not repeated within the period', () => {
    // 10 s main + 2 moves in 30 s. Black: main ends 10 s; moves at 28 s with 12 s left; runs again from 29 s.
    const control = { system: 'canadian', mainMs: 10000, moves: 2, periodMs: 30000 };
    const out = run({ control, events: [start(0), press(28000, 'black'), press(29000, 'white')], untilMs: 40999 });
    expect(said(out)).toEqual([
      [10000, 'black', 'overtime'],
      [25000, 'black', '15'],
      [31000, 'black', '10'], // 12000 left from 29000: 10 s left 2000 later
      [36000, 'black', '5'],
      [37000, 'black', '4'],
      [38000, 'black', '3'],
      [39000, 'black', '2'],
      [40000, 'black', '1'],
    ]);
  });

  test('Canadian: after the period is completed the new period is counted again', () => {
    // Black completes its 2 moves at 30 s (refill); White answers at 31 s; Black's new period runs from 31 s.
    const control = { system: 'canadian', mainMs: 10000, moves: 2, periodMs: 30000 };
    const out = run({
      control,
      events: [start(0), press(28000, 'black'), press(29000, 'white'), press(30000, 'black'), press(31000, 'white')],
      untilMs: 60999,
    });
    expect(said(out)).toEqual([
      [10000, 'black', 'overtime'],
      [25000, 'black', '15'],
      [46000, 'black', '15'], // 31000 + 15000
      [51000, 'black', '10'],
      [56000, 'black', '5'],
      [57000, 'black', '4'],
      [58000, 'black', '3'],
      [59000, 'black', '2'],
      [60000, 'black', '1'],
    ]);
  });

  test('Canadian with a 5-minute period: half is 150', () => {
    const control = { system: 'canadian', mainMs: 0, moves: 15, periodMs: 300000 };
    const out = run({ control, events: [start(0)], untilMs: 299999 });
    expect(said(out)).toEqual([
      [150000, 'black', '150'],
      [290000, 'black', '10'],
      [295000, 'black', '5'],
      [296000, 'black', '4'],
      [297000, 'black', '3'],
      [298000, 'black', '2'],
      [299000, 'black', '1'],
    ]);
  });
});

describe('jp profile (count up)', () => {
  const options = { announce: 'jp' };

  test('a 30 s period: 10, 20, then 1 … 9 in the last ten seconds', () => {
    const out = run({ control: periodsOnly(30000), options, events: [start(0)], untilMs: 29999 });
    expect(said(out)).toEqual([
      [10000, 'black', '10'],
      [20000, 'black', '20'],
      [21000, 'black', '1'],
      [22000, 'black', '2'],
      [23000, 'black', '3'],
      [24000, 'black', '4'],
      [25000, 'black', '5'],
      [26000, 'black', '6'],
      [27000, 'black', '7'],
      [28000, 'black', '8'],
      [29000, 'black', '9'],
    ]);
  });

  test('a 60 s period: 10 … 50, then 1 … 9', () => {
    const out = run({ control: periodsOnly(60000), options, events: [start(0)], untilMs: 59999 });
    expect(said(out)).toEqual([
      [10000, 'black', '10'],
      [20000, 'black', '20'],
      [30000, 'black', '30'],
      [40000, 'black', '40'],
      [50000, 'black', '50'],
      [51000, 'black', '1'],
      [52000, 'black', '2'],
      [53000, 'black', '3'],
      [54000, 'black', '4'],
      [55000, 'black', '5'],
      [56000, 'black', '6'],
      [57000, 'black', '7'],
      [58000, 'black', '8'],
      [59000, 'black', '9'],
    ]);
  });

  test('a pause in the count shifts the rest of it; nothing is repeated', () => {
    // Paused at 15 s elapsed for 10 s: "20" comes at 30 s, "1" … "9" at 31 … 39 s.
    const out = run({
      control: periodsOnly(30000),
      options,
      events: [start(0), pause(15000), resume(25000)],
      untilMs: 39999,
    });
    expect(said(out).map((a) => a[0])).toEqual([
      10000, 30000, 31000, 32000, 33000, 34000, 35000, 36000, 37000, 38000, 39000,
    ]);
    expect(said(out).map((a) => a[2])).toEqual(['10', '20', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  test('a 10 s period: only 1 … 9', () => {
    const out = run({ control: periodsOnly(10000), options, events: [start(0)], untilMs: 9999 });
    expect(said(out).map((a) => a[2])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(said(out).map((a) => a[0])).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]);
  });

  test('after main time: overtime, then the count from the start of the period', () => {
    const out = run({ control: BYO, options, events: [start(0)], untilMs: 89999 });
    expect(said(out)).toEqual([
      [60000, 'black', 'overtime'],
      [70000, 'black', '10'],
      [80000, 'black', '20'],
      [81000, 'black', '1'],
      [82000, 'black', '2'],
      [83000, 'black', '3'],
      [84000, 'black', '4'],
      [85000, 'black', '5'],
      [86000, 'black', '6'],
      [87000, 'black', '7'],
      [88000, 'black', '8'],
      [89000, 'black', '9'],
    ]);
  });
});

describe('beep profile', () => {
  test('a double beep at 10 s left and a beep at each of the last 5 s', () => {
    const out = run({ control: periodsOnly(30000), options: { announce: 'beep' }, events: [start(0)], untilMs: 29999 });
    expect(said(out)).toEqual([
      [20000, 'black', 'double beep'],
      [25000, 'black', 'beep'],
      [26000, 'black', 'beep'],
      [27000, 'black', 'beep'],
      [28000, 'black', 'beep'],
      [29000, 'black', 'beep'],
    ]);
  });
});

describe('beep profile, refilled', () => {
  test('a move refills the period and the beeps come again on the next turn', () => {
    // Black moves at 22 s (after the double beep at 20 s); White answers at 23 s; the new period runs 23 → 53 s.
    const out = run({
      control: periodsOnly(30000),
      options: { announce: 'beep' },
      events: [start(0), press(22000, 'black'), press(23000, 'white')],
      untilMs: 52999,
    });
    expect(said(out)).toEqual([
      [20000, 'black', 'double beep'],
      [43000, 'black', 'double beep'], // 23000 + 20000
      [48000, 'black', 'beep'],
      [49000, 'black', 'beep'],
      [50000, 'black', 'beep'],
      [51000, 'black', 'beep'],
      [52000, 'black', 'beep'],
    ]);
  });
});

describe('off profile', () => {
  test('no counts at all', () => {
    const out = run({ control: BYO, options: { announce: 'off' }, events: [start(0)], untilMs: 150000 });
    for (const a of out.announcements) {
      expect(a.text).not.toMatch(/^\d+$/);
      expect(a.text).not.toMatch(/beep/);
    }
    expect(out.flags).toEqual([{ side: 'black', atMs: 150000 }]);
  });
});

describe('main-time warnings (14.3), when enabled', () => {
  const SIX_MINUTES = { system: 'absolute', mainMs: 360000 };
  const options = { warnings: true };

  test('5 minutes, 1 minute and 10 seconds left, at their exact instants', () => {
    const out = run({ control: SIX_MINUTES, options, events: [start(0)], untilMs: 360000 });
    expect(said(out)).toEqual([
      [60000, 'black', '5 minutes'], // 360000 − 300000
      [300000, 'black', '1 minute'], // 360000 − 60000
      [350000, 'black', '10 seconds'], // 360000 − 10000
    ]);
  });

  test('a game of exactly 5 minutes does not open with "5 minutes": a warning is said when less is left', () => {
    const out = run({ control: { system: 'absolute', mainMs: 300000 }, options, events: [start(0)], untilMs: 300000 });
    expect(said(out)).toEqual([
      [240000, 'black', '1 minute'],
      [290000, 'black', '10 seconds'],
    ]);
  });

  test('warnings are off by default', () => {
    const out = run({ control: SIX_MINUTES, events: [start(0)], untilMs: 360000 });
    expect(said(out)).toEqual([]);
  });

  test('a pause before a warning delays it by the paused time', () => {
    const out = run({ control: SIX_MINUTES, options, events: [start(0), pause(59000), resume(69000)], untilMs: 370000 });
    expect(said(out)).toEqual([
      [70000, 'black', '5 minutes'],
      [310000, 'black', '1 minute'],
      [360000, 'black', '10 seconds'],
    ]);
  });

  test('a pause and resume at the instant of a warning does not repeat it', () => {
    const out = run({ control: SIX_MINUTES, options, events: [start(0), pause(60000), resume(61000)], untilMs: 120000 });
    expect(said(out)).toEqual([[60000, 'black', '5 minutes']]);
  });

  test('each warning is given once per side per game, even if time is added back', () => {
    // After the 5-minute warning the arbiter adds a minute (299000 + 60000 = 359000 at 61 s); it crosses 5 min again at 120 s.
    const out = run({
      control: SIX_MINUTES,
      options,
      events: [start(0), adjust(61000, { side: 'black', deltaMs: 60000 })],
      untilMs: 130000,
    });
    expect(said(out)).toEqual([[60000, 'black', '5 minutes']]);
  });

  test("each side gets its own warnings, on its own clock", () => {
    // Black moves at 70 s (after its 5-minute warning at 60 s); White's clock runs from 70 s.
    const out = run({ control: SIX_MINUTES, options, events: [start(0), press(70000, 'black')], untilMs: 130000 });
    expect(said(out)).toEqual([
      [60000, 'black', '5 minutes'],
      [130000, 'white', '5 minutes'], // 70000 + 60000
    ]);
  });

  test('byo-yomi: warnings in main time, then overtime and the count', () => {
    const control = { system: 'byoyomi', mainMs: 360000, periods: 3, periodMs: 30000 };
    const out = run({ control, options, events: [start(0)], untilMs: 375000 });
    expect(said(out)).toEqual([
      [60000, 'black', '5 minutes'],
      [300000, 'black', '1 minute'],
      [350000, 'black', '10 seconds'],
      [360000, 'black', 'overtime'],
      [375000, 'black', '15'],
    ]);
  });
});
