/** The menu never emits a correction the core would refuse: each is checked with the core's own `adjustError`. */
import { adjustError } from '../../clock/adjust';
import { AdjustEvent } from '../../clock/clock-types';
import { MenuContext } from './menu-types';

/** Why the core would refuse `event` now, or undefined. */
export function menuAdjustError(context: MenuContext, event: AdjustEvent): string | undefined {
  return adjustError(context.clock, event);
}
