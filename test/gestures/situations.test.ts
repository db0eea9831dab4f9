/**
 * The gesture recogniser, situation by situation, with the default timing: bounce 30 ms, long 1 s, repeat after
 * 500 ms then every 150 ms, chord after 400 ms of overlap, chord window 1 s, chord levels at 2 s and 4 s.
 * Runs tick at every deadline (the runtime on time) unless a situation says otherwise.
 */
import { createGestures, gestureDeadline, gestureStep } from '../../firmware/input/gestures';
import { DEFAULT_TIMING, GestureInput } from '../../firmware/input/gesture-types';
import { down, feed, only, runOnTime, shows, tick, up } from './helpers';

const L = 'left';
const R = 'right';

describe('a clean press', () => {
  test('press at the down edge, reported at once; release at the up edge, reported once confirmed', () => {
    const run = runOnTime([down(L, 0), up(L, 200)], 1000);
    expect(shows(run.gestures)).toEqual(['0 press left', '200 release left 200']);
    expect(run.reported.map((r) => r.reportedAtMs)).toEqual([0, 230]);
  });

  test('the release waits for bounceMs of quiet: the deadline says when', () => {
    const run = feed([down(L, 0), up(L, 200)]);
    expect(shows(run.gestures)).toEqual(['0 press left']);
    expect(gestureDeadline(run.state)).toBe(230);
    expect(gestureStep(run.state, tick(229)).gestures).toEqual([]);
    expect(shows(gestureStep(run.state, tick(230)).gestures)).toEqual(['200 release left 200']);
  });

  test('a later edge confirms it as well as a tick', () => {
    const run = feed([down(L, 0), up(L, 200), down(R, 5000)]);
    expect(shows(run.perInput[2])).toEqual(['200 release left 200', '5000 press right']);
  });

  test('both buttons, one after the other', () => {
    const run = runOnTime([down(L, 0), up(L, 100), down(R, 300), up(R, 350)], 2000);
    expect(shows(run.gestures)).toEqual(['0 press left', '100 release left 100', '300 press right', '350 release right 50']);
  });
});

describe('bounce', () => {
  test('on press: down 0, up 5, down 9 is one press and no release', () => {
    const run = feed([down(L, 0), up(L, 5), down(L, 9), tick(300)]);
    expect(shows(run.gestures)).toEqual(['0 press left']);
    expect(run.state.left.held).toBe(true);
  });

  test('on press, a longer burst, then a clean release', () => {
    const run = runOnTime([down(L, 0), up(L, 3), down(L, 6), up(L, 10), down(L, 14), up(L, 300)], 1000);
    expect(shows(run.gestures)).toEqual(['0 press left', '300 release left 300']);
  });

  test('on release: up edges followed by a down within bounceMs were bounce; the release is the one that stays up', () => {
    const edges = [down(L, 0), up(L, 400), down(L, 403), up(L, 406), down(L, 411), up(L, 415)];
    const run = runOnTime(edges, 2000);
    expect(shows(run.gestures)).toEqual(['0 press left', '415 release left 415']);
    expect(run.reported[1].reportedAtMs).toBe(445);
  });

  test('a down edge exactly bounceMs after the last edge is a new press; one ms earlier it is bounce', () => {
    expect(shows(runOnTime([down(L, 0), up(L, 100), down(L, 130), up(L, 200)], 1000).gestures)).toEqual([
      '0 press left',
      '100 release left 100',
      '130 press left',
      '200 release left 70',
    ]);
    expect(shows(runOnTime([down(L, 0), up(L, 100), down(L, 129), up(L, 200)], 1000).gestures)).toEqual(['0 press left', '200 release left 200']);
  });

  test('a press is never taken back: a 5 ms contact is a press and a release', () => {
    expect(shows(runOnTime([down(L, 0), up(L, 5)], 1000).gestures)).toEqual(['0 press left', '5 release left 5']);
  });

  test('duplicate edges (down while down, up while up) are ignored', () => {
    const run = runOnTime([up(L, 0), down(L, 50), down(L, 60), down(L, 300), up(L, 400), up(L, 420), up(L, 900)], 2000);
    expect(shows(run.gestures)).toEqual(['50 press left', '400 release left 350']);
  });

  test('bounce of one button does not disturb the other', () => {
    const run = runOnTime([down(L, 0), up(L, 100), down(R, 105), down(L, 110), up(L, 115), up(R, 200)], 1000);
    expect(shows(run.gestures)).toEqual(['0 press left', '105 press right', '115 release left 115', '200 release right 95']);
  });
});

