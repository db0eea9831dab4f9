/**
 * What a board shows its screens on: the display driver for its display and the layout that draws on it. Each kind
 * has its own module (lcd-screen.ts, oled-screen.ts, console-screen.ts) and a board's bundle imports only its own
 * (scripts/bundle-config.cjs picks it from the board's display kind), so the LCD bundle carries no OLED font or
 * layout, and the OLED bundle no LCD layout.
 */
import { Board } from '../board';
import { Display } from '../../hal/hal';
import { Layout } from '../../firmware/display/layout';
import { EspruinoEnv } from '../../hal/espruino/env';

export interface BoardScreen {
  display: Display;
  layout: Layout;
}

export type ScreenMaker = (board: Board, env: EspruinoEnv) => BoardScreen;
