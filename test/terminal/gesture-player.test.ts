/**
 * The terminal simulator's gesture player on a busy machine: its host timers fire late, yet every edge is stamped
 * with the instant it was scheduled for, and every key starts where the one before it ended, so keys piped in give
 * the same game however loaded the machine is (docs/manual.md's piped examples are checked to the tenth).
 */
import { ButtonName } from '../../hal/hal';
import { createGesturePlayer } from '../../sim/terminal/terminal-gestures';
import { AFTER_GESTURE_MS, PRESS_MS } from '../../sim/terminal/terminal-keys';

afterEach(() => {
  jest.useRealTimers();
});

function played(lateMs: number): { edges: string[]; deliveredLate: boolean } {
  jest.useFakeTimers();
  const start = Date.now();
  // Every reading of the clock finds it `lateMs` further on than the host's timers say (the host is busy): a timer
  // set for an instant fires after it.
  let lag = 0;
  const now = (): number => {
    lag += lateMs;
    return Date.now() - start + lag;
  };
  const edges: string[] = [];
  let deliveredLate = false;
  // Instants from the first edge's (the first key starts at the clock's reading when it comes).
  let first: number | null = null;
  const player = createGesturePlayer({
    nowMs: now,
    speed: () => 1,
    edge(button: ButtonName, down: boolean, atMs: number) {
      if (atMs < now()) deliveredLate = true;
      if (first === null) first = atMs;
      edges.push(button + (down ? ' down ' : ' up ') + (atMs - first));
    },
    onPlaying: () => {},
  });
  player.queue({ key: 'l', gesture: 'pressLeft' }, false);
  player.queue({ key: '.', waitMs: 1000 }, false);
  player.queue({ key: 'a', gesture: 'pressRight' }, false);
  jest.runAllTimers();
  expect(player.idle()).toBe(true);
  return { edges: edges, deliveredLate: deliveredLate };
}

test('edges are stamped when they were due, however late the host timers fire', () => {
  const second = PRESS_MS + AFTER_GESTURE_MS + 1000;
  const due = ['left down 0', 'left up ' + PRESS_MS, 'right down ' + second, 'right up ' + (second + PRESS_MS)];
  expect(played(0)).toEqual({ edges: due, deliveredLate: false });
  const busy = played(37);
  expect(busy.edges).toEqual(due);
  expect(busy.deliveredLate).toBe(true); // the edges did reach the runtime late: only their stamps held
});
