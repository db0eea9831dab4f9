/** Malformed scenarios get a clear one-line error (docs/scenarios.md), never a half-run clock. */
import { runScenario, ScenarioError } from '../../sim/scenario';

const ABS = { system: 'absolute', mainMs: 600000 };

function expectRejected(input: unknown): void {
  let caught: unknown;
  try {
    runScenario(input as never);
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(ScenarioError);
  const message = (caught as Error).message;
  expect(typeof message).toBe('string');
  expect(message.length).toBeGreaterThan(0);
  expect(message).not.toMatch(/\n/);
}

describe('bad scenarios are rejected with a one-line ScenarioError', () => {
  test.each([
    ['not an object', 'hello'],
    ['null', null],
    ['an array', [ABS]],
    ['no control', { events: [] }],
    ['events that are not a list', { control: ABS, events: { atMs: 0, type: 'start' } }],
  ])('%s', (_name, input) => expectRejected(input));

  describe('controls', () => {
    test.each([
      ['an unknown system', { system: 'armageddon', mainMs: 600000 }],
      ['negative main time', { system: 'absolute', mainMs: -1 }],
      ['fractional milliseconds', { system: 'absolute', mainMs: 1.5 }],
      ['main time given as text', { system: 'absolute', mainMs: '600000' }],
      ['byo-yomi periods of no length', { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 0 }],
      ['byo-yomi without periodMs', { system: 'byoyomi', mainMs: 600000, periods: 3 }],
      ['Canadian with no moves per period', { system: 'canadian', mainMs: 600000, moves: 0, periodMs: 300000 }],
      ['negative Fischer increment', { system: 'fischer', mainMs: 600000, incrementMs: -1000 }],
      ['no stages', { system: 'stages', stages: [] }],
      ['a stage of zero moves', { system: 'stages', stages: [{ moves: 0, ms: 60000 }] }],
      ['a per-side control missing White', { black: ABS }],
      ['a per-side control with an unknown system', { black: ABS, white: { system: 'sandglass', mainMs: 1 } }],
    ])('%s', (_name, control) => expectRejected({ control, events: [] }));
  });

  describe('options', () => {
    test.each([
      ['an unknown announcement profile', { announce: 'fr' }],
      ['an unknown expiry policy', { onExpire: 'explode' }],
      ['an unknown first mover', { firstToMove: 'red' }],
    ])('%s', (_name, options) => expectRejected({ control: ABS, options, events: [] }));
  });

  describe('events', () => {
    test.each([
      ['an unknown event type', [{ atMs: 0, type: 'teleport' }]],
      ['events out of time order', [{ atMs: 5000, type: 'start' }, { atMs: 4000, type: 'press', side: 'black' }]],
      ['a press by an unknown side', [{ atMs: 0, type: 'start' }, { atMs: 1000, type: 'press', side: 'red' }]],
      ['a press with no side', [{ atMs: 0, type: 'start' }, { atMs: 1000, type: 'press' }]],
      ['an event without an instant', [{ type: 'start' }]],
      ['a negative instant', [{ atMs: -1, type: 'start' }]],
      ['an adjustment that says nothing to change', [{ atMs: 0, type: 'adjust', side: 'black' }]],
      ['an adjustment of an unknown side', [{ atMs: 0, type: 'adjust', side: 'grey', deltaMs: 1000 }]],
      ['a new control that is impossible', [{ atMs: 0, type: 'adjust', control: { system: 'absolute', mainMs: -5 } }]],
    ])('%s', (_name, events) => expectRejected({ control: ABS, events }));

    test('an event after untilMs', () => {
      expectRejected({ control: ABS, events: [{ atMs: 0, type: 'start' }, { atMs: 5000, type: 'press', side: 'black' }], untilMs: 4000 });
    });
  });

  test('events at the same instant are in order', () => {
    expect(() =>
      runScenario({
        control: ABS,
        events: [
          { atMs: 0, type: 'start' },
          { atMs: 1000, type: 'press', side: 'black' },
          { atMs: 1000, type: 'press', side: 'white' },
        ],
      } as never),
    ).not.toThrow();
  });
});
