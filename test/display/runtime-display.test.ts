/**
 * The runtime draws through these layouts: the LCD's glyphs are defined once at boot, each frame is built from the
 * clock, the button sides and the battery, and an OLED board is drawn then flipped.
 */
import { CharacterDisplay, GraphicsDisplay, withText } from '../../hal/hal';
import { LCD_GLYPHS } from '../../firmware/display/render-lcd';
import { startRuntime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { createVirtualHal, MemoryStorage } from '../../sim/virtual-hal';
import { SimCanvas } from '../../sim/canvas';
import { layoutFor } from '../../firmware/display/layouts';

function storage(): MemoryStorage {
  const store = new MemoryStorage();
  const settings = defaultSettings();
  settings.control = parseGameControl({ system: 'absolute', mainMs: 600000 });
  saveSettings(store, settings);
  return store;
}

describe('the runtime and the displays', () => {
  test('a character display gets the eight glyphs once, at boot, before the first frame', () => {
    const hal = createVirtualHal({ storage: storage() });
    const calls: string[] = [];
    let shown: string[] = [];
    const display: CharacterDisplay = {
      kind: 'character',
      columns: 16,
      rows: 2,
      defineGlyph: (code, rows) => calls.push('glyph ' + code + ' ' + JSON.stringify(rows)),
      show: (lines) => {
        shown = lines;
        calls.push('show ' + JSON.stringify(lines));
      },
      write: (row, column, text) => {
        shown = withText(shown, row, column, text);
        calls.push('write ' + row + ' ' + column + ' ' + JSON.stringify(text));
      },
    };
    hal.display = display as never;
    startRuntime(hal, { layout: layoutFor(hal.display) });
    hal.edge('right', true);
    hal.advanceTo(3000);
    const glyphCalls = calls.filter((c) => c.startsWith('glyph'));
    expect(glyphCalls).toEqual(LCD_GLYPHS.map((rows, code) => 'glyph ' + code + ' ' + JSON.stringify(rows)));
    expect(calls.slice(0, 8)).toEqual(glyphCalls);
    // Black's seconds tick as writes of his time cell alone (the left half's 7 cells), into the frame last shown.
    expect(calls[calls.length - 1]).toBe('write 0 0 ' + JSON.stringify('9:57   '));
    expect(shown).toEqual(['9:57   \x00   10:00', '#0     \x00      #0']);
  });

  test('a low battery shows on the frame', () => {
    const hal = createVirtualHal({ storage: storage() });
    hal.battery = { percent: () => 9 };
    startRuntime(hal, { layout: layoutFor(hal.display) });
    expect(hal.display.lines[1].charAt(8)).toBe('\x06');
  });

  test('an OLED board: the frame is drawn on its canvas, then flipped', () => {
    const hal = createVirtualHal({ storage: storage() });
    const canvas = new SimCanvas(128, 64);
    let flips = 0;
    const display: GraphicsDisplay = { kind: 'graphics', canvas, flip: () => flips++ };
    hal.display = display as never;
    startRuntime(hal, { layout: layoutFor(hal.display) });
    hal.edge('right', true);
    hal.advanceTo(1500);
    expect(flips).toBeGreaterThanOrEqual(2);
    expect(canvas.getPixel(1, 1)).toBe(1); // Black's tab is lit: his clock runs
    expect(canvas.getPixel(71, 1)).toBe(0);
  });
});
