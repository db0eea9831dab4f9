/**
 * The menu never emits a correction the core would refuse: each is checked with the core's own `adjustError`
 * against a clock state rebuilt from the menu's context. `adjustError` reads the controls and the side names only;
 * the once-per-game facts a view does not carry (break taken, warnings given) are left at their fresh values.
 */
import { adjustError } from '../adjust';
import { AdjustEvent, ClockState } from '../clock-types';
import { SideClock } from '../side-clock';
import { SideView } from '../view';
import { MenuContext } from './menu-types';

function sideClock(v: SideView): SideClock {
  return {
    phase: v.phase,
    remainingMs: v.remainingMs,
    graceMs: v.graceMs,
    inBreak: v.inBreak,
    breakTaken: false,
    periodsLeft: v.periodsLeft,
    movesLeft: v.movesLeft,
    moves: v.moves,
    flaggedAtMs: v.flaggedAtMs,
    overdueMs: v.overdueMs,
    warned: 0,
  };
}

export function contextState(context: MenuContext): ClockState {
  const v = context.view;
  return {
    controls: context.controls,
    options: context.settings.options,
    status: v.status,
    toMove: v.toMove,
    sinceMs: v.atMs,
    turnUsedMs: 0,
    atMs: v.atMs,
    sides: { black: sideClock(v.sides.black), white: sideClock(v.sides.white) },
    flags: v.flags,
  };
}

/** Why the core would refuse `event` now, or undefined. */
export function menuAdjustError(context: MenuContext, event: AdjustEvent): string | undefined {
  return adjustError(contextState(context), event);
}
