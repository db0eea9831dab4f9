import { TimeControl } from '../../firmware/clock/control';
import {
  controlError,
  gameControlError,
  MAX_DURATION_MS,
  parseControl,
  parseGameControl,
} from '../../firmware/clock/control-validate';

const MIN = 60000;
const byo = { system: 'byoyomi', mainMs: 10 * MIN, periods: 5, periodMs: 30000 };

/** Every system at its edge of validity: the controls a player could really set up. */
const valid: [string, unknown][] = [
  ['absolute', { system: 'absolute', mainMs: 1 }],
  ['byoyomi with no main time', { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1 }],
  ['canadian with no main time', { system: 'canadian', mainMs: 0, moves: 1, periodMs: 5 * MIN }],
  ['fischer without a cap', { system: 'fischer', mainMs: 3 * MIN, incrementMs: 0 }],
  ['fischer with a cap equal to main time', { system: 'fischer', mainMs: 3 * MIN, incrementMs: 2000, capMs: 3 * MIN }],
  ['fischer with capMs: undefined', { system: 'fischer', mainMs: 3 * MIN, incrementMs: 2000, capMs: undefined }],
  ['bronstein with no delay', { system: 'bronstein', mainMs: 1, delayMs: 0 }],
  ['delay', { system: 'delay', mainMs: 25 * MIN, delayMs: 5000 }],
  ['hourglass', { system: 'hourglass', mainMs: MIN }],
  ['stages, later stage adding nothing', { system: 'stages', stages: [{ moves: 40, ms: 120 * MIN }, { moves: 1, ms: 0 }] }],
  ['correspondence: 60 days per 10 moves', { system: 'stages', stages: [{ moves: 10, ms: 60 * 86400000 }] }],
  ['400 days of main time', { system: 'absolute', mainMs: MAX_DURATION_MS }],
  ['1000 periods', { system: 'byoyomi', mainMs: 0, periods: 1000, periodMs: 1000 }],
];

describe('controlError accepts every possible control', () => {
  test.each(valid)('%s', (_name, control) => {
    expect(controlError(control, 'control')).toBeUndefined();
  });
});

