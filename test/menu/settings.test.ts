/**
 * Setting up the next game from the ready (or over) clock, as an arbiter does it with two buttons: presets,
 * custom controls (byo-yomi, stages, time odds), options, and what the menu refuses.
 */
import { Bench, HOUR, MINUTE, SECOND } from './drive';
import { presets } from '../../firmware/clock/presets';
import { optionChoices } from '../../firmware/clock/options';
import { Settings } from '../../firmware/storage/settings';
import { controlError } from '../../firmware/clock/control-validate';

const DEFAULT_PRESET = 7; // 60 min + 5x30 s, the default settings' control

describe('presets (docs/time-systems.md)', () => {
  test('the list starts on the stored control, marked * on the second row under its system, and lists the presets in order', () => {
    const b = new Bench().open().do('R');
    expect(b.screen()).toBe('Byo 60m 5x30s   |Byo-yomi  * 8/19');
    const names: string[] = [];
    b.do('L*' + (presets().length - DEFAULT_PRESET));
    for (let i = 0; i < presets().length; i++) {
      names.push(b.lines()[0].trim());
      b.do('L');
    }
    expect(names).toEqual([
      'Abs 5m', 'Abs 10m', 'Abs 30m', 'Abs 45m', 'Abs 60m',
      'Byo 10m 3x30s', 'Byo 30m 5x30s', 'Byo 60m 5x30s', 'Byo 40m 1x30s', 'Byo 60m 1x60s',
      'Can 30m 20/5m', 'Can 40m 20/10m', 'Can 60m 15/5m',
      'Fis 3m+15s', 'Fis 10m+10s', 'Fis 30m+30s',
      'Bro 25m+10s', 'Hourglass 1m', 'Stg 40/2h 20/1h',
    ]);
  });

  test.each(presets().map((p, i) => [i, p.id]))('preset %i (%s) is reached and stored for both sides', (i) => {
    const b = new Bench().open().do('R');
    const presses = (Number(i) - DEFAULT_PRESET + presets().length) % presets().length;
    b.do('L*' + presses + ' R');
    const stored = b.lastSettings();
    expect(stored.control.black).toEqual(presets()[Number(i)].control);
    expect(stored.control.white).toEqual(presets()[Number(i)].control);
    expect(stored.control.black).not.toBe(stored.control.white); // each side its own copy
    expect(b.lines()[0].trim()).toBe('Presets');
    expect(b.lines()[1].indexOf('Saved ')).toBe(0);
    // the clock is ready with it at once
    expect(b.clock.controls.black).toEqual(presets()[Number(i)].control);
  });
});

