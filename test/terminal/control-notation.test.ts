/**
 * The command line's time-control notation (sim/control-notation.ts): every system, time odds, what people type
 * (describeControl's own texts too), and one clear line for each kind of mistake.
 */
import {
  formatControlNotation, formatDuration, formatGameNotation, parseControlNotation, parseGameNotation, parsePerSideNotation,
} from '../../sim/control-notation';
import { presets } from '../../firmware/clock/presets';
import { describeControl } from '../../firmware/clock/control-describe';
import { TimeControl } from '../../firmware/clock/control';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('every system', () => {
  const cases: [string, TimeControl][] = [
    ['10m', { system: 'absolute', mainMs: 10 * M }],
    ['10m absolute', { system: 'absolute', mainMs: 10 * M }],
    ['60m+5x30s', { system: 'byoyomi', mainMs: 60 * M, periods: 5, periodMs: 30 * S }],
    ['5x30s', { system: 'byoyomi', mainMs: 0, periods: 5, periodMs: 30 * S }],
    ['0+5x30s byoyomi', { system: 'byoyomi', mainMs: 0, periods: 5, periodMs: 30 * S }],
    ['30m+20/5m', { system: 'canadian', mainMs: 30 * M, moves: 20, periodMs: 5 * M }],
    ['0+20/5m canadian', { system: 'canadian', mainMs: 0, moves: 20, periodMs: 5 * M }],
    ['3m+15s', { system: 'fischer', mainMs: 3 * M, incrementMs: 15 * S }],
    ['3m+15s fischer', { system: 'fischer', mainMs: 3 * M, incrementMs: 15 * S }],
    ['3m+15s<10m', { system: 'fischer', mainMs: 3 * M, incrementMs: 15 * S, capMs: 10 * M }],
    ['25m+10s bronstein', { system: 'bronstein', mainMs: 25 * M, delayMs: 10 * S }],
    ['25m+5s delay', { system: 'delay', mainMs: 25 * M, delayMs: 5 * S }],
    ['1m hourglass', { system: 'hourglass', mainMs: M }],
    ['40/2h+20/1h', { system: 'stages', stages: [{ moves: 40, ms: 2 * H }, { moves: 20, ms: H }] }],
    ['10/60d', { system: 'stages', stages: [{ moves: 10, ms: 60 * D }] }],
  ];
  test.each(cases)('%s', (text, control) => {
    expect(parseControlNotation(text)).toEqual(control);
  });
});

describe('what people type', () => {
  test('units d h m min s sec ms, combined, with fractions that are whole milliseconds', () => {
    expect(parseControlNotation('1h30m')).toEqual({ system: 'absolute', mainMs: 90 * M });
    expect(parseControlNotation('2d')).toEqual({ system: 'absolute', mainMs: 2 * D });
    expect(parseControlNotation('1.5s')).toEqual({ system: 'absolute', mainMs: 1500 });
    expect(parseControlNotation('250ms')).toEqual({ system: 'absolute', mainMs: 250 });
    expect(parseControlNotation('5min30sec')).toEqual({ system: 'absolute', mainMs: 5 * M + 30 * S });
  });

  test('spaces, capitals, "×" and the system word first', () => {
    expect(parseControlNotation(' 60 M + 5 × 30 S ')).toEqual(parseControlNotation('60m+5x30s'));
    expect(parseControlNotation('Bronstein 25m+10s')).toEqual(parseControlNotation('25m+10s bronstein'));
    expect(parseControlNotation('60m+5x30s byo-yomi')).toEqual(parseControlNotation('60m+5x30s'));
    expect(parseControlNotation('60m+5x30s japanese')).toEqual(parseControlNotation('60m+5x30s'));
  });

  test("describeControl's texts parse back to the same control (the menu's names are valid notation)", () => {
    for (const preset of presets()) expect(parseControlNotation(describeControl(preset.control))).toEqual(preset.control);
    const capped: TimeControl = { system: 'fischer', mainMs: 3 * M, incrementMs: 15 * S, capMs: 10 * M };
    expect(describeControl(capped)).toBe('3 min + 15 s Fischer, max 10 min');
    expect(parseControlNotation(describeControl(capped))).toEqual(capped);
  });

  test('formatControlNotation gives notation that parses back, for every preset', () => {
    for (const preset of presets()) expect(parseControlNotation(formatControlNotation(preset.control))).toEqual(preset.control);
    expect(presets().map((p) => formatControlNotation(p.control))).toEqual([
      '5m', '10m', '30m', '45m', '1h',
      '10m+3x30s', '30m+5x30s', '1h+5x30s', '40m+1x30s', '1h+1x1m',
      '30m+20/5m', '40m+20/10m', '1h+15/5m',
      '3m+15s fischer', '10m+10s fischer', '30m+30s fischer',
      '25m+10s bronstein', '1m hourglass', '40/2h+20/1h',
    ]);
  });

  test('durations are written largest unit first', () => {
    expect([0, 250, 1500, 90 * S, 90 * M, D + H].map(formatDuration)).toEqual(['0', '250ms', '1s500ms', '1m30s', '1h30m', '1d1h']);
  });
});

