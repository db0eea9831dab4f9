/**
 * Display ticks (firmware/runtime/runtime.ts `tickTime`): most wake-ups redraw only the running side's time, from its clock
 * alone. That must never show anything else than drawing the whole screen would: after every wake-up of random games
 * (every time system, time odds, options, chords, menu walks, long waits), on the LCD and on the OLED, what the
 * display shows is exactly a whole render of the runtime's screen at that instant. And the ticks do happen.
 */
import fc from 'fast-check';
import { startRuntime, Runtime } from '../../firmware/runtime/runtime';
import { Layout } from '../../firmware/display/layout';
import { lcdLayout, renderLcd } from '../../firmware/display/render-lcd';
import { oledLayout, renderOled } from '../../firmware/display/render-oled';
import { GraphicsDisplay } from '../../hal/hal';
import { SimCanvas } from '../../sim/canvas';
import { createVirtualHal, MemoryStorage, VirtualHal } from '../../sim/virtual-hal';
import { setupArb, storageWith } from '../fuzz/harness';
import { describeSteps, Step, streamArb } from '../fuzz/streams';

const SCALE = Number(process.env.PROPS_SCALE || 1);

/** The layout with its display ticks counted. */
function counted(layout: Layout, ticks: { n: number }): Layout {
  return {
    menuColumns: layout.menuColumns,
    draw: (screen) => layout.draw(screen),
    drawTime: (side, shown) => {
      ticks.n++;
      layout.drawTime(side, shown);
    },
  };
}

/** Runs `steps` with `check` after every wake-up of the runtime's timer and every edge. */
function play(hal: VirtualHal, steps: Step[], check: (where: string) => void): void {
  const start = hal.timer.start;
  hal.timer.start = (atMs, onFire) => start(atMs, () => {
    onFire();
    check('the wake-up at ' + hal.nowMs());
  });
  let t = 1000;
  for (const step of steps) {
    if (step.k === 'w') {
      t += step.ms;
      hal.advanceTo(t);
    } else {
      t += step.gap;
      hal.advanceTo(t);
      hal.edge(step.b, step.down);
      check('the edge at ' + t);
    }
  }
  hal.advanceTo(t + 70000);
}

describe('a display tick draws exactly what a whole render would', () => {
  test('on the 16x2 LCD', () => {
    const ticks = { n: 0 };
    fc.assert(
      fc.property(setupArb, streamArb(25), (setup, steps) => {
        const hal = createVirtualHal({ storage: storageWith(new MemoryStorage(), setup) });
        const runtime: Runtime = startRuntime(hal, { layout: counted(lcdLayout(hal.display), ticks) });
        play(hal, steps, (where) => {
          const whole = renderLcd(runtime.screen(), 16, 2);
          if (hal.display.lines.join('|') !== whole.join('|')) {
            throw new Error('after ' + where + ' the LCD shows ' + JSON.stringify(hal.display.lines) + ', a whole render ' + JSON.stringify(whole) + '\n' + describeSteps(steps));
          }
        });
      }),
      { numRuns: Math.round(150 * SCALE), seed: 20261201 },
    );
    expect(ticks.n).toBeGreaterThan(1000);
  });

  test('on the 128x64 OLED', () => {
    const ticks = { n: 0 };
    fc.assert(
      fc.property(setupArb, streamArb(20), (setup, steps) => {
        const hal = createVirtualHal({ storage: storageWith(new MemoryStorage(), setup) });
        const canvas = new SimCanvas(128, 64);
        const display: GraphicsDisplay = { kind: 'graphics', canvas: canvas, flip: () => undefined };
        Object.assign(hal, { display: display });
        const runtime: Runtime = startRuntime(hal, { layout: counted(oledLayout(display), ticks) });
        play(hal, steps, (where) => {
          const whole = new SimCanvas(128, 64);
          renderOled(whole, runtime.screen());
          if (canvas.toText() !== whole.toText()) {
            throw new Error('after ' + where + ' the OLED shows\n' + canvas.toText() + '\na whole render\n' + whole.toText() + '\n' + describeSteps(steps));
          }
        });
      }),
      { numRuns: Math.round(60 * SCALE), seed: 20261202 },
    );
    expect(ticks.n).toBeGreaterThan(300);
  });
});
