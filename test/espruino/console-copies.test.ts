/**
 * On the real interpreter (espruino-12k, the console board booted from Storage, on virtual time): nothing `goclock`
 * answers is the clock's, and a getter or a prototype on what it is given cannot change a value between its check and
 * its use. test/console-api/copies.test.ts does the same in V8.
 */
import { VirtualConsoleBoard } from '../../sim/espruino/virtual-time';
import { Hands } from '../../sim/hands';
import { settingsFor } from './twin';
import { describeOnEspruino, GAME_TIMEOUT_MS, virtualConsole } from './support';
import { POISON } from './console-poison';

jest.setTimeout(3 * GAME_TIMEOUT_MS);

const call = async (board: VirtualConsoleBoard, expression: string) => JSON.parse(await board.evaluate('JSON.stringify(' + expression + ')'));

const CONTROL = { system: 'byoyomi' as const, mainMs: 600000, periods: 3, periodMs: 30000 };

describeOnEspruino('the console API on the interpreter: every answer a copy', () => {
  it('poisoned answers change nothing; the issue\'s exploit does not break New game; a getter is read once', async () => {
    const settings = Object.assign(settingsFor(CONTROL), { arbiterCode: '2468' });
    const board = await virtualConsole({ settingsText: JSON.stringify(settings) });
    try {
      await board.play(new Hands().wait(300).tap('right').wait(1200).tap('left').wait(400), 60000);
      await board.evaluate(POISON);
      const before = await call(board, 'goclock.status()');
      const answers = ['goclock.status()', 'goclock.log()', 'goclock.log(0,3)', 'goclock.presets()', 'goclock.unlock("1111")', 'goclock.lock()'];
      for (const answer of answers) await board.evaluate('poison(' + answer + ',0)');
      await board.evaluate('goclock.status().control.black.mainMs=-5');
      const after = await call(board, 'goclock.status()');
      expect(after).toEqual(before); // the board's time stands still between calls
      expect((await call(board, 'goclock.log()')).entries).toEqual((await call(board, 'goclock.log()')).entries);

      expect(await call(board, 'goclock.unlock("2468")')).toEqual({ ok: true });
      expect(await call(board, 'goclock.newGame()')).toEqual({ ok: true });
      expect(await call(board, 'goclock.status()')).toMatchObject({ state: 'ready', controlText: '10 min + 3x30 s', control: { black: CONTROL, white: CONTROL } });

      // A getter: the first read says 5 minutes, every later one -5.
      const getter = '(function(){var n=0,c={system:"absolute"};Object.defineProperty(c,"mainMs",{enumerable:true,get:function(){n++;return n>1?-5:300000;}});return c;})()';
      const set = await call(board, 'goclock.setControl(' + getter + ')');
      expect(set).toEqual({ ok: true });
      expect((await call(board, 'goclock.status()')).control).toEqual({ black: { system: 'absolute', mainMs: 300000 }, white: { system: 'absolute', mainMs: 300000 } });
      expect(await call(board, 'goclock.newGame()')).toEqual({ ok: true });
      // A prototype's fields are not the correction's; a function is not plain data.
      await board.play(new Hands().wait(300).tap('right').wait(500), 60000);
      const running = await call(board, 'goclock.status()');
      expect(await call(board, 'goclock.adjust(Object.create({side:"white",deltaMs:120000}))')).toHaveProperty('error');
      expect(await call(board, 'goclock.adjust({side:"white",deltaMs:120000,f:function(){}})')).toEqual({ error: expect.stringContaining('plain data') });
      expect((await call(board, 'goclock.status()')).sides).toEqual(running.sides);
      expect(board.failures()).toEqual([]);
    } finally {
      await board.stop();
    }
  });
});