describe('time odds', () => {
  test('"B:… W:…" gives each side its control, in either order, with an optional separator', () => {
    const expected = {
      black: { system: 'byoyomi', mainMs: 60 * M, periods: 5, periodMs: 30 * S },
      white: { system: 'byoyomi', mainMs: 30 * M, periods: 5, periodMs: 30 * S },
    };
    expect(parseGameNotation('B:60m+5x30s W:30m+5x30s')).toEqual(expected);
    expect(parseGameNotation('white: 30m+5x30s, black: 60m+5x30s')).toEqual(expected);
    expect(parseGameNotation('B:60m+5x30s / W:30m+5x30s')).toEqual(expected);
  });

  test('the sides may use different systems', () => {
    expect(parseGameNotation('B:10m W:5m+5s')).toEqual({
      black: { system: 'absolute', mainMs: 10 * M },
      white: { system: 'fischer', mainMs: 5 * M, incrementMs: 5 * S },
    });
  });

  test('one control is both sides', () => {
    const both = parsePerSideNotation('10m');
    expect(both).toEqual({ black: { system: 'absolute', mainMs: 10 * M }, white: { system: 'absolute', mainMs: 10 * M } });
    expect(both.black).not.toBe(both.white);
    expect(formatGameNotation(both)).toBe('10m');
    expect(formatGameNotation(parsePerSideNotation('B:10m W:5m'))).toBe('B:10m W:5m');
  });

  test('parseControlNotation wants one control', () => {
    expect(() => parseControlNotation('B:10m W:5m')).toThrow('"B:10m W:5m": one control expected here, not one per side');
  });
});

describe('mistakes: one line that names what is wrong', () => {
  const cases: [string, string][] = [
    ['', '"": empty time control (examples: 10m, 60m+5x30s, 30m+20/5m, 3m+15s, 25m+10s bronstein, 25m+5s delay, 1m hourglass, 40/2h+20/1h)'],
    ['10', '"10": a time needs a unit (d, h, m, s or ms), e.g. 10m'],
    ['1h30', '"1h30": a time needs a unit (d, h, m, s or ms), e.g. 30m'],
    ['5q', '"5q": unknown unit "q" (units: d, h, m, s, ms)'],
    ['abc', '"abc": unknown word "abc" where a time (e.g. 30s) was expected'],
    ['60m+5x', '"60m+5x": expected a time (e.g. 30s) after "60m+5x"'],
    ['10m+', '"10m+": expected a time (e.g. 30s) after "10m+"'],
    ['2.5x30s', '"2.5x30s": "2.5": a count must be a whole number'],
    ['1.0005s', '"1.0005s": not a whole number of milliseconds'],
    ['10m$', '"10m$": unexpected character "$"'],
    ['1m hourglass+5s', '"1m hourglass+5s": unexpected "+" after "1m hourglass"'],
    ['60m+5x30s fischer', '"60m+5x30s fischer": fischer needs main time + increment, e.g. 3m+15s fischer (cap: 3m+15s<10m)'],
    ['10m bronstein', '"10m bronstein": bronstein needs main time + delay, e.g. 25m+10s bronstein'],
    ['30m+5s hourglass', '"30m+5s hourglass": hourglass needs one time, e.g. 1m hourglass'],
    ['40/2h canadian', '"40/2h canadian": canadian needs main time + moves / period, e.g. 30m+20/5m'],
    ['25m+10s<30m bronstein', '"25m+10s<30m bronstein": a cap ("<" or ", max") is only for Fischer, e.g. 3m+15s<10m'],
    ['fischer 3m+15s delay', '"fischer 3m+15s delay": two system words ("fischer" and "delay")'],
    ['30sfischer', '"30sfischer": unknown unit "sfischer" (units: d, h, m, s, ms)'],
    ['10m+5x30s+1m', '"10m+5x30s+1m": not a time control I know (examples: 10m, 60m+5x30s, 30m+20/5m, 3m+15s, 25m+10s bronstein, 25m+5s delay, 1m hourglass, 40/2h+20/1h)'],
    // The firmware's own validator decides what is possible, and names the field.
    ['0', '"0": control.mainMs: must be a positive integer (got 0)'],
    ['0x30s', '"0x30s": control.periods: must be a positive integer (got 0)'],
    ['10m+1001x30s', '"10m+1001x30s": control.periods: must be at most 1000 (got 1001)'],
    ['3m+15s<1m', '"3m+15s<1m": control.capMs: must be at least mainMs (got 60000 < 180000)'],
    ['401d', '"401d": control.mainMs: must be at most 34560000000 (400 days) (got 34646400000)'],
    ['40/0+20/1h', '"40/0+20/1h": control.stages[0].ms: must be a positive integer (got 0)'],
    // Time odds.
    ['10m W:5m', '"10m W:5m": time odds need both sides, each once: "B:60m+5x30s W:30m+5x30s"'],
    ['B:10m', '"B:10m": time odds need both sides, each once: "B:60m+5x30s W:30m+5x30s"'],
    ['B:1m b:2m', '"B:1m b:2m": black is given twice'],
    ['x:1m', '"x:1m": ":" must follow a side, B or W (time odds: "B:60m+5x30s W:30m+5x30s")'],
    ['B:1m W:0x30s', '"B:1m W:0x30s": control.white.periods: must be a positive integer (got 0)'],
    ['B:1m W:5', '"B:1m W:5": white: "5": a time needs a unit (d, h, m, s or ms), e.g. 5m'],
  ];
  test.each(cases)('%j', (text, message) => {
    let error: Error | undefined;
    try {
      parseGameNotation(text);
    } catch (e) {
      error = e as Error;
    }
    expect(error && error.message).toBe(message);
    expect(message).not.toContain('\n');
  });
});
