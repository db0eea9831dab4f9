/** Starting the clock, moves, presses that do nothing, pause and resume (docs/time-systems.md; Go rules art. 12.5, 12.8, 12.13). */
import { run, start, press, pause, resume, logAt, untouched } from './helpers';

const TEN_MINUTES = { system: 'absolute', mainMs: 600000 };

describe('before the game starts', () => {
  test('a clock that is set up and not started is ready, with full times and no moves', () => {
    const out = run({ control: TEN_MINUTES, events: [], untilMs: 0 });
    expect(out.atMs).toBe(0);
    expect(out.state).toBe('ready');
    expect(out.running).toBeNull();
    expect(out.sides.black).toEqual(untouched(600000));
    expect(out.sides.white).toEqual(untouched(600000));
    expect(out.flags).toEqual([]);
    expect(out.announcements).toEqual([]);
  });

  test('a ready clock does not run by itself, however long nobody presses', () => {
    const out = run({ control: TEN_MINUTES, events: [], untilMs: 3600000 });
    expect(out.atMs).toBe(3600000);
    expect(out.state).toBe('ready');
    expect(out.sides.black.remainingMs).toBe(600000);
    expect(out.sides.white.remainingMs).toBe(600000);
  });

  test('without untilMs and without events the result is the clock at 0', () => {
    const out = run({ control: TEN_MINUTES, events: [] });
    expect(out.atMs).toBe(0);
    expect(out.state).toBe('ready');
  });

  test('without untilMs the result is the clock at the last event', () => {
    const out = run({ control: TEN_MINUTES, events: [start(0), press(4200, 'black')] });
    expect(out.atMs).toBe(4200);
    expect(out.sides.black.remainingMs).toBe(595800); // 600000 − 4200
    expect(out.sides.white.remainingMs).toBe(600000); // White's clock started just now
    expect(out.running).toBe('white');
  });
});

describe('starting the game (12.5)', () => {
  test("White's press from ready starts Black's clock", () => {
    const out = run({ control: TEN_MINUTES, events: [press(1000, 'white')], untilMs: 11000 });
    expect(out.state).toBe('running');
    expect(out.running).toBe('black');
    expect(out.sides.black.remainingMs).toBe(590000); // 600000 − (11000 − 1000)
    expect(out.sides.white.remainingMs).toBe(600000);
  });

  test('the press that starts the game is not a move', () => {
    const out = run({ control: TEN_MINUTES, events: [press(1000, 'white')], untilMs: 11000 });
    expect(out.sides.black.moves).toBe(0);
    expect(out.sides.white.moves).toBe(0);
  });

  test("a start event is the same as White's press", () => {
    const out = run({ control: TEN_MINUTES, events: [start(1000)], untilMs: 11000 });
    expect(out.state).toBe('running');
    expect(out.running).toBe('black');
    expect(out.sides.black.remainingMs).toBe(590000); // 600000 − (11000 − 1000)
    expect(out.sides.white.remainingMs).toBe(600000);
    expect(out.sides.white.moves).toBe(0);
  });

  test('the clock starts at the instant of the start, not before', () => {
    const out = run({ control: TEN_MINUTES, events: [start(5000)], untilMs: 8000 });
    expect(out.sides.black.remainingMs).toBe(597000); // 600000 − (8000 − 5000)
  });

  test("Black's own press from ready does not start the game and is logged as ignored", () => {
    const out = run({ control: TEN_MINUTES, events: [press(1000, 'black')], untilMs: 5000 });
    expect(out.state).toBe('ready');
    expect(out.running).toBeNull();
    expect(out.sides.black).toEqual(untouched(600000));
    expect(out.sides.white).toEqual(untouched(600000));
    expect(logAt(out, 1000).join('\n')).toMatch(/ignored/);
  });

  test("in a handicap game White moves first: Black's press starts White's clock", () => {
    const out = run({
      control: TEN_MINUTES,
      options: { firstToMove: 'white' },
      events: [press(1000, 'black')],
      untilMs: 11000,
    });
    expect(out.running).toBe('white');
    expect(out.sides.white.remainingMs).toBe(590000); // 600000 − (11000 − 1000)
    expect(out.sides.black.remainingMs).toBe(600000);
  });

  test("in a handicap game a start event starts White's clock", () => {
    const out = run({ control: TEN_MINUTES, options: { firstToMove: 'white' }, events: [start(0)], untilMs: 5000 });
    expect(out.running).toBe('white');
    expect(out.sides.white.remainingMs).toBe(595000);
    expect(out.sides.black.remainingMs).toBe(600000);
  });

  test("in a handicap game White's own press from ready does nothing", () => {
    const out = run({
      control: TEN_MINUTES,
      options: { firstToMove: 'white' },
      events: [press(1000, 'white')],
      untilMs: 5000,
    });
    expect(out.state).toBe('ready');
    expect(out.sides.white.remainingMs).toBe(600000);
  });
});

