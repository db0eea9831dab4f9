/**
 * The 16x2 layout, frame by frame (expected rows written here, glyphs shown as symbols), and the rules every frame
 * keeps, checked on whole games played by the core.
 */
import { renderLcd, LCD_GLYPHS } from '../../firmware/display/render-lcd';
import { Screen } from '../../firmware/display/screen';
import { Side } from '../../firmware/clock/side';
import { frames, sweepScreens } from './frames';

/** Glyph codes 0-7 as the symbols the glyphs show. */
const SYMBOLS = ['◀', '▶', '‖', '⚑', '⧗', '✎', '▯', '◔'];

function shown(lines: string[]): string[] {
  return lines.map((line) => line.replace(/[\x00-\x07]/g, (glyph) => SYMBOLS[glyph.charCodeAt(0)]));
}

const EXPECTED: { [name: string]: string[] } = {
  'ready':        ['1:00:00  1:00:00', 'B first        W'],
  'running-main': ['59:59  ◀ 1:00:00', '#0     ◀      #0'],
  'both-main':    ['50:53   ▶  53:07', '#12     ▶    #11'],
  'byoyomi':      ['⧗ 0:25 ◀    9:50', '2x #1  ◀      #1'],
  'canadian':     ['⧗ 3:37 ◀  ✎ 4:20', '12/20  ◀      #8'],
  'tenths':       ['9.4 ✎  ◀    5:00', '#0     ◀      #0'],
  'hours':        ['1:29:59◀ 1:30:00', '#0     ◀      #0'],
  'long-hours':   ['11h59m ◀  12h00m', '#0     ◀      #0'],
  'days':         ['59d23h ◀  60d00h', '#0     ◀      #0'],
  'paused':       ['50:53   ‖  52:54', '#12     ‖  PAUSE'],
  'flag':         ['0.0       ✎ 4:12', '⚑ FLAG        #1'],
  'both-flags':   ['-0:08  ◀   -0:02', '⚑ 1st  ◀   ⚑ 2nd'],
  'counting-up':  ['-0:12  ◀  ✎ 1:00', '⚑ FLAG ◀      #0'],
  'break':        ['2:59 ✎ ◀   10:00', 'BREAK  ◀      #0'],
  'delay':        ['10:00  ◀   10:00', '◔ 3.2  ◀      #0'],
  'low-battery':  ['59:59  ◀ 1:00:00', '#0     ◀▯     #0'],
  'no-record':    ['4:12 ✎ ◀    6:30', '#1     ◀      #1'],
  'notice':       ['50:53   ‖  52:54', ' game restored  '],
  'hint':         ['50:53   ‖  52:54', '   resume >>>   '],
  'menu':         ['Time control    ', '60m + 5x30s     '],
  'left-white':   ['1:00:00 ▶  59:59', '#0      ▶     #0'],
};

