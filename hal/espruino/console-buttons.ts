/**
 * The console board's buttons, as hal `Buttons` fed by a function the console (a person, a test script, an
 * emulator) calls: `press("left", true)` is the left button going down now, `press("left", false)` it coming up,
 * and `press("left")` a press and release at the same instant. Edges are stamped with the clock's `nowMs()`: there
 * is no pin interrupt to give a better time. Unknown names are refused with a message, not a throw.
 */
import { ButtonEdge, Buttons, MonotonicClock } from '../hal';

export interface ConsoleButtonsOptions {
  clock: MonotonicClock;
  print: (text: string) => void;
}

export interface ConsoleButtons {
  buttons: Buttons;
  /** What the global `button(name, down)` calls. `down` undefined = press and release. */
  press(name: string, down?: boolean): void;
}

export function createConsoleButtons(options: ConsoleButtonsOptions): ConsoleButtons {
  const clock = options.clock;
  const print = options.print;
  let handler: ((edge: ButtonEdge) => void) | undefined = undefined;

  return {
    buttons: {
      onEdge(onEdge) {
        handler = onEdge;
      },
    },
    press(name, down) {
      if (name !== 'left' && name !== 'right') {
        print('button: name must be "left" or "right"');
        return;
      }
      const atMs = clock.nowMs();
      // No default parameter (Espruino has none): undefined means a press and a release.
      if (down === undefined) {
        if (handler) handler({ button: name, down: true, atMs: atMs });
        if (handler) handler({ button: name, down: false, atMs: atMs });
        return;
      }
      if (handler) handler({ button: name, down: !!down, atMs: atMs });
    },
  };
}