describe('moves (12.8)', () => {
  test("a press by the running side ends its move and starts the opponent's clock", () => {
    const out = run({ control: TEN_MINUTES, events: [start(0), press(4200, 'black')], untilMs: 10000 });
    expect(out.running).toBe('white');
    expect(out.sides.black.remainingMs).toBe(595800); // 600000 − 4200
    expect(out.sides.white.remainingMs).toBe(594200); // 600000 − (10000 − 4200)
    expect(out.sides.black.moves).toBe(1);
    expect(out.sides.white.moves).toBe(0);
  });

  test('time is charged from the start of the turn to the press instant, to the millisecond', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [start(0), press(1234, 'black'), press(3000, 'white'), press(3001, 'black')],
      untilMs: 3001,
    });
    expect(out.sides.black.remainingMs).toBe(598765); // 600000 − 1234 − 1
    expect(out.sides.white.remainingMs).toBe(598234); // 600000 − (3000 − 1234)
    expect(out.sides.black.moves).toBe(2);
    expect(out.sides.white.moves).toBe(1);
    expect(out.running).toBe('white');
  });

  test('a press by the side that is not running does nothing and is logged as ignored', () => {
    const out = run({ control: TEN_MINUTES, events: [start(0), press(3000, 'white')], untilMs: 10000 });
    expect(out.running).toBe('black');
    expect(out.sides.black.remainingMs).toBe(590000);
    expect(out.sides.white.remainingMs).toBe(600000);
    expect(out.sides.black.moves).toBe(0);
    expect(out.sides.white.moves).toBe(0);
    expect(logAt(out, 3000).join('\n')).toMatch(/ignored/);
  });

  test('pressing one\'s own button twice: the second press does nothing', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [start(0), press(2000, 'black'), press(2500, 'black')],
      untilMs: 5000,
    });
    expect(out.running).toBe('white');
    expect(out.sides.black.remainingMs).toBe(598000);
    expect(out.sides.white.remainingMs).toBe(597000); // 600000 − (5000 − 2000)
    expect(out.sides.black.moves).toBe(1);
  });
});

describe('pause and resume (12.13, 3.17.2)', () => {
  test('paused time is not charged to the side that was running', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [start(0), press(4200, 'black'), pause(9000), resume(15000)],
      untilMs: 20000,
    });
    expect(out.state).toBe('running');
    expect(out.running).toBe('white');
    expect(out.sides.white.remainingMs).toBe(590200); // 600000 − (9000 − 4200) − (20000 − 15000)
    expect(out.sides.black.remainingMs).toBe(595800); // 600000 − 4200
  });

  test('while paused nothing runs and no side is running', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [start(0), press(4200, 'black'), pause(9000)],
      untilMs: 60000,
    });
    expect(out.state).toBe('paused');
    expect(out.running).toBeNull();
    expect(out.sides.white.remainingMs).toBe(595200); // 600000 − (9000 − 4200)
    expect(out.sides.black.remainingMs).toBe(595800);
  });

  test('presses while paused do nothing, are not moves, and are logged as ignored', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [start(0), press(4200, 'black'), pause(9000), press(10000, 'white'), press(11000, 'black'), resume(15000)],
      untilMs: 20000,
    });
    expect(out.running).toBe('white'); // resume restarts the side that was running
    expect(out.sides.white.remainingMs).toBe(590200); // 600000 − 4800 − 5000
    expect(out.sides.black.remainingMs).toBe(595800);
    expect(out.sides.black.moves).toBe(1);
    expect(out.sides.white.moves).toBe(0);
    expect(logAt(out, 10000).join('\n')).toMatch(/ignored/);
    expect(logAt(out, 11000).join('\n')).toMatch(/ignored/);
  });

  test('a pause in the middle of a move: the move is charged only the time the clock ran', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [start(0), pause(5000), resume(8000), press(10000, 'black')],
      untilMs: 10000,
    });
    expect(out.sides.black.remainingMs).toBe(593000); // 600000 − 5000 − (10000 − 8000)
    expect(out.sides.black.moves).toBe(1);
    expect(out.running).toBe('white');
  });

  test('the log says which player stopped the clock, and when (3.19)', () => {
    const out = run({ control: TEN_MINUTES, events: [start(0), pause(5000, 'white'), resume(8000)], untilMs: 8000 });
    expect(logAt(out, 5000).join('\n')).toMatch(/white/);
    expect(logAt(out, 8000).length).toBeGreaterThan(0);
  });

  test('a pause that names no player is the arbiter\'s', () => {
    const out = run({ control: TEN_MINUTES, events: [start(0), pause(5000), resume(8000)], untilMs: 8000 });
    expect(logAt(out, 5000).join('\n')).toMatch(/arbiter/);
  });
});