describe('custom controls built by gestures', () => {
  test('byo-yomi 20 min + 3 x 40 s for both sides', () => {
    const b = new Bench().open().do('L R'); // Custom control
    expect(b.screen()).toBe('Byo-yomi        |System       2/8');
    b.do('R');
    expect(b.screen()).toBe('Both sides      |Byo-yomi     1/3');
    b.do('R');
    // the form starts from the stored byo-yomi control
    expect(b.screen()).toBe('Main     1:00:00|Byo-yomi B+W 1/4');
    b.do('R L*40 C'); // 1 min a press
    expect(b.lines()[0]).toBe('Main       20:00');
    b.do('L R L L C'); // periods 5 -> 3
    expect(b.lines()[0]).toBe('Periods        3');
    b.do('L R R*10 C'); // period 30 s -> 40 s, 1 s a press
    expect(b.lines()[0]).toBe('Period      0:40');
    b.do('L');
    expect(b.screen()).toBe('Save            |Byo-yomi B+W 4/4');
    b.do('R');
    const want = { system: 'byoyomi', mainMs: 20 * MINUTE, periods: 3, periodMs: 40 * SECOND };
    expect(b.lastSettings().control).toEqual({ black: want, white: want });
    expect(b.screen()).toBe('Custom control  |Saved           '); // "Saved Byo 20m 3x40s" is too long for a row
    b.do('RL');
    expect(b.lines()[1]).toBe('Byo 20m 3x40s   '); // the top's title, the stored control
    expect(b.sent('settings')).toHaveLength(1);
  });

  test('a Canadian control from nothing: the form starts from sensible values', () => {
    const b = new Bench().open().do('L R').to('Canadian').do('R R');
    expect(b.screen()).toBe('Main       30:00|Canadian B+W 1/4');
    b.do('L');
    expect(b.lines()[0]).toBe('Moves/period  20');
    b.do('R L*5 C L');
    expect(b.lines()[0]).toBe('Period      5:00');
    b.do('L R');
    expect(b.lastSettings().control.black).toEqual({ system: 'canadian', mainMs: 30 * MINUTE, moves: 15, periodMs: 5 * MINUTE });
  });

  test('stages: edit a stage, add one, remove one (40 moves in 2 h, then 20 per 30 min)', () => {
    const b = new Bench().open().do('L R').to('Stages').do('R R');
    expect(b.screen()).toBe('S1    40/2:00:00|Stages B+W   1/4');
    b.do('L');
    expect(b.lines()[0]).toBe('S2    20/1:00:00');
    b.do('L');
    expect(b.lines()[0].trim()).toBe('Add stage');
    b.do('R');
    expect(b.screen()).toBe('S3    20/1:00:00|Stage 3 added   ');
    b.do('R'); // stage 3
    expect(b.screen()).toBe('Moves         20|Stage 3      1/3');
    b.do('L R');
    expect(b.screen()).toBe('S3 time  1:00:00|L- R+  L+R=OK   ');
    b.do('L*30 C');
    expect(b.lines()[0]).toBe('Time       30:00');
    b.do('LL'); // back to the form
    expect(b.lines()[0]).toBe('S3      20/30:00');
    b.do('RL R'); // S2
    expect(b.lines()[1]).toBe('Stage 2      1/3');
    b.do('L L R'); // Remove stage
    expect(b.screen()).toBe('S2      20/30:00|Stage 2 removed ');
    b.to('Save').do('R');
    const want = { system: 'stages', stages: [{ moves: 40, ms: 2 * HOUR }, { moves: 20, ms: 30 * MINUTE }] };
    expect(b.lastSettings().control.black).toEqual(want);
    expect(b.lastSettings().control.white).toEqual(want);
  });

  test('stages: the moves of a stage', () => {
    const b = new Bench().open().do('L R').to('Stages').do('R R R R'); // S1 > Moves editor
    expect(b.lines()[0]).toBe('S1 moves      40');
    b.do('L*30 C LL');
    expect(b.lines()[0]).toBe('S1    10/2:00:00');
  });

  test('time odds: Black 10 min absolute, White 20 min absolute', () => {
    const b = new Bench().open().do('L R').to('Absolute').do('R');
    expect(b.lines()[1]).toBe('Absolute     1/3');
    b.do('L R'); // Black only
    expect(b.screen()).toBe('Main       30:00|Absolute B   1/2');
    b.do('R L*20 C L R');
    expect(b.lines()[1]).toBe('Saved B Abs 10m ');
    b.do('R').to('Absolute').do('R L L R'); // White only
    expect(b.lines()[1]).toBe('Absolute W   1/2');
    b.do('R L*10 C L R');
    const control = b.lastSettings().control;
    expect(control.black).toEqual({ system: 'absolute', mainMs: 10 * MINUTE });
    expect(control.white).toEqual({ system: 'absolute', mainMs: 20 * MINUTE });
    expect(b.clock.controls).toEqual(control);
    expect(b.lines()[1]).toBe('Saved W Abs 20m ');
    b.do('L'); // the top's title says the sides differ
    expect(b.lines()[1]).toBe('Time odds    3/6');
  });

  test('time odds: Black only keeps White as it was', () => {
    const b = new Bench().open().do('L R').to('Fischer').do('R L R L L L R');
    expect(b.lastSettings().control.black).toEqual({ system: 'fischer', mainMs: 10 * MINUTE, incrementMs: 10 * SECOND });
    expect(b.lastSettings().control.white).toEqual({ system: 'byoyomi', mainMs: HOUR, periods: 5, periodMs: 30 * SECOND });
  });

  test('every system can be built and saved, and each saved control is valid', () => {
    for (let i = 0; i < 8; i++) {
      const b = new Bench().open().do('L R').do('RL*' + 1).do('L*' + i); // from Byo-yomi back to Absolute, then i on
      b.do('R R').to('Save').do('R');
      const c = b.lastSettings().control.black;
      expect(controlError(c, 'c')).toBeUndefined();
      expect(b.sent('settings')).toHaveLength(1);
    }
  });
});

