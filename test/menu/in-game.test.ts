/**
 * The arbiter at a paused game (12.11, 12.13, 12.14, 13.4b, 17.4, 3.18.4): corrections first and quick, each one
 * an adjust the core accepts, applied here by the real clock core.
 */
import { Bench, HOUR, MINUTE, SECOND } from './drive';
import { ClockEvent } from '../../firmware/clock/clock-types';
import { presets } from '../../firmware/clock/presets';

const BYO = { system: 'byoyomi' as const, mainMs: 10 * MINUTE, periods: 3, periodMs: 30 * SECOND };

/** 10 min + 3x30 s: Black moved after 5 s, White after 7 s, paused by the arbiter 8 s into Black's turn. */
function pausedByoyomi(): Bench {
  const events: [number, ClockEvent][] = [
    [0, { type: 'start' }],
    [5000, { type: 'press', side: 'black' }],
    [12000, { type: 'press', side: 'white' }],
    [20000, { type: 'pause' }],
  ];
  return Bench.paused(BYO, events);
}

test('the paused menu: corrections first, then the rest', () => {
  const b = pausedByoyomi().open();
  const rows: string[] = [];
  for (let i = 0; i < 14; i++) {
    rows.push(b.screen());
    b.do('L');
  }
  expect(rows).toEqual([
    'Resume          |Paused      1/14',
    '+2:00 White     |Paused      2/14',
    '+2:00 Black     |Paused      3/14',
    'Time B      9:47|Paused      4/14',
    'Time W      9:53|Paused      5/14',
    'Periods B      3|Paused      6/14',
    'Periods W      3|Paused      7/14',
    'Move count B   1|Paused      8/14',
    'Move count W   1|Paused      9/14',
    'Change control  |Paused     10/14',
    'Read the log    |Paused     11/14',
    'Options         |Paused     12/14',
    'New game        |Paused     13/14',
    'Exit            |Paused     14/14',
  ]);
  expect(b.lines()[0].trim()).toBe('Resume');
});

describe('+2:00 (13.4b)', () => {
  test('White gets two minutes in two presses, and a third resumes: L R R', () => {
    const b = pausedByoyomi().open().do('L R');
    expect(b.commands).toEqual([{ type: 'adjust', event: { type: 'adjust', side: 'white', deltaMs: 120000 } }]);
    expect(b.screen()).toBe('Resume          |+2:00 White done');
    expect(b.clock.sides.white.remainingMs).toBe(593000 + 120000);
    expect(b.clock.status).toBe('paused');
    b.do('R');
    expect(b.menu).toBeNull();
    expect(b.clock.status).toBe('running');
    expect(b.sent('resume')).toHaveLength(1);
    // the measured figure: three short presses once the menu is open
    expect(b.actions.map((a) => a.token)).toEqual(['L', 'R', 'R']);
    expect(b.actions.every((a) => a.heldMs <= 300)).toBe(true);
  });

  test('or back to paused: L R, then a long left', () => {
    const b = pausedByoyomi().open().do('L R LL');
    expect(b.commands.map((c) => c.type)).toEqual(['adjust', 'close']);
    expect(b.clock.status).toBe('paused');
  });

  test('Black: L L R', () => {
    const b = pausedByoyomi().open().do('L L R');
    expect(b.commands).toEqual([{ type: 'adjust', event: { type: 'adjust', side: 'black', deltaMs: 120000 } }]);
    expect(b.screen()).toBe('Resume          |+2:00 Black done');
    expect(b.clock.sides.black.remainingMs).toBe(587000 + 120000);
  });

  test('in byo-yomi the two minutes go to the current period; the log shows it', () => {
    const b = Bench.paused(BYO, [[0, { type: 'start' }], [10 * MINUTE + 5000, { type: 'pause' }]]).open();
    expect(b.clock.sides.black.phase).toBe('overtime');
    b.do('L L R L L L');
    expect(b.screen()).toBe('Time B OT   2:25|Paused      4/14');
  });

  test('a flagged side given time plays on (12.11)', () => {
    const events: [number, ClockEvent][] = [[0, { type: 'start' }], [65000, { type: 'pause' }]];
    const b = Bench.paused({ system: 'absolute', mainMs: MINUTE }, events, { onExpire: 'continue' });
    expect(b.clock.sides.black.flaggedAtMs).toBe(60000);
    b.open().do('L L R');
    expect(b.clock.sides.black.flaggedAtMs).toBeNull();
    expect(b.clock.sides.black.remainingMs).toBe(120000);
  });
});

