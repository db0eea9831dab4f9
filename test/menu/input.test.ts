/**
 * The gesture mapping, as an arbiter meets it: what a short press, a long press, a hold and both buttons do in a
 * list and in an editor, with gestures from the real recogniser.
 */
import { Bench, MINUTE } from './drive';
import { menuGesture, openMenu } from '../../firmware/input/menu';
import { Gesture } from '../../firmware/input/gesture-types';
import { defaultSettings } from '../../firmware/storage/settings';
import { createClock } from '../../firmware/clock/clock';
import { view } from '../../firmware/display/view';
import { MenuContext } from '../../firmware/input/menu/menu-types';
import { unpackLogEntry } from '../../firmware/runtime/packed-log';

/** Custom control > Byo-yomi > Both sides: the form for the stored 60 min + 5x30 s. */
function byoyomiForm(): Bench {
  const b = new Bench().open().do('L R').to('Byo-yomi').do('R R');
  expect(b.lines()[0]).toBe('Main     1:00:00');
  return b;
}

function readyContext(): MenuContext {
  const settings = defaultSettings();
  const clock = createClock(settings.control);
  return { settings: settings, game: 'ready', view: view(clock, 0), clock: clock, log: [], unpack: unpackLogEntry };
}

describe('in a list', () => {
  test('a short left press is next (cyclic), a short right press chooses', () => {
    const b = new Bench().open();
    expect(b.screen()).toBe('Presets         |Byo 60m 5x30s   '); // the title, then "1/6" where it fits
    b.do('L');
    expect(b.screen()).toBe('Custom control  |Byo 60m 5x30s   ');
    b.do('L*5');
    expect(b.lines()[0].trim()).toBe('Presets');
    b.do('L R');
    expect(b.lines()[1]).toBe('System       2/8');
  });

  test('a long right press is the previous item', () => {
    const b = new Bench().open().do('RL');
    expect(b.lines()[0].trim()).toBe('Exit');
    expect(b.lines()[1]).toBe('Byo 60m 5x30s   ');
  });

  test('a long left press goes back one level, although auto-repeat fired before it', () => {
    const b = new Bench().open().do('L R'); // Custom control > systems
    expect(b.lines()[1]).toBe('System       2/8');
    b.do('LL');
    expect(b.lines()[0].trim()).toBe('Custom control');
    expect(b.commands).toEqual([]);
  });

  test('a long left press at the top closes the menu', () => {
    const b = new Bench().open().do('LL');
    expect(b.menu).toBeNull();
    expect(b.commands).toEqual([{ type: 'close' }]);
  });

  test('a slow press (700 ms: auto-repeat started, no long press yet) is still one step', () => {
    const b = new Bench().open().do('L700');
    expect(b.lines()[0].trim()).toBe('Custom control');
  });

  test('both buttons briefly choose, like a right press', () => {
    const b = new Bench().open().do('L C');
    expect(b.lines()[1]).toBe('System       2/8');
  });

  test('both held 2 s go back, but never close the menu (the chord still ends in the menu)', () => {
    const b = new Bench().open().do('L R CC');
    expect(b.lines()[0].trim()).toBe('Custom control');
    b.do('CC');
    expect(b.menu).not.toBeNull();
    expect(b.commands).toEqual([]);
  });
});

describe('in a number editor', () => {
  test('left is minus, right is plus, one step a press', () => {
    const b = byoyomiForm().do('R');
    expect(b.screen()).toBe('Main     1:00:00|L- R+  L+R=OK   ');
    b.do('L L L R');
    expect(b.lines()[0]).toBe('Main       58:00');
  });

  test('the presses that begin a chord do not change the value', () => {
    const b = byoyomiForm().do('L R'); // Periods 5
    expect(b.lines()[0]).toBe('Periods        5');
    b.do('C');
    expect(b.lines()[0]).toBe('Periods        5');
    expect(b.lines()[1]).toBe('Byo-yomi B+W 2/4');
    // right first, then left, 300 ms apart: the same
    b.do('R');
    b.chord(500, 'right', 300);
    expect(b.screen()).toBe('Periods        5|Byo-yomi B+W 2/4');
  });

  test('a hold steps on each auto-repeat and not again on release', () => {
    const b = byoyomiForm().do('L R'); // Periods 5
    b.do('R700'); // repeats at 500 and 650 ms
    expect(b.lines()[0]).toBe('Periods        7');
    // repeats at 500, 650, 800, 950 and 1100 ms (a repeat due at the release instant fires); the long press at
    // 1000 ms does nothing more, nor does the release
    b.do('L1100');
    expect(b.lines()[0]).toBe('Periods        2');
    expect(b.lines()[1]).toBe('L- R+  L+R=OK   ');
  });

  test('both held 2 s cancel: the value is left as it was', () => {
    const b = byoyomiForm().do('L R R R CC');
    expect(b.screen()).toBe('Periods        5|Cancelled       ');
  });

  test('an overlap shorter than a chord is two presses', () => {
    const b = byoyomiForm().do('L R'); // Periods 5
    b.do('R R'); // 7
    // left down, right down 20 ms later, left up 100 ms later: no chord; left then right step once each
    b.overlap(20, 100);
    expect(b.lines()[0]).toBe('Periods        7');
    b.do('R');
    expect(b.lines()[0]).toBe('Periods        8');
  });
});

describe('gestures the menu did not see begin', () => {
  test('the end of the chord that opened the menu, and releases of presses made before it opened, do nothing', () => {
    const context = readyContext();
    const menu = openMenu(context);
    const late: Gesture[] = [
      { type: 'chordHold', level: 2, atMs: 4000 },
      { type: 'chordEnd', level: 2, atMs: 4100 },
      { type: 'release', button: 'left', atMs: 4200, heldMs: 4200 },
      { type: 'repeat', button: 'right', atMs: 4300 },
      { type: 'long', button: 'left', atMs: 4400 },
    ];
    let m = menu;
    for (const g of late) {
      const r = menuGesture(m, g, context);
      expect(r.commands).toEqual([]);
      m = r.menu;
    }
    expect(m.screen).toBe('top');
    expect(m.cursor).toBe(0);
  });

  test('a press alone does nothing until it is released', () => {
    const context = readyContext();
    const r = menuGesture(openMenu(context), { type: 'press', button: 'right', atMs: 0 }, context);
    expect(r.menu.screen).toBe('top');
    const r2 = menuGesture(r.menu, { type: 'release', button: 'right', atMs: 100, heldMs: 100 }, context);
    expect(r2.menu.screen).toBe('presets');
  });
});

test('a main time runs quickly: 1:00:00 to 2:00:00 in a 2.45 s hold', () => {
  const b = byoyomiForm().do('R R2450');
  // repeats at 500 + 150 k <= 2450 ms: 14; eight of 1 min (1:08:00), then 10 min steps snapped: 1:10 ... 2:00
  expect(b.lines()[0]).toBe('Main     2:00:00');
  expect(b.editValue()).toBe(120 * MINUTE);
});
