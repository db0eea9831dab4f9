import { stageBonusMs } from '../../firmware/clock/moves';

const H = 3600000;

describe('stages: time added after a stage is complete', () => {
  const fide = [{ moves: 40, ms: 2 * H }, { moves: 20, ms: H }];
  test('"40 moves in 2 h, then 20 per hour": after move 40, 60, 80 …', () => {
    expect(stageBonusMs(fide, 39)).toBe(0);
    expect(stageBonusMs(fide, 40)).toBe(H);
    expect(stageBonusMs(fide, 41)).toBe(0);
    expect(stageBonusMs(fide, 60)).toBe(H);
    expect(stageBonusMs(fide, 80)).toBe(H);
    expect(stageBonusMs(fide, 70)).toBe(0);
  });
  test('correspondence "60 days per 10 moves": every tenth move', () => {
    const mail = [{ moves: 10, ms: 60 * 24 * H }];
    expect(stageBonusMs(mail, 10)).toBe(60 * 24 * H);
    expect(stageBonusMs(mail, 20)).toBe(60 * 24 * H);
    expect(stageBonusMs(mail, 15)).toBe(0);
  });
  test('three stages, the last repeating', () => {
    const three = [{ moves: 2, ms: 10 }, { moves: 3, ms: 20 }, { moves: 1, ms: 30 }];
    expect([1, 2, 3, 4, 5, 6, 7].map((m) => stageBonusMs(three, m))).toEqual([0, 20, 0, 0, 30, 30, 30]);
  });
});
