/**
 * The record's lines (firmware/storage/game-record.ts): what each core step adds, with the values a timekeeper writes down.
 * Expected values are worked out from the rules (docs/time-systems.md), not read off the code.
 */
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { GameControl } from '../../firmware/clock/control';
import { ClockOptions } from '../../firmware/clock/options';
import {
  asciiText, parseRecordLine, recordHeader, recordLines, recordUndoLine, RECORD_FORMAT, undoCount,
} from '../../firmware/storage/game-record';

const BYOYOMI = { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 } as const;

/** Plays `events` (instant, event) through the core and returns the lines of each step. */
function linesOf(control: GameControl, events: [number, ClockEvent][], options?: Partial<ClockOptions>): string[][] {
  let state: ClockState = createClock(control, options);
  return events.map(([atMs, event]) => {
    const result = step(state, event, atMs);
    const lines = recordLines(state, event, result.state, result.effects, atMs);
    state = result.state;
    return lines;
  });
}

const press = (side: 'black' | 'white'): ClockEvent => ({ type: 'press', side: side });
const tick: ClockEvent = { type: 'tick' };

describe('one line per thing a timekeeper writes down', () => {
  test('the start, a move with its instant, time used, time left, phase, periods left and number', () => {
    const lines = linesOf(BYOYOMI, [[0, press('white')], [4200, press('black')]]);
    expect(lines).toEqual([
      ['s 0 w - - - - - white start: black to move'],
      ['m 4200 b 4200 595800 m 3 1'], // 600000 − 4200 left, main time, 3 periods still to come, Black's first move
    ]);
  });

  test('a pause (by whom) and the resume; the move after them is charged its running time only', () => {
    const lines = linesOf(BYOYOMI, [
      [0, press('white')], [4200, press('black')], [9000, { type: 'pause', side: 'white' }], [15000, { type: 'resume' }],
      [20000, press('white')],
    ]);
    expect(lines[2]).toEqual(['p 9000 w - - - - - white pause: white to move']);
    expect(lines[3]).toEqual(['r 15000 - - - - - - arbiter resume: white to move']);
    // White ran 4200–9000 and 15000–20000: 9800 ms used, not the 15800 ms between the presses.
    expect(lines[4]).toEqual(['m 20000 w 9800 590200 m 3 1']);
  });

  test('an arbiter pause has no side', () => {
    const lines = linesOf(BYOYOMI, [[0, press('white')], [1000, { type: 'pause' }]]);
    expect(lines[1]).toEqual(['p 1000 - - - - - - arbiter pause: black to move']);
  });

  test('in byo-yomi a move in a period leaves the whole period; one long move may use several periods', () => {
    const control = { system: 'byoyomi', mainMs: 10000, periods: 3, periodMs: 5000 } as const;
    // Black thinks 22 s: main time (10 s) and two whole periods (10 s), and moves 2 s into the third.
    const lines = linesOf(control, [[0, press('white')], [22000, press('black')]]);
    expect(lines[1]).toEqual(['m 22000 b 22000 5000 o 1 1']);
  });

  test('in Canadian overtime the moves left count down and the period refills when they are made', () => {
    const control = { system: 'canadian', mainMs: 1000, moves: 2, periodMs: 10000 } as const;
    const lines = linesOf(control, [
      [0, press('white')], [3000, press('black')], [3500, press('white')], [4000, press('black')],
    ]);
    // Black's first move: 1 s main, then 2 s of the 10 s period: 8 s left, 1 move left in it.
    expect(lines[1]).toEqual(['m 3000 b 3000 8000 o 1 1']);
    // Black's second move is the period's last: a fresh period of 2 moves in 10 s.
    expect(lines[3]).toEqual(['m 4000 b 500 10000 o 2 2']);
  });

  test('Fischer: the time left after a move includes the increment; no count', () => {
    const lines = linesOf({ system: 'fischer', mainMs: 60000, incrementMs: 5000 }, [[0, press('white')], [8000, press('black')]]);
    expect(lines[1]).toEqual(['m 8000 b 8000 57000 m - 1']);
  });

  test('a flag found by a late tick carries its exact instant', () => {
    const control = { system: 'absolute', mainMs: 60000 } as const;
    const lines = linesOf(control, [[0, press('white')], [1000, press('black')], [999999, tick]]);
    expect(lines[2]).toEqual(['f 61000 w - - - - - white flag']);
  });

  test('a forced pass (onExpire "pass") is a line of its own, from the tick that met it', () => {
    const control = { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 10000 } as const;
    const lines = linesOf(control, [[0, press('white')], [10500, tick]], { onExpire: 'pass' });
    expect(lines[1]).toEqual(['x 10000 b - - - - - black forced pass: last period ran out, white to move']);
  });

  test('a correction says what changed and the side\'s clock after it', () => {
    const lines = linesOf(BYOYOMI, [
      [0, press('white')], [4200, press('black')], [20000, { type: 'adjust', side: 'black', deltaMs: 120000 }],
      [21000, { type: 'adjust', side: 'white', periodsLeft: 1 }],
    ]);
    expect(lines[2]).toEqual(['a 20000 b - 715800 m 3 1 arbiter adjust black time +120000 ms, 715800 ms left']);
    // White is running: its clock as it stands at the correction (16800 ms used since 4200).
    expect(lines[3]).toEqual(['a 21000 w - 583200 m 1 0 arbiter adjust white periods left 1']);
  });

  test('a new control for both sides: words only, in ASCII', () => {
    const lines = linesOf(BYOYOMI, [[0, press('white')], [1000, { type: 'adjust', control: { system: 'byoyomi', mainMs: 0, periods: 5, periodMs: 30000 } }]]);
    expect(lines[1]).toEqual(['a 1000 - - - - - - arbiter adjust both control 0 min + 5x30 s']);
  });

  test('a correction that leaves a waiting side with no time records its flag too', () => {
    const lines = linesOf({ system: 'absolute', mainMs: 60000 }, [[0, press('white')], [1000, { type: 'adjust', side: 'white', remainingMs: 0 }]]);
    expect(lines[1]).toEqual(['a 1000 w - 0 m - 0 arbiter adjust white time set, 0 ms left', 'f 1000 w - - - - - white flag']);
  });

  test('what the clock ignores is not recorded', () => {
    const lines = linesOf(BYOYOMI, [[0, press('black')], [100, press('white')], [200, press('white')], [300, { type: 'resume' }], [400, tick]]);
    expect(lines).toEqual([[], ['s 100 w - - - - - white start: black to move'], [], [], []]);
  });
});

