/**
 * The OLED layout's display tick (`drawTime`) draws only what the new time changed: the changed digits' cells, or
 * the running half whole (see firmware/display/render-oled.ts `oledLayout`). Whatever the state drawn (main time,
 * the last 5 minutes, periods, tenths, hours, days, the break, a delay, a fallen flag counting up), every tick after
 * it, tick after tick, must leave exactly the frame that drawing the whole screen with the ticked time would: checked
 * here pixel for pixel for the screens of the golden frames and of whole games, each run on as the runtime runs a
 * display tick (the runner's clock alone, `runTimes`), on both sides.
 */
import { oledLayout, renderOled } from '../../firmware/display/render-oled';
import { renderLcd } from '../../firmware/display/render-lcd';
import { Screen } from '../../firmware/display/screen';
import { SideView } from '../../firmware/display/view';
import { runTimes } from '../../firmware/clock/side-clock';
import { GraphicsDisplay } from '../../hal/hal';
import { SimCanvas } from '../../sim/canvas';
import { frames, sweepScreens } from './frames';

/** Ticks a second apart, across a minute, tenths across the last 10 s, and the LCD test's long steps. */
function elapsedSteps(): number[] {
  const steps = [1, 7, 99, 100, 101, 999, 1000, 1001, 2500, 9000, 10001, 59999, 60000, 180000, 299999, 300001, 3600000, 86400000];
  for (let ms = 1500; ms < 75000; ms += 1000) steps.push(ms);
  for (let ms = 5000; ms < 16000; ms += 100) steps.push(ms);
  return steps.filter((ms, i) => steps.indexOf(ms) === i).sort((a, b) => a - b);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

function withSide(screen: Screen, side: 'black' | 'white', shown: SideView): Screen {
  const sides = Object.assign({}, screen.view.sides, { [side]: shown });
  return Object.assign({}, screen, { view: Object.assign({}, screen.view, { sides: sides }) });
}

describe('an OLED display tick leaves the frame a whole render would', () => {
  it('for every screen of the golden frames and the games, ticked on tick after tick', () => {
    const steps = elapsedSteps();
    let ticks = 0;
    let flips = 0;
    const running = sweepScreens().filter((s) => s.view.running !== null && !s.menu && !s.hint && !s.notice);
    const screens = frames().map((f) => f.screen).concat(running.filter((s, i) => i % 40 === 0));
    for (const screen of screens) {
      for (const leftSide of ['black', 'white'] as const) {
        const running = screen.view.running;
        if (running === null || screen.menu || screen.hint || screen.notice) continue;
        const drawn: Screen = Object.assign({}, screen, { leftSide: leftSide });
        const canvas = new SimCanvas(128, 64);
        const display: GraphicsDisplay = { kind: 'graphics', canvas: canvas, flip: () => void flips++ };
        const layout = oledLayout(display);
        layout.draw(drawn);
        const firstInfo = renderLcd(drawn, 16, 2)[1];
        const committed = drawn.view.sides[running];
        for (const elapsed of steps) {
          const ticked: SideView = Object.assign({}, committed);
          runTimes(committed as never, elapsed, ticked);
          const next = withSide(drawn, running, ticked);
          // The runtime ticks only while nothing but the time changes (before the state's next boundary: the
          // break's end, a flag, a period): the LCD's second row says so, and a screen whose row changed is no
          // tick's; the ticks after it go on from the frame the layout has.
          layout.drawTime(running, ticked);
          if (renderLcd(next, 16, 2)[1] !== firstInfo) break;
          const whole = new SimCanvas(128, 64);
          renderOled(whole, next);
          if (!sameBytes(canvas.buffer, whole.buffer)) expect([elapsed, canvas.toText()]).toEqual([elapsed, whole.toText()]);
          ticks++;
        }
      }
    }
    expect(ticks).toBeGreaterThan(2000);
    expect(flips).toBeGreaterThan(0);
  });
});