describe('the 16x2 LCD, state by state', () => {
  test('every state has an expected frame', () => {
    expect(frames().map((f) => f.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test.each(frames().map((f) => [f.name, f.about, f]))('%s (%s)', (name, _about, frame) => {
    const screen = (frame as { screen: Screen }).screen;
    expect(shown(renderLcd(screen, 16, 2))).toEqual(EXPECTED[name as string]);
  });
});

describe('the glyphs', () => {
  test('eight glyphs of 8 rows of 5 bits', () => {
    expect(LCD_GLYPHS.length).toBe(8);
    for (const rows of LCD_GLYPHS) {
      expect(rows.length).toBe(8);
      for (const row of rows) expect(row >= 0 && row < 32 && Math.floor(row) === row).toBe(true);
    }
  });

  test('all different', () => {
    expect(new Set(LCD_GLYPHS.map((rows) => rows.join(','))).size).toBe(8);
  });
});

// ---- Whole games: the rules every frame keeps ----

const ALL_SCREENS: Screen[] = sweepScreens();

describe('every frame', () => {
  test('has exactly 2 rows of exactly 16 characters, each printable ASCII or a glyph code 0-7', () => {
    expect(ALL_SCREENS.length).toBeGreaterThan(1000);
    const bad: string[] = [];
    for (const screen of ALL_SCREENS) {
      const lines = renderLcd(screen, 16, 2);
      const ok = lines.length === 2 && lines.every((line) => line.length === 16 && /^[\x00-\x07\x20-\x5b\x5d-\x7d]*$/.test(line));
      if (!ok) bad.push(JSON.stringify(lines));
    }
    expect(bad).toEqual([]);
  });

  test('marks the running side, on its half, in every running frame, and nothing in any other frame', () => {
    const bad: string[] = [];
    let running = 0;
    for (const screen of ALL_SCREENS) {
      if (screen.menu) continue;
      const lines = renderLcd(screen, 16, 2);
      const arrows = lines.join('').replace(/[^\x00\x01]/g, '');
      const v = screen.view;
      let ok: boolean;
      if (v.status !== 'running') ok = arrows === '';
      else {
        running++;
        const onLeft = v.running === screen.leftSide;
        const column = onLeft ? 7 : 8;
        const glyph = String.fromCharCode(onLeft ? 0 : 1);
        const message = screen.notice || screen.hint;
        ok = lines[0].charAt(column) === glyph && (message ? true : lines[1].charAt(column) === glyph) &&
          arrows.split(glyph).join('') === '';
      }
      if (!ok) bad.push(v.status + ' ' + v.running + ' left=' + screen.leftSide + ' ' + JSON.stringify(shown(lines)));
    }
    expect(bad).toEqual([]);
    expect(running).toBeGreaterThan(500);
  });

  test('shows tenths only below 10 s: main time, a period, the break or a pending delay', () => {
    let withTenths = 0;
    const bad: string[] = [];
    for (const screen of ALL_SCREENS) {
      if (screen.menu) continue;
      const lines = renderLcd(screen, 16, 2);
      const sides: Side[] = [screen.leftSide, screen.leftSide === 'black' ? 'white' : 'black'];
      sides.forEach((sideName, i) => {
        const s = screen.view.sides[sideName];
        const half = lines.map((line) => (i === 0 ? line.substring(0, 7) : line.substring(9)));
        const counting = s.flaggedAtMs !== null && s.overdueMs > 0;
        const shownMs = s.inBreak ? s.graceMs : s.remainingMs;
        // Row 0: the side's time, in tenths exactly when it is below 10 s (9.9 and less, rounded up).
        const tenths0 = /\d\.\d/.test(half[0]);
        // Row 1: only a pending delay may show tenths, and only below 10 s.
        const tenths1 = /\d\.\d/.test(half[1]);
        const ok = tenths0 === (!counting && shownMs <= 9900) && (!tenths1 || (s.graceMs > 0 && s.graceMs <= 9900 && !s.inBreak));
        if (!ok) bad.push(sideName + ' ' + JSON.stringify(shown(lines)) + ' ' + JSON.stringify(s));
        if (tenths0) withTenths++;
      });
    }
    expect(bad).toEqual([]);
    expect(withTenths).toBeGreaterThan(50);
  });
});

describe('other sizes', () => {
  const screen = frames().find((f) => f.name === 'hours')!.screen;

  test('20x4: halves of 10, the notice on the third row, the fourth row blank', () => {
    const lines = shown(renderLcd(Object.assign({}, screen, { notice: 'power off 0:12:34' }), 20, 4));
    expect(lines).toEqual(['1:29:59  ◀   1:30:00', '#0       ◀        #0', ' power off 0:12:34  ', '                    ']);
  });

  test('a 20-column display shows the 8-character formats whole', () => {
    const days = frames().find((f) => f.name === 'days')!.screen;
    expect(shown(renderLcd(days, 20, 2))[0]).toBe('59d23:00 ◀  60d00:00');
  });

  test('anything else the display cannot show becomes "?"', () => {
    const lines = renderLcd(Object.assign({}, screen, { menu: ['a\\b~c\u00d7', 'x'] }), 16, 2);
    expect(lines).toEqual(['a?b?c?          ', 'x               ']);
  });
});
