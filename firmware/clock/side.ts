/** The two players. Code handles "a side" once, indexed by this name, never black and white copy-pasted. */
export type Side = 'black' | 'white';

export const SIDES: Side[] = ['black', 'white'];

export function isSide(value: unknown): value is Side {
  return value === 'black' || value === 'white';
}

export function otherSide(side: Side): Side {
  return side === 'black' ? 'white' : 'black';
}

/** One value per side: the shape of every per-player record in the clock. */
export interface PerSide<T> {
  black: T;
  white: T;
}
