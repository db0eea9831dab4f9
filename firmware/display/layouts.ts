/**
 * The layout for whichever display a host has: the LCD layout on a character display, the OLED layout on a graphics
 * display. For hosts that may have either (the simulators, tests, benchmarks). A device bundle does not use this: it
 * names its display's layout itself, so that it carries only that one (hal/espruino/boot.ts).
 */
import { Display } from '../../hal/hal';
import { Layout } from './layout';
import { lcdLayout } from './render-lcd';
import { oledLayout } from './render-oled';

export function layoutFor(display: Display): Layout {
  return display.kind === 'character' ? lcdLayout(display) : oledLayout(display);
}
