import { msUntilShownChange, msUntilShownRise, shownMs } from '../../firmware/display/display-time';

describe('displayed time rounds up, as digital clocks do', () => {
  test('a 5-minute control shows 5:00 for its whole first second', () => {
    expect(shownMs(300000)).toBe(300000);
    expect(shownMs(299001)).toBe(300000);
    expect(shownMs(299000)).toBe(299000);
  });
  test('tenths in the last 10 s; 0 only when nothing is left', () => {
    expect(shownMs(10000)).toBe(10000);
    expect(shownMs(9901)).toBe(10000);
    expect(shownMs(1)).toBe(100);
    expect(shownMs(0)).toBe(0);
  });
  test('the next change of a running display', () => {
    expect(msUntilShownChange(300000)).toBe(1000); // 5:00 until 4:59.000... shows 4:59 from 299000
    expect(msUntilShownChange(299500)).toBe(500);
    expect(msUntilShownChange(10500)).toBe(500); // 11 s shown until 10000, then tenths
    expect(msUntilShownChange(10000)).toBe(100);
    expect(msUntilShownChange(50)).toBe(50);
    expect(msUntilShownChange(0)).toBe(Infinity);
  });
  test('the next change of a rising display (hourglass)', () => {
    expect(msUntilShownRise(5000)).toBe(1); // 5.0 shows 5.0; 5.001 shows 5.1
    expect(msUntilShownRise(20000)).toBe(1);
    expect(msUntilShownRise(20300)).toBe(701);
  });
});
