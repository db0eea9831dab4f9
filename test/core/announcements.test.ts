import { countPoints } from '../../firmware/clock/announcements';

const said = (profile: 'ru' | 'jp' | 'beep' | 'off', periodMs: number) =>
  countPoints(profile, periodMs).map((p) => p.leftMs / 1000 + ':' + p.text);

describe('what a timekeeper says in a byo-yomi period', () => {
  test('ru, 30 s: "15, 10, 5, 4, 3, 2, 1" as rules 12.16 write it', () => {
    expect(said('ru', 30000)).toEqual(['15:15', '10:10', '5:5', '4:4', '3:3', '2:2', '1:1']);
  });
  test('ru, 60 s: half the period first', () => {
    expect(said('ru', 60000)[0]).toBe('30:30');
  });
  test('ru, 20 s: half is 10 s, not above 10, so the count starts at 10', () => {
    expect(said('ru', 20000)).toEqual(['10:10', '5:5', '4:4', '3:3', '2:2', '1:1']);
  });
  test('ru, 10 s period: no "10" at the very start of the period', () => {
    expect(said('ru', 10000)).toEqual(['5:5', '4:4', '3:3', '2:2', '1:1']);
  });
  test('ru, 45 s: half is said in whole seconds (22)', () => {
    expect(said('ru', 45000)[0]).toBe('22:22');
  });
  test('jp, 30 s: "10", "20" counted up, then 1 to 9 in the last ten seconds', () => {
    expect(said('jp', 30000)).toEqual(['20:10', '10:20', '9:1', '8:2', '7:3', '6:4', '5:5', '4:6', '3:7', '2:8', '1:9']);
  });
  test('jp, 60 s: counts up to 50', () => {
    expect(said('jp', 60000).slice(0, 5)).toEqual(['50:10', '40:20', '30:30', '20:40', '10:50']);
  });
  test('beep: a double beep at 10 s, then one beep each of the last five', () => {
    expect(said('beep', 30000)).toEqual(['10:double beep', '5:beep', '4:beep', '3:beep', '2:beep', '1:beep']);
  });
  test('off says nothing', () => {
    expect(said('off', 30000)).toEqual([]);
  });
  test('every point lies strictly inside the period, in falling order', () => {
    for (const profile of ['ru', 'jp', 'beep'] as const) {
      for (const periodMs of [1000, 5000, 9999, 10000, 25000, 30000, 300000]) {
        const points = countPoints(profile, periodMs);
        points.forEach((p, i) => {
          expect(p.leftMs).toBeGreaterThan(0);
          expect(p.leftMs).toBeLessThan(periodMs);
          if (i > 0) expect(p.leftMs).toBeLessThan(points[i - 1].leftMs);
        });
      }
    }
  });
});
