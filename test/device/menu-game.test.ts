/**
 * A whole game on the device, set up through the menu and played with raw button edges, through the scripted
 * simulator (docs/scenarios.md, with {type: "button"} events): the gesture recogniser, the controller, the menu, the runtime
 * and the clock core all take part, exactly as on the clock.
 */
import { runScenario } from '../../sim/scenario';
import { Hands } from '../../sim/hands';

const FIVE_MINUTES = { system: 'absolute', mainMs: 300000 };

test('the arbiter picks "10 min + 3x30 s" in the menu, the players play, a chord pauses, White gets +2:00', () => {
  const hands = new Hands(1000)
    .both(2100) // from ready, both held 2 s: the menu
    .tap('right') // Presets
    .tap('left').tap('left').tap('left').tap('left').tap('left') // 5 min → … → 10 min + 3x30 s
    .tap('right') // choose it: stored, and the clock is set to it
    .tap('left', 1100) // long left: leave the menu
    .tap('right') // White starts Black's clock
    .wait(5000)
    .tap('left') // Black moves
    .wait(3000)
    .both(4100) // both held: pause at once, held on to 4 s: the menu
    .tap('left') // "+2:00 White"
    .tap('right') // give it
    .tap('right'); // Resume
  const startMs = hands.events[20].atMs; // the right button's down edge that starts the game
  const out = runScenario({ control: FIVE_MINUTES, events: hands.events, untilMs: hands.atMs + 1000 });

  expect(out.state).toBe('running');
  expect(out.running).toBe('white');
  expect(out.sides.black.periodsLeft).toBe(3); // the control chosen in the menu
  expect(out.sides.black.moves).toBe(1);
  expect(out.sides.black.remainingMs).toBe(600000 - 5300);
  // White ran from Black's move to the chord's first edge, then from the resume to the end; +2:00 given.
  const log = out.log.join('\n');
  expect(log).toMatch(/white start: black to move/);
  expect(log).toMatch(/black move 1 \(5300 ms\)/);
  expect(log).toMatch(/pause: white to move/);
  expect(log).toMatch(/adjust white time \+120000 ms/);
  expect(log).not.toMatch(/ignored/); // the press that began the chord was taken back, not logged
  const pausedAt = Number(/(\d+) arbiter pause/.exec(log)![1]);
  const resumedAt = Number(/(\d+) arbiter resume/.exec(log)![1]);
  const moveAt = startMs + 5300;
  expect(out.sides.white.remainingMs).toBe(600000 - (pausedAt - moveAt) + 120000 - (out.atMs - resumedAt));
});

test('measured: +2:00 to White from a running game takes 4 actions, 5.1 s at 300 ms per action', () => {
  const game = new Hands(0).tap('right').wait(10000).tap('left').wait(7000); // White is thinking
  const before = game.actions.length;
  const correction = new Hands(game.atMs).both(4000).tap('left').tap('right').tap('right');
  const out = runScenario({
    control: { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 },
    events: game.events.concat(correction.events),
    untilMs: correction.atMs,
  });
  expect(before).toBe(2);
  expect(correction.actions.map((a) => a.name)).toEqual(['Both 4 s', 'Left', 'Right', 'Right']);
  expect(correction.seconds()).toBe(5.1);
  expect(out.state).toBe('running');
  expect(out.log.filter((l) => /adjust white time \+120000/.test(l))).toHaveLength(1);
});

test('a fast exchange of moves with overlapping presses is two moves, not a pause', () => {
  // White starts; Black answers while White's finger is still down (blitz), then White answers likewise.
  const events = [
    { atMs: 0, type: 'button', button: 'right', down: true },
    { atMs: 90, type: 'button', button: 'right', down: false },
    { atMs: 1000, type: 'button', button: 'left', down: true }, // Black moves
    { atMs: 1150, type: 'button', button: 'right', down: true }, // White replies 150 ms later, Black still down
    { atMs: 1200, type: 'button', button: 'left', down: false },
    { atMs: 1260, type: 'button', button: 'right', down: false },
  ];
  const out = runScenario({ control: FIVE_MINUTES, events: events, untilMs: 2000 });
  expect(out.state).toBe('running');
  expect(out.running).toBe('black');
  expect(out.sides.black.moves).toBe(1);
  expect(out.sides.white.moves).toBe(1);
  expect(out.sides.black.remainingMs).toBe(300000 - 1000 - 850); // 0–1000, then 1150–2000
  expect(out.sides.white.remainingMs).toBe(300000 - 150);
});

test('a chord during a fast exchange pauses as of its first edge: the presses that began it are no moves', () => {
  const events = [
    { atMs: 0, type: 'button', button: 'right', down: true },
    { atMs: 90, type: 'button', button: 'right', down: false },
    { atMs: 1000, type: 'button', button: 'left', down: true }, // would be Black's move …
    { atMs: 1050, type: 'button', button: 'right', down: true }, // … and White's — but both stay down: a chord
    { atMs: 1700, type: 'button', button: 'left', down: false },
    { atMs: 1710, type: 'button', button: 'right', down: false },
  ];
  const out = runScenario({ control: FIVE_MINUTES, events: events, untilMs: 5000 });
  expect(out.state).toBe('paused');
  expect(out.sides.black.moves).toBe(0);
  expect(out.sides.white.moves).toBe(0);
  expect(out.sides.black.remainingMs).toBe(299000); // charged up to the chord's first edge, no further
  expect(out.sides.white.remainingMs).toBe(300000);
  expect(out.log).toEqual(['0 white start: black to move', '1000 arbiter pause: black to move']);
});

test('bouncing contacts make one press', () => {
  const events = [
    { atMs: 0, type: 'button', button: 'right', down: true },
    { atMs: 4, type: 'button', button: 'right', down: false },
    { atMs: 7, type: 'button', button: 'right', down: true },
    { atMs: 120, type: 'button', button: 'right', down: false },
    { atMs: 1000, type: 'button', button: 'left', down: true },
    { atMs: 1003, type: 'button', button: 'left', down: false },
    { atMs: 1006, type: 'button', button: 'left', down: true },
    { atMs: 1100, type: 'button', button: 'left', down: false },
  ];
  const out = runScenario({ control: FIVE_MINUTES, events: events, untilMs: 2000 });
  expect(out.sides.black.moves).toBe(1);
  expect(out.log).toHaveLength(2);
});

test('paused: both held 2 s and let go resumes; a long hold of one button alone changes nothing', () => {
  const hands = new Hands(0).tap('right').wait(2000).both(600).wait(1000).tap('left', 1500).both(2100);
  const out = runScenario({ control: FIVE_MINUTES, events: hands.events, untilMs: hands.atMs });
  expect(out.state).toBe('running');
  expect(out.log.filter((l) => /arbiter (pause|resume):/.test(l))).toHaveLength(2);
  expect(out.log.filter((l) => /ignored/.test(l))).toHaveLength(1); // the long hold's press: logged, nothing else
});
