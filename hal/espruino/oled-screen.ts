/** A board's SSD1306 128×64 OLED on I²C, drawn with Espruino's `Graphics`, with the OLED layout. */
import { ScreenMaker } from './board-screen';
import { createSsd1306 } from './ssd1306';
import { oledLayout } from '../../firmware/render-oled';

export const oledScreen: ScreenMaker = (board, env) => {
  const spec = board.display;
  if (spec.kind !== 'ssd1306') throw new Error('board ' + board.name + ' has no SSD1306 display');
  const display = createSsd1306({
    i2c: env.I2C1,
    address: spec.address,
    canvas: env.Graphics.createArrayBuffer(spec.width, spec.height, 1, { vertical_byte: true }),
    width: spec.width,
    height: spec.height,
    checksum: (bytes) => env.E.CRC32(bytes),
  });
  return { display: display, layout: oledLayout(display) };
};
