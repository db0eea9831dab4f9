/**
 * A display layout: how a Screen is drawn on one kind of display (the 16x2 character LCD, the 128x64 OLED). The
 * runtime gets its layout from its host, so a device bundle carries only its own display's layout (and the LCD
 * bundle no OLED font, the OLED bundle no LCD layout); hosts that can show either (simulators, tests) pick one with
 * `layoutFor` (firmware/display/layouts.ts).
 */
import { Side } from '../clock/side';
import { SideView } from './view';
import { Screen } from './screen';

export interface Layout {
  /** Characters per menu row (the menu's lines are cut to this). */
  menuColumns: number;
  /** Draws the whole screen. */
  draw(screen: Screen): void;
  /**
   * A display tick: only `side`'s shown time has changed since the last `draw` (the running side's second or tenth,
   * in a quiet stretch of its turn, see `Runtime`): draws that side's time again, and what depends on it alone (the
   * 14.3 mark), leaving everything else as it was. The result is what `draw` would draw with `shown` in the screen.
   */
  drawTime(side: Side, shown: SideView): void;
}
