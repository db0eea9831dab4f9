/**
 * The budget's verdicts (bench/budget.ts), which the gate (test/budget/) and `npm run budget` both give: over,
 * loose (the ratchet), ok; the ratchet only ever lowers; a budget file that lacks a figure is refused by name.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { applyRatchet, BUDGETS_FILE, judge, loadBudgets, loadTargets } from '../../bench/budget';
import { BOARDS, FIGURES, POOL_STEP } from '../../bench/board-figures';

describe('a figure against its budget', () => {
  test('over: the message names the board, the figure, the measurement and the budget', () => {
    const v = judge('console', 'pressInstructions', 9000000, 8000000, 4000000);
    expect(v.status).toBe('over');
    expect(v.message).toBe('console: host instructions per press (a move: edges to display drawn, journal and record written): 9,000,000 measured, budget 8,000,000 (113 % of it): over budget; target 4,000,000: 225 % of it');
  });
  test('at the budget, and within 10 % under it: ok', () => {
    expect(judge('esp32-oled', 'jsVarsAfterBoot', 3000, 3000).status).toBe('ok');
    expect(judge('esp32-oled', 'jsVarsAfterBoot', 2728, 3000).status).toBe('ok');
    expect(judge('esp32-oled', 'jsVarsAfterBoot', 2728, 3000, 3000).message).toMatch(/target 3,000: met$/);
  });
  test('more than 10 % under: loose, and the budget it must come down to is the figure plus 10 %', () => {
    const v = judge('esp32-lcd1602', 'jsVarsAfterBoot', 2700, 3000);
    expect(v.status).toBe('loose');
    expect(v.lowerTo).toBe(2970);
    expect(v.message).toMatch(/more than 10 % below it; lower the budget to 2,970/);
  });
  test('a figure that meets its target while its budget is above the target: loose, down to the target', () => {
    const v = judge('console', 'pressInstructions', 7500000, 8200000, 8000000);
    expect(v.status).toBe('loose');
    expect(v.lowerTo).toBe(8000000);
    expect(v.message).toMatch(/it meets its target, which the budget is above; lower the budget to 8,000,000/);
    const far = judge('console', 'pressInstructions', 5000000, 8200000, 8000000);
    expect(far.lowerTo).toBe(5475000); // an instruction count's budget: the figure plus 9.5 % (ratchetTo)
    // so the same firmware counted 0.2 % lower in another clone is not loose, nor 9 % higher over
    expect(judge('console', 'pressInstructions', 4990000, 5475000, 8000000).status).toBe('ok');
    expect(judge('console', 'pressInstructions', 5450000, 5475000, 8000000).status).toBe('ok');
    expect(judge('console', 'pressInstructions', 7500000, 8000000, 8000000).status).toBe('ok');
  });
});

describe("the pool's ratchet", () => {
  test("writes a budget whose gate's tighter pool (budget / 1.1, less one) fails: it is at or below a pool the bisection saw fail", () => {
    for (let measured = 4000; measured < 7000; measured++) {
      const budget = judge('esp32-lcd1602', 'gamePoolJsVars', measured, 99999).lowerTo as number;
      expect(budget).toBeGreaterThan(measured);
      // smallestPool ends with the game failing in at least measured - POOL_STEP (test/budget/board-budget.ts `tighter`)
      expect(Math.ceil(budget / 1.1) - 1).toBeLessThanOrEqual(measured - POOL_STEP);
      expect(judge('esp32-lcd1602', 'gamePoolJsVars', measured, budget).status).toBe('ok');
    }
    expect(judge('esp32-lcd1602', 'gamePoolJsVars', 5947, 99999).lowerTo).toBe(6515);
  });
});

describe('the budget file', () => {
  function copy(edit: (value: any) => void): string {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-budget-')), 'budgets.json');
    const value = JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8'));
    edit(value);
    fs.writeFileSync(file, JSON.stringify(value));
    return file;
  }
  test('the committed file has a budget and a target for every figure of every board', () => {
    const budgets = loadBudgets();
    const targets = loadTargets();
    for (const board of BOARDS) for (const figure of FIGURES) expect(budgets[board][figure]).toBeGreaterThan(0);
    for (const board of BOARDS) for (const figure of FIGURES) expect(targets[board][figure]).toBeGreaterThan(0);
  });
  test('a file without a figure is refused, naming it', () => {
    const file = copy((v) => delete v.budgets['esp32-oled'].codeBytes);
    expect(() => loadBudgets(file)).toThrow(/no budget for esp32-oled codeBytes/);
    const noTargets = copy((v) => delete v.targets);
    expect(() => loadTargets(noTargets)).toThrow(/no "targets" object/);
  });
  test('the ratchet lowers a loose budget to the figure plus 10 %, and never raises one', () => {
    const file = copy((v) => {
      v.budgets.console.jsVarsAfterBoot = 4000;
      v.budgets.console.bootcdeBytes = 60000;
    });
    const verdicts = [judge('console', 'jsVarsAfterBoot', 3000, 4000), judge('console', 'bootcdeBytes', 70000, 60000)];
    expect(applyRatchet(verdicts, file)).toBe(1);
    const after = loadBudgets(file);
    expect(after.console.jsVarsAfterBoot).toBe(3300);
    expect(after.console.bootcdeBytes).toBe(60000);
  });
  test('the ratchet also brings a count within 10 % of its figure down to the figure plus 9.5 %, keeping the margin for drift', () => {
    const file = copy((v) => {
      v.budgets.console.pressInstructions = 10_990_000;
      v.budgets.console.wakeMainInstructions = 1_095_000;
    });
    // 9.9 % and 9.5 % above their figures: neither is loose, and only the first is above what the ratchet writes.
    const verdicts = [judge('console', 'pressInstructions', 10_000_000, 10_990_000), judge('console', 'wakeMainInstructions', 1_000_000, 1_095_000)];
    expect(verdicts.map((v) => v.status)).toEqual(['ok', 'ok']);
    expect(applyRatchet(verdicts, file)).toBe(1);
    const after = loadBudgets(file);
    expect(after.console.pressInstructions).toBe(10_950_000);
    expect(after.console.wakeMainInstructions).toBe(1_095_000);
    // The same firmware counted 0.2 % lower by another clone is not judged loose against it.
    expect(judge('console', 'pressInstructions', 9_980_000, after.console.pressInstructions).status).toBe('ok');
  });
});
