/**
 * `gestureDeadline(state)`: the next instant a tick makes something fire, null when nothing will without an edge.
 * Situations; the property over random edge streams is in properties.test.ts.
 */
import { createGestures, gestureDeadline, gestureStep } from '../../firmware/input/gestures';
import { down, feed, shows, tick, up } from './helpers';

const L = 'left';
const R = 'right';

const deadlineAfter = (...inputs: Parameters<typeof feed>[0]) => gestureDeadline(feed(inputs).state);

describe('gestureDeadline', () => {
  test('nothing pending: null', () => {
    expect(gestureDeadline(createGestures())).toBeNull();
    expect(deadlineAfter(down(L, 0), up(L, 100), tick(130))).toBeNull();
  });

  test('one button held alone: the first repeat, then each next one or the long press', () => {
    expect(deadlineAfter(down(L, 0))).toBe(500);
    expect(deadlineAfter(down(L, 0), tick(500))).toBe(650);
    expect(deadlineAfter(down(L, 0), tick(950))).toBe(1000);
    expect(deadlineAfter(down(L, 0), tick(1000))).toBe(1100);
  });

  test('a release edge: its confirmation', () => {
    expect(deadlineAfter(down(L, 0), up(L, 200))).toBe(230);
    expect(deadlineAfter(down(L, 0), up(L, 5))).toBe(35);
  });

  test('a pending release holds back what is due after it: the confirmation comes first', () => {
    expect(deadlineAfter(down(L, 0), up(L, 995))).toBe(1025);
    expect(deadlineAfter(down(L, 0), up(L, 995), down(L, 1005))).toBe(1100);
  });

  test('an overlap: the chord; a chord: its levels; both levels reached: nothing until a release', () => {
    expect(deadlineAfter(down(L, 0), down(R, 10))).toBe(410);
    expect(deadlineAfter(down(L, 0), down(R, 10), tick(410))).toBe(2010);
    expect(deadlineAfter(down(L, 0), down(R, 10), tick(2010))).toBe(4010);
    expect(deadlineAfter(down(L, 0), down(R, 10), tick(4010))).toBeNull();
  });

  test('a chord button released while the other is held: its confirmation fires nothing, so no deadline', () => {
    const state = feed([down(L, 0), down(R, 10), tick(410), up(L, 600)]).state;
    expect(gestureDeadline(state)).toBeNull();
    expect(gestureStep(state, tick(100000)).gestures).toEqual([]);
    const last = feed([up(R, 700)], state).state;
    expect(gestureDeadline(last)).toBe(730);
    expect(shows(gestureStep(last, tick(730)).gestures)).toEqual(['700 chordEnd 0']);
  });

  test('never in the past: after a late tick the deadline is after it', () => {
    expect(deadlineAfter(down(L, 0), tick(5000))).toBe(5150);
    expect(deadlineAfter(down(L, 0), tick(5001))).toBe(5150);
  });

  describe('quiet (releases, long holds and repeats say nothing: the controller with the clock showing)', () => {
    const quietAfter = (...inputs: Parameters<typeof feed>[0]) => gestureDeadline(feed(inputs).state, true);

    test('a press, its hold, its release: no deadline at all', () => {
      expect(quietAfter(down(L, 0))).toBeNull();
      expect(quietAfter(down(L, 0), up(L, 200))).toBeNull();
      expect(quietAfter(down(L, 0), up(L, 995), down(L, 1005))).toBeNull();
    });

    test('an overlap: the chord; a chord: its levels, then its end', () => {
      expect(quietAfter(down(L, 0), down(R, 10))).toBe(410);
      expect(quietAfter(down(L, 0), down(R, 10), tick(410))).toBe(2010);
      expect(quietAfter(down(L, 0), down(R, 10), tick(4010))).toBeNull();
      expect(quietAfter(down(L, 0), down(R, 10), tick(410), up(L, 600))).toBeNull();
      expect(quietAfter(down(L, 0), down(R, 10), tick(410), up(L, 600), up(R, 700))).toBe(730);
    });

    test('an overlap undone by a release pending when it opened: nothing (the tick would fire only a release)', () => {
      const inputs = [down(L, 0), up(L, 100), down(R, 110)];
      expect(gestureDeadline(feed(inputs).state)).toBe(130);
      expect(quietAfter(...inputs)).toBeNull();
      expect(shows(gestureStep(feed(inputs).state, tick(100000)).gestures).filter((g) => !/release|long|repeat/.test(g))).toEqual([]);
    });

    test('what it skips comes before what it gives: the same gestures as the full deadline\'s ticks', () => {
      // A pending release whose confirmation comes first, then the chord it does not undo.
      const inputs = [down(L, 0), down(R, 10), up(L, 20), down(L, 30)];
      expect(quietAfter(...inputs)).toBe(410);
    });
  });
});
