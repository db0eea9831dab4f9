/**
 * Differential testing of the whole device on the real Espruino interpreter against V8: random games (every time
 * system, time odds, every option, chords, menu walks and tours, bounces, power cuts, corrupt settings and damaged
 * journals, the LCD or the OLED; differential-games.ts, fixed seed) are played in virtual time by one pure function
 * (differential-run.ts: the firmware runtime on the virtual HAL with the console board's display and buzzer, or a
 * 128×64 canvas), bundled for Espruino by the firmware's own pipeline and booted from Storage on `espruino-12k`
 * (differential-bundle.ts), and imported as it is here (differential-v8.ts). Every item each engine prints (frames,
 * OLED frame checksums, buzzer lines, boot notices, the core's effects, and at the end the committed state, the
 * view, the log and the Storage records) must be the same, to the character, in the same order.
 *
 * What this finds is where Espruino 2v29 runs the terser-minified bundle differently from V8 (a construct it
 * mis-executes, a built-in that behaves otherwise). Two interpreters run the games side by side (the machine's two
 * cores); each game is one REPL line (differential-lane.ts). A differing game is written to
 * $TMPDIR/goclock-differential/ and can be replayed, and shrunk, with differential-replay.ts.
 *
 *   DIFF_GAMES=500 npx jest test/espruino/differential.test.ts     # more games (default 100)
 *   DIFF_SEED=7 …                                                  # other games
 *   npx tsx test/espruino/differential-replay.ts FILE.json --shrink
 */
import fc from 'fast-check';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describeOnEspruino, GAME_TIMEOUT_MS } from './support';
import { DiffGame } from './differential-run';
import { v8Items } from './differential-v8';
import { gameArb } from './differential-games';
import { differentialImage, DiffImage } from './differential-bundle';
import { Lane, LaneResult } from './differential-lane';

const GAMES = Math.max(1, Number(process.env.DIFF_GAMES || 100));
const SEED = Number(process.env.DIFF_SEED || 20261201);
/** Actions per button-edge stream (test/fuzz/streams.ts). */
const MAX_ACTIONS = 10;
const LANES = 2;

interface Planned {
  game: DiffGame;
  /** What V8 printed (encoded as the interpreter's lines are). */
  expected: string[];
  wakeUps: number;
}

/** The games (the same for a seed, whatever the firmware does), each with what V8 prints for it. */
function plan(): Planned[] {
  return fc.sample(gameArb(MAX_ACTIONS), { numRuns: GAMES, seed: SEED }).map((game) => {
    const run = v8Items(game);
    return { game: game, expected: run.items, wakeUps: run.wakeUps };
  });
}

/** Where a differing game is written, for replaying it (`npx tsx test/espruino/differential-replay.ts FILE`). */
const FAILED_DIR = path.join(os.tmpdir(), 'goclock-differential');

function describeGame(game: DiffGame): string {
  const c = game.settings.control;
  const systems = c.black.system === c.white.system ? c.black.system : c.black.system + '/' + c.white.system;
  const o = game.settings.options;
  return (game.display === 'oled' ? 'OLED, ' : '') + systems + ', ' + o.announce + ', ' + o.onExpire + (o.breakBeforeOvertime ? ', break' : '') + (o.warnings ? ', warnings' : '') +
    ', ' + game.edges.length + ' edges' + (game.cutsAtMs ? ', ' + game.cutsAtMs.length + ' power cut(s)' : '') +
    (game.storage ? ', junk ' + Object.keys(game.storage).join('+') : '');
}

/** Empty when the interpreter printed what V8 printed; else what a person needs to see the difference. */
function difference(game: DiffGame, actual: LaneResult, expected: string[]): string {
  let at = -1;
  for (let i = 0; i < Math.max(actual.items.length, expected.length) && at < 0; i++) if (actual.items[i] !== expected[i]) at = i;
  if (at < 0 && actual.failure === null) return '';
  const lines: string[] = [];
  if (actual.failure !== null) lines.push('the game did not end cleanly on the interpreter: ' + actual.failure);
  if (at >= 0) {
    lines.push('first difference at item ' + at + ' of ' + expected.length + ' (V8) / ' + actual.items.length + ' (Espruino):');
    lines.push('  Espruino: ' + (at < actual.items.length ? actual.items[at] : '(nothing more)'));
    lines.push('  V8:       ' + (at < expected.length ? expected[at] : '(nothing more)'));
    const show = (name: string, items: string[]) => {
      lines.push(name + ' items ' + Math.max(0, at - 4) + '..' + Math.min(items.length, at + 4) + ':');
      for (let i = Math.max(0, at - 4); i < Math.min(items.length, at + 4); i++) lines.push((i === at ? '> ' : '  ') + i + ' ' + items[i]);
    };
    show('Espruino', actual.items);
    show('V8', expected);
  }
  lines.push('game: ' + JSON.stringify(game));
  return lines.join('\n');
}

const planned = plan();

describeOnEspruino('random games print the same on the Espruino interpreter as in V8', () => {
  let image: DiffImage;
  const lanes: Lane[] = [];
  const resolvers: ((result: LaneResult) => void)[] = [];
  const results = planned.map(() => new Promise<LaneResult>((resolve) => resolvers.push(resolve)));
  const failed = (why: string): LaneResult => ({ items: [], wakeUps: null, failure: why, ms: 0 });

  beforeAll(async () => {
    try {
      image = await differentialImage();
    } catch (e) {
      for (const resolve of resolvers) resolve(failed('the differential image could not be built: ' + String(e)));
      throw e;
    }
    // The lanes take the games in order, side by side; each test waits for its own game.
    let next = 0;
    const work = async (lane: Lane): Promise<void> => {
      while (next < planned.length) {
        const index = next++;
        const p = planned[index];
        let result: LaneResult;
        try {
          result = await lane.run(p.game, 20000 + 100 * (p.wakeUps + p.game.edges.length));
        } catch (e) {
          result = failed('the lane failed: ' + (e instanceof Error ? e.stack : String(e)));
        }
        if (result.wakeUps !== null) result.items.push('wake-ups ' + result.wakeUps);
        resolvers[index](result);
      }
    };
    for (let i = 0; i < LANES; i++) lanes.push(new Lane(image, 'espruino-12k', 'lane' + i));
    lanes.forEach((lane) => void work(lane));
  }, GAME_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(results);
    await Promise.all(lanes.map((lane) => lane.shutdown()));
  }, GAME_TIMEOUT_MS);

  it('the differential bundle passes the Espruino checker', () => {
    expect(image.problems).toEqual([]);
  });

  it.each(planned.map((p, i) => [i, describeGame(p.game), p.wakeUps] as [number, string, number]))(
    'game %i (%s, %i wake-ups)',
    async (index) => {
      const p = planned[index];
      const problem = difference(p.game, await results[index], p.expected);
      if (problem) {
        fs.mkdirSync(FAILED_DIR, { recursive: true });
        const file = path.join(FAILED_DIR, 'seed-' + SEED + '-game-' + index + '.json');
        fs.writeFileSync(file, JSON.stringify(p.game) + '\n');
        throw new Error(problem + '\n(written to ' + file + '; replay: npx tsx test/espruino/differential-replay.ts ' + file + ' --shrink)');
      }
    },
    GAME_TIMEOUT_MS,
  );
});
