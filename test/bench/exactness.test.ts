/**
 * The bench's exactness figures (bench/exactness.ts) compare the device, the pure core and the reference model game
 * by game; `npm run bench` alone plays 10,000 of them. Here a few, so that a change to what the device's view says
 * (its sides became the side clocks themselves, whether a side runs the view's `running`) cannot leave the bench
 * counting every game as differing, as it once did unnoticed until the next bench run.
 */
import { Delivery, runExactness } from '../../bench/exactness';

const STALLS: Delivery = { lateAndStalls: true, raceMs: 0 };
const RACE: Delivery = { lateAndStalls: true, raceMs: 20 };

test.each([
  ['late timers and stalls', STALLS],
  ['edges racing the timer', RACE],
])('%s: the device, the core and the reference model agree on 40 seeded games', (_name, delivery) => {
  const r = runExactness(20261129, 0, 40, 40, delivery);
  expect(r.games).toBe(40);
  expect(r.moves).toBeGreaterThan(100);
  expect(r.coreVsModel).toBe(0);
  expect(r.outcomeChanged).toBe(0);
  expect(r.gamesStructural).toBe(0);
  expect(r.maxPressMsUnchanged).toBe(0);
  // Late timers and stalls never move a press; edges racing a timer are taken back to their own instants too.
  expect(r.gamesDiffering).toBe(0);
});
