/**
 * The arbiter's console API on the real interpreter (espruino-12k, the console board's bundle booted from Storage):
 * `goclock` reads openly; every changing call is refused without the arbiter's code, with a wrong one, and after a
 * reboot; with it, a +2:00 reaches the clock and the display. The board runs on virtual time (`virtualConsole`): its
 * clock stands still while the test calls, so what a call reads does not depend on how busy the machine is.
 */
import { VirtualConsoleBoard } from '../../sim/espruino/virtual-time';
import { Hands } from '../../sim/hands';
import { settingsFor } from './twin';
import { describeOnEspruino, GAME_TIMEOUT_MS, virtualConsole } from './support';
import { LOCKED } from '../../firmware/runtime/console-api';

jest.setTimeout(3 * GAME_TIMEOUT_MS);

const call = async (board: VirtualConsoleBoard, expression: string) => JSON.parse(await board.evaluate('JSON.stringify(' + expression + ')'));

const CHANGES = [
  'goclock.adjust({side: "white", deltaMs: 120000})',
  'goclock.pause()',
  'goclock.resume()',
  'goclock.newGame()',
  'goclock.setControl({system: "absolute", mainMs: 300000})',
];

describeOnEspruino('the console API on the interpreter', () => {
  it('reads openly, refuses every change without the code, with a wrong code and after a reboot; with it, +2:00 is given', async () => {
    const settings = Object.assign(settingsFor({ system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 }), { arbiterCode: '2468' });
    const board = await virtualConsole({ settingsText: JSON.stringify(settings) });
    try {
      await board.play(new Hands().wait(300).tap('right').wait(1200).tap('left').wait(400), 60000);
      const status = await call(board, 'goclock.status()');
      expect(status).toMatchObject({ v: 1, state: 'running', running: 'white', controlText: '10 min + 3x30 s', unlocked: false });
      expect(status.sides.black.moves).toBe(1);
      const before = status.sides.white.remainingMs;
      for (const change of CHANGES) expect(await call(board, change)).toEqual({ error: LOCKED });
      expect(await call(board, 'goclock.unlock("1111")')).toEqual({ error: 'wrong code' });
      for (const change of CHANGES) expect(await call(board, change)).toEqual({ error: LOCKED });
      expect((await call(board, 'goclock.status()')).state).toBe('running');

      expect(await call(board, 'goclock.unlock("2468")')).toEqual({ ok: true });
      expect(await call(board, 'goclock.adjust({side: "white", deltaMs: 120000})')).toEqual({ ok: true });
      const after = await call(board, 'goclock.status()');
      expect(after.sides.white.remainingMs).toBe(before + 120000); // the clock stood still between the calls
      expect(after.unlocked).toBe(true);
      expect((await call(board, 'goclock.log(0, 1)')).entries[0].kind).toBe('adjust');
      await board.wait(1200);
      // White's 10:00 + 2:00, less the seconds run, on White's (right) half of the display.
      expect(board.transcript().slice(-1)[0].split('\n')[0]).toMatch(/ 11:5\d$/);

      await board.reboot();
      await board.wait(500);
      for (const change of CHANGES) expect(await call(board, change)).toEqual({ error: LOCKED });
      expect((await call(board, 'goclock.status()')).unlocked).toBe(false);
      expect(board.failures()).toEqual([]);
    } finally {
      await board.stop();
    }
  });

  it("the console's resume with the menu open: the running clock is shown, and the next press is a move", async () => {
    const settings = Object.assign(settingsFor({ system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 }), { arbiterCode: '2468' });
    const board = await virtualConsole({ settingsText: JSON.stringify(settings) });
    try {
      // White to move; both held 4 s pause the game and open the menu.
      await board.play(new Hands().tap('right').wait(1250).tap('left').wait(1050).both(4100).wait(500), 60000);
      expect(await call(board, 'goclock.status()')).toMatchObject({ state: 'paused', toMove: 'white' });
      const menuFrame = board.transcript().slice(-1)[0];
      expect(menuFrame).not.toMatch(/\d:\d\d/);
      expect(await call(board, 'goclock.unlock("2468")')).toEqual({ ok: true });
      expect(await call(board, 'goclock.resume()')).toEqual({ ok: true });
      const resumed = await call(board, 'goclock.status()');
      expect(resumed).toMatchObject({ state: 'running', running: 'white' });
      await board.play(new Hands().wait(1500).tap('right').wait(500), 60000);
      const after = await call(board, 'goclock.status()');
      // White's press was White's move, charged the 1.5 s it ran (not swallowed by the menu): Black runs now.
      expect(after).toMatchObject({ state: 'running', running: 'black' });
      expect(after.sides.white.moves).toBe(resumed.sides.white.moves + 1);
      expect(resumed.sides.white.remainingMs - after.sides.white.remainingMs).toBeGreaterThanOrEqual(1500);
      expect(resumed.sides.white.remainingMs - after.sides.white.remainingMs).toBeLessThan(1600);
      // The display shows the clock again, not the menu.
      expect(board.transcript().slice(-1)[0].split('\n')[0]).toMatch(/\d:\d\d/);
      expect(board.failures()).toEqual([]);
    } finally {
      await board.stop();
    }
  });
});
