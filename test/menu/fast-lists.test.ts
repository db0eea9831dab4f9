/**
 * The fast way through a long list (menu.ts FAST LISTS): right held on after its long press runs the list
 * backwards, one item every other auto-repeat (300 ms). Measured: the actions (and seconds, at 300 ms per short
 * press and a hold counting its length plus 200 ms up) to reach the farthest item of the presets (19) and of the
 * paused top list (14 in byo-yomi), before (next / previous one at a time, lists wrapping) and after.
 */
import { presets } from '../../firmware/clock/presets';
import { Bench, SECOND } from './drive';

const BYO = { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 } as const;

/** How long R must be held to go back `steps` items (the long press is the first, then one every 300 ms). */
function holdFor(steps: number): number {
  return steps === 1 ? 1100 : 1250 + 300 * (steps - 2) + 100;
}

/** The fewest actions to reach index `to` from `from` in a list of `n`: one at a time (L next, long R previous). */
function oneAtATime(from: number, to: number, n: number): number {
  const forward = (to - from + n) % n;
  return Math.min(forward, n - forward);
}

/** After: L presses forward, or one hold of R backwards: the fewer actions (a press of L ties with a hold: the press). */
function fastest(from: number, to: number, n: number): { actions: number; seconds: number; script: string } {
  const forward = (to - from + n) % n;
  const back = (from - to + n) % n;
  if (forward <= 1) return { actions: forward, seconds: (forward * 300) / SECOND, script: forward ? 'L' : '' };
  return { actions: 1, seconds: (holdFor(back) + 200) / SECOND, script: 'R' + holdFor(back) };
}

function pausedGame(): Bench {
  return Bench.paused(BYO, [[0, { type: 'start' }], [3000, { type: 'press', side: 'black' }], [4000, { type: 'pause' }]]);
}

test('holding R runs back through the presets, one item every 300 ms after the long press, wrapping', () => {
  const b = pausedGame().open().to('Change control').do('R R');
  expect(b.lines()[0].trim()).toBe('Abs 5m');
  b.do('R' + holdFor(1));
  expect(b.lines()[0].trim()).toBe('Stg 40/2h 20/1h'); // the long press: previous, wrapping
  b.do('R' + holdFor(3));
  expect(b.lines()[0].trim()).toBe('Fis 30m+30s'); // three back from Stages: Hourglass, Bronstein, Fischer 30m
});

test('every preset is one action away (a hold of R, or a press or two of L), and each is chosen right', () => {
  const n = presets().length;
  let before = 0;
  let after = 0;
  let beforeSeconds = 0;
  let afterSeconds = 0;
  for (let to = 0; to < n; to++) {
    const b = pausedGame().open().to('Change control').do('R R'); // the presets, on the first
    const way = fastest(0, to, n);
    b.do(way.script);
    expect(b.menu!.cursor).toBe(to);
    before = Math.max(before, oneAtATime(0, to, n));
    beforeSeconds = Math.max(beforeSeconds, (oneAtATime(0, to, n) * 300) / SECOND);
    after = Math.max(after, way.actions);
    afterSeconds = Math.max(afterSeconds, way.seconds);
  }
  // Before: the farthest preset took 9 presses (2.7 s); after, every preset is one action. Fewer actions, not fewer
  // seconds: a hold runs at 300 ms an item, as fast as pressing, with no presses to count. The farthest (9 and 10
  // away either way): a hold of 3.65 s or 3.95 s; the longest hold (17 back, to the third preset, which two
  // presses of L also reach) 6.05 s.
  expect({ before, beforeSeconds, after, afterSeconds }).toEqual({ before: 9, beforeSeconds: 2.7, after: 1, afterSeconds: 6.05 });
  expect([fastest(0, 9, n).seconds, fastest(0, 10, n).seconds]).toEqual([3.95, 3.65]);
});

test('the paused top list (14 items in byo-yomi): the farthest item one action away', () => {
  const b0 = pausedGame().open();
  const n = b0.lines()[1].split('/')[1].trim();
  expect(Number(n)).toBe(14);
  let before = 0;
  let after = 0;
  for (let to = 0; to < 14; to++) {
    const b = pausedGame().open();
    const way = fastest(0, to, 14);
    b.do(way.script);
    expect(b.menu!.cursor).toBe(to);
    before = Math.max(before, oneAtATime(0, to, 14));
    after = Math.max(after, way.actions);
  }
  expect({ before, after }).toEqual({ before: 7, after: 1 });
});

test('in the log, holding R runs to newer entries; a hold that is not yet long, and left held, run nothing', () => {
  const b = pausedGame().open().to('Read the log').do('R');
  const first = b.menu!.cursor;
  b.do('R700'); // released before the long press: one short press (newer)
  expect(b.menu!.cursor).not.toBe(first);
  const c = pausedGame().open().do('L700'); // a short press: next
  expect(c.menu!.cursor).toBe(1);
});
