/**
 * The LCD layout's display tick (`drawTime`) takes a short way for what holds over a stretch of ticks (see
 * firmware/display/render-lcd.ts `lcdLayout`). Whatever the state drawn (main time, the last 5 minutes, periods,
 * tenths, hours, days, the break, a delay, a fallen flag counting up), every tick after it must show exactly what
 * drawing the whole screen with the ticked time would: checked here for the screens of the golden frames and of whole
 * games, each run on as the runtime runs a display tick (the runner's clock alone, `runTimes`), on both sides.
 * test/runtime/display-ticks.test.ts checks the same on random games through the runtime.
 */
import { lcdLayout, renderLcd } from '../../firmware/display/render-lcd';
import { Screen } from '../../firmware/display/screen';
import { SideView } from '../../firmware/display/view';
import { runTimes } from '../../firmware/clock/side-clock';
import { CharacterDisplay, withText } from '../../hal/hal';
import { sweepScreens } from './frames';

const ELAPSED = [1, 7, 99, 100, 101, 999, 1000, 1001, 2500, 9000, 10001, 59999, 60000, 180000, 299999, 300001, 3600000, 86400000];

function recording(): CharacterDisplay & { lines: string[] } {
  const display = {
    kind: 'character' as const,
    columns: 16,
    rows: 2,
    lines: [] as string[],
    defineGlyph: () => undefined,
    show: (lines: string[]) => {
      display.lines = lines.slice();
    },
    write: (row: number, column: number, text: string) => {
      display.lines = withText(display.lines, row, column, text);
    },
  };
  return display;
}

describe('an LCD display tick shows what a whole render would', () => {
  it('for every screen of the golden frames and the games, ticked on', () => {
    let ticks = 0;
    for (const screen of sweepScreens()) {
      for (const leftSide of ['black', 'white'] as const) {
        const running = screen.view.running;
        if (running === null || screen.menu || screen.hint || screen.notice) continue;
        const drawn: Screen = Object.assign({}, screen, { leftSide: leftSide });
        const display = recording();
        const layout = lcdLayout(display);
        layout.draw(drawn);
        const first = display.lines;
        const committed = drawn.view.sides[running];
        for (const elapsed of ELAPSED) {
          const ticked: SideView = Object.assign({}, committed);
          runTimes(committed as never, elapsed, ticked);
          layout.drawTime(running, ticked);
          const sides = Object.assign({}, drawn.view.sides, { [running]: ticked });
          const whole = renderLcd(Object.assign({}, drawn, { view: Object.assign({}, drawn.view, { sides: sides }) }), 16, 2);
          // The runtime ticks only while nothing but the time changes (before the state's next boundary: the
          // break's end, a flag, a period), so a render whose second row changed is not a tick's.
          if (whole[1] !== first[1]) continue;
          expect([elapsed, display.lines]).toEqual([elapsed, whole]);
          ticks++;
        }
      }
    }
    expect(ticks).toBeGreaterThan(500);
  });
});
