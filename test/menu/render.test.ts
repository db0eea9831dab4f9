/**
 * Every screen the menu can show is two rows of exactly `columns` printable ASCII characters (the HD44780 has no
 * multiplication sign), whatever the arbiter presses; and every command it gives is one the clock accepts (the
 * bench throws on impossible settings or on an adjust the core would refuse).
 */
import fc from 'fast-check';
import { Bench, isAscii, MINUTE, SECOND } from './drive';
import { ClockEvent } from '../../firmware/clock/clock-types';
import { presets } from '../../firmware/clock/presets';
import { compactDuration, durationText, instantText, shortControl, shortError, spread } from '../../firmware/input/menu/menu-text';
import { controlError } from '../../firmware/clock/control-validate';

const TOKENS = ['L', 'R', 'LL', 'RL', 'C', 'CC', 'L700', 'R1500', 'L3000', 'R4000'];

function benches(): Bench[] {
  const flagged: [number, ClockEvent][] = [[0, { type: 'start' }], [5000, { type: 'press', side: 'black' }], [70000, { type: 'pause' }]];
  const canadian: [number, ClockEvent][] = [[0, { type: 'start' }], [2000, { type: 'press', side: 'black' }], [15000, { type: 'press', side: 'white' }], [16000, { type: 'pause' }]];
  const stages: [number, ClockEvent][] = [[0, { type: 'start' }], [3000, { type: 'pause' }]];
  return [
    new Bench(),
    Bench.paused({ system: 'byoyomi', mainMs: 10 * MINUTE, periods: 3, periodMs: 30 * SECOND }, [[0, { type: 'start' }], [9000, { type: 'pause' }]]),
    Bench.paused({ system: 'absolute', mainMs: MINUTE }, flagged, { onExpire: 'continue' }),
    Bench.paused({ system: 'canadian', mainMs: 10000, moves: 5, periodMs: MINUTE }, canadian),
    Bench.paused({ system: 'stages', stages: [{ moves: 10, ms: 60 * 86400000 }] }, stages),
    Bench.paused({ system: 'absolute', mainMs: MINUTE }, [[0, { type: 'start' }], [70000, { type: 'tick' }]]),
  ];
}

function checkScreens(b: Bench): void {
  for (const rows of b.screens) {
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toHaveLength(16);
      expect(isAscii(row)).toBe(true);
    }
  }
}

test('random arbiters: every screen is 2 x 16 ASCII and every command is accepted', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 5 }), fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }), (which, tokens) => {
      const b = benches()[which].open();
      for (const token of tokens) {
        if (b.menu === null) {
          if (b.clock.status === 'running') b.run({ type: 'pause' });
          b.open();
        }
        b.do(token);
      }
      checkScreens(b);
    }),
    { numRuns: 200 },
  );
});

test('other widths: every row has exactly the columns asked for', () => {
  for (const columns of [8, 20, 40]) {
    for (const b of benches()) {
      b.widths = [columns];
      b.open().do('R L R L L R C LL LL R L L L R R L R C LL LL');
      for (const rows of b.screens) {
        expect(rows).toHaveLength(2);
        for (const row of rows) expect(row).toHaveLength(columns);
      }
    }
  }
});

test('walking every item of every list of the paused menu', () => {
  const b = benches()[1].open();
  for (let i = 0; i < 14; i++) {
    b.do('R');
    if (b.menu === null) b.open();
    b.do('L*25 LL');
    if (b.menu === null) b.open();
    b.do('L*' + (i + 1));
  }
  checkScreens(b);
  expect(b.screens.length).toBeGreaterThan(300);
});

describe('texts', () => {
  test('every preset has an ASCII name of at most 16 characters that says its numbers', () => {
    for (const p of presets()) {
      const name = shortControl(p.control);
      expect(name.length).toBeLessThanOrEqual(16);
      expect(isAscii(name)).toBe(true);
    }
    expect(shortControl(presets()[5].control)).toBe('Byo 10m 3x30s');
    expect(shortControl(presets()[9].control)).toBe('Byo 60m 1x60s');
  });

  test('durations as a clock shows them, rounded up', () => {
    expect(durationText(0)).toBe('0:00');
    expect(durationText(1)).toBe('0:01');
    expect(durationText(754321)).toBe('12:35');
    expect(durationText(3600000)).toBe('1:00:00');
    expect(durationText(60 * 86400000)).toBe('60d');
    expect(durationText(2 * 86400000 + 3 * 3600000)).toBe('2d03:00:00');
    expect(compactDuration(1500)).toBe('1.5s');
    expect(compactDuration(120 * MINUTE)).toBe('120m');
  });

  test('instants to the tenth, truncated', () => {
    expect(instantText(0)).toBe('0:00.0');
    expect(instantText(70099)).toBe('1:10.0');
    expect(instantText(3723456)).toBe('1:02:03.4');
    expect(instantText(-1200)).toBe('-0:01.2');
  });

  test('checking messages in one short line', () => {
    const cases: [unknown, string][] = [
      [{ system: 'byoyomi', mainMs: 0, periods: 0, periodMs: 1000 }, 'Periods: >0'],
      [{ system: 'stages', stages: [{ moves: 40, ms: 0 }] }, 'S1 time: >0'],
      [{ system: 'fischer', mainMs: 600000, incrementMs: 0, capMs: 1000 }, 'Cap below main'],
      [{ system: 'absolute', mainMs: 1e12 }, 'Main too big'],
    ];
    for (const c of cases) {
      const message = shortError(controlError(c[0], 'control') as string);
      expect(message).toBe(c[1]);
      expect(message.length).toBeLessThanOrEqual(16);
    }
  });

  test('spread keeps the right part and drops whole words of the left, never part of one', () => {
    expect(spread('Move count B', '100000', 16)).toBe('Move      100000');
    expect(spread('Move count B', '999', 16)).toBe('Move count B 999');
    expect(spread('Increment', '1:00:00', 16)).toBe('         1:00:00');
    expect(spread('A', 'B', 4)).toBe('A  B');
  });
});
