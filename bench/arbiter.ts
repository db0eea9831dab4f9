/**
 * The arbiter's "+2:00" correction (13.4b) from a running game, played for real: raw button edges through the
 * scripted simulator's whole device (runScenario: gesture recogniser, controller, menu, runtime, core), scripted
 * with Hands (sim/hands.ts) at 300 ms per action, a hold counting its own length. The figures are read from Hands;
 * the scenario's log shows that the correction was applied, once, to the right side.
 */
import { runScenario } from '../sim/scenario';
import { Hands } from '../sim/hands';

export interface Correction {
  side: 'white' | 'black';
  actions: string[];
  actionCount: number;
  seconds: number;
  /** The log has exactly one "adjust <side> time +120000" and the game runs again. */
  applied: boolean;
  logLine: string | null;
}

/** As test/device/menu-game.test.ts: 10 min + 3×30 s; White starts, Black moves, White is thinking. */
export function plusTwoMinutes(side: 'white' | 'black'): Correction {
  const game = new Hands(0).tap('right').wait(10000).tap('left').wait(7000);
  const correction = new Hands(game.atMs).both(4000); // pause at once, held on to 4 s: the menu, on "Resume"
  correction.tap('left'); // "+2:00 White"
  if (side === 'black') correction.tap('left'); // "+2:00 Black"
  correction.tap('right').tap('right'); // give it, then "Resume"
  const out = runScenario({
    control: { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 },
    events: game.events.concat(correction.events),
    untilMs: correction.atMs,
  });
  const pattern = new RegExp('adjust ' + side + ' time \\+120000');
  const lines = out.log.filter((l) => pattern.test(l));
  return {
    side,
    actions: correction.actions.map((a) => a.name),
    actionCount: correction.actions.length,
    seconds: correction.seconds(),
    applied: lines.length === 1 && out.state === 'running',
    logLine: lines.length ? lines[0] : null,
  };
}
