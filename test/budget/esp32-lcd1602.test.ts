/** The esp32-lcd1602 board's budget (bench/budgets.json) on espruino-12k: see board-budget.ts. */
import { boardBudget } from './board-budget';

boardBudget('esp32-lcd1602');