describe('the header, undo lines and reading lines back', () => {
  test('the header is JSON with the format, the controls, the options and the wall time when there is one', () => {
    const state = createClock(BYOYOMI);
    expect(JSON.parse(recordHeader(state.controls, state.options, 1717200000000))).toEqual({
      v: RECORD_FORMAT, c: state.controls, o: state.options, w: 1717200000000,
    });
    expect(JSON.parse(recordHeader(state.controls, state.options, undefined))).not.toHaveProperty('w');
  });

  test('an undo line names how many entries it takes back', () => {
    expect(recordUndoLine(3)).toBe('u 3');
    expect(undoCount(recordUndoLine(3))).toBe(3);
    expect(undoCount('m 1 b 1 1 m - 1')).toBeNull();
    expect(undoCount('u x')).toBeNull();
  });

  test('every line the core makes reads back as what it says', () => {
    expect(parseRecordLine('m 20000 w 9800 590200 o 3 12')).toEqual({
      kind: 'm', atMs: 20000, side: 'white', usedMs: 9800, leftMs: 590200, phase: 'overtime', count: 3, moves: 12, text: '',
    });
    expect(parseRecordLine('p 9000 - - - - - - arbiter pause: white to move')).toEqual({
      kind: 'p', atMs: 9000, side: null, usedMs: null, leftMs: null, phase: null, count: null, moves: null,
      text: 'arbiter pause: white to move',
    });
  });

  test('anything else is not a line', () => {
    for (const line of ['', 'm', 'q 1 b - - - - -', 'm 1 b 1 1 m - ', 'm 1 - 1 1 m - 1', 'm 1 b - 1 m - 1', 'p -1 - - - - - -',
      'p 1 x - - - - -', 'p 1 - - - q - -', 'p 1.5 - - - - - -', 'm 1 b 1 1 m - 1e3']) {
      expect(parseRecordLine(line)).toBeNull();
    }
  });

  test('text is made ASCII: the \u00d7 of a byo-yomi control becomes x, other bytes ?', () => {
    expect(asciiText('5\u00d730 s\n\u00e9')).toBe('5x30 s??');
  });
});
