/**
 * docs/performance.md's budget table shows the committed figures (bench/budget-figures.json, written by
 * `npm run budget -- --update` with the same measurements the gate makes) against the committed budgets and targets,
 * and those figures are what the gate passes: each within its budget and not more than 10 % below it.
 */
import * as fs from 'fs';
import { BOARDS, FIGURES } from '../../bench/board-figures';
import { judge, loadBudgets, loadTargets } from '../../bench/budget';
import { BUDGET_MARKERS, budgetTable, loadCommittedFigures } from '../../bench/budget-table';
import { PERFORMANCE_DOC, tableInDoc } from '../../bench/docs-table';

test('docs/performance.md shows the budget table the committed figures render to (npm run budget -- --update)', () => {
  const shown = tableInDoc(fs.readFileSync(PERFORMANCE_DOC, 'utf8'), BUDGET_MARKERS);
  expect(shown).toEqual({ table: budgetTable(loadCommittedFigures(), loadBudgets(), loadTargets()) });
});

test('the committed figures are within their budgets, and none so far under one that it must come down', () => {
  const figures = loadCommittedFigures();
  const budgets = loadBudgets();
  const problems: string[] = [];
  for (const board of BOARDS) {
    for (const figure of FIGURES) {
      const verdict = judge(board, figure, figures.boards[board][figure] as number, budgets[board][figure]);
      if (verdict.status !== 'ok') problems.push(verdict.message);
    }
  }
  expect(problems).toEqual([]);
});