describe('a fast exchange of moves is not a chord', () => {
  test('A down 0, B down 120, A up 200, B up 300: two presses, two releases, no chord', () => {
    const run = runOnTime([down(L, 0), down(R, 120), up(L, 200), up(R, 300)], 3000);
    expect(shows(run.gestures)).toEqual(['0 press left', '120 press right', '200 release left 200', '300 release right 180']);
  });

  test('an overlap ends the holds\' long and repeat: B keeps its finger down for 3 s, nothing more', () => {
    const run = runOnTime([down(L, 0), down(R, 120), up(L, 200), up(R, 3120)], 5000);
    expect(shows(run.gestures)).toEqual(['0 press left', '120 press right', '200 release left 200', '3120 release right 3000']);
  });

  test('an overlap of chordMs - 1 is not a chord', () => {
    const run = runOnTime([down(L, 0), down(R, 10), up(R, 409), up(L, 500)], 2000);
    expect(only(run.gestures, 'chord', 'chordEnd')).toEqual([]);
  });

  test('a button released and pressed again while the other is held opens a new overlap from its new edge', () => {
    const run = runOnTime([down(L, 0), down(R, 100), up(L, 200), down(L, 300), up(L, 1000), up(R, 1000)], 3000);
    expect(shows(run.gestures)).toEqual(['0 press left', '100 press right', '200 release left 200', '300 press left', '700 chord from 300', '1000 chordEnd 0']);
  });
});

