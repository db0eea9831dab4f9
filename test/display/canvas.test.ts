/**
 * sim/canvas.ts follows Espruino's Graphics (1 bpp array buffer, vertical_byte) as its source implements it; these
 * cases pin the details the layouts rely on.
 */
import { SimCanvas } from '../../sim/canvas';

function lit(canvas: SimCanvas): string[] {
  const points: string[] = [];
  for (let y = 0; y < canvas.height; y++) for (let x = 0; x < canvas.width; x++) if (canvas.getPixel(x, y)) points.push(x + ',' + y);
  return points;
}

/** A 3-row font: "A" 2 columns (first column all lit, second only the middle), "B" 1 column (top only). */
function tinyFont(canvas: SimCanvas, height = 3): void {
  // Bits, column by column, top first, MSB first: A = 111 010, B = 100 -> 1110 1010 0000 0000
  canvas.setFontCustom('\xea\x00', 65, '\x02\x01', height);
}

describe('the simulator canvas draws what Espruino draws', () => {
  test('a new canvas: 128x64, all dark, drawing color 1', () => {
    const canvas = new SimCanvas();
    expect([canvas.getWidth(), canvas.getHeight(), canvas.buffer.length]).toEqual([128, 64, 1024]);
    expect(lit(canvas)).toEqual([]);
    canvas.fillRect(0, 0, 0, 0);
    expect(lit(canvas)).toEqual(['0,0']);
  });

  test('the buffer is vertical_byte: byte x + (y >> 3) * width, bit y & 7 (bit 0 on top)', () => {
    const canvas = new SimCanvas();
    canvas.fillRect(5, 0, 5, 0);
    canvas.fillRect(5, 7, 5, 7);
    canvas.fillRect(127, 63, 127, 63);
    canvas.fillRect(2, 9, 2, 9);
    expect(canvas.buffer[5]).toBe(0x81);
    expect(canvas.buffer[127 + 7 * 128]).toBe(0x80);
    expect(canvas.buffer[2 + 128]).toBe(0x02);
  });

  test('fillRect: corners inclusive, in either order, clipped to the screen', () => {
    const canvas = new SimCanvas(8, 8);
    canvas.fillRect(2, 3, 1, 2);
    expect(lit(canvas)).toEqual(['1,2', '2,2', '1,3', '2,3']);
    const clipped = new SimCanvas(8, 8);
    clipped.fillRect(-5, 6, 100, 100);
    expect(lit(clipped).length).toBe(16);
  });

  test('drawRect: a one-pixel outline including both corners', () => {
    const canvas = new SimCanvas(8, 8);
    canvas.drawRect(1, 1, 3, 3);
    expect(lit(canvas)).toEqual(['1,1', '2,1', '3,1', '1,2', '3,2', '1,3', '2,3', '3,3']);
  });

  test('setColor(0) draws dark, an integer is masked to the bit depth, a fraction is truncated', () => {
    const canvas = new SimCanvas(8, 8);
    canvas.fillRect(0, 0, 7, 7);
    canvas.setColor(0);
    canvas.fillRect(1, 1, 6, 6);
    canvas.setColor(2); // 2 & 1 = 0
    canvas.fillRect(0, 0, 0, 0);
    canvas.setColor(1.9); // 1
    canvas.fillRect(3, 3, 3, 3);
    expect(lit(canvas).length).toBe(64 - 36 - 1 + 1);
    expect(canvas.getPixel(0, 0)).toBe(0);
    expect(canvas.getPixel(3, 3)).toBe(1);
  });

  test('clear() darkens everything and keeps color and font', () => {
    const canvas = new SimCanvas(8, 8);
    tinyFont(canvas);
    canvas.fillRect(0, 0, 7, 7);
    canvas.clear();
    expect(lit(canvas)).toEqual([]);
    canvas.drawString('B', 0, 0);
    expect(lit(canvas)).toEqual(['0,0']);
  });

  test('setFontCustom: columns of `height` bits, most significant first, glyphs back to back', () => {
    const canvas = new SimCanvas(8, 8);
    tinyFont(canvas);
    canvas.drawString('AB', 1, 2);
    expect(lit(canvas)).toEqual(['1,2', '3,2', '1,3', '2,3', '1,4']);
    expect(canvas.stringWidth('AB')).toBe(3);
    expect(canvas.stringWidth('ABA')).toBe(5);
  });

  test('a glyph may start in the middle of a byte (bit offset = columns before it x height)', () => {
    const canvas = new SimCanvas(8, 8);
    // height 5: "A" 1 column 10101, "B" 2 columns 11111 00001 -> bits 10101 11111 00001 + pad
    canvas.setFontCustom('\xaf\xc2', 65, '\x01\x02', 5);
    canvas.drawString('B', 0, 0);
    expect(lit(canvas)).toEqual(['0,0', '0,1', '0,2', '0,3', '0,4', '1,4']);
  });

  test('scale (height bits 8-15): every bit becomes a scale x scale square, advances scale', () => {
    const canvas = new SimCanvas(8, 8);
    tinyFont(canvas, 3 | (2 << 8));
    canvas.drawString('B', 0, 0);
    expect(lit(canvas)).toEqual(['0,0', '1,0', '0,1', '1,1']);
    expect(canvas.stringWidth('AB')).toBe(6);
  });

  test('characters below firstChar or past the widths have no width and draw nothing', () => {
    const canvas = new SimCanvas(8, 8);
    tinyFont(canvas);
    canvas.drawString(' @CB', 0, 0);
    expect(lit(canvas)).toEqual(['0,0']);
    expect(canvas.stringWidth(' @C')).toBe(0);
  });

  test('a glyph starting in the last column is not drawn (Espruino culls x >= maxX), one before it is clipped', () => {
    const canvas = new SimCanvas(8, 8);
    tinyFont(canvas);
    canvas.drawString('A', 7, 0);
    expect(lit(canvas)).toEqual([]);
    canvas.drawString('A', 6, 0);
    expect(lit(canvas)).toEqual(['6,0', '6,1', '7,1', '6,2']);
  });

  test('glyphs partly off the left or top edge are clipped, not dropped', () => {
    const canvas = new SimCanvas(8, 8);
    tinyFont(canvas);
    canvas.drawString('A', -1, -1);
    expect(lit(canvas)).toEqual(['0,0']);
  });

  test('"\\n" returns to the starting x one font height lower; stringWidth is the widest line', () => {
    const canvas = new SimCanvas(8, 8);
    tinyFont(canvas);
    canvas.drawString('B\nB', 2, 0);
    expect(lit(canvas)).toEqual(['2,0', '2,3']);
    expect(canvas.stringWidth('AA\nB')).toBe(4);
  });

  test('drawing text before setFontCustom, or an inline image, fails instead of guessing', () => {
    const canvas = new SimCanvas();
    expect(() => canvas.drawString('A', 0, 0)).toThrow(/setFontCustom/);
    tinyFont(canvas);
    expect(() => canvas.drawString('\0A', 0, 0)).toThrow(/inline images/);
  });

  test('toText: one line per row, "#" lit', () => {
    const canvas = new SimCanvas(4, 2);
    canvas.fillRect(1, 1, 2, 1);
    expect(canvas.toText()).toBe('....\n.##.\n');
  });
});