describe('after the game is over', () => {
  test('presses after a flag do nothing to the times and are not moves', () => {
    const out = run({
      control: { system: 'absolute', mainMs: 10000 },
      events: [start(0), press(12000, 'white'), press(13000, 'black')],
      untilMs: 20000,
    });
    expect(out.state).toBe('over');
    expect(out.running).toBeNull();
    expect(out.flags).toEqual([{ side: 'black', atMs: 10000 }]);
    expect(out.sides.black.remainingMs).toBe(0);
    expect(out.sides.white.remainingMs).toBe(10000);
    expect(out.sides.black.moves).toBe(0);
    expect(out.sides.white.moves).toBe(0);
    expect(logAt(out, 12000).join('\n')).toMatch(/ignored/);
    expect(logAt(out, 13000).join('\n')).toMatch(/ignored/);
  });
});

describe('the log', () => {
  const events = [
    start(0),
    press(4200, 'black'),
    press(5000, 'black'),
    pause(9000, 'white'),
    press(9500, 'white'),
    resume(15000),
    press(16000, 'white'),
  ];

  test('every line starts with its instant in milliseconds and a space', () => {
    const out = run({ control: TEN_MINUTES, events, untilMs: 20000 });
    expect(out.log.length).toBeGreaterThan(0);
    for (const line of out.log) expect(line).toMatch(/^\d+ /);
  });

  test('every event the clock acted on or ignored has a line at its instant', () => {
    const out = run({ control: TEN_MINUTES, events, untilMs: 20000 });
    for (const e of events) expect(logAt(out, e.atMs as number).length).toBeGreaterThan(0);
  });

  test('the log reads as a timekeeper would write it', () => {
    const out = run({
      control: TEN_MINUTES,
      events: [
        pause(0), // nothing runs yet
        resume(0),
        press(0, 'black'), // Black moves first: its own press cannot start the clock
        press(1000, 'white'), // starts Black's clock
        start(1500), // already started
        ...events.slice(1).map((e) => Object.assign({}, e, { atMs: (e.atMs as number) + 2000 })),
        pause(18500),
        pause(18600), // already paused
      ],
      untilMs: 20000,
    });
    expect(out.log).toEqual([
      '0 arbiter pause ignored: clock ready',
      '0 arbiter resume ignored: clock ready',
      '0 black press ignored: white starts the clock',
      '1000 white start: black to move',
      '1500 arbiter start ignored: clock running',
      '6200 black move 1 (5200 ms)',
      '7000 black press ignored: not black\'s turn',
      '11000 white pause: white to move',
      '11500 white press ignored: clock paused',
      '17000 arbiter resume: white to move',
      '18000 white move 1 (5800 ms)', // 6200 → 11000 and 17000 → 18000: 4800 + 1000
      '18500 arbiter pause: black to move',
      '18600 arbiter pause ignored: clock paused',
    ]);
  });
});