describe('impossible values are refused, with a message on the screen', () => {
  test('zero periods cannot be chosen', () => {
    const b = new Bench().open().do('L R R R L R'); // periods editor, 5
    b.do('L*4');
    expect(b.screen()).toBe('Periods        1|L- R+  L+R=OK   ');
    b.do('L');
    expect(b.screen()).toBe('Periods        1|Min 1           ');
    b.do('L1500'); // held: still 1
    expect(b.lines()[0]).toBe('Periods        1');
    b.do('C');
    expect(b.lines()[0]).toBe('Periods        1');
  });

  test('the first stage cannot bring no time: refused on OK, the editor stays', () => {
    const b = new Bench().open().do('L R').to('Stages').do('R R R L R'); // S1 time editor, 2:00:00
    b.do('L*120');
    expect(b.screen()).toBe('S1 time     0:00|L- R+  L+R=OK   ');
    b.do('C');
    expect(b.screen()).toBe('S1 time     0:00|S1 time: >0     ');
    b.do('R C');
    expect(b.screen()).toBe('Time        1:00|Stage 1      2/3');
  });

  test('a later stage may add nothing', () => {
    const b = new Bench().open().do('L R').to('Stages').do('R R L R L R L*60 C');
    expect(b.lines()[0]).toBe('Time        0:00');
    b.do('LL').to('Save').do('R');
    expect(b.lastSettings().control.black).toEqual({ system: 'stages', stages: [{ moves: 40, ms: 2 * HOUR }, { moves: 20, ms: 0 }] });
  });

  test('a Fischer cap below the main time is refused on Save; a cap starts at the main time', () => {
    const b = new Bench().open().do('L R').to('Fischer').do('R R');
    b.do('L L');
    expect(b.lines()[0]).toBe('Cap          off');
    b.do('R R');
    expect(b.lines()[0]).toBe('Cap        10:00'); // off -> the main time, the smallest possible cap
    b.do('L');
    expect(b.lines()[0]).toBe('Cap          off');
    b.do('R R C'); // cap 11:00
    expect(b.lines()[0]).toBe('Cap        11:00');
    b.to('Main').do('R R*5 C').to('Save').do('R'); // main 15 min > cap 11 min
    expect(b.screen()).toBe('Save            |Cap below main  ');
    expect(b.sent('settings')).toHaveLength(0);
    b.to('Cap').do('R R'); // up from below the main time: the main time
    expect(b.lines()[0]).toBe('Cap        15:00');
    b.do('C').to('Save').do('R');
    expect(b.lastSettings().control.black).toEqual({ system: 'fischer', mainMs: 15 * MINUTE, incrementMs: 10 * SECOND, capMs: 15 * MINUTE });
  });

  test('main time cannot be below a minute where it must be positive, but may be 0 for byo-yomi', () => {
    const b = new Bench().open().do('L R').to('Absolute').do('R R R L*40');
    expect(b.screen()).toBe('Main        1:00|Min 1:00        ');
    const c = new Bench().open().do('L R R R R L*70');
    expect(c.screen()).toBe('Main        0:00|Min 0:00        ');
    c.do('C').to('Save').do('R');
    expect(c.lastSettings().control.black).toEqual({ system: 'byoyomi', mainMs: 0, periods: 5, periodMs: 30 * SECOND });
  });

  test('the only stage cannot be removed; at most 10 stages', () => {
    const b = new Bench().open().do('L R').to('Stages').do('R R R L L R'); // remove S1
    expect(b.lines()[1]).toBe('Stage 1 removed ');
    b.do('R L L R');
    expect(b.screen()).toBe('Remove stage    |Need 1 stage    ');
    b.do('LL');
    for (let i = 0; i < 9; i++) b.to('Add stage').do('R'); // the cursor goes to the new stage
    expect(b.screen()).toBe('S10   20/1:00:00|Stage 10 added  ');
    b.do('L R');
    expect(b.lines()[1]).toBe('Max 10 stages   ');
  });

  test('leaving the form without Save stores nothing', () => {
    const b = new Bench().open().do('L R R R R L*4 C LL'); // main 56:00, then back without Save
    expect(b.lines()[1]).toBe('Not saved       ');
    expect(b.sent('settings')).toHaveLength(0);
  });
});

