/**
 * The board's budget (bench/budgets.json) against the figures of bench/board-figures.ts: what is over its budget,
 * and what is so far under it that the budget must come down (the ratchet: a figure more than 10 % below its budget
 * means the budget is lowered to the figure plus 10 %, in the same change, so what was won cannot be lost quietly).
 * The gate (test/budget/budget.test.ts) and `npm run budget` both judge with `judge`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { BOARDS, Figure, FIGURE_TEXT, FIGURES } from './board-figures';

export const BUDGETS_FILE = path.resolve(__dirname, 'budgets.json');
/** How far below its budget a figure may be before the budget must come down. */
export const RATCHET = 1.1;

export type Budgets = { [board: string]: { [F in Figure]: number } };

/** The committed budgets; throws with the reason on a file that lacks a board or a figure. */
export function loadBudgets(file?: string): Budgets {
  const where = file || BUDGETS_FILE;
  const value = JSON.parse(fs.readFileSync(where, 'utf8')) as { budgets?: Budgets };
  const budgets = value.budgets;
  if (!budgets || typeof budgets !== 'object') throw new Error(where + ': no "budgets" object');
  for (const board of BOARDS) {
    for (const figure of FIGURES) {
      const budget = budgets[board] && budgets[board][figure];
      if (typeof budget !== 'number' || !(budget > 0)) throw new Error(where + ': no budget for ' + board + ' ' + figure);
    }
  }
  return budgets;
}

export interface Verdict {
  board: string;
  figure: Figure;
  measured: number;
  budget: number;
  /** 'over': above the budget; 'loose': more than 10 % below it (the budget must come down); 'ok'. */
  status: 'ok' | 'over' | 'loose';
  /** The budget the ratchet asks for (the figure plus 10 %), when loose. */
  lowerTo?: number;
  message: string;
}

const number = (n: number) => Math.round(n).toLocaleString('en-US');

/** The ratchet's budget for a figure: the figure plus 10 %, rounded up. */
export function ratchetBudget(measured: number): number {
  return Math.ceil(measured * RATCHET);
}

export function judge(board: string, figure: Figure, measured: number, budget: number): Verdict {
  const what = board + ': ' + FIGURE_TEXT[figure] + ': ' + number(measured) + ' measured, budget ' + number(budget);
  if (measured > budget) {
    return { board, figure, measured, budget, status: 'over', message: what + ' (' + Math.round((measured / budget) * 100) + ' % of it): over budget' };
  }
  if (measured * RATCHET < budget) {
    const lowerTo = ratchetBudget(measured);
    return {
      board, figure, measured, budget, status: 'loose', lowerTo,
      message: what + ': more than 10 % below it; lower the budget to ' + number(lowerTo) + ' in ' + path.relative(process.cwd(), BUDGETS_FILE) + ' (npm run budget -- --ratchet)',
    };
  }
  return { board, figure, measured, budget, status: 'ok', message: what + ' (' + Math.round((measured / budget) * 100) + ' % of it)' };
}

/** Writes lowered budgets for the loose verdicts into the budget file (never raises one). */
export function applyRatchet(verdicts: Verdict[], file?: string): number {
  const where = file || BUDGETS_FILE;
  const value = JSON.parse(fs.readFileSync(where, 'utf8'));
  let lowered = 0;
  for (const v of verdicts) {
    if (v.status !== 'loose' || v.lowerTo === undefined) continue;
    if (v.lowerTo < value.budgets[v.board][v.figure]) {
      value.budgets[v.board][v.figure] = v.lowerTo;
      lowered++;
    }
  }
  fs.writeFileSync(where, JSON.stringify(value, null, 2) + '\n');
  return lowered;
}
