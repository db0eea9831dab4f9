/**
 * Two push buttons on GPIO pins, watched with Espruino's `setWatch`, debounced here, reported as hal `ButtonEdge`s.
 *
 * - Both edges are watched: the gesture layer needs releases (long presses, both-buttons chords).
 * - An edge carries `e.time`, the instant the interrupt saw the pin change, not the instant the handler runs.
 * - Debounce is a lockout: the first edge that changes a button's state is reported at once with its own time; edges
 *   in the next `debounceMs` are bounces. If the pin has settled in the other state when the lockout ends, that is
 *   reported too, stamped with the time of the last raw edge. So a press is never delayed by the debounce, and a
 *   release that bounced is not lost. Espruino's own `debounce` option is not used (it is 0) so the rule above,
 *   and the times it reports, are ours and tested.
 * - `setWatch` is called before `pinMode`: on ESP32, arming a watch forces the internal pull-up, so the pull is
 *   set afterwards (pull-up for buttons to ground, pull-down otherwise). `pinMode` also marks the state as manual.
 * - Espruino refuses some pins with no more than a console warning: on ESP32 `setWatch` accepts only GPIO 0, 12–19,
 *   21, 22, 25–27 and 34–39 (its jshCanWatch) and returns undefined for the others, 32 and 33 included. That is
 *   turned into an error at start-up instead of a dead button. Of the accepted pins, 34–39 have no internal
 *   pull-up and 0, 12 and 15 are strapping pins, which leaves 13, 14, 18, 19 and 25–27 for buttons to ground.
 */
import { ButtonEdge, ButtonName, Buttons } from '../hal';
import { secondsToMs } from './time';
import { PinHandle, SetTimeoutFn, TimeoutHandle, WatchEvent, WatchOptions } from './types';

export interface ButtonsOptions {
  setWatch: (callback: (event: WatchEvent) => void, pin: PinHandle, options: WatchOptions) => unknown;
  pinMode: (pin: PinHandle, mode: string) => void;
  /** Schedules the end-of-lockout check (never cleared: it only reads the state it finds). */
  setTimeout: SetTimeoutFn;
  pins: { left: PinHandle; right: PinHandle };
  /** True when a pressed button pulls its pin to ground. */
  activeLow: boolean;
  debounceMs: number;
}

interface ButtonState {
  name: ButtonName;
  /** The state last reported. */
  down: boolean;
  /** When the last reported edge happened. */
  changedAtMs: number;
  /** The pin as last seen by the watch, and when. */
  rawDown: boolean;
  rawAtMs: number;
  settle: TimeoutHandle;
}

export function createButtons(options: ButtonsOptions): Buttons {
  const activeLow = options.activeLow;
  const debounceMs = options.debounceMs;
  const setTimeoutFn = options.setTimeout;
  let handler: ((edge: ButtonEdge) => void) | undefined = undefined;

  function report(button: ButtonState, down: boolean, atMs: number): void {
    button.down = down;
    button.changedAtMs = atMs;
    if (handler) handler({ button: button.name, down: down, atMs: atMs });
  }

  function settle(button: ButtonState): void {
    button.settle = undefined;
    if (button.rawDown !== button.down) report(button, button.rawDown, button.rawAtMs);
  }

  function watch(name: ButtonName, pin: PinHandle): void {
    const button: ButtonState = {
      name: name,
      down: false,
      changedAtMs: -Infinity,
      rawDown: false,
      rawAtMs: 0,
      settle: undefined,
    };
    const id = options.setWatch(
      (event) => {
        const down = activeLow ? !event.state : !!event.state;
        const atMs = secondsToMs(event.time);
        button.rawDown = down;
        button.rawAtMs = atMs;
        // Inside a lockout: the settle check will look at where the pin ended up.
        if (button.settle !== undefined) return;
        if (down === button.down) return;
        const lockoutEndMs = button.changedAtMs + debounceMs;
        if (atMs >= lockoutEndMs) {
          report(button, down, atMs);
        } else {
          button.settle = setTimeoutFn(() => settle(button), lockoutEndMs - atMs);
        }
      },
      pin,
      { repeat: true, edge: 'both', debounce: 0 },
    );
    // Espruino's watch ids start at 1; a refused pin gives undefined (after a console warning).
    if (id === undefined || id === null) {
      throw new Error('buttons: setWatch refused the ' + name + ' pin (not watchable on this chip)');
    }
    options.pinMode(pin, activeLow ? 'input_pullup' : 'input_pulldown');
  }

  watch('left', options.pins.left);
  watch('right', options.pins.right);

  return {
    onEdge(onEdge) {
      handler = onEdge;
    },
  };
}
