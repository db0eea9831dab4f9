/**
 * The OLED layout's `draw` draws a screen whole only after the menu: otherwise each region (a tab, a time, the line
 * below it, the battery, the bottom line) only where what it shows changed (firmware/display/render-oled.ts
 * `drawClock`). Whatever was drawn before, the frame after a `draw` must be exactly the one drawing the screen whole
 * gives: checked pixel for pixel after every golden frame drawn over every other, and through whole games screen after
 * screen with hints, notices, the battery and the menu coming and going, each followed by a display tick.
 */
import { oledLayout, renderOled } from '../../firmware/display/render-oled';
import { renderLcd } from '../../firmware/display/render-lcd';
import { Screen } from '../../firmware/display/screen';
import { SideView } from '../../firmware/display/view';
import { runTimes } from '../../firmware/clock/side-clock';
import { GraphicsDisplay } from '../../hal/hal';
import { SimCanvas } from '../../sim/canvas';
import { frames, sweepScreens } from './frames';

function layoutOn(canvas: SimCanvas) {
  const display: GraphicsDisplay = { kind: 'graphics', canvas: canvas, flip: () => undefined };
  return oledLayout(display);
}

function wholeText(screen: Screen): string {
  const whole = new SimCanvas(128, 64);
  renderOled(whole, screen);
  return whole.toText();
}

describe('an OLED draw over what was drawn leaves the frame a whole render would', () => {
  it('for every golden frame drawn over every other (the same left side)', () => {
    const screens = frames().map((f) => f.screen);
    let checked = 0;
    for (const before of screens) {
      for (const after of screens) {
        for (const left of ['black', 'white'] as const) {
          const canvas = new SimCanvas(128, 64);
          const layout = layoutOn(canvas);
          layout.draw(Object.assign({}, before, { leftSide: left }));
          const next: Screen = Object.assign({}, after, { leftSide: left });
          layout.draw(next);
          expect(canvas.toText()).toEqual(wholeText(next));
          checked++;
        }
      }
    }
    expect(checked).toBe(screens.length * screens.length * 2);
  });

  it('through whole games, screen after screen, with hints, notices, the battery and the menu, and ticks between', () => {
    const all = sweepScreens();
    let draws = 0;
    let ticks = 0;
    for (const left of ['black', 'white'] as const) {
      const canvas = new SimCanvas(128, 64);
      const layout = layoutOn(canvas);
      const sequence = all.filter((s) => s.leftSide === left);
      sequence.forEach((screen, i) => {
        const extra: Partial<Screen> = {};
        if (i % 7 === 3) extra.hint = i % 2 ? 'resume >>>' : 'menu >';
        else if (i % 11 === 5) extra.notice = i % 2 ? 'game restored' : 'paused by W';
        if (i % 97 === 50) extra.menu = ['Time control', '60m + 5x30s'];
        if (i % 13 === 0) extra.batteryPercent = 5;
        const shown: Screen = Object.assign({}, screen, extra);
        layout.draw(shown);
        expect(canvas.toText()).toEqual(wholeText(shown));
        draws++;
        // A display tick of the running side a little later, as the runtime makes one after a clock's draw.
        const running = shown.view.running;
        if (running === null || shown.menu || shown.hint || shown.notice) return;
        const ticked: SideView = Object.assign({}, shown.view.sides[running]);
        runTimes(shown.view.sides[running] as never, 1000, ticked);
        layout.drawTime(running, ticked);
        const sides = Object.assign({}, shown.view.sides, { [running]: ticked });
        const next: Screen = Object.assign({}, shown, { view: Object.assign({}, shown.view, { sides: sides }) });
        // Only a tick's screen: one whose line below the times did not change (the runtime ticks only until the
        // state's next boundary: the LCD's second row says so, as in oled-ticks.test.ts).
        if (renderLcd(next, 16, 2)[1] === renderLcd(shown, 16, 2)[1]) {
          expect(canvas.toText()).toEqual(wholeText(next));
          ticks++;
        }
        layout.draw(shown);
      });
    }
    expect(draws).toBeGreaterThan(1000);
    expect(ticks).toBeGreaterThan(500);
  });
});
