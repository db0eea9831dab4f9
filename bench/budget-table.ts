/**
 * The board's budget in docs/performance.md: every figure of every board as last measured (the committed
 * bench/budget-figures.json, written by `npm run budget -- --update` from the same bench/board-figures.ts the gate
 * measures with), beside its budget and its target (bench/budgets.json), between the lines
 * `<!-- budget:table:begin -->` and `<!-- budget:table:end -->`. test/bench/budget-table.test.ts checks that the
 * doc shows what the file says, and that the gate passes on what the file says.
 */
import * as fs from 'fs';
import * as path from 'path';
import { BOARDS, BoardFigures, Figure, FIGURE_TEXT, FIGURES } from './board-figures';
import { Budgets, judge } from './budget';
import { PERFORMANCE_DOC, TableMarkers, withTable } from './docs-table';

export const COMMITTED_FIGURES = path.resolve(__dirname, 'budget-figures.json');
export const BUDGET_MARKERS: TableMarkers = { begin: '<!-- budget:table:begin -->', end: '<!-- budget:table:end -->' };

export interface CommittedFigures {
  date: string;
  git: string;
  interpreter: string;
  boards: { [board: string]: BoardFigures };
}

export function loadCommittedFigures(file: string = COMMITTED_FIGURES): CommittedFigures {
  const value = JSON.parse(fs.readFileSync(file, 'utf8')) as CommittedFigures;
  for (const board of BOARDS) {
    for (const figure of FIGURES) {
      const n = value.boards && value.boards[board] && value.boards[board][figure];
      if (typeof n !== 'number') throw new Error(path.basename(file) + ': no ' + figure + ' for ' + board);
    }
  }
  return value;
}

const plain = (n: number) => Math.round(n).toLocaleString('en-US');

function shown(figure: Figure, n: number): string {
  return /Instructions$/.test(figure) ? (n / 1e6).toLocaleString('en-US', { maximumFractionDigits: 2 }) + ' M' : plain(n);
}

/** One row a figure, a column a board: "measured / budget", and the target with how far from it. */
export function budgetTable(figures: CommittedFigures, budgets: Budgets, targets: Budgets): string {
  const lines = ['| figure | ' + BOARDS.join(' | ') + ' | target, every board |', '|---|' + BOARDS.map(() => '--:|').join('') + '--:|'];
  for (const figure of FIGURES) {
    const cells = BOARDS.map((board) => {
      const measured = figures.boards[board][figure] as number;
      const verdict = judge(board, figure, measured, budgets[board][figure], targets[board][figure]);
      const mark = verdict.status === 'ok' ? '' : verdict.status === 'over' ? ' (OVER)' : ' (budget loose)';
      return shown(figure, measured) + ' / ' + shown(figure, budgets[board][figure]) + mark + (measured <= targets[board][figure] ? ' ✓' : '');
    });
    lines.push('| ' + FIGURE_TEXT[figure] + ' | ' + cells.join(' | ') + ' | ' + shown(figure, targets.console[figure]) + ' |');
  }
  return lines.join('\n');
}

/** Rewrites the doc's budget table from the committed figures; returns what it did, in words. */
export function updateBudgetTable(budgets: Budgets, targets: Budgets, docFile: string = PERFORMANCE_DOC): string {
  const doc = fs.readFileSync(docFile, 'utf8');
  const next = withTable(doc, budgetTable(loadCommittedFigures(), budgets, targets), BUDGET_MARKERS);
  if (next === doc) return path.basename(docFile) + ': the budget table already shows ' + path.basename(COMMITTED_FIGURES);
  fs.writeFileSync(docFile, next);
  return path.basename(docFile) + ': the budget table rewritten from ' + path.basename(COMMITTED_FIGURES);
}
