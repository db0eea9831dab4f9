/** Hourglass: the time the running side uses flows to the opponent, continuously (docs/time-systems.md). */
import { run, start, press, pause, resume } from './helpers';

const HOURGLASS = { system: 'hourglass', mainMs: 60000 };

describe('hourglass', () => {
  test('what the running side loses the waiting side gains', () => {
    const out = run({ control: HOURGLASS, events: [start(0)], untilMs: 10000 });
    expect(out.sides.black.remainingMs).toBe(50000);
    expect(out.sides.white.remainingMs).toBe(70000);
  });

  test('after a press the flow reverses', () => {
    const out = run({ control: HOURGLASS, events: [start(0), press(10000, 'black')], untilMs: 15000 });
    expect(out.sides.black.remainingMs).toBe(55000); // 50000 + 5000
    expect(out.sides.white.remainingMs).toBe(65000); // 70000 − 5000
    expect(out.sides.black.moves).toBe(1);
  });

  test('the two times always add up to twice the main time', () => {
    const events = [start(0), press(7000, 'black'), press(20000, 'white'), press(21500, 'black')];
    for (const untilMs of [0, 3000, 7000, 12345, 20000, 21000, 30000, 45000]) {
      const out = run({ control: HOURGLASS, events: events.filter((e) => (e.atMs as number) <= untilMs), untilMs });
      expect(out.sides.black.remainingMs + out.sides.white.remainingMs).toBe(120000);
    }
  });

  test('nothing flows while paused', () => {
    const out = run({ control: HOURGLASS, events: [start(0), pause(10000), resume(20000)], untilMs: 25000 });
    expect(out.sides.black.remainingMs).toBe(45000); // 60000 − 10000 − 5000
    expect(out.sides.white.remainingMs).toBe(75000);
  });

  test("the flag falls when the running side's time reaches 0", () => {
    const out = run({ control: HOURGLASS, events: [start(0)], untilMs: 100000 });
    expect(out.flags).toEqual([{ side: 'black', atMs: 60000 }]);
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.sides.white.remainingMs).toBe(120000);
    expect(out.state).toBe('over');
  });

  test('time won from the opponent delays the flag', () => {
    // 0→10 s Black runs: 50/70. 10→30 s White runs: Black 70, White 50. Black runs from 30 s with 70 s.
    const out = run({
      control: HOURGLASS,
      events: [start(0), press(10000, 'black'), press(30000, 'white')],
      untilMs: 150000,
    });
    expect(out.flags).toEqual([{ side: 'black', atMs: 100000 }]); // 30000 + 70000
    expect(out.sides.white.remainingMs).toBe(120000); // 50000 + 70000
  });
});
