/**
 * `npm run budget`: the board's budget figures (bench/board-figures.ts) measured on the real interpreter and printed
 * beside their budgets (bench/budgets.json). USAGE lists the options; `--ratchet` lowers every budget a figure is
 * more than 10 % below to the figure plus 10 %.
 */
import { BOARDS, boardFigures, BoardFigures, Figure, FIGURES, figuresProblem, POOL_STEP, smallestPool } from './board-figures';
import { applyRatchet, judge, loadBudgets, loadTargets, targetStatus, Verdict } from './budget';
import { printedHelp } from '../scripts/cli-help';
import { COMMITTED_FIGURES, CommittedFigures, updateBudgetTable } from './budget-table';
import * as fs from 'fs';
import { spawnSync } from 'child_process';

const USAGE = `usage: npm run budget -- [options]   (every board: about 10 minutes; progress on stderr, the table on stdout)
  --board NAME    only this board (console, esp32-lcd1602, esp32-oled); may be repeated
  --no-pool       leave out the game's pool (its bisection is most of the time)
  --only LIST     only these figures, comma-separated (e.g. pressInstructions,wakeMainInstructions)
  --ratchet       lower every budget a figure is more than 10 % below to the figure plus 10 %
  --json          print the figures as JSON instead of the table
  --update        (every board, every figure) write them to bench/budget-figures.json and docs/performance.md's
                  budget table (between <!-- budget:table:begin --> and <!-- budget:table:end -->)
  --help, -h      this text`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (printedHelp(args, USAGE)) return 0;
  const problem = figuresProblem();
  if (problem) {
    process.stderr.write('npm run budget: ' + problem + '\n');
    return 2;
  }
  const boards: string[] = [];
  let only: string[] | null = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--board') boards.push(args[++i]);
    else if (args[i] === '--only') only = (args[++i] || '').split(',');
    else if (['--no-pool', '--ratchet', '--json', '--update'].indexOf(args[i]) < 0) {
      process.stderr.write('npm run budget: unknown option ' + args[i] + '\n' + USAGE + '\n');
      return 2;
    }
  }
  for (const board of boards) {
    if (BOARDS.indexOf(board) < 0) {
      process.stderr.write('npm run budget: no board ' + board + ' (' + BOARDS.join(', ') + ')\n');
      return 2;
    }
  }
  for (const figure of only || []) {
    if ((FIGURES as readonly string[]).indexOf(figure) < 0) {
      process.stderr.write('npm run budget: no figure ' + figure + ' (' + FIGURES.join(', ') + ')\n');
      return 2;
    }
  }
  const update = args.indexOf('--update') >= 0;
  if (update && (boards.length > 0 || only !== null || args.indexOf('--no-pool') >= 0)) {
    process.stderr.write('npm run budget: --update measures every board and every figure: leave out --board, --only and --no-pool\n');
    return 2;
  }
  const wanted = (f: Figure) => only === null || only.indexOf(f) >= 0;
  const budgets = loadBudgets();
  const targets = loadTargets();
  const started = Date.now();
  const progress = (text: string) => process.stderr.write('[' + ((Date.now() - started) / 1000).toFixed(0).padStart(4) + ' s] ' + text + '\n');
  const all: { [board: string]: BoardFigures } = {};
  const verdicts: Verdict[] = [];
  const list = boards.length ? boards : BOARDS;
  // The boards side by side: each is its own interpreter processes on its own Storage, and the counts do not depend
  // on what else runs.
  await Promise.all(
    list.map(async (board) => {
      progress(board + ': measuring');
      const figures = FIGURES.some((f) => f !== 'gamePoolJsVars' && wanted(f)) ? await boardFigures(board, only === null ? undefined : (only as Figure[])) : {};
      if (args.indexOf('--no-pool') < 0 && wanted('gamePoolJsVars')) figures.gamePoolJsVars = await smallestPool(board, POOL_STEP, progress);
      all[board] = figures;
    }),
  );
  for (const board of list) {
    for (const figure of FIGURES) {
      const measured = all[board][figure];
      if (measured !== undefined && wanted(figure)) verdicts.push(judge(board, figure, measured, budgets[board][figure], targets[board][figure]));
    }
  }
  if (args.indexOf('--json') >= 0) process.stdout.write(JSON.stringify(all, null, 2) + '\n');
  else {
    process.stdout.write('| board | figure | measured | budget | | target | |\n|---|---|--:|--:|---|--:|---|\n');
    for (const v of verdicts) {
      const mark = v.status === 'over' ? 'OVER' : v.status === 'loose' ? 'lower the budget to ' + v.lowerTo!.toLocaleString('en-US') : 'ok';
      process.stdout.write('| ' + v.board + ' | ' + v.figure + ' | ' + v.measured.toLocaleString('en-US') + ' | ' + v.budget.toLocaleString('en-US') + ' | ' + mark + ' | ' + (v.target as number).toLocaleString('en-US') + ' | ' + targetStatus(v.measured, v.target as number) + ' |\n');
    }
  }
  if (args.indexOf('--ratchet') >= 0) progress(applyRatchet(verdicts) + ' budgets lowered in bench/budgets.json');
  if (update) {
    const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
    const committed: CommittedFigures = { date: new Date().toISOString(), git: (git.stdout || '').trim(), interpreter: 'espruino-12k', boards: all };
    fs.writeFileSync(COMMITTED_FIGURES, JSON.stringify(committed, null, 2) + '\n');
    progress('bench/budget-figures.json written; ' + updateBudgetTable(loadBudgets(), targets));
  }
  return verdicts.some((v) => v.status === 'over') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write('npm run budget: ' + ((e as Error).stack || e) + '\n');
    process.exit(1);
  },
);
