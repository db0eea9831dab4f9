import fc from 'fast-check';
import { TimeControl } from '../../firmware/clock/control';
import { controlError, gameControlError, MAX_COUNT, MAX_DURATION_MS, parseGameControl } from '../../firmware/clock/control-validate';
import { describeControl, describeGameControl, sgfMainSeconds, sgfOvertime } from '../../firmware/clock/control-describe';

const ms = (min: number) => fc.integer({ min: min, max: MAX_DURATION_MS });
const count = fc.integer({ min: 1, max: MAX_COUNT });

/** Every possible control of every system, up to the sanity bounds. */
const validControl: fc.Arbitrary<TimeControl> = fc.oneof(
  ms(1).map((mainMs): TimeControl => ({ system: 'absolute', mainMs })),
  fc.record({ mainMs: ms(0), periods: count, periodMs: ms(1) }).map((r): TimeControl => ({ system: 'byoyomi', ...r })),
  fc.record({ mainMs: ms(0), moves: count, periodMs: ms(1) }).map((r): TimeControl => ({ system: 'canadian', ...r })),
  fc.record({ mainMs: ms(1), incrementMs: ms(0) }).map((r): TimeControl => ({ system: 'fischer', ...r })),
  fc
    .record({ mainMs: fc.integer({ min: 1, max: MAX_DURATION_MS / 2 }), extra: fc.integer({ min: 0, max: MAX_DURATION_MS / 2 }), incrementMs: ms(0) })
    .map((r): TimeControl => ({ system: 'fischer', mainMs: r.mainMs, incrementMs: r.incrementMs, capMs: r.mainMs + r.extra })),
  fc.record({ mainMs: ms(1), delayMs: ms(0) }).map((r): TimeControl => ({ system: 'bronstein', ...r })),
  fc.record({ mainMs: ms(1), delayMs: ms(0) }).map((r): TimeControl => ({ system: 'delay', ...r })),
  ms(1).map((mainMs): TimeControl => ({ system: 'hourglass', mainMs })),
  fc
    .tuple(fc.record({ moves: count, ms: ms(1) }), fc.array(fc.record({ moves: count, ms: ms(0) }), { maxLength: 9 }))
    .map(([first, rest]): TimeControl => ({ system: 'stages', stages: [first].concat(rest) })),
);

/** The dotted paths of every numeric field, e.g. "mainMs" or "stages[1].ms". */
function numericPaths(c: TimeControl): string[] {
  if (c.system === 'stages') {
    const paths: string[] = [];
    c.stages.forEach((_s, i) => paths.push('stages[' + i + '].moves', 'stages[' + i + '].ms'));
    return paths;
  }
  return Object.keys(c).filter((k) => k !== 'system');
}

/** A deep copy of `c` with the field at `path` set to `value`. */
function withField(c: TimeControl, path: string, value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(c));
  const m = /^stages\[(\d+)\]\.(moves|ms)$/.exec(path);
  if (m) copy.stages[Number(m[1])][m[2]] = value;
  else copy[path] = value;
  return copy;
}

describe('properties of validation', () => {
  test('every valid control passes, parses to equal copies and describes without throwing', () => {
    fc.assert(
      fc.property(validControl, (c) => {
        expect(controlError(c, 'control')).toBeUndefined();
        const parsed = parseGameControl(c);
        expect(parsed.black).toEqual(c);
        expect(parsed.white).toEqual(c);
        expect(parsed.black).not.toBe(parsed.white);
        const text = describeControl(c);
        expect(text).toMatch(/^[0-9a-zA-Z .\/+,\u00d7]+$/);
        expect(text).not.toMatch(/NaN|undefined|e\+/);
        expect(sgfOvertime(c)).toMatch(/^[0-9a-zA-Z .\/-]*$/);
        expect(Number.isFinite(sgfMainSeconds(c))).toBe(true);
      }),
    );
  });

  test('one numeric field made negative or fractional is refused, naming that field', () => {
    const bad = (v: number) =>
      fc.constantFrom<unknown>(-1, -v - 1, v + 0.5, 0.25, NaN, Infinity, -Infinity, String(v), null, true, [], {});
    fc.assert(
      fc.property(
        validControl.chain((c) =>
          fc.constantFrom(...numericPaths(c)).chain((path) => {
            const current = JSON.parse(JSON.stringify(c));
            const m = /^stages\[(\d+)\]\.(moves|ms)$/.exec(path);
            const v: number = m ? current.stages[Number(m[1])][m[2]] : current[path];
            return bad(v).map((value) => ({ c, path, value }));
          }),
        ),
        ({ c, path, value }) => {
          const message = controlError(withField(c, path, value), 'control.black');
          expect(message).toBeDefined();
          expect((message as string).startsWith('control.black.' + path + ': ')).toBe(true);
        },
      ),
    );
  });

  test('an extra field is refused by name, whatever it is called', () => {
    fc.assert(
      fc.property(
        validControl,
        fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,11}$/).filter((k) => ['system', 'mainMs', 'periods', 'periodMs', 'moves', 'incrementMs', 'capMs', 'delayMs', 'stages', '__proto__'].indexOf(k) < 0),
        (c, key) => {
          const withExtra = { ...c, [key]: 1 };
          expect(controlError(withExtra, 'control')).toContain('control.' + key + ': unknown field');
        },
      ),
    );
  });

  test('anything at all gets a message or passes; nothing throws; what passes can be described', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), validControl, fc.record({ black: validControl, white: fc.anything() })), (value) => {
        const message = gameControlError(value);
        if (message === undefined) {
          expect(describeGameControl(parseGameControl(value))).not.toBe('');
        } else {
          expect(message).toMatch(/^control[.:[]/);
          expect(message).not.toMatch(/[\n\r]/);
          expect(() => parseGameControl(value)).toThrow(message);
        }
      }),
    );
  });
});
