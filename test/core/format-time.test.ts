import { formatClock, formatOverdue } from '../../firmware/display/format-time';

describe('how times read on the display', () => {
  test.each([
    [3600000, '1:00:00'],
    [3599001, '1:00:00'],
    [3599000, '59:59'],
    [300000, '5:00'],
    [299001, '5:00'],
    [61000, '1:01'],
    [10001, '0:11'],
    [10000, '0:10'],
    [9999, '0:10'],
    [9901, '0:10'],
    [9900, '9.9'],
    [9899, '9.9'],
    [9800, '9.8'],
    [100, '0.1'],
    [1, '0.1'],
    [0, '0.0'],
    [86400000, '1d00:00'],
    [60 * 86400000, '60d00:00'],
  ])('%i ms left reads %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
  test('a flagged clock counting up', () => {
    expect(formatOverdue(0)).toBe('-0:00');
    expect(formatOverdue(65400)).toBe('-1:05');
  });
});
