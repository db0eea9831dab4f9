/** What a completed move does, per time system (docs/time-systems.md): the mover's rule, and the next turn begun. */
import { Stage, TimeControl } from './control';
import { chargedBy, runTimes, SideClock } from './side-clock';
import { PerSide, Side } from './side';
import { ClockEffect, ClockState } from './clock-types';

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
 * A move: the running side's own press at `atMs`, with no boundary of its due at or before it (clock.ts `step` sends
 * only that here). The mover's time run to the press (side-clock.ts `runTimes`; in hourglass the opponent gains what
 * it used), the mover's rule per system, which also ends any grace (delay, break), its log line, the opponent's turn
 * begun: all in one new state, without first making the state run to `atMs`. The hot path of every press, so it is
 * one function that does only that: on Espruino a call costs as much as reading some 80 characters of its text.
 */
export function moveMade(state: ClockState, side: Side, atMs: number, out: ClockEffect[]): ClockState {
  const clock = state.sides[side];
  const control = state.controls[side];
  const elapsed = atMs - state.sinceMs;
  const usedMs = state.turnUsedMs + elapsed;
  const mover = Object.assign({}, clock);
  if (elapsed > 0) runTimes(clock, elapsed, mover);
  mover.moves = clock.moves + 1;
  mover.graceMs = 0;
  mover.inBreak = false;
  // The mover's rule per system (docs/time-systems.md; phase and moves left do not change while the clock runs); a
  // flagged side has no more time to refill or add to. Written here, not as a function of its own: measured, the
  // call costs more than Espruino's passing over the other cases.
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
        mover.remainingMs = Math.max(mover.remainingMs, Math.min(mover.remainingMs + control.incrementMs, control.capMs === undefined ? Infinity : control.capMs));
        break;
      case 'bronstein':
        mover.remainingMs += Math.min(control.delayMs, usedMs);
        break;
      case 'stages':
        mover.remainingMs += /*#__NOINLINE__*/ stageBonusMs(control.stages, mover.moves);
        break;
      default:
        break;
    }
  }
  // (The log entry as clock-effects.ts logTo shapes it, written here: one call less on every press.)
  out.push({ type: 'log', entry: { atMs: atMs, side: side, kind: 'move', text: side + ' move ' + mover.moves + ' (' + usedMs + ' ms)' } });
  const other = side === 'black' ? 'white' : 'black';
  let opponent = state.sides[other];
  if (control.system === 'hourglass' && elapsed > 0 && opponent.flaggedAtMs === null) {
    opponent = Object.assign({}, opponent, { remainingMs: opponent.remainingMs + chargedBy(clock, elapsed) });
  }
  const sides: PerSide<SideClock> = { black: mover, white: mover };
  sides[other] = state.controls[other].system === 'delay' ? beforeTurn(opponent, state.controls[other]) : opponent;
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
