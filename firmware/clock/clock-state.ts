/** Small pure helpers over the clock state that every transition shares. */
import { ClockState } from './clock-types';
import { beforeTurn } from './moves';
import { PerSide, Side } from './side';
import { SideClock } from './side-clock';

export function withSide(state: ClockState, side: Side, clock: SideClock): ClockState {
  const sides: PerSide<SideClock> = { black: state.sides.black, white: state.sides.white };
  sides[side] = clock;
  return Object.assign({}, state, { sides: sides });
}

/** Starts `side`'s turn at `atMs`. */
export function beginTurn(state: ClockState, side: Side, atMs: number): ClockState {
  const next = withSide(state, side, beforeTurn(state.sides[side], state.controls[side]));
  return Object.assign(next, { status: 'running', toMove: side, sinceMs: atMs, turnUsedMs: 0 });
}

