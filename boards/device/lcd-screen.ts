/** A board's HD44780 character LCD behind a PCF8574 I²C backpack, with the LCD layout. */
import { ScreenMaker } from './board-screen';
import { createHd44780 } from '../../hal/espruino/hd44780';
import { createPcf8574Lcd } from '../../hal/espruino/pcf8574';
import { lcdLayout } from '../../firmware/display/render-lcd';

export const lcdScreen: ScreenMaker = (board, env) => {
  const spec = board.display;
  if (spec.kind !== 'hd44780-pcf8574') throw new Error('board ' + board.name + ' has no HD44780 display');
  // The drivers are made in functions of their own (NOINLINE): written here by terser, their closures would hold this
  // function's scope, the board's data and the environment with it, for as long as the clock runs.
  const display = /*#__NOINLINE__*/ createHd44780({
    bus: /*#__NOINLINE__*/ createPcf8574Lcd({ i2c: env.I2C1, address: spec.address, native: env.E }),
    columns: spec.columns,
    rows: spec.rows,
    setTimeout: env.setTimeout,
  });
  return { display: display, layout: lcdLayout(display) };
};
