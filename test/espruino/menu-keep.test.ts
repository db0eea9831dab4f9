/**
 * The menu's mid-game control change on the real interpreter (espruino-12k, the console board booted from Storage):
 * after the new control, "Keep times?" — keep leaves White the +2:00 just given, afresh starts both on the new control.
 * What it prints must be what the same firmware prints in V8 (`playChecked`). And the JsVars after boot, measured as
 * the README's figures are (process.memory().usage 1.5 s after boot from Storage, espruino-12k).
 */
import * as fs from 'fs';
import { Hands } from '../../sim/hands';
import { flashImage, freshBoard } from '../../sim/espruino/flash-image';
import { Interpreter } from '../../sim/espruino/interpreter';
import { describeOnEspruino, framesOf, GAME_TIMEOUT_MS, playChecked } from './support';

jest.setTimeout(GAME_TIMEOUT_MS);

const BYOYOMI = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 } as const;
const last = (transcript: string[]) => framesOf(transcript)[framesOf(transcript).length - 1];

/** White starts, Black moves after 1.2 s, White thinks; the menu: +2:00 White, then Abs 60m for both sides. */
function changeMidGame(keep: boolean): Hands {
  const hands = new Hands().tap('right').wait(1250).tap('left').wait(1050).both(4100);
  hands.tap('left').tap('right'); // +2:00 White, the cursor back on Resume
  for (let i = 0; i < 9; i++) hands.tap('left'); // Change control
  hands.tap('right').tap('right'); // Preset
  for (let i = 0; i < 4; i++) hands.tap('left'); // Abs 5m … Abs 60m
  hands.tap('right').tap('right'); // Both sides: Keep times?
  if (!keep) hands.tap('left'); // Start afresh
  hands.tap('right').tap('right').wait(1250); // chosen; Resume
  return hands;
}

describeOnEspruino('a control changed mid-game on the interpreter: keep times or start afresh', () => {
  it('keep: each side keeps its time (White its +2:00) under Abs 60m', async () => {
    const out = await playChecked(BYOYOMI, changeMidGame(true));
    const frames = framesOf(out);
    expect(frames).toContain('Keep times      \nKeep times?  1/2');
    expect(frames.some((f) => /^Resume {10}\nNow Abs 60m/.test(f))).toBe(true);
    expect(last(out)).toMatch(/^0:59 .* 2:5\d\n/);
  });

  it('afresh: both start 60 minutes', async () => {
    const out = await playChecked(BYOYOMI, changeMidGame(false));
    expect(framesOf(out)).toContain('Start afresh    \nKeep times?  2/2');
    expect(last(out)).toMatch(/^1:00:00 .* 59:5\d\n|^1:00:00 .*1:00:00\n/);
  });

  test.each(['console', 'esp32-lcd1602', 'esp32-oled'])('JsVars after boot, %s (reported)', async (board) => {
    const image = await flashImage(board);
    const dir = freshBoard(image);
    const interpreter = Interpreter.boot({ dir: dir, pool: 'espruino-12k' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const memory = await interpreter.memory();
      // eslint-disable-next-line no-console
      console.log('JsVars after boot, ' + board + ': ' + memory.usage + ' of ' + memory.total);
      expect(memory.usage).toBeLessThan(6000);
      await interpreter.stop();
    } finally {
      interpreter.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