describe('time left (12.11, 17.4)', () => {
  test('a hold runs the time with acceleration: 9:53 to 14:00 in a 3.2 s hold, then a press fine-tunes', () => {
    const b = pausedByoyomi().open().to('Time W').do('R');
    expect(b.screen()).toBe('Time W      9:53|L- R+  L+R=OK   ');
    // repeats at 500 + 150 k ms up to 3200: 19. Eight of 1 s (10:01), eight of 10 s snapped (10:10 ... 11:20),
    // then 1 min steps snapped (12:00, 13:00, 14:00).
    b.do('R3200');
    expect(b.lines()[0]).toBe('Time W     14:00');
    b.do('L');
    expect(b.lines()[0]).toBe('Time W     13:59');
    b.do('C');
    expect(b.commands).toEqual([{ type: 'adjust', event: { type: 'adjust', side: 'white', remainingMs: 839000 } }]);
    expect(b.screen()).toBe('Time W     13:59|Time W set      ');
    expect(b.clock.sides.white.remainingMs).toBe(839000);
  });

  test('9:53 to 1:30:00 in a 5.15 s hold', () => {
    const b = pausedByoyomi().open().to('Time W').do('R R5150');
    // 32 repeats: ... 19:00 after 24, then 10 min steps: 20:00, 30:00 ... 1:30:00
    expect(b.editValue()).toBe(90 * MINUTE);
  });

  test('down: 9:47 to 5:00 in a 3.35 s hold', () => {
    const b = pausedByoyomi().open().to('Time B').do('R L3350');
    expect(b.lines()[0]).toBe('Time B      5:00');
    b.do('C');
    expect(b.clock.sides.black.remainingMs).toBe(5 * MINUTE);
  });

  test('a single press steps from the time shown (rounded up), not from the hidden milliseconds', () => {
    const b = Bench.paused(BYO, [[0, { type: 'start' }], [4321, { type: 'pause' }]]).open().to('Time B');
    expect(b.lines()[0]).toBe('Time B      9:56'); // 595.679 s shown rounded up
    b.do('R R');
    expect(b.editValue()).toBe(597000);
    b.do('L L');
    expect(b.editValue()).toBe(595000);
  });

  test('OK on an unchanged value sends nothing; both held 2 s cancel', () => {
    const b = pausedByoyomi().open().to('Time B').do('R C');
    expect(b.screen()).toBe('Time B      9:47|No change       ');
    b.do('R R R CC');
    expect(b.screen()).toBe('Time B      9:47|Cancelled       ');
    expect(b.commands).toEqual([]);
  });

  test('time can be set to zero: the core then flags the side', () => {
    // 25 repeats: 9:45, 8:30, 1:00 after 8, 16, 24; the 25th, a 10 min step, reaches 0
    const b = pausedByoyomi().open().to('Time W').do('R L4100');
    expect(b.lines()[0]).toBe('Time W      0:00');
    b.do('L');
    expect(b.lines()[1]).toBe('Min 0:00        ');
    b.do('C');
    expect(b.clock.sides.white.phase).toBe('overtime'); // main time over: byo-yomi begins
  });
});

describe('periods, moves left and the move counter (12.14)', () => {
  test('periods left: 3 to 2; zero cannot be chosen', () => {
    const b = pausedByoyomi().open().to('Periods B').do('R L C');
    expect(b.commands).toEqual([{ type: 'adjust', event: { type: 'adjust', side: 'black', periodsLeft: 2 } }]);
    expect(b.clock.sides.black.periodsLeft).toBe(2);
    expect(b.screen()).toBe('Periods B      2|Periods B set   ');
    b.do('R L L');
    expect(b.screen()).toBe('Periods B      1|Min 1           ');
  });

  test('Canadian: moves left per side', () => {
    const events: [number, ClockEvent][] = [
      [0, { type: 'start' }],
      [2000, { type: 'press', side: 'black' }],
      [15000, { type: 'press', side: 'white' }], // main time (10 s) ran out at 12 s: an overtime move
      [16000, { type: 'pause' }],
    ];
    const b = Bench.paused({ system: 'canadian', mainMs: 10000, moves: 5, periodMs: MINUTE }, events).open();
    b.to('Moves left B');
    expect(b.lines()[0]).toBe('Moves left B   5');
    b.do('L');
    expect(b.lines()[0]).toBe('Moves left W   4');
    b.do('R L C');
    expect(b.commands).toEqual([{ type: 'adjust', event: { type: 'adjust', side: 'white', movesLeft: 3 } }]);
    expect(b.clock.sides.white.movesLeft).toBe(3);
  });

  test('the move counter', () => {
    const b = pausedByoyomi().open().to('Move count B').do('R R R C');
    expect(b.commands).toEqual([{ type: 'adjust', event: { type: 'adjust', side: 'black', moves: 3 } }]);
    expect(b.clock.sides.black.moves).toBe(3);
    b.do('L R L*5');
    expect(b.screen()).toBe('Move count W   0|Min 0           ');
  });

  test('systems without periods or moves left show neither', () => {
    const b = Bench.paused(presets()[14].control, [[0, { type: 'start' }], [1000, { type: 'pause' }]]).open();
    expect(b.lines()[1]).toBe('Paused      1/12');
  });
});

