/** A board's SSD1306 128×64 OLED on I²C, drawn with Espruino's `Graphics`, with the OLED layout. */
import { ScreenMaker } from './board-screen';
import { BufferedCanvas, createSsd1306 } from '../../hal/espruino/ssd1306';
import { EspruinoGraphicsClass } from '../../hal/espruino/env';
import { oledLayout } from '../../firmware/display/render-oled';

/**
 * The frame buffer: 1 bit a pixel, a byte for 8 pixels of a column. msb false: bit 0 of each byte is the top row
 * of its page, as the SSD1306 wants; since 2v25 Espruino's default is the other way round (measured on 2v29: without
 * it each page is drawn upside down).
 */
export function createOledCanvas(graphics: EspruinoGraphicsClass, width: number, height: number): BufferedCanvas {
  return graphics.createArrayBuffer(width, height, 1, { vertical_byte: true, msb: false });
}

export const oledScreen: ScreenMaker = (board, env) => {
  const spec = board.display;
  if (spec.kind !== 'ssd1306') throw new Error('board ' + board.name + ' has no SSD1306 display');
  // The driver is made in a function of its own (NOINLINE), given Espruino's CRC32 itself: written here by terser, or
  // with a closure calling it, it would hold this function's scope, the board's data and the environment with it,
  // for as long as the clock runs (176 JsVars measured).
  const display = /*#__NOINLINE__*/ createSsd1306({
    i2c: env.I2C1,
    address: spec.address,
    canvas: createOledCanvas(env.Graphics, spec.width, spec.height),
    width: spec.width,
    height: spec.height,
    checksum: env.E.CRC32,
  });
  return { display: display, layout: oledLayout(display) };
};
