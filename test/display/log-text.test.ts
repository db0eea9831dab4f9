/**
 * Times as people read them in every log (display/log-text.ts, format-time.ts `timeText`): never "668639 ms".
 */
import { timeText } from '../../firmware/display/format-time';
import { gameText, logText, peopleWords } from '../../firmware/display/log-text';
import { LogEntry } from '../../firmware/clock/game-log';

describe('timeText', () => {
  test.each([
    [0, true, '0:00.0'],
    [4200, true, '0:04.2'],
    [4299, true, '0:04.2'], // to the tenth below, not rounded up as the clock's face is
    [668639, true, '11:08.6'],
    [3715474, true, '1:01:55.4'],
    [2 * 86400000 + 3 * 3600000 + 4 * 60000 + 5600, true, '2d03:04:05.6'],
    [120000, false, '2:00'],
    [1500, false, '0:01.5'],
    [300000, false, '5:00'],
    [3600000, false, '1:00:00'],
    [60 * 86400000, false, '60d'],
    [86400000 + 1000, false, '1d00:00:01'],
    [-30000, false, '-0:30'],
  ])('%p (tenths %p) reads %p', (ms, tenths, text) => {
    expect(timeText(ms as number, tenths as boolean)).toBe(text);
  });
});

describe("the core's words, for people", () => {
  test.each([
    ['black move 12 (4200 ms)', 'black move 12 (0:04.2)'],
    ['black move 3 (668639 ms)', 'black move 3 (11:08.6)'],
    ['arbiter adjust white time +120000 ms, 300000 ms left', 'arbiter adjust white time +2:00, 5:00 left'],
    ['arbiter adjust black time -30000 ms, 3715474 ms left', 'arbiter adjust black time -0:30, 1:01:55.4 left'],
    ['arbiter adjust black time set, 754000 ms left', 'arbiter adjust black time set, 12:34 left'],
    ['forced passes until 3727474 ms: black 3, white 3', 'forced passes until 1:01:55.4: black 3, white 3'],
    ['arbiter adjust refused: deltaMs: must be an integer number of ms', 'arbiter adjust refused: deltaMs: must be an integer number of ms'],
    ['white start: black to move', 'white start: black to move'],
  ])('%p', (core, people) => {
    expect(peopleWords(core, 12000)).toBe(people);
  });

  test('an entry: its instant from the game\'s start, then its words', () => {
    const entry: LogEntry = { atMs: 736400, side: 'black', kind: 'move', text: 'black move 12 (4200 ms)' };
    expect(logText(entry, 12000)).toBe('12:04.4 black move 12 (0:04.2)');
  });

  test('before the start, and while the clock is ready, the game time is 0:00.0', () => {
    expect(gameText(5000, 12000)).toBe('0:00.0');
    expect(gameText(5000, null)).toBe('0:00.0');
  });
});

describe("the manual's examples of the log's long forms (docs/manual.md, The log)", () => {
  const entry = (atMs: number, side: LogEntry['side'], kind: LogEntry['kind'], text: string): LogEntry => ({ atMs, side, kind, text });
  test.each([
    [entry(0, 'white', 'start', 'white start: black to move'), '0:00.0 white start: black to move'],
    [entry(724300, 'black', 'move', 'black move 12 (4200 ms)'), '12:04.3 black move 12 (0:04.2)'],
    [entry(196400, 'white', 'adjust', 'arbiter adjust white time +120000 ms, 300000 ms left'), '3:16.4 arbiter adjust white time +2:00, 5:00 left'],
    [entry(3723400, null, 'pass', 'forced passes until 3900000 ms: black 3, white 3'), '1:02:03.4 forced passes until 1:05:00.0: black 3, white 3'],
  ])('%j reads %j', (e, text) => {
    expect(logText(e, 0)).toBe(text);
  });
});
