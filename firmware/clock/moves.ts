/** What a completed move does to the mover's clock, per time system (docs/time-systems.md). */
import { Stage, TimeControl } from './control';
import { SideClock } from './side-clock';

/**
 * Time a stages control adds after the side's `moves`-th move: the next stage's time when a stage is complete, the
 * last stage repeating. Derived from the move counter alone, so an arbiter's correction of the counter (12.14)
 * moves the stage boundaries with it.
 */
export function stageBonusMs(stages: Stage[], moves: number): number {
  let end = 0;
  for (let i = 0; i < stages.length; i++) {
    end += stages[i].moves;
    if (moves === end) return stages[Math.min(i + 1, stages.length - 1)].ms;
    if (moves < end) return 0;
  }
  const last = stages[stages.length - 1];
  return (moves - end) % last.moves === 0 ? last.ms : 0;
}

/** The mover's clock after a move that used `usedMs` of running time this turn. Ends any grace (delay, break). */
export function afterMove(side: SideClock, control: TimeControl, usedMs: number): SideClock {
  const moved = Object.assign({}, side, { moves: side.moves + 1, graceMs: 0, inBreak: false });
  if (side.flaggedAtMs !== null) return moved; // a flagged side has no more time to refill or add to
  switch (control.system) {
    case 'byoyomi':
      if (side.phase === 'overtime') moved.remainingMs = control.periodMs;
      break;
    case 'canadian':
      if (side.phase === 'overtime' && side.movesLeft !== null) {
        moved.movesLeft = side.movesLeft - 1;
        if (moved.movesLeft <= 0) {
          moved.movesLeft = control.moves;
          moved.remainingMs = control.periodMs;
        }
      }
      break;
    case 'fischer': {
      const cap = control.capMs === undefined ? Infinity : control.capMs;
      moved.remainingMs = Math.max(side.remainingMs, Math.min(side.remainingMs + control.incrementMs, cap));
      break;
    }
    case 'bronstein':
      moved.remainingMs = side.remainingMs + Math.min(control.delayMs, usedMs);
      break;
    case 'stages':
      moved.remainingMs = side.remainingMs + stageBonusMs(control.stages, moved.moves);
      break;
    default:
      break;
  }
  return moved;
}

/** The clock of a side whose turn begins: simple delay gives it its grace; anything pending (a break) stays. */
export function beforeTurn(side: SideClock, control: TimeControl): SideClock {
  if (control.system !== 'delay' || side.flaggedAtMs !== null) return side;
  return Object.assign({}, side, { graceMs: control.delayMs, inBreak: false });
}
