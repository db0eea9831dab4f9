/**
 * The terminal simulator's pictures (sim/terminal/terminal-draw.ts) against golden text: the 16×2 LCD exactly as renderLcd
 * makes it with the glyphs as Unicode look-alikes, the console board's printout, the 128×64 OLED as half blocks
 * and as Braille, the status line, the key list, and whole screens laid out for a terminal.
 * `UPDATE_GOLDEN=1 npx jest test/terminal` rewrites the golden files (look at them before committing).
 */
import * as glyphs from '../../firmware/display/glyphs';
import { renderLcd } from '../../firmware/display/render-lcd';
import { renderOled } from '../../firmware/display/render-oled';
import { Screen } from '../../firmware/display/screen';
import { logText } from '../../firmware/display/log-text';
import { createConsoleDisplay } from '../../hal/espruino/console-display';
import { SimCanvas } from '../../sim/canvas';
import {
  brailleRows, composeScreen, Frame, frameLines, GLYPH_TEXT, halfBlockRows, keyLines, lcdRowText, ScreenParts, statusText,
} from '../../sim/terminal/terminal-draw';
import { keyHelp, keySummary, OTHER_KEYS } from '../../sim/terminal/terminal-keys';
import { expectGolden } from './golden';
import { frames, MINUTE, press, screenOf } from '../display/frames';

function lcdFrame(screen: Screen): Frame {
  return { kind: 'lcd', rows: renderLcd(screen, 16, 2) };
}

function oledFrame(screen: Screen): Frame {
  const canvas = new SimCanvas(128, 64);
  renderOled(canvas, screen);
  return { kind: 'pixels', width: 128, height: 64, pixel: (x, y) => canvas.getPixel(x, y) === 1 };
}

function screenNamed(name: string): Screen {
  const found = frames().find((f) => f.name === name);
  if (!found) throw new Error('no frame ' + name);
  return found.screen;
}

/** Columns a line takes in a terminal (every character we draw is one column). */
function columns(line: string): number {
  return [...line].length;
}

describe('the LCD glyphs', () => {
  test('each glyph code has its look-alike, named after firmware/display/glyphs.ts', () => {
    expect(GLYPH_TEXT).toEqual(['◀', '▶', '‖', '⚑', '⧗', '✎', '▯', '◔']);
    expect(GLYPH_TEXT[glyphs.GLYPH_RUN_LEFT]).toBe('◀');
    expect(GLYPH_TEXT[glyphs.GLYPH_OVERTIME]).toBe('⧗');
    expect(GLYPH_TEXT.length).toBe(glyphs.LCD_GLYPHS.length);
  });

  test('every look-alike is one column wide (⌛ would take two in most terminals and shift the row)', () => {
    // East Asian Wide and emoji-presentation characters are two columns; none of these is one (U+2300 block's
    // ⌚⌛ and the emoji ranges are).
    for (const look of GLYPH_TEXT) {
      const code = look.codePointAt(0) as number;
      expect([...look].length).toBe(1);
      expect(code === 0x231a || code === 0x231b || code >= 0x1f000).toBe(false);
    }
  });

  test('an LCD row keeps its 16 columns: codes 0–7 become their look-alikes, ASCII stays', () => {
    const row = '\x00 \x01 \x02 \x03 \x04 \x05 \x06 \x07 #';
    expect(lcdRowText(row)).toBe('◀ ▶ ‖ ⚑ ⧗ ✎ ▯ ◔ #');
    expect(columns(lcdRowText(row))).toBe(row.length);
  });
});

describe('the 16×2 LCD as the terminal shows it (golden)', () => {
  test('every display state of the LCD golden frames', () => {
    let text = '';
    for (const f of frames()) {
      const lines = frameLines(lcdFrame(f.screen)) as string[];
      for (const line of lines) expect(columns(line)).toBe(18);
      text += '# ' + f.name + ': ' + f.about + '\n' + lines.join('\n') + '\n\n';
    }
    expectGolden('lcd-frames.txt', text);
  });

  test('the console board prints its own frame, glyphs as ASCII look-alikes', () => {
    let printed = '';
    const display = createConsoleDisplay({ print: (text) => (printed = text), columns: 16, rows: 2 });
    display.show(renderLcd(screenNamed('byoyomi'), 16, 2));
    expect(frameLines({ kind: 'printed', text: printed })).toEqual([
      '+----------------+',
      '|* 0:25 <    9:50|',
      '|2x #1  <      #1|',
      '+----------------+',
    ]);
  });
});

describe('the 128×64 OLED as the terminal shows it (golden)', () => {
  const frame = oledFrame(screenNamed('byoyomi'));

  test('half blocks: 128 columns × 32 rows, two pixels a character, in a box', () => {
    const lines = frameLines(frame) as string[];
    expect(lines.length).toBe(34);
    for (const line of lines) expect(columns(line)).toBe(130);
    expectGolden('oled-byoyomi-halfblocks.txt', lines.join('\n') + '\n');
  });

  test('in a small terminal, Braille: 64 columns × 16 rows, eight pixels a character', () => {
    const lines = frameLines(frame, 80, 20) as string[];
    expect(lines.length).toBe(18);
    for (const line of lines) expect(columns(line)).toBe(66);
    expectGolden('oled-byoyomi-braille.txt', lines.join('\n') + '\n');
    expect(frameLines(frame, 60, 20)).toBeNull();
  });

  test('every pixel is kept: each half block and each Braille cell says exactly which pixels are lit', () => {
    const lit = (x: number, y: number): boolean => (x * 7 + y * 3) % 5 === 0;
    const half = halfBlockRows(8, 4, lit);
    const braille = brailleRows(8, 4, lit);
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 8; x++) {
        const cell = half[y >> 1].charAt(x);
        const fromHalf = y % 2 === 0 ? cell === '▀' || cell === '█' : cell === '▄' || cell === '█';
        expect(fromHalf).toBe(lit(x, y));
        const bits = braille[y >> 2].charCodeAt(x >> 1) - 0x2800;
        const dot = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]][y & 3][x & 1];
        expect((bits & dot) !== 0).toBe(lit(x, y));
      }
    }
  });
});

