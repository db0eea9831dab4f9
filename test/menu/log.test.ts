/**
 * Reading the log (12.12: which flag fell first; 12.13, 3.19: who stopped the clock): flags first in the order
 * they fell, then every entry newest first, each with its instant on the game's time line.
 */
import { Bench, MINUTE } from './drive';
import { ClockEvent } from '../../firmware/clock/clock-types';
import { entryText } from '../../firmware/input/menu/menu-log';
import { LogEntry } from '../../firmware/clock/game-log';

/**
 * Time odds with play going on after a flag: Black 2 min, White 1 min. The game starts 5 s after boot; White's
 * flag falls first (70 s into the game), Black's later (190 s), although Black is listed first everywhere else.
 */
function twoFlags(): Bench {
  const events: [number, ClockEvent][] = [
    [5000, { type: 'start' }],
    [15000, { type: 'press', side: 'black' }], // Black used 10 s: 1:50 left
    [85000, { type: 'press', side: 'white' }], // White ran out at 75 000
    [90000, { type: 'press', side: 'white' }], // not White's turn: ignored
    [200000, { type: 'pause', side: 'black' }], // Black ran out at 195 000
  ];
  return Bench.paused({ black: { system: 'absolute', mainMs: 2 * MINUTE }, white: { system: 'absolute', mainMs: MINUTE } }, events, { onExpire: 'continue' });
}

function readAll(b: Bench, n: number): string[] {
  const rows: string[] = [];
  for (let i = 0; i < n; i++) {
    rows.push(b.screen());
    b.do('L');
  }
  return rows;
}

test('flags first, in the order they fell, then the entries newest first', () => {
  const b = twoFlags();
  expect(b.clock.flags.map((f) => f.side)).toEqual(['white', 'black']);
  b.open().to('Read the log').do('R');
  expect(readAll(b, 9)).toEqual([
    '1st flag White  |1:10.0       1/9',
    '2nd flag Black  |3:10.0       2/9',
    'Pause by B      |3:15.0       3/9',
    'B flag          |3:10.0       4/9',
    'W press ignored |1:25.0       5/9',
    'W move 1 1:10.0 |1:20.0       6/9',
    'W flag          |1:10.0       7/9',
    'B move 1 0:10.0 |0:10.0       8/9',
    'Start           |0:00.0       9/9',
  ]);
  // cyclic: after the oldest comes the first flag again
  expect(b.screen()).toBe('1st flag White  |1:10.0       1/9');
});

test('right scrolls back towards the newest; a long left leaves the log', () => {
  const b = twoFlags().open().to('Read the log').do('R R');
  expect(b.lines()[0].trim()).toBe('Start');
  b.do('R');
  expect(b.lines()[0].trim()).toBe('B move 1 0:10.0');
  b.do('LL');
  expect(b.screen()).toBe('Read the log    |Paused      9/12');
});

test("the arbiter's own corrections appear at once, newest first", () => {
  const b = twoFlags().open().do('L R'); // +2:00 White, 1.4 s after the menu opened (at 3:15.0 + 1 s)
  b.to('Read the log').do('R L L');
  expect(b.screen()).toBe('Adj W +2:00     |3:16.4      3/10');
  expect(b.commands.map((c) => c.type)).toEqual(['adjust']);
});

test('from a ready clock the log is empty', () => {
  const b = new Bench().open().to('Read the log').do('R');
  expect(b.screen()).toBe('Log is empty    |             1/1');
  b.do('L R C');
  expect(b.lines()[0].trim()).toBe('Read the log');
});

test('long games read in hours, to the tenth', () => {
  const events: [number, ClockEvent][] = [[1000, { type: 'start' }], [3723400 + 1000, { type: 'pause' }]];
  const b = Bench.paused({ system: 'absolute', mainMs: 2 * 3600000 }, events).open().to('Read the log').do('R');
  expect(b.screen()).toBe('Pause by arbiter|1:02:03.4    1/2');
});

describe('each kind of entry in 16 characters', () => {
  const entry = (kind: LogEntry['kind'], side: LogEntry['side'], text: string): LogEntry => ({ atMs: 0, side, kind, text });
  test.each([
    [entry('start', 'white', 'white start: black to move'), 'Start by W'],
    [entry('move', 'black', 'black move 12 (4200 ms)'), 'B move 12 0:04.2'],
    [entry('move', 'black', 'black move 123 (4200 ms)'), 'B move 123'],
    [entry('pause', 'white', 'white pause: black to move'), 'Pause by W'],
    [entry('pause', null, 'arbiter pause: black to move'), 'Pause by arbiter'],
    [entry('resume', null, 'arbiter resume: black to move'), 'Resume'],
    [entry('adjust', 'white', 'arbiter adjust white time +120000 ms, 300000 ms left'), 'Adj W +2:00'],
    [entry('adjust', 'black', 'arbiter adjust black time -30000 ms, 300000 ms left'), 'Adj B -0:30'],
    [entry('adjust', 'black', 'arbiter adjust black time set, 754000 ms left'), 'Adj B =12:34'],
    [entry('adjust', 'black', 'arbiter adjust black periods left 2'), 'Adj B periods 2'],
    [entry('adjust', 'white', 'arbiter adjust white moves left 3'), 'Adj W mv left 3'],
    [entry('adjust', 'white', 'arbiter adjust white move counter 41'), 'Adj W count 41'],
    [entry('adjust', null, 'arbiter adjust both control 10 min'), 'Adj B+W control'],
    [entry('flag', 'black', 'black flag'), 'B flag'],
    [entry('pass', 'white', 'white forced pass: last period ran out, black to move'), 'W forced pass'],
    [entry('ignored', null, 'arbiter resume ignored: clock running'), 'Arb resume ignored'],
    [entry('refused', 'black', 'arbiter adjust refused: periodsLeft: ...'), 'Adj refused B'],
    [entry('pass', null, '202000 forced passes until 999000 ms: black 399, white 399'), 'Forced passes'],
    [entry('storage', null, 'game not saved: flash full?'), 'Game unsaved'],
    [entry('storage', null, 'game saved again'), 'Game saved'],
    [entry('storage', null, 'settings not saved: flash full?'), 'Settings unsaved'],
  ])('%p', (e, text) => {
    expect(entryText(e as LogEntry)).toBe(text);
  });
});
