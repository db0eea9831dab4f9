/**
 * The board's budget (bench/budgets.json) against the figures of bench/board-figures.ts: what is over its budget,
 * and what is so far under it that the budget must come down (the ratchet: a figure more than 10 % below its budget
 * means the budget is lowered to the figure plus 10 %, in the same change, so what was won cannot be lost quietly).
 * The gate (test/budget/budget.test.ts) and `npm run budget` both judge with `judge`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { BOARDS, Figure, FIGURE_TEXT, FIGURES, POOL_STEP } from './board-figures';

export const BUDGETS_FILE = path.resolve(__dirname, 'budgets.json');
/** How far below its budget a figure may be before the budget must come down. */
export const RATCHET = 1.1;

export type Budgets = { [board: string]: { [F in Figure]: number } };

function loadTable(key: 'budgets' | 'targets', file?: string): Budgets {
  const where = file || BUDGETS_FILE;
  const value = JSON.parse(fs.readFileSync(where, 'utf8')) as { [k: string]: Budgets | undefined };
  const table = value[key];
  if (!table || typeof table !== 'object') throw new Error(where + ': no "' + key + '" object');
  for (const board of BOARDS) {
    for (const figure of FIGURES) {
      const n = table[board] && table[board][figure];
      if (typeof n !== 'number' || !(n > 0)) throw new Error(where + ': no ' + key.slice(0, -1) + ' for ' + board + ' ' + figure);
    }
  }
  return table;
}

/** The budgets the gate holds the firmware to today; throws with the reason on a file that lacks a board or a figure. */
export function loadBudgets(file?: string): Budgets {
  return loadTable('budgets', file);
}

/** What the firmware is to meet on every board (the budgets come down to these, and stay there). */
export function loadTargets(file?: string): Budgets {
  return loadTable('targets', file);
}

export interface Verdict {
  board: string;
  figure: Figure;
  measured: number;
  budget: number;
  /** What the figure is to come down to (bench/budgets.json `targets`), when given. */
  target?: number;
  /** 'over': above the budget; 'loose': more than 10 % below it, or meeting a target the budget is above (the budget must come down); 'ok'. */
  status: 'ok' | 'over' | 'loose';
  /** The budget the ratchet asks for (the figure plus 10 %, and at most the target once the figure meets it), when loose. */
  lowerTo?: number;
  message: string;
}

const number = (n: number) => Math.round(n).toLocaleString('en-US');

/** The ratchet's bound: the figure plus 10 %, rounded up; a budget above it is loose. */
export function ratchetBudget(measured: number): number {
  return Math.ceil((measured * 11) / 10); // RATCHET as 11/10: 2,700 x 1.1 in floating point is 2,970.0000000000005
}

/**
 * The budget the ratchet writes. An instruction count moves by up to about 0.2 % with the checkout's path and the
 * process's environment (callgrind counts the whole process, which reads both), so for those the budget is the
 * figure plus 9.5 %: the same firmware measured in another clone (CI's) is neither over it nor loose.
 */
export function ratchetTo(figure: Figure, measured: number): number {
  if (/Instructions$/.test(figure)) return Math.ceil((measured * 219) / 200);
  // The pool's gate runs the game in ceil(budget / 1.1) - 1 JsVars and must see it fail there. The figure is the
  // smallest pool of a bisection to POOL_STEP, so the game may run in up to POOL_STEP - 1 fewer, and failed in
  // POOL_STEP fewer: the budget is 10 % over that (rounded down), never over the figure plus 10 % (measured: budgets
  // of ceil(figure x 1.1) put the gate's pool at a size the game runs in, on every board).
  if (figure === 'gamePoolJsVars') return Math.floor(((measured - POOL_STEP + 1) * 11) / 10);
  return ratchetBudget(measured);
}

/** How a figure stands to its target: "met", or "119 %" of it. */
export function targetStatus(measured: number, target: number): string {
  return measured <= target ? 'met' : Math.round((measured / target) * 100) + ' %';
}

/** "; target 3,000: met" or "; target 3,000: 119 % of it" (the budget is what the gate holds; the target, the goal). */
function targetText(measured: number, target: number | undefined): string {
  if (target === undefined) return '';
  return '; target ' + number(target) + ': ' + targetStatus(measured, target) + (measured <= target ? '' : ' of it');
}

export function judge(board: string, figure: Figure, measured: number, budget: number, target?: number): Verdict {
  const what = board + ': ' + FIGURE_TEXT[figure] + ': ' + number(measured) + ' measured, budget ' + number(budget);
  const goal = targetText(measured, target);
  if (measured > budget) {
    return { board, figure, measured, budget, target, status: 'over', message: what + ' (' + Math.round((measured / budget) * 100) + ' % of it): over budget' + goal };
  }
  // A figure that meets its target holds the budget at the target or below: what was won stays won.
  const met = target !== undefined && measured <= target && budget > target;
  // Loose when the budget is above what the ratchet would set (the same integer arithmetic as ratchetBudget).
  const loose = budget > ratchetBudget(measured);
  if (loose || met) {
    const lowerTo = met ? Math.min(target as number, ratchetTo(figure, measured)) : ratchetTo(figure, measured);
    const why = loose ? ': more than 10 % below it' : ': it meets its target, which the budget is above';
    return {
      board, figure, measured, budget, target, status: 'loose', lowerTo,
      message: what + why + '; lower the budget to ' + number(lowerTo) + ' in ' + path.relative(process.cwd(), BUDGETS_FILE) + ' (npm run budget -- --ratchet)' + goal,
    };
  }
  return { board, figure, measured, budget, target, status: 'ok', message: what + ' (' + Math.round((measured / budget) * 100) + ' % of it)' + goal };
}

/**
 * Writes lowered budgets into the budget file (never raises one): the loose verdicts' `lowerTo`, and for the others
 * what `ratchetTo` would write when it is lower. The second keeps the margin `ratchetTo` leaves for the counts' drift:
 * a budget left between 9.5 % and 10 % above its figure (a figure that came down a little since the last ratchet)
 * would be judged loose by a clone that counts 0.2 % fewer (CI failed so, at c8f3f36, on the OLED's press).
 */
export function applyRatchet(verdicts: Verdict[], file?: string): number {
  const where = file || BUDGETS_FILE;
  const value = JSON.parse(fs.readFileSync(where, 'utf8'));
  let lowered = 0;
  for (const v of verdicts) {
    if (v.status === 'over') continue;
    const to = v.status === 'loose' && v.lowerTo !== undefined ? v.lowerTo : ratchetTo(v.figure, v.measured);
    if (to < value.budgets[v.board][v.figure]) {
      value.budgets[v.board][v.figure] = to;
      lowered++;
    }
  }
  fs.writeFileSync(where, JSON.stringify(value, null, 2) + '\n');
  return lowered;
}