describe('change the control (3.18.4)', () => {
  test('a preset for White only', () => {
    const b = pausedByoyomi().open().to('Change control').do('R');
    expect(b.screen()).toBe('Preset          |Change control  ');
    b.do('R');
    expect(b.screen()).toBe('Abs 5m          |Absolute    1/19');
    b.do('L L R');
    expect(b.screen()).toBe('Both sides      |Abs 30m      1/3');
    b.do('L L R');
    // asked first: keep each side's time, or start afresh (the cursor on keep)
    expect(b.commands).toEqual([]);
    expect(b.screen()).toBe('Keep times      |Keep times?  1/2');
    b.do('L');
    expect(b.screen()).toBe('Start afresh    |Keep times?  2/2');
    b.do('R');
    const control = { system: 'absolute', mainMs: 30 * MINUTE };
    expect(b.commands).toEqual([{ type: 'adjust', event: { type: 'adjust', control: control, side: 'white' } }]);
    expect(b.clock.controls.white).toEqual(control);
    expect(b.clock.controls.black).toEqual(BYO);
    expect(b.clock.sides.white.remainingMs).toBe(30 * MINUTE);
    expect(b.clock.sides.white.moves).toBe(1); // the move counter is kept
    // back at the top, on Resume (the items below may have changed: White has no periods now)
    expect(b.screen()).toBe('Resume          |Now W Abs 30m   ');
    // the stored settings (the next game) are not touched
    expect(b.sent('settings')).toEqual([]);
  });

  test('a custom control for both, starting from the running one', () => {
    const b = pausedByoyomi().open().to('Change control').do('R L R');
    expect(b.screen()).toBe('Byo-yomi        |System       2/8');
    b.do('R R');
    expect(b.screen()).toBe('Main       10:00|Byo-yomi B+W 1/4');
    b.do('L R R C').to('Apply now').do('R');
    expect(b.screen()).toBe('Keep times      |Keep times?  1/2');
    b.do('L R'); // Start afresh
    const control = { system: 'byoyomi', mainMs: 10 * MINUTE, periods: 4, periodMs: 30 * SECOND };
    expect(b.commands).toEqual([{ type: 'adjust', event: { type: 'adjust', control: control } }]);
    expect(b.clock.controls).toEqual({ black: control, white: control });
    expect(b.clock.sides.black.periodsLeft).toBe(4);
  });

  test('the stages of a correspondence control for Black', () => {
    const b = pausedByoyomi().open().to('Change control').do('R L R').to('Stages').do('R L R');
    expect(b.lines()[1]).toBe('Stages B     1/4');
    b.to('Apply now').do('R R');
    expect(b.clock.controls.black).toEqual({ system: 'stages', stages: [{ moves: 40, ms: 2 * HOUR }, { moves: 20, ms: HOUR }] });
  });
});

describe('options while paused', () => {
  test('sound acts at once; the others are said to apply from the next game', () => {
    const b = pausedByoyomi().open().to('Options').do('R').to('Sound').do('R');
    expect(b.screen()).toBe('on             *|Sound        1/2');
    b.do('L R');
    expect(b.screen()).toBe('Sound        off|Saved           ');
    expect(b.lastSettings().sound).toBe(false);
    b.to('Announce').do('R L R');
    expect(b.screen()).toBe('Announce      jp|Saved, next game');
    expect(b.lastSettings().options.announce).toBe('jp');
    expect(b.clock.options.announce).toBe('ru'); // the running game keeps its options
  });
});

describe('leaving', () => {
  test('Resume resumes; Exit and a long left keep the game paused', () => {
    const a = pausedByoyomi().open().do('R');
    expect(a.commands).toEqual([{ type: 'resume' }]);
    expect(a.clock.status).toBe('running');
    const b = pausedByoyomi().open().to('Exit').do('R');
    expect(b.commands).toEqual([{ type: 'close' }]);
    expect(b.clock.status).toBe('paused');
    const c = pausedByoyomi().open().do('LL');
    expect(c.commands).toEqual([{ type: 'close' }]);
  });

  test('a new game only after confirmation (the running game is lost)', () => {
    const b = pausedByoyomi().open().to('New game').do('R R');
    expect(b.commands).toEqual([]);
    expect(b.lines()[0].trim()).toBe('New game');
    b.do('R L R');
    expect(b.commands).toEqual([{ type: 'newGame' }]);
    expect(b.clock.status).toBe('ready');
  });
});
