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

/** The buttons' object: the runtime's handler (undefined until `onEdge`), and `onEdge` itself. */
interface PinButtons extends Buttons {
  h: ((edge: ButtonEdge) => void) | undefined;
}

function onEdge(this: PinButtons, handler: (edge: ButtonEdge) => void): void {
  this.h = handler;
}

function report(buttons: PinButtons, name: ButtonName, down: boolean, atMs: number): void {
  if (buttons.h) buttons.h({ button: name, down: down, atMs: atMs });
}

/**
 * The watch callback of one button, its state in the callback's own scope: this function's, made at boot and kept
 * (on Espruino a closure holds every scope around it, so it is made here, with only what it uses, not in
 * `createButtons`, whose scope holds the options).
 */
function watchOf(buttons: PinButtons, name: ButtonName, activeLow: boolean, debounceMs: number, setTimeoutFn: SetTimeoutFn): (event: WatchEvent) => void {
  /** The state last reported, and when its edge happened. */
  let down = false;
  let changedAtMs = -Infinity;
  /** The pin as last seen by the watch, and when. */
  let rawDown = false;
  let rawAtMs = 0;
  /** The end-of-lockout check, while one is pending. */
  let settle: TimeoutHandle = undefined;
  return (event) => {
    const now = activeLow ? !event.state : !!event.state;
    // time.ts secondsToMs, written out (the clock does the same): terser would write it here as a function made and
    // called at every edge.
    const atMs = Math.floor(event.time * 1000 + 0.0005);
    rawDown = now;
    rawAtMs = atMs;
    // Inside a lockout: the settle check will look at where the pin ended up.
    if (settle !== undefined || now === down) return;
    const lockoutEndMs = changedAtMs + debounceMs;
    if (atMs >= lockoutEndMs) {
      down = now;
      changedAtMs = atMs;
      report(buttons, name, now, atMs);
    } else {
      settle = setTimeoutFn(() => {
        settle = undefined;
        if (rawDown === down) return;
        down = rawDown;
        changedAtMs = rawAtMs;
        report(buttons, name, rawDown, rawAtMs);
      }, lockoutEndMs - atMs);
    }
  };
}

export function createButtons(options: ButtonsOptions): Buttons {
  const buttons: PinButtons = { h: undefined, onEdge: onEdge };
  const names: ButtonName[] = ['left', 'right'];
  for (let i = 0; i < 2; i++) {
    const name = names[i];
    const pin = options.pins[name];
    const watch = /*#__NOINLINE__*/ watchOf(buttons, name, options.activeLow, options.debounceMs, options.setTimeout);
    const id = options.setWatch(watch, pin, { repeat: true, edge: 'both', debounce: 0 });
    // Espruino's watch ids start at 1; a refused pin gives undefined (after a console warning).
    if (id === undefined || id === null) {
      throw new Error('buttons: setWatch refused the ' + name + ' pin (not watchable on this chip)');
    }
    options.pinMode(pin, options.activeLow ? 'input_pullup' : 'input_pulldown');
  }
  return buttons;
}
