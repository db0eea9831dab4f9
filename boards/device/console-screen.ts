/** The console board's display: each changed frame printed on the console, with the LCD layout. */
import { ScreenMaker } from './board-screen';
import { createConsoleDisplay } from '../../hal/espruino/console-display';
import { lcdLayout } from '../../firmware/display/render-lcd';

export const consoleScreen: ScreenMaker = (board, env) => {
  const spec = board.display;
  if (spec.kind !== 'console') throw new Error('board ' + board.name + ' has no console display');
  const display = createConsoleDisplay({ print: env.print, columns: spec.columns, rows: spec.rows });
  return { display: display, layout: lcdLayout(display) };
};