describe('a chord', () => {
  test('both within 50 ms, held 500 ms: chord at second + 400 from the first down edge; chordEnd, no releases', () => {
    const run = runOnTime([down(L, 0), down(R, 40), up(L, 540), up(R, 545)], 3000);
    expect(shows(run.gestures)).toEqual(['0 press left', '40 press right', '440 chord from 0', '545 chordEnd 0']);
  });

  test('simultaneous down edges', () => {
    expect(shows(runOnTime([down(R, 0), down(L, 0), up(L, 500), up(R, 500)], 2000).gestures)).toEqual([
      '0 press right',
      '0 press left',
      '400 chord from 0',
      '500 chordEnd 0',
    ]);
  });

  test('held exactly chordMs: the chord fires (held at its release instant)', () => {
    expect(shows(runOnTime([down(L, 0), down(R, 10), up(R, 410), up(L, 500)], 2000).gestures)).toEqual([
      '0 press left',
      '10 press right',
      '410 chord from 0',
      '500 chordEnd 0',
    ]);
  });

  test('a late second button: the first held 3 s (long, repeats), the chord starts at the second edge', () => {
    const run = runOnTime([down(L, 0), down(R, 3000), up(L, 3500), up(R, 3600)], 6000);
    const repeats = only(run.gestures, 'repeat');
    expect(repeats.length).toBe(17);
    expect(repeats[16].atMs).toBe(2900);
    expect(shows(only(run.gestures, 'press', 'long', 'chord', 'chordEnd', 'release'))).toEqual([
      '0 press left',
      '1000 long left',
      '3000 press right',
      '3400 chord from 3000',
      '3600 chordEnd 0',
    ]);
  });

  test('the chord window is inclusive: a second edge chordWindowMs after the first still starts from the first', () => {
    const at = (second: number) => only(runOnTime([down(L, 0), down(R, second), up(L, second + 500), up(R, second + 500)], 5000).gestures, 'chord');
    expect(shows(at(1000))).toEqual(['1400 chord from 0']);
    expect(shows(at(1001))).toEqual(['1401 chord from 1001']);
  });

  test('the window counts only a first hold that was alone until then', () => {
    const run = runOnTime([down(L, 0), down(R, 50), up(R, 100), down(R, 300), up(L, 1000), up(R, 1000)], 3000);
    expect(shows(only(run.gestures, 'chord'))).toEqual(['700 chord from 300']);
  });

  test('levels at 2 s and 4 s, chordEnd with the highest level', () => {
    const held = (untilMs: number) => shows(only(runOnTime([down(L, 0), down(R, 10), up(L, untilMs), up(R, untilMs)], 9000).gestures, 'chord', 'chordHold', 'chordEnd'));
    expect(held(1000)).toEqual(['410 chord from 0', '1000 chordEnd 0']);
    expect(held(3000)).toEqual(['410 chord from 0', '2010 chordHold 1', '3000 chordEnd 1']);
    expect(held(2010)).toEqual(['410 chord from 0', '2010 chordHold 1', '2010 chordEnd 1']);
    expect(held(5000)).toEqual(['410 chord from 0', '2010 chordHold 1', '4010 chordHold 2', '5000 chordEnd 2']);
  });

  test('levels need both buttons: one released at 1 s, the other held on, no level', () => {
    const run = runOnTime([down(L, 0), down(R, 10), up(L, 1000), up(R, 6000)], 9000);
    expect(shows(run.gestures)).toEqual(['0 press left', '10 press right', '410 chord from 0', '6000 chordEnd 0']);
  });

  test('a chord button released and pressed again while the other is held is part of the chord: no press, no new chord, no level', () => {
    const run = runOnTime([down(L, 0), down(R, 10), up(L, 600), down(L, 900), up(R, 2500), up(L, 3000), down(L, 3500), up(L, 3600)], 9000);
    expect(shows(run.gestures)).toEqual(['0 press left', '10 press right', '410 chord from 0', '3000 chordEnd 0', '3500 press left', '3600 release left 100']);
  });

  test('no long or repeat during a chord', () => {
    const run = runOnTime([down(L, 0), down(R, 10), up(R, 600), up(L, 5000)], 9000);
    expect(only(run.gestures, 'long', 'repeat')).toEqual([]);
  });

  test('a bounce on a chord button\'s release does not end the chord', () => {
    const run = runOnTime([down(L, 0), down(R, 10), up(L, 1000), down(L, 1005), up(L, 2500), up(R, 2600)], 9000);
    expect(shows(only(run.gestures, 'chord', 'chordHold', 'chordEnd'))).toEqual(['410 chord from 0', '2010 chordHold 1', '2600 chordEnd 1']);
  });
});

