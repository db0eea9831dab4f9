import { TimeControl } from '../../firmware/clock/control';
import {
  describeControl,
  describeDuration,
  describeGameControl,
  sameControl,
  sgfMainSeconds,
  sgfOvertime,
  sgfSeconds,
} from '../../firmware/clock/control-describe';

const S = 1000;
const MIN = 60000;
const DAY = 86400000;

/** [control, what a person reads, SGF OT, SGF TM in seconds]. */
const table: [TimeControl, string, string, number][] = [
  [{ system: 'absolute', mainMs: 10 * MIN }, '10 min', '', 600],
  [{ system: 'byoyomi', mainMs: 60 * MIN, periods: 5, periodMs: 30 * S }, '60 min + 5\u00d730 s', '5x30 byo-yomi', 3600],
  [{ system: 'byoyomi', mainMs: 60 * MIN, periods: 1, periodMs: 60 * S }, '60 min + 1\u00d760 s', '1x60 byo-yomi', 3600],
  [{ system: 'byoyomi', mainMs: 0, periods: 3, periodMs: 2 * MIN }, '0 min + 3\u00d72 min', '3x120 byo-yomi', 0],
  [{ system: 'canadian', mainMs: 30 * MIN, moves: 20, periodMs: 5 * MIN }, '30 min + 20/5 min', '20/300 Canadian', 1800],
  [{ system: 'fischer', mainMs: 3 * MIN, incrementMs: 15 * S }, '3 min + 15 s Fischer', '15 fischer', 180],
  [{ system: 'fischer', mainMs: 3 * MIN, incrementMs: 15 * S, capMs: 10 * MIN }, '3 min + 15 s Fischer, max 10 min', '15 fischer', 180],
  [{ system: 'bronstein', mainMs: 25 * MIN, delayMs: 10 * S }, '25 min + 10 s Bronstein', '10 bronstein', 1500],
  [{ system: 'delay', mainMs: 25 * MIN, delayMs: 5 * S }, '25 min + 5 s delay', '5 delay', 1500],
  [{ system: 'delay', mainMs: 25 * MIN, delayMs: 2500 }, '25 min + 2.5 s delay', '2.5 delay', 1500],
  [{ system: 'hourglass', mainMs: 1 * MIN }, '1 min hourglass', 'hourglass', 60],
  [{ system: 'stages', stages: [{ moves: 40, ms: 120 * MIN }, { moves: 20, ms: 60 * MIN }] }, '40/120 min + 20/60 min',
    '40/7200 20/3600 stages', 7200],
  [{ system: 'stages', stages: [{ moves: 20, ms: 60 * MIN }] }, '20/60 min', '20/3600 stages', 3600],
  [{ system: 'stages', stages: [{ moves: 10, ms: 60 * DAY }] }, '10/60 d', '10/5184000 stages', 5184000],
  [{ system: 'absolute', mainMs: 1500 }, '1.5 s', '', 1.5],
];

describe('every system as a person reads it and as SGF writes it', () => {
  test.each(table)('%j', (control, text, ot, tm) => {
    expect(describeControl(control)).toBe(text);
    expect(sgfOvertime(control)).toBe(ot);
    expect(sgfMainSeconds(control)).toBe(tm);
  });
});

describe('durations', () => {
  test.each([
    [DAY, '1 d'],
    [60 * DAY, '60 d'],
    [DAY + MIN, '1441 min'],
    [120 * MIN, '120 min'],
    [MIN, '1 min'],
    [90 * S, '90 s'],
    [1500, '1.5 s'],
    [1, '0.001 s'],
    [61001, '61.001 s'],
    [1230, '1.23 s'],
    [0, '0 min'],
  ])('%d ms reads "%s"', (ms, text) => {
    expect(describeDuration(ms)).toBe(text);
  });

  test.each([
    [30000, '30'],
    [1500, '1.5'],
    [1, '0.001'],
    [100, '0.1'],
    [7200000, '7200'],
  ])('%d ms is %s s in SGF', (ms, text) => {
    expect(sgfSeconds(ms)).toBe(text);
  });
});

describe('a game control', () => {
  const byo: TimeControl = { system: 'byoyomi', mainMs: 60 * MIN, periods: 5, periodMs: 30 * S };

  test('the same control for both sides reads once', () => {
    expect(describeGameControl({ black: byo, white: { ...byo } })).toBe('60 min + 5\u00d730 s');
  });

  test('time odds name each side', () => {
    expect(describeGameControl({ black: byo, white: { ...byo, mainMs: 30 * MIN } })).toBe(
      'Black: 60 min + 5\u00d730 s / White: 30 min + 5\u00d730 s',
    );
  });

  test('sameControl compares systems, fields and stages', () => {
    expect(sameControl(byo, { ...byo })).toBe(true);
    expect(sameControl(byo, { system: 'canadian', mainMs: 60 * MIN, moves: 5, periodMs: 30 * S })).toBe(false);
    expect(sameControl({ system: 'fischer', mainMs: 1, incrementMs: 1 }, { system: 'fischer', mainMs: 1, incrementMs: 1, capMs: 5 })).toBe(false);
    expect(sameControl({ system: 'fischer', mainMs: 1, incrementMs: 1, capMs: 5 }, { system: 'fischer', mainMs: 1, incrementMs: 1 })).toBe(false);
    const stages: TimeControl = { system: 'stages', stages: [{ moves: 40, ms: 1 }, { moves: 20, ms: 1 }] };
    expect(sameControl(stages, { system: 'stages', stages: [{ moves: 40, ms: 1 }, { moves: 20, ms: 1 }] })).toBe(true);
    expect(sameControl(stages, { system: 'stages', stages: [{ moves: 40, ms: 1 }] })).toBe(false);
    expect(sameControl(stages, { system: 'stages', stages: [{ moves: 40, ms: 1 }, { moves: 20, ms: 2 }] })).toBe(false);
  });
});