describe('the status line', () => {
  const running = screenOf({ system: 'absolute', mainMs: MINUTE }, { onExpire: 'continue' }, [press(0, 'white')], 1000);
  const cases: [string, Screen, boolean, string | undefined, string][] = [
    ['ready', screenNamed('ready'), false, undefined, 'ready: Black moves first, so White (right) presses to start'],
    ['running', screenNamed('running-main'), false, undefined, "Black's clock runs (left)"],
    ['paused', screenNamed('paused'), false, undefined, 'paused: White runs on resume'],
    ['a hint', screenNamed('paused'), false, 'let go: resume', 'paused: White runs on resume · let go: resume'],
    ['over', screenNamed('flag'), false, undefined, "game over: Black's flag fell at 5:48.0"],
    ['both flags', screenNamed('both-flags'), false, undefined, "Black's clock runs (left) · flag: Black 1:00.0, White 2:05.0"],
    ['the menu', screenNamed('menu'), true, undefined, "menu open (the arbiter's): keys below are the menu's"],
    ['White on the left', Object.assign({}, running, { leftSide: 'white' }), false, undefined, "Black's clock runs (right)"],
  ];
  test.each(cases)('%s', (about, screen, menuOpen, hint, expected) => {
    expect(statusText({ view: screen.view, leftSide: screen.leftSide, menuOpen: menuOpen, hint: hint })).toBe(expected);
  });
});

describe('the whole screen', () => {
  const keys = (menu: boolean, width: number): string[] => keyLines(keyHelp('Black', 'White'), OTHER_KEYS, menu, width);
  const parts = (frame: Frame, width: number, menu = false): ScreenParts => ({
    header: 'goclock · ' + (frame.kind === 'pixels' ? 'esp32-oled' : 'esp32-lcd1602') + ' · 10 min + 3×30 s · speed ×1 · storage: memory',
    frame: frame,
    frameName: frame.kind === 'pixels' ? '128×64 OLED' : '16×2 LCD',
    status: 'Black\'s clock runs (left) · game time 10:45.0',
    cue: '♪ count',
    keys: keys(menu, width),
    keySummary: keySummary(menu),
    // The log panel's lines as the session writes them: the core's entries through logText, the rest in its forms.
    log: [
      logText({ atMs: 0, side: 'white', kind: 'start', text: 'white start: black to move' }, 0),
      logText({ atMs: 100000, side: 'black', kind: 'move', text: 'black move 1 (100000 ms)' }, 0),
      logText({ atMs: 110000, side: 'white', kind: 'move', text: 'white move 1 (10000 ms)' }, 0),
      '10:10.0 says "Black: overtime"', '10:25.0 says "Black: 15"', '10:35.0 says "Black: 5"', '10:40.0 Black used a period, 2 left',
    ],
  });

  function picture(lines: string[], width: number, height: number): string {
    const out = ['+' + '-'.repeat(width) + '+'];
    for (let i = 0; i < height; i++) {
      const line = lines[i] || '';
      expect(columns(line)).toBeLessThanOrEqual(width);
      out.push('|' + line + ' '.repeat(width - columns(line)) + '|');
    }
    out.push('+' + '-'.repeat(width) + '+');
    return out.join('\n') + '\n';
  }

  test('80×24 with the LCD: header, frame, status with the buzzer, keys in one column, the newest log lines', () => {
    const lines = composeScreen(parts(lcdFrame(screenNamed('byoyomi')), 80), 80, 24);
    expect(lines.length).toBeLessThanOrEqual(24);
    expectGolden('screen-lcd-80x24.txt', picture(lines, 80, 24));
  });

  test('120×30 in the menu: the keys in two columns, with what they mean in the menu', () => {
    const lines = composeScreen(parts(lcdFrame(screenNamed('menu')), 120, true), 120, 30);
    expectGolden('screen-menu-120x30.txt', picture(lines, 120, 30));
  });

  test('the keys in one line fit 80 columns', () => {
    expect(columns(keySummary(false))).toBeLessThanOrEqual(80);
    expect(columns(keySummary(true))).toBeLessThanOrEqual(80);
  });

  test('80×24 with the OLED: Braille, and the keys in one line', () => {
    const lines = composeScreen(parts(oledFrame(screenNamed('byoyomi')), 80), 80, 24);
    expect(lines).toContain(keySummary(false));
    expectGolden('screen-oled-80x24.txt', picture(lines, 80, 24));
  });

  test('a terminal too small for the frame says so, and how large it must be', () => {
    const lines = composeScreen(parts(oledFrame(screenNamed('byoyomi')), 60), 60, 20);
    expect(lines.slice(2)).toEqual([
      'Too small for the 128×64 OLED: needs 68×22, have 60×20.',
      'Enlarge the window (or make the font smaller); q quits.',
    ]);
  });
});
