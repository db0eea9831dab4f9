/**
 * The firmware on the real interpreter for `npm run bench`: the board's budget figures (bench/board-figures.ts —
 * every board booted from Storage on espruino-12k, on virtual time, instructions under callgrind) beside their budgets
 * (bench/budgets.json), the same measurements the gate (test/budget/) judges. Skipped, with the reason, when the
 * interpreter or valgrind is missing.
 */
import { BOARDS, boardFigures, BoardFigures, Figure, FIGURES, figuresProblem, shimCosts, ShimCosts, POOL_STEP, smallestPool } from './board-figures';
import { judge, loadBudgets, loadTargets, Verdict } from './budget';

export interface EspruinoFigures {
  interpreter: string;
  /** Every figure of every board. */
  boards: { [board: string]: BoardFigures };
  /** Each figure against its budget. */
  verdicts: Verdict[];
  /** What the virtual timers themselves cost (left out of the figures). */
  shim: ShimCosts;
}

/** Every figure of every board, or why there are none. */
export async function espruinoFigures(progress: (text: string) => void): Promise<EspruinoFigures | { skipped: string }> {
  const problem = figuresProblem();
  if (problem) return { skipped: problem };
  const budgets = loadBudgets();
  const targets = loadTargets();
  const boards: { [board: string]: BoardFigures } = {};
  const verdicts: Verdict[] = [];
  for (const board of BOARDS) {
    progress('espruino: ' + board + ': boot, wake-ups, presses (callgrind)');
    const figures = await boardFigures(board);
    progress('espruino: ' + board + ': the 400-move game\'s smallest pool (bisected)');
    figures.gamePoolJsVars = await smallestPool(board, POOL_STEP, progress);
    boards[board] = figures;
    for (const figure of FIGURES) verdicts.push(judge(board, figure as Figure, figures[figure] as number, budgets[board][figure], targets[board][figure]));
  }
  return { interpreter: 'espruino-12k', boards: boards, verdicts: verdicts, shim: await shimCosts() };
}
