/**
 * The board's budget as a test (bench/budgets.json, docs/performance.md): every figure of one board measured on the
 * real interpreter (espruino-12k, booted from Storage, on virtual time, instructions under callgrind: the same count
 * on any machine, however busy) must be at or below its budget, and not more than 10 % below it (the ratchet: then the
 * budget must come down, `npm run budget -- --ratchet`). Each board is a test file of its own (test/budget/*.test.ts)
 * so that jest runs them side by side; the figures come from bench/board-figures.ts, as `npm run budget` prints them.
 * The budgets are what the firmware is held to today; `targets` in the same file, what it is to come down to: a
 * message says how far each figure is from its target, and the budgets only ever come down.
 */
import { BoardFigures, boardFigures, Figure, FIGURES, figuresProblem, gameInPool } from '../../bench/board-figures';
import { judge, loadBudgets, loadTargets, RATCHET } from '../../bench/budget';

const PROBLEM = figuresProblem();
if (PROBLEM && !process.env.CI) {
  // eslint-disable-next-line no-console
  console.warn('test/budget: SKIPPED: ' + PROBLEM);
}
const describeWhereMeasured: jest.Describe = PROBLEM && !process.env.CI ? describe.skip : describe;

/** A figure's verdict as a test: it fails with the figure, its budget and what to do. */
function expectWithin(board: string, figure: Figure, measured: number | undefined, budget: number, target: number): void {
  if (measured === undefined) throw new Error(board + ': ' + figure + ' was not measured');
  const verdict = judge(board, figure, measured, budget, target);
  if (verdict.status !== 'ok') throw new Error(verdict.message);
}

export function boardBudget(board: string): void {
  const budgets = loadBudgets()[board];
  const targets = loadTargets()[board];
  describeWhereMeasured(board + ': the board\'s budget on espruino-12k', () => {
    let figures: BoardFigures = {};
    beforeAll(async () => {
      figures = await boardFigures(board);
    }, 3600000);

    const measuredFigures = FIGURES.filter((f) => f !== 'gamePoolJsVars');
    test.each(measuredFigures)('%s', (figure) => {
      expectWithin(board, figure, figures[figure], budgets[figure], targets[figure]);
    });

    test('gamePoolJsVars: the 400-move game runs in its budget, and not in 10 % less', async () => {
      const budget = budgets.gamePoolJsVars;
      const inBudget = await gameInPool(board, budget);
      if (inBudget !== null) throw new Error(board + ': the 400-move game does not run in its budget of ' + budget + ' JsVars: ' + inBudget);
      const tighter = Math.ceil(budget / RATCHET) - 1;
      // Once the game runs in its target, the budget may not stay above the target (what was won stays won). Only
      // a budget within 10 % of the target needs the run: below `tighter` the game must fail anyway.
      const target = targets.gamePoolJsVars;
      if (budget > target && target >= tighter && (await gameInPool(board, target)) === null) {
        throw new Error(board + ': the 400-move game runs in its target of ' + target + ' JsVars, below its budget of ' + budget + ': lower the budget to the target');
      }
      const inLess = await gameInPool(board, tighter);
      if (inLess === null) {
        throw new Error(
          board + ': the 400-move game runs even in ' + tighter + ' JsVars, more than 10 % below its budget of ' + budget +
            ': lower the budget (npm run budget -- --board ' + board + ' --only gamePoolJsVars --ratchet)',
        );
      }
    }, 3600000);
  });
}
