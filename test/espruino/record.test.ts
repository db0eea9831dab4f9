/**
 * The game's record on the real interpreter (espruino-12k, the console board's bundle booted from Storage): a
 * byo-yomi game with moves into overtime and a flag is kept in flash as it is played, and
 * `goclock.record("sgf")` prints it between its markers as SGF that a real parser (@sabaki/sgf) reads, with the
 * move nodes and times V8 gives for the same presses; a bad request is one line; the record survives a power cut.
 * The board runs on virtual time (`virtualConsole`), so the presses land at their instants whatever else the machine
 * is doing, and the times left are V8's to the millisecond.
 */
import { VirtualConsoleBoard } from '../../sim/espruino/virtual-time';
import { Hands } from '../../sim/hands';
import { MemoryStorage } from '../../sim/virtual-hal';
import { settingsFor, twinTranscript } from './twin';
import { describeOnEspruino, GAME_TIMEOUT_MS, virtualConsole } from './support';
import { RECORD_BEGIN, RECORD_END, RECORD_PROBLEM } from '../../firmware/storage/record-console';
import { exported, parseSgf } from '../record/helpers';

jest.setTimeout(3 * GAME_TIMEOUT_MS);

/** What `goclock.record(...)` printed: the lines between the markers, or its one problem line. */
async function requestRecord(board: VirtualConsoleBoard, call: string): Promise<string> {
  const before = board.runOutput().length;
  board.send(call + ';print("@@asked@@");');
  for (let waited = 0; waited < 20000 && board.runOutput().indexOf('@@asked@@', before) < 0; waited += 100) await board.wait(100);
  const out = board.runOutput().slice(before).replace(/\r/g, '');
  const problem = out.split('\n').filter((line) => line.indexOf(RECORD_PROBLEM) === 0);
  if (problem.length > 0) return problem[0];
  const begin = out.indexOf(RECORD_BEGIN + '\n');
  const end = out.indexOf(RECORD_END);
  if (begin < 0 || end < begin) throw new Error('no record in: ' + out.slice(0, 400));
  return out.slice(begin + RECORD_BEGIN.length + 1, end);
}

const control = { system: 'byoyomi' as const, mainMs: 3000, periods: 2, periodMs: 2000 };
/** White starts Black's clock; two moves each, Black's second in overtime. */
function game(): Hands {
  return new Hands()
    .wait(400).tap('right') // start
    .wait(700).tap('left') // B 1
    .wait(900).tap('right') // W 1
    .wait(2600).tap('left') // B 2, in overtime
    .wait(600).tap('right'); // W 2
}

describeOnEspruino('the record on the interpreter', () => {
  it('a byo-yomi game comes back over the console as SGF that @sabaki/sgf reads, as V8 records it', async () => {
    const settings = settingsFor(control, { announce: 'off' });
    const hands = game().wait(6000); // then Black's time runs out: the flag
    const storage = new MemoryStorage();
    twinTranscript(settings, [hands], undefined, storage);
    const expected = parseSgf(exported(storage, 'sgf'));

    const board = await virtualConsole({ settingsText: JSON.stringify(settings) });
    try {
      await board.play(hands, 60000);
      expect(board.failures()).toEqual([]);
      const text = await requestRecord(board, 'goclock.record("sgf", 0)');
      const got = parseSgf(text);
      expect(got.root.data.TM).toEqual(['3']);
      expect(got.root.data.OT).toEqual(expected.root.data.OT);
      expect(got.root.data.RE).toEqual(['W+T']);
      expect(got.nodes.map((n) => n.data.MN)).toEqual([['1'], ['2'], ['3'], ['4']]);
      expect(got.nodes.map((n) => Object.keys(n.data).sort())).toEqual(expected.nodes.map((n) => Object.keys(n.data).sort()));
      // Times left as V8's (on virtual time an edge lands at its instant).
      got.nodes.forEach((node, i) => {
        const key = node.data.BL ? 'BL' : 'WL';
        expect(node.data[key]).toEqual(expected.nodes[i].data[key]);
      });
      expect(got.nodes[2].data.OB).toEqual(['2']);

      const csv = await requestRecord(board, 'goclock.record("csv")');
      expect(csv.split('\n')[0]).toBe('kind,side,move,at_ms,used_ms,left_ms,phase,periods_or_moves_left,text');
      expect(csv.split('\n').filter((row) => /^move,/.test(row))).toHaveLength(4);
      expect(await requestRecord(board, 'goclock.record("pdf")')).toBe(RECORD_PROBLEM + 'the format is "sgf" or "csv"');
      expect(await requestRecord(board, 'goclock.record("sgf", 7)')).toMatch(/^goclock: record: the game is 0/);

      // After a power cut the same record is there, and the game goes on in it.
      await board.reboot();
      await board.wait(500);
      expect(parseSgf(await requestRecord(board, 'goclock.record("sgf")')).nodes).toHaveLength(4);
      expect(board.failures()).toEqual([]);
    } finally {
      await board.stop();
    }
  });
});
