/**
 * The display drivers on the real interpreter write what they write in V8: the HD44780 behind its PCF8574 backpack
 * makes its port bytes with Espruino's own `E.mapInPlace` and `E.toArrayBuffer` on the device, and with the tests'
 * fakes of them in V8 (test/hal/fakes.ts), where test/hal/hd44780.test.ts checks the bytes. Here both engines show the
 * same frames (plain text, a display tick's digit, glyph codes, text the ROM shows otherwise), then the same display
 * ticks written as cells (`write`), and every I²C write must be the same byte for byte. The drivers are bundled by the firmware's own pipeline and run from Storage.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runVirtual, virtualBoard } from '../../sim/espruino/virtual-time';
import { failureLines } from '../../sim/espruino/interpreter';
import { createHd44780 } from '../../hal/espruino/hd44780';
import { createPcf8574Lcd } from '../../hal/espruino/pcf8574';
import { createFakeTimers, fakeNativeBytes } from '../hal/fakes';
import { describeOnEspruino, GAME_TIMEOUT_MS } from './support';

jest.setTimeout(GAME_TIMEOUT_MS);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pipeline = require('../../scripts/bundle-config.cjs') as {
  buildBundle(name: string, options: object): Promise<{ code: string }>;
};

const ROOT = path.resolve(__dirname, '..', '..');

/** Frames as the firmware shows them, and a few it never does (UTF-8, Latin-1, short and long lines). */
const LCD_FRAMES: string[][] = [
  ['1:00:00  1:00:00', 'B first        W'],
  ['59:59   \x00  59:59', '#0     \x00\x00    #0'],
  ['59:58   \x00  59:59', '#0     \x00\x00    #0'],
  ['59:57   \x00  59:59', '#0     \x00\x00    #0'],
  ['59:50   \x00  59:59', '#0     \x00\x00    #0'],
  ['59:49   \x00  59:59', '#0     \x00\x00    #0'],
  ['59:49  \x01   59:58', '#1      \x01    #0'],
  ['\x04 0:09.9 \x01 \x04 0:30', '3x #1   \x01  5x #0'],
  ['3\xc3\x9730s \xb0 \xe2\x86\x92', 'x\\~\x7f\x08'],
  ['short', ''],
  ['a line longer than sixteen cells', 'B first        W'],
];

/** Then display ticks, each a cell written (`write`: row, column, cells), and one with cells the ROM shows otherwise. */
const LCD_WRITES: [number, number, string][] = [
  [0, 0, '59:48  '],
  [0, 0, '59:47  '],
  [0, 11, '\x04 0:29'],
  [0, 11, '\x04 0:29'],
  [1, 3, 'a\\b~'],
];

/** Each I²C write of the LCD showing LCD_FRAMES after its init, then making LCD_WRITES, as "address: bytes" in hex. */
function v8Writes(): string[] {
  const writes: string[] = [];
  const timers = createFakeTimers(0);
  const i2c = {
    writeTo(address: number, data: number[] | Uint8Array) {
      writes.push(address.toString(16) + ': ' + Array.from(data, (b) => (b < 16 ? '0' : '') + b.toString(16)).join(' '));
    },
    readFrom: () => new Uint8Array(0),
  };
  const lcd = createHd44780({ bus: createPcf8574Lcd({ i2c: i2c, address: 0x27, native: fakeNativeBytes() }), columns: 16, rows: 2, setTimeout: timers.setTimeout });
  lcd.defineGlyph(1, [1, 2, 3, 4, 5, 6, 7, 8]);
  lcd.show(LCD_FRAMES[0]);
  timers.advance(20);
  for (const frame of LCD_FRAMES.slice(1)) lcd.show(frame);
  for (const w of LCD_WRITES) lcd.write(w[0], w[1], w[2]);
  return writes;
}

/** The same on the interpreter: the drivers bundled, stored as `.bootcde`, run on virtual time. */
async function interpreterWrites(): Promise<string[]> {
  const entry =
    'import { createHd44780 } from ' + JSON.stringify(path.join(ROOT, 'hal', 'espruino', 'hd44780.ts')) + ';\n' +
    'import { createPcf8574Lcd } from ' + JSON.stringify(path.join(ROOT, 'hal', 'espruino', 'pcf8574.ts')) + ';\n' +
    'var i2c = { writeTo: function (address, data) { var t = []; for (var i = 0; i < data.length; i++) t.push((data[i] < 16 ? "0" : "") + data[i].toString(16));' +
    ' print("@W " + address.toString(16) + ": " + t.join(" ")); } };\n' +
    'global.RUN = function (frames, cells) {\n' +
    '  var lcd = createHd44780({ bus: createPcf8574Lcd({ i2c: i2c, address: 0x27, native: E }), columns: 16, rows: 2, setTimeout: setTimeout });\n' +
    '  lcd.defineGlyph(1, [1, 2, 3, 4, 5, 6, 7, 8]);\n' +
    '  lcd.show(frames[0]);\n' +
    '  VT.run(20);\n' +
    '  for (var i = 1; i < frames.length; i++) lcd.show(frames[i]);\n' +
    '  for (var j = 0; j < cells.length; j++) lcd.write(cells[j][0], cells[j][1], cells[j][2]);\n' +
    '};\n';
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-drivers-')), 'drivers.js');
  const built = await pipeline.buildBundle('drivers', { entrySource: entry, file: out, onSize: () => undefined, onWarnings: () => undefined });
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const dir = await virtualBoard(null, { scripts: { '.bootcde': built.code } });
  try {
    // Byte strings as Espruino has them: each character one byte, written with escapes.
    const frames = '[' + LCD_FRAMES.map((f) => '[' + f.map((line) => '"' + Array.from(line, (c) => '\\x' + c.charCodeAt(0).toString(16).padStart(2, '0')).join('') + '"').join(',') + ']').join(',') + ']';
    const run = await runVirtual(dir, 'RUN(' + frames + ',' + JSON.stringify(LCD_WRITES) + ')');
    expect(failureLines(run.output)).toEqual([]);
    return run.output.split('\n').filter((line) => line.startsWith('@W ')).map((line) => line.slice(3).trim());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describeOnEspruino('the display drivers on the interpreter', () => {
  it('the HD44780 on its PCF8574 backpack writes the same bytes as in V8, frame after frame', async () => {
    const expected = v8Writes();
    expect(expected.length).toBeGreaterThan(20);
    expect(await interpreterWrites()).toEqual(expected);
  });
});