describe('long press and auto-repeat', () => {
  test('repeat at down + 500 then every 150; long once at down + 1000', () => {
    const run = runOnTime([down(R, 100), up(R, 1300)], 3000);
    expect(shows(run.gestures)).toEqual([
      '100 press right',
      '600 repeat right',
      '750 repeat right',
      '900 repeat right',
      '1050 repeat right',
      '1100 long right',
      '1200 repeat right',
      '1300 release right 1200',
    ]);
  });

  test('one long per hold, however long the hold', () => {
    const run = runOnTime([down(L, 0), up(L, 10000)], 12000);
    expect(only(run.gestures, 'long').length).toBe(1);
    expect(only(run.gestures, 'repeat').length).toBe(64);
  });

  test('released exactly at the long press instant: the long fires, then the release', () => {
    expect(shows(only(runOnTime([down(L, 0), up(L, 1000)], 3000).gestures, 'long', 'release'))).toEqual(['1000 long left', '1000 release left 1000']);
    expect(shows(only(runOnTime([down(L, 0), up(L, 999)], 3000).gestures, 'long', 'release'))).toEqual(['999 release left 999']);
  });

  test('a pending release holds back what is due after it: fired if the release was bounce, dropped if not', () => {
    const bounced = feed([down(L, 0), up(L, 995), tick(1000), tick(1010), down(L, 1015)]);
    expect(bounced.perInput[2]).toEqual([]);
    expect(bounced.perInput[3]).toEqual([]);
    expect(shows(bounced.perInput[4])).toEqual(['1000 long left']);
    const released = feed([down(L, 0), up(L, 995), tick(1000), tick(1025)]);
    expect(shows(only(released.gestures, 'long', 'release'))).toEqual(['995 release left 995']);
  });

  test('a second press while the first is releasing: if that release is real, the second hold is alone', () => {
    const run = runOnTime([down(R, 0), up(R, 500), down(L, 510), up(L, 2000)], 4000);
    // The press is reported at once, the release (stamped earlier) only when confirmed at 530.
    expect(shows(only(run.gestures, 'press', 'release', 'long', 'chord'))).toEqual(['0 press right', '510 press left', '500 release right 500', '1510 long left', '2000 release left 1490']);
  });

  test('… and if that release was bounce, the two overlap (a chord here)', () => {
    const run = runOnTime([down(R, 0), up(R, 500), down(L, 510), down(R, 515), up(L, 2000), up(R, 2000)], 4000);
    expect(shows(only(run.gestures, 'press', 'release', 'long', 'chord', 'chordEnd'))).toEqual(['0 press right', '510 press left', '910 chord from 0', '2000 chordEnd 0']);
  });
});

describe('time and odd inputs', () => {
  test('a tick before the last instant is taken at the last instant', () => {
    const run = feed([down(L, 0), tick(1000), tick(500)]);
    expect(run.state.nowMs).toBe(1000);
    expect(run.perInput[2]).toEqual([]);
  });

  test('an edge stamped before the last instant is taken at the last instant', () => {
    const run = feed([tick(1000), down(L, 900)]);
    expect(shows(run.gestures)).toEqual(['1000 press left']);
  });

  test('inputs that are not an edge or a tick are ignored, never thrown at', () => {
    const state = feed([down(L, 0)]).state;
    const junk = [null, undefined, 7, 'tick', {}, { type: 'tock', atMs: 5 }, { type: 'tick', atMs: NaN }, { type: 'tick', atMs: Infinity }, { type: 'tick' }, { type: 'edge', button: 'middle', down: true, atMs: 5 }, { type: 'edge', button: 'right', down: true, atMs: '5' }];
    for (const input of junk) {
      const r = gestureStep(state, input as unknown as GestureInput);
      expect(r.gestures).toEqual([]);
      expect(r.state).toBe(state);
    }
  });

  test('each input\'s gestures come out in time order', () => {
    const run = feed([down(L, 0), down(R, 10), up(R, 5000), up(L, 5000), tick(99999)]);
    expect(shows(run.perInput[2])).toEqual(['410 chord from 0', '2010 chordHold 1', '4010 chordHold 2']);
    expect(shows(run.perInput[4])).toEqual(['5000 chordEnd 2']);
  });
});