describe('options: every option and every value is reachable and stored', () => {
  const cases: [string, unknown][] = [];
  for (const key of ['announce', 'onExpire', 'firstToMove', 'warnings', 'breakBeforeOvertime']) {
    for (const value of optionChoices()[key]) cases.push([key, value]);
  }
  cases.push(['leftSide', 'black'], ['leftSide', 'white'], ['sound', true], ['sound', false]);
  for (const value of ['en', 'ja', 'off', 'ru']) cases.push(['voice', value]);
  const order = ['announce', 'onExpire', 'firstToMove', 'leftSide', 'sound', 'volume', 'voice', 'warnings', 'breakBeforeOvertime'];

  function stored(s: Settings, key: string): unknown {
    if (key === 'leftSide' || key === 'sound' || key === 'voice') return (s as unknown as { [k: string]: unknown })[key];
    return (s.options as unknown as { [k: string]: unknown })[key];
  }

  test.each(cases)('%s = %p', (key, value) => {
    const b = new Bench().open().do('L L R'); // Options
    expect(b.lines()[1]).toBe('Options     1/10');
    b.do('L*' + order.indexOf(key) + ' R');
    // the choice list starts on the stored value, marked *
    expect(b.lines()[0].charAt(15)).toBe('*');
    b.to(key === 'leftSide' ? (value === 'black' ? 'left' : 'right') : key === 'firstToMove' ? String(value).charAt(0).toUpperCase() + String(value).substring(1) : value === true ? 'on' : value === false ? 'off' : String(value));
    b.do('R');
    expect(stored(b.lastSettings(), key)).toBe(value);
    expect(b.lines()[1]).toBe('Saved           ');
    expect(b.lines()[0].indexOf(['Announce', 'Expiry', 'First move', 'Black btn', 'Sound', 'Volume', 'Voice', 'Warnings', 'OT break 3m'][order.indexOf(key)])).toBe(0);
  });

  test('the options list shows the stored values', () => {
    const b = new Bench().open().do('L L R');
    const rows: string[] = [];
    for (let i = 0; i < 10; i++) {
      rows.push(b.lines()[0]);
      b.do('L');
    }
    expect(rows).toEqual([
      'Announce      ru', 'Expiry      stop', 'First move Black', 'Black btn   left',
      'Sound         on', 'Volume       50%', 'Voice         ru', 'Warnings     off', 'OT break 3m  off', 'Arbiter     none',
    ]);
  });

  test("the arbiter's code: none at first, four digits edited as a number (held: tens, hundreds, thousands), back to none below 0000", () => {
    const b = new Bench().open().do('L L R').to('Arbiter').do('R');
    expect(b.screen()).toBe('Arbiter     none|L- R+  L+R=OK   ');
    b.do('R*42 C');
    expect(b.lastSettings().arbiterCode).toBe('0041');
    expect(b.lines()[1]).toBe('Code saved      ');
    expect(b.lines()[0]).toBe('Arbiter     0041');
    b.do('R L*42 C');
    expect(b.lastSettings().arbiterCode).toBe('');
    expect(b.lines()[1]).toBe('No code set     ');
  });

  test('volume in steps of 10 %, 0 to 100', () => {
    const b = new Bench().open().do('L L R').to('Volume').do('R');
    expect(b.screen()).toBe('Volume       50%|L- R+  L+R=OK   ');
    b.do('R*6');
    expect(b.screen()).toBe('Volume      100%|Max 100%        ');
    b.do('L*11');
    expect(b.screen()).toBe('Volume        0%|Min 0%          ');
    b.do('R R R C');
    expect(b.lastSettings().volume).toBeCloseTo(0.3, 10);
    expect(b.screen()).toBe('Volume       30%|Saved           ');
  });

  test('long left leaves a choice unchanged', () => {
    const b = new Bench().open().do('L L R R L LL');
    expect(b.sent('settings')).toHaveLength(0);
    expect(b.lines()[0]).toBe('Announce      ru');
  });
});

describe('leaving, and a new game', () => {
  test('a new game only after confirmation', () => {
    const b = new Bench().open().to('New game').do('R');
    expect(b.screen()).toBe('No, go back     |New game?    1/2');
    b.do('R');
    expect(b.lines()[0].trim()).toBe('New game');
    expect(b.commands).toEqual([]);
    b.do('R C'); // both buttons on "No" too
    expect(b.commands).toEqual([]);
    b.do('R L');
    expect(b.screen()).toBe('Yes, new game   |New game?    2/2');
    b.do('R');
    expect(b.commands).toEqual([{ type: 'newGame' }]);
    expect(b.menu).toBeNull();
  });

  test('Exit closes the menu', () => {
    const b = new Bench().open().to('Exit').do('R');
    expect(b.commands).toEqual([{ type: 'close' }]);
  });

  test('after a game is over the menu offers the same, titled Game over', () => {
    const b = Bench.paused({ system: 'absolute', mainMs: MINUTE }, [[0, { type: 'start' }], [70000, { type: 'tick' }]]);
    expect(b.clock.status).toBe('over');
    b.open();
    expect(b.screen()).toBe('Presets         |Game over    1/6');
    b.do('R L R'); // a preset: the next game
    expect(b.lastSettings().control.black).toEqual(presets()[8].control);
  });
});