/** [situation, control, the exact message]: each rule once, the message naming the field. */
const rejected: [string, unknown, string][] = [
  ['not an object', 5, 'control: must be a time control object (got 5)'],
  ['null', null, 'control: must be a time control object (got null)'],
  ['an array', [byo], 'control: must be a time control object (got an array)'],
  ['no system', { mainMs: 1 }, 'control.system: missing (known: absolute, byoyomi, canadian, fischer, bronstein, delay, hourglass, stages)'],
  ['unknown system', { system: 'foo', mainMs: 1 },
    'control.system: unknown time system "foo" (known: absolute, byoyomi, canadian, fischer, bronstein, delay, hourglass, stages)'],
  ['system not a string', { system: 3, mainMs: 1 },
    'control.system: must be one of absolute, byoyomi, canadian, fischer, bronstein, delay, hourglass, stages (got 3)'],
  ['system from the prototype', { system: 'toString' },
    'control.system: unknown time system "toString" (known: absolute, byoyomi, canadian, fischer, bronstein, delay, hourglass, stages)'],
  ['a typo in a field', { system: 'byoyomi', mainMs: 1, periods: 5, periodMS: 30000 },
    'control.periodMS: unknown field for byoyomi (known: system, mainMs, periods, periodMs)'],
  ['two unknown fields', { system: 'absolute', mainMs: 1, foo: 1, bar: 2 },
    'control: unknown fields foo, bar for absolute (known: system, mainMs)'],
  ['a field of another system', { system: 'absolute', mainMs: 1, periods: 3 },
    'control.periods: unknown field for absolute (known: system, mainMs)'],
  ['an odd field name is quoted, keeping the message on one line', { system: 'absolute', mainMs: 1, 'main\nMs': 1 },
    'control."main\\nMs": unknown field for absolute (known: system, mainMs)'],
  ['a function as a value', { system: 'absolute', mainMs: () => 1 }, 'control.mainMs: must be a positive integer (got a function)'],
  ['a boolean as a value', { system: 'absolute', mainMs: true }, 'control.mainMs: must be a positive integer (got true)'],
  ['an object as the system', { system: { a: 1 } },
    'control.system: must be one of absolute, byoyomi, canadian, fischer, bronstein, delay, hourglass, stages (got an object)'],
  ['missing main time', { system: 'absolute' }, 'control.mainMs: must be a positive integer (missing)'],
  ['absolute with zero main time', { system: 'absolute', mainMs: 0 }, 'control.mainMs: must be a positive integer (got 0)'],
  ['fischer with zero main time', { system: 'fischer', mainMs: 0, incrementMs: 1000 }, 'control.mainMs: must be a positive integer (got 0)'],
  ['bronstein with zero main time', { system: 'bronstein', mainMs: 0, delayMs: 1000 }, 'control.mainMs: must be a positive integer (got 0)'],
  ['delay with zero main time', { system: 'delay', mainMs: 0, delayMs: 1000 }, 'control.mainMs: must be a positive integer (got 0)'],
  ['hourglass with zero main time', { system: 'hourglass', mainMs: 0 }, 'control.mainMs: must be a positive integer (got 0)'],
  ['byoyomi with negative main time', { ...byo, mainMs: -1 }, 'control.mainMs: must be a non-negative integer (got -1)'],
  ['canadian with negative main time', { system: 'canadian', mainMs: -5, moves: 20, periodMs: 1 },
    'control.mainMs: must be a non-negative integer (got -5)'],
  ['fractional milliseconds', { system: 'absolute', mainMs: 1.5 }, 'control.mainMs: must be a positive integer (got 1.5)'],
  ['NaN', { system: 'absolute', mainMs: NaN }, 'control.mainMs: must be a positive integer (got NaN)'],
  ['Infinity', { system: 'absolute', mainMs: Infinity }, 'control.mainMs: must be at most 34560000000 (400 days) (got Infinity)'],
  ['a number as a string', { system: 'absolute', mainMs: '600000' }, 'control.mainMs: must be a positive integer (got "600000")'],
  ['more than 400 days', { system: 'absolute', mainMs: MAX_DURATION_MS + 1 },
    'control.mainMs: must be at most 34560000000 (400 days) (got 34560000001)'],
  ['zero periods', { ...byo, periods: 0 }, 'control.periods: must be a positive integer (got 0)'],
  ['fractional periods', { ...byo, periods: 2.5 }, 'control.periods: must be a positive integer (got 2.5)'],
  ['absurd periods', { ...byo, periods: 1001 }, 'control.periods: must be at most 1000 (got 1001)'],
  ['zero period time', { ...byo, periodMs: 0 }, 'control.periodMs: must be a positive integer (got 0)'],
  ['missing period time', { system: 'byoyomi', mainMs: 1, periods: 1 }, 'control.periodMs: must be a positive integer (missing)'],
  ['canadian with zero moves', { system: 'canadian', mainMs: 1, moves: 0, periodMs: 1 }, 'control.moves: must be a positive integer (got 0)'],
  ['canadian with zero period time', { system: 'canadian', mainMs: 1, moves: 20, periodMs: 0 },
    'control.periodMs: must be a positive integer (got 0)'],
  ['negative increment', { system: 'fischer', mainMs: 1, incrementMs: -1 }, 'control.incrementMs: must be a non-negative integer (got -1)'],
  ['missing increment', { system: 'fischer', mainMs: 1 }, 'control.incrementMs: must be a non-negative integer (missing)'],
  ['zero cap', { system: 'fischer', mainMs: 1, incrementMs: 1, capMs: 0 }, 'control.capMs: must be a positive integer (got 0)'],
  ['null cap', { system: 'fischer', mainMs: 1, incrementMs: 1, capMs: null }, 'control.capMs: must be a positive integer (got null)'],
  ['cap below main time', { system: 'fischer', mainMs: 5 * MIN, incrementMs: 1, capMs: MIN },
    'control.capMs: must be at least mainMs (got 60000 < 300000)'],
  ['negative bronstein delay', { system: 'bronstein', mainMs: 1, delayMs: -1 }, 'control.delayMs: must be a non-negative integer (got -1)'],
  ['fractional simple delay', { system: 'delay', mainMs: 1, delayMs: 0.5 }, 'control.delayMs: must be a non-negative integer (got 0.5)'],
  ['stages missing', { system: 'stages' }, 'control.stages: must be a non-empty array of stages (missing)'],
  ['stages empty', { system: 'stages', stages: [] }, 'control.stages: must be a non-empty array of stages (got an array)'],
  ['stages not an array', { system: 'stages', stages: { moves: 1, ms: 1 } },
    'control.stages: must be a non-empty array of stages (got an object)'],
  ['too many stages', { system: 'stages', stages: new Array(11).fill({ moves: 1, ms: 1 }) },
    'control.stages: must have at most 10 stages (got 11)'],
  ['a stage not an object', { system: 'stages', stages: [{ moves: 1, ms: 1 }, 7] },
    'control.stages[1]: must be an object with moves and ms (got 7)'],
  ['a typo in a stage', { system: 'stages', stages: [{ moves: 1, ms: 1, mvoes: 2 }] },
    'control.stages[0].mvoes: unknown field for a stage (known: moves, ms)'],
  ['a stage with zero moves', { system: 'stages', stages: [{ moves: 40, ms: 1 }, { moves: 0, ms: 1 }] },
    'control.stages[1].moves: must be a positive integer (got 0)'],
  ['first stage with no time', { system: 'stages', stages: [{ moves: 40, ms: 0 }] },
    'control.stages[0].ms: must be a positive integer (got 0)'],
  ['later stage with negative time', { system: 'stages', stages: [{ moves: 40, ms: 1 }, { moves: 20, ms: -1 }] },
    'control.stages[1].ms: must be a non-negative integer (got -1)'],
  ['a stage over 400 days', { system: 'stages', stages: [{ moves: 40, ms: MAX_DURATION_MS + 1 }] },
    'control.stages[0].ms: must be at most 34560000000 (400 days) (got 34560000001)'],
];