describe('createGestures', () => {
  test('defaults, and a partial timing over the defaults', () => {
    expect(createGestures().timing).toEqual(DEFAULT_TIMING);
    expect(createGestures({ chordMs: 300 }).timing).toEqual(Object.assign({}, DEFAULT_TIMING, { chordMs: 300 }));
  });

  test('refuses an impossible timing with one line naming the field', () => {
    expect(() => createGestures({ repeatEveryMs: 0 })).toThrow('timing.repeatEveryMs: must be at least 1 (got 0)');
    expect(() => createGestures({ bounceMs: -1 })).toThrow('timing.bounceMs');
    expect(() => createGestures({ longPressMs: NaN })).toThrow('timing.longPressMs');
    expect(() => createGestures({ chordLongMs: 300 })).toThrow('timing.chordLongMs');
    expect(() => createGestures({ chordVeryLongMs: 1000 })).toThrow('timing.chordVeryLongMs');
  });

  test('chordMs 0: a chord at the second down edge itself, even if that hold is let go at the same instant', () => {
    // seed -1777012667 of the properties: the up edge comes after the down edge, so both were held at that edge
    const t = { bounceMs: 0, longPressMs: 1, repeatDelayMs: 1, repeatEveryMs: 1, chordMs: 0, chordWindowMs: 0, chordLongMs: 0, chordVeryLongMs: 0 };
    const run = runOnTime([down(R, 0), down(L, 0), up(L, 0)], 9000, t);
    expect(shows(run.gestures)).toEqual(['0 press right', '0 press left', '0 chord from 0', '0 chordHold 1', '0 chordHold 2']);
    // at chordMs 1 the same edges are no overlap: right alone
    const later = runOnTime([down(R, 0), down(L, 0), up(L, 0)], 3, Object.assign({}, t, { chordMs: 1, chordLongMs: 1, chordVeryLongMs: 1 }));
    expect(shows(later.gestures)).toEqual(['0 press right', '0 press left', '0 release left 0', '1 long right', '1 repeat right', '2 repeat right', '3 repeat right']);
  });

  test('chordMs 0: a down edge at the instant of the other\'s release makes no overlap, debounced or not', () => {
    for (const bounceMs of [0, 30]) {
      const run = runOnTime([down(R, 0), up(R, 5), down(L, 5)], 700, { bounceMs: bounceMs, chordMs: 0, repeatDelayMs: 1000 });
      expect(only(run.gestures, 'chord', 'release')).toEqual([{ type: 'release', button: R, atMs: 5, heldMs: 5 }]);
    }
    // that release was bounce after all: the hold went on, and the chord is the one due at the down edge
    const bounced = runOnTime([down(R, 0), up(R, 5), down(L, 5), down(R, 20)], 700, { bounceMs: 30, chordMs: 0, repeatDelayMs: 1000 });
    expect(shows(bounced.gestures)).toEqual(['0 press right', '5 press left', '5 chord from 0']);
    expect(bounced.reported.map((r) => r.reportedAtMs + ': ' + r.gesture.type)).toEqual(['0: press', '5: press', '20: chord']);
  });

  test('what a timing of 0 makes due at a down edge is reported with that edge, not at the next tick', () => {
    const chord = feed([down(L, 0), down(R, 20)], createGestures({ chordMs: 0 }));
    expect(shows(chord.perInput[1])).toEqual(['20 press right', '20 chord from 0']);
    const long = feed([down(L, 0)], createGestures({ longPressMs: 0 }));
    expect(shows(long.perInput[0])).toEqual(['0 press left', '0 long left']);
    const repeat = feed([down(L, 0)], createGestures({ repeatDelayMs: 0 }));
    expect(shows(repeat.perInput[0])).toEqual(['0 press left', '0 repeat left']);
    // A down edge that was bounce ends its pending release: what that held back, due by now, comes with the edge.
    const held = feed([down(L, 0), up(L, 995), down(L, 1010)]);
    expect(shows(held.perInput[2])).toEqual(['1000 long left']);
  });

  test('zero durations work (no debounce, instant chord)', () => {
    const run = runOnTime([down(L, 0), up(L, 10), down(L, 12), down(R, 20), up(R, 30), up(L, 40)], 100, { bounceMs: 0, chordMs: 0, repeatDelayMs: 1000 });
    expect(shows(run.gestures)).toEqual(['0 press left', '10 release left 10', '12 press left', '20 press right', '20 chord from 12', '40 chordEnd 0']);
  });
});
