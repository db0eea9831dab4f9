/** What a completed move does, per time system (docs/time-systems.md): the mover's rule, and the next turn begun. */
import { Stage, TimeControl } from './control';
import { SideClock } from './side-clock';
import { otherSide, PerSide, Side } from './side';
import { ClockEffect, ClockState } from './clock-types';
import { logTo } from './clock-effects';

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

/**
 * A move: the running side's own press at `atMs`, the state run to that instant (clock.ts `step` sends only that
 * here). The mover's rule per system, which also ends any grace (delay, break); its log line; the opponent's turn
 * begun; all in one new state. The hot path of every press, so it is one function that does only that: on Espruino
 * a call costs as much as reading some 60 characters of its text.
 */
export function moveMade(state: ClockState, side: Side, atMs: number, out: ClockEffect[]): ClockState {
  const clock = state.sides[side];
  const control = state.controls[side];
  const usedMs = state.turnUsedMs;
  const mover = Object.assign({}, clock, { moves: clock.moves + 1, graceMs: 0, inBreak: false });
  // A flagged side has no more time to refill or add to.
  if (clock.flaggedAtMs === null) {
    switch (control.system) {
      case 'byoyomi':
        if (clock.phase === 'overtime') mover.remainingMs = control.periodMs;
        break;
      case 'canadian':
        if (clock.phase === 'overtime' && clock.movesLeft !== null) {
          mover.movesLeft = clock.movesLeft > 1 ? clock.movesLeft - 1 : control.moves;
          if (clock.movesLeft <= 1) mover.remainingMs = control.periodMs;
        }
        break;
      case 'fischer':
        mover.remainingMs = Math.max(clock.remainingMs, Math.min(clock.remainingMs + control.incrementMs, control.capMs === undefined ? Infinity : control.capMs));
        break;
      case 'bronstein':
        mover.remainingMs = clock.remainingMs + Math.min(control.delayMs, usedMs);
        break;
      case 'stages':
        mover.remainingMs = clock.remainingMs + /*#__NOINLINE__*/ stageBonusMs(control.stages, mover.moves);
        break;
      default:
        break;
    }
  }
  logTo(out, atMs, side, 'move', side + ' move ' + mover.moves + ' (' + usedMs + ' ms)');
  const other = otherSide(side);
  const sides: PerSide<SideClock> = { black: mover, white: mover };
  sides[other] = beforeTurn(state.sides[other], state.controls[other]);
  return {
    controls: state.controls,
    options: state.options,
    status: 'running',
    toMove: other,
    sinceMs: atMs,
    turnUsedMs: 0,
    atMs: atMs,
    sides: sides,
    flags: state.flags,
  };
}

/** The clock of a side whose turn begins: simple delay gives it its grace; anything pending (a break) stays. */
export function beforeTurn(side: SideClock, control: TimeControl): SideClock {
  if (control.system !== 'delay' || side.flaggedAtMs !== null) return side;
  return Object.assign({}, side, { graceMs: control.delayMs, inBreak: false });
}