describe('controlError refuses impossible controls, naming the field', () => {
  test.each(rejected)('%s', (_name, control, message) => {
    expect(controlError(control, 'control')).toBe(message);
  });

  test('the path is the caller\'s', () => {
    expect(controlError({ ...byo, periods: 0 }, 'control.black')).toBe('control.black.periods: must be a positive integer (got 0)');
  });

  test('a long string value is shortened to one short line', () => {
    const message = controlError({ system: 'absolute', mainMs: 'x'.repeat(200) }, 'control') as string;
    expect(message.length).toBeLessThan(100);
    expect(message).toContain('...');
  });
});

describe('gameControlError: one control or one per side', () => {
  test('a single control is checked as one', () => {
    expect(gameControlError(byo)).toBeUndefined();
    expect(gameControlError({ ...byo, periods: 0 })).toBe('control.periods: must be a positive integer (got 0)');
  });

  test('per-side controls name the side', () => {
    expect(gameControlError({ black: byo, white: byo })).toBeUndefined();
    expect(gameControlError({ black: byo, white: { ...byo, periods: 0 } })).toBe('control.white.periods: must be a positive integer (got 0)');
    expect(gameControlError({ black: { system: 'bogus' }, white: byo })).toMatch(/^control\.black\.system: unknown time system "bogus"/);
  });

  test('a missing side is named', () => {
    expect(gameControlError({ black: byo })).toBe('control.white: must be a time control object (missing)');
    expect(gameControlError({ white: byo })).toBe('control.black: must be a time control object (missing)');
  });

  test('a typo next to the sides is named', () => {
    expect(gameControlError({ black: byo, whtie: byo })).toBe(
      'control.whtie: unknown field for a per-side control (known: black, white)',
    );
  });

  test('another path is used as given', () => {
    expect(gameControlError(7, 'scenario.control')).toBe('scenario.control: must be a time control object (got 7)');
  });

  test('an object that is neither asks for a system', () => {
    expect(gameControlError({})).toMatch(/^control\.system: missing/);
  });
});

describe('parseGameControl', () => {
  test('a single control goes to both sides, each its own copy', () => {
    const parsed = parseGameControl(byo);
    expect(parsed.black).toEqual(byo);
    expect(parsed.white).toEqual(byo);
    expect(parsed.black).not.toBe(parsed.white);
    expect(parsed.black).not.toBe(byo);
  });

  test('stages are copied deeply', () => {
    const stages = { system: 'stages', stages: [{ moves: 40, ms: 7200000 }] };
    const parsed = parseGameControl(stages);
    (parsed.black as { stages: { ms: number }[] }).stages[0].ms = 1;
    expect((parsed.white as { stages: { ms: number }[] }).stages[0].ms).toBe(7200000);
    expect(stages.stages[0].ms).toBe(7200000);
  });

  test('per-side controls keep their sides (time odds)', () => {
    const white: TimeControl = { system: 'absolute', mainMs: 5 * MIN };
    const parsed = parseGameControl({ black: byo, white: white });
    expect(parsed).toEqual({ black: byo, white: white });
    expect(parsed.white).not.toBe(white);
  });

  test('an absent cap is left out of the copy', () => {
    const parsed = parseGameControl({ system: 'fischer', mainMs: 1, incrementMs: 1, capMs: undefined });
    expect(Object.keys(parsed.black)).toEqual(['system', 'mainMs', 'incrementMs']);
  });

  test('an impossible control throws a plain Error with the message', () => {
    let thrown: unknown;
    try {
      parseGameControl({ black: byo, white: { ...byo, periodMs: -30000 } });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(Object.getPrototypeOf(thrown)).toBe(Error.prototype);
    expect((thrown as Error).message).toBe('control.white.periodMs: must be a positive integer (got -30000)');
  });

  test('the path can be chosen', () => {
    expect(() => parseGameControl(null, 'options.control')).toThrow('options.control: must be a time control object (got null)');
  });

  test('parseControl checks and copies one control', () => {
    expect(parseControl(byo)).toEqual(byo);
    expect(parseControl(byo)).not.toBe(byo);
    expect(() => parseControl({ ...byo, periods: 0 }, 'x')).toThrow('x.periods: must be a positive integer (got 0)');
  });
});
