/**
 * The 128x64 OLED layout: every state against its golden frame (test/display/golden/<state>.txt, "#" lit), drawn
 * on the simulator canvas that follows Espruino's Graphics; and the rules every frame keeps, on whole games.
 * `UPDATE_GOLDEN=1 npx jest test/display` rewrites the golden frames (then look at them before committing).
 */
import { renderOled } from '../../firmware/display/render-oled';
import { Screen } from '../../firmware/display/screen';
import { createSsd1306 } from '../../hal/espruino/ssd1306';
import { SimCanvas } from '../../sim/canvas';
import { createRecordingBus } from '../hal/fakes';
import { expectGolden } from './golden';
import { frames, sweepScreens } from './frames';

function draw(screen: Screen): SimCanvas {
  const canvas = new SimCanvas(128, 64);
  renderOled(canvas, screen);
  return canvas;
}

describe('the 128x64 OLED, state by state (golden frames)', () => {
  test.each(frames().map((f) => [f.name, f.about, f]))('%s (%s)', (name, about, frame) => {
    const canvas = draw((frame as { screen: Screen }).screen);
    expectGolden(name + '.txt', '# ' + name + ': ' + about + '\n' + canvas.toText());
  });
});

describe('every OLED frame', () => {
  const screens = sweepScreens().filter((s, i) => i % 3 === 0);

  test('lights the running side\'s tab, and only it; paused, outlines the side that resumes', () => {
    const bad: string[] = [];
    for (const screen of screens) {
      if (screen.menu) continue;
      const canvas = draw(screen);
      const v = screen.view;
      // Pixel (1, 1) inside each tab is lit only when the whole tab is; its corner (0, 0) also when it is outlined.
      const tabs = [
        { side: screen.leftSide, inside: canvas.getPixel(1, 1), corner: canvas.getPixel(0, 0) },
        { side: screen.leftSide === 'black' ? 'white' : 'black', inside: canvas.getPixel(71, 1), corner: canvas.getPixel(70, 0) },
      ];
      for (const tab of tabs) {
        const running = v.status === 'running' && v.running === tab.side;
        const resumes = v.status === 'paused' && v.toMove === tab.side;
        if (tab.inside !== (running ? 1 : 0) || tab.corner !== (running || resumes ? 1 : 0)) {
          bad.push(v.status + ' ' + v.running + ' ' + tab.side);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  test('stays cheap (a bounded number of drawing calls) and draws 7-bit text only, after selecting our font', () => {
    let most = 0;
    const badText: string[] = [];
    for (const screen of screens) {
      const canvas = new SimCanvas(128, 64);
      let calls = 0;
      const counted = {
        getWidth: () => canvas.getWidth(),
        getHeight: () => canvas.getHeight(),
        clear: () => { calls++; canvas.clear(); },
        setColor: (c: number) => { calls++; canvas.setColor(c); },
        fillRect: (a: number, b: number, c: number, d: number) => { calls++; canvas.fillRect(a, b, c, d); },
        drawRect: (a: number, b: number, c: number, d: number) => { calls++; canvas.drawRect(a, b, c, d); },
        setFontCustom: (a: string, b: number, c: string, d: number) => { calls++; canvas.setFontCustom(a, b, c, d); },
        drawString: (t: string, x: number, y: number) => {
          calls++;
          if (/[^\x18-\x1f\x20-\x7e]/.test(t)) badText.push(JSON.stringify(t));
          canvas.drawString(t, x, y);
        },
        stringWidth: (t: string) => { calls++; return canvas.stringWidth(t); },
      };
      renderOled(counted, screen);
      most = Math.max(most, calls);
    }
    expect(most).toBeLessThan(150);
    expect(badText).toEqual([]);
  });
});

describe('the frame is the bytes the SSD1306 receives', () => {
  test('the driver sends the simulator canvas buffer page by page, unchanged', () => {
    const canvas = draw(frames()[1].screen);
    const bus = createRecordingBus();
    const display = createSsd1306({
      i2c: bus,
      address: 0x3c,
      // Espruino's Graphics has `buffer` as an ArrayBuffer; ours is a Uint8Array view of one.
      canvas: Object.assign(Object.create(canvas), { buffer: canvas.buffer.buffer as ArrayBuffer }),
      width: 128,
      height: 64,
    });
    bus.clear();
    display.flip();
    const sent: number[] = [];
    for (const write of bus.writes) if (write.bytes[0] === 0x40) sent.push(...write.bytes.slice(1));
    expect(sent).toEqual(Array.from(canvas.buffer));
    expect(sent.some((byte) => byte !== 0)).toBe(true);
  });
});
