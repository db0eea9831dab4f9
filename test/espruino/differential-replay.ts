/**
 * Replays one differential game (a JSON file, as differential.test.ts writes a differing one) on the interpreter
 * and in V8 and prints the first difference; with --shrink, first makes the game as small as it can while it still
 * differs (fewer edges, no power cuts, an earlier end, default options), and writes it next to the file as
 * `.min.json`.
 *
 *   npx tsx test/espruino/differential-replay.ts /tmp/goclock-differential/seed-20261201-game-10.json --shrink
 */
import * as fs from 'fs';
import { DiffGame } from './differential-run';
import { v8Items } from './differential-v8';
import { differentialImage } from './differential-bundle';
import { Lane, LaneResult } from './differential-lane';
import { DEFAULT_OPTIONS } from '../../firmware/clock/options';


function firstDifference(actual: LaneResult, expected: string[]): number {
  const items = actual.wakeUps === null ? actual.items : actual.items.concat(['wake-ups ' + actual.wakeUps]);
  for (let i = 0; i < Math.max(items.length, expected.length); i++) if (items[i] !== expected[i]) return i;
  return actual.failure === null ? -1 : items.length;
}

async function main(argv: string[]): Promise<void> {
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file) throw new Error('usage: differential-replay.ts GAME.json [--shrink]');
  let game = JSON.parse(fs.readFileSync(file, 'utf8')) as DiffGame;
  const lane = new Lane(await differentialImage(), 'espruino-12k', 'replay');
  let runs = 0;
  const differs = async (g: DiffGame): Promise<boolean> => {
    runs++;
    const expected = v8Items(g).items;
    return firstDifference(await lane.run(g, 120000), expected) >= 0;
  };
  try {
    if (argv.indexOf('--shrink') >= 0) {
      if (!(await differs(game))) throw new Error('the game does not differ: nothing to shrink');
      // Without the power cuts, the watchdog, the small log; default options; an earlier end.
      const simpler: ((g: DiffGame) => DiffGame | null)[] = [
        (g) => (g.cutsAtMs ? Object.assign({}, g, { cutsAtMs: undefined }) : null),
        (g) => (g.config ? Object.assign({}, g, { config: undefined }) : null),
        (g) => (JSON.stringify(g.settings.options) !== JSON.stringify(DEFAULT_OPTIONS) ? Object.assign({}, g, { settings: Object.assign({}, g.settings, { options: DEFAULT_OPTIONS }) }) : null),
        (g) => (g.settings.sound ? Object.assign({}, g, { settings: Object.assign({}, g.settings, { sound: false }) }) : null),
      ];
      for (const simplify of simpler) {
        const next = simplify(game);
        if (next && (await differs(next))) game = next;
      }
      // Fewer edges: drop chunks, halving the chunk size (delta debugging).
      for (let size = Math.max(1, Math.floor(game.edges.length / 2)); size >= 1; size = Math.floor(size / 2)) {
        for (let at = 0; at < game.edges.length; ) {
          const next = Object.assign({}, game, { edges: game.edges.slice(0, at).concat(game.edges.slice(at + size)) });
          if (await differs(next)) game = next;
          else at += size;
        }
      }
      // An earlier end: just after the last edge, or halfway there.
      const last = game.edges.length ? game.edges[game.edges.length - 1].atMs : 0;
      for (const untilMs of [last + 1, Math.floor((last + game.untilMs) / 2)]) {
        if (untilMs < game.untilMs) {
          const next = Object.assign({}, game, { untilMs: untilMs });
          if (await differs(next)) game = next;
        }
      }
      const out = file.replace(/\.json$/, '') + '.min.json';
      fs.writeFileSync(out, JSON.stringify(game) + '\n');
      console.log('shrunk in ' + runs + ' runs to ' + game.edges.length + ' edges, until ' + game.untilMs + ' ms: ' + out);
    }
    const expected = v8Items(game).items;
    const actual = await lane.run(game, 120000);
    const at = firstDifference(actual, expected);
    if (actual.failure) console.log('the game did not end cleanly: ' + actual.failure);
    if (at < 0) console.log('the interpreter printed what V8 printed (' + expected.length + ' items)');
    else {
      console.log('first difference at item ' + at + ':');
      for (let i = Math.max(0, at - 3); i <= at + 3; i++) {
        if (i >= expected.length && i >= actual.items.length) break;
        console.log((i === at ? '> ' : '  ') + i + ' Espruino: ' + actual.items[i]);
        console.log((i === at ? '> ' : '  ') + i + ' V8:       ' + expected[i]);
      }
    }
    console.log('game: ' + JSON.stringify(game));
  } finally {
    await lane.shutdown();
  }
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
