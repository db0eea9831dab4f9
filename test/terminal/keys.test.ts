/**
 * The keyboard (sim/terminal/terminal-keys.ts): how terminal input becomes keys, and that each key's gesture, played as
 * button edges on the firmware's runtime (virtual time), does what the user manual says that gesture does.
 */
import { ButtonName } from '../../hal/hal';
import { DEFAULT_TIMING } from '../../firmware/input/gesture-types';
import { startRuntime, Runtime } from '../../firmware/runtime/runtime';
import { createVirtualHal, VirtualHal } from '../../sim/virtual-hal';
import { actionFor, decodeKeys, GESTURE_EDGES, GestureName, gestureLengthMs, keyHelp } from '../../sim/terminal/terminal-keys';
import { NOTATION, notationMarkdown, notationOf } from '../../sim/button-notation';
import { USAGE as TERMINAL_USAGE } from '../../sim/terminal/terminal-args';
import { USAGE as ESPRUINO_USAGE } from '../../sim/espruino/cli';
import { KEYS } from '../../sim/web/buttons';
import { pageHtml } from '../../sim/web-server';
import { layoutFor } from '../../firmware/display/layouts';

describe('terminal input as keys', () => {
  test('characters, arrows, shift-arrows, Enter, Ctrl-C in a raw terminal', () => {
    expect(decodeKeys('al AL', false)).toEqual(['a', 'l', ' ', 'A', 'L']);
    expect(decodeKeys('\x1b[D\x1b[C\x1bOD\x1bOC', false)).toEqual(['left', 'right', 'left', 'right']);
    expect(decodeKeys('\x1b[1;2D\x1b[1;2C', false)).toEqual(['shift-left', 'shift-right']);
    expect(decodeKeys('\r', false)).toEqual(['enter']);
    expect(decodeKeys('\r\n', false)).toEqual(['enter']);
    expect(decodeKeys('\x03q\x04', false)).toEqual(['ctrl-c', 'q', 'ctrl-d']);
  });

  test('other escape sequences (up, F1, a lone Esc) are skipped whole', () => {
    expect(decodeKeys('\x1b[Aa\x1bOPl\x1b[15~m\x1b', false)).toEqual(['a', 'l', 'm']);
  });

  test('from a pipe, line ends only separate keys', () => {
    expect(decodeKeys('l\n.\n \r\nq\n', true)).toEqual(['l', '.', ' ', 'q']);
  });

  test('each key of the key list does something; unknown keys nothing', () => {
    for (const key of ['a', 'left', 'l', 'right', 'A', 'shift-left', 'L', 'shift-right', ' ', 'enter', 'r', 'm', '+', '-', '.', 'b', 'q', 'ctrl-c']) {
      expect(actionFor(key)).toBeDefined();
    }
    expect(actionFor('x')).toBeUndefined();
    expect(actionFor('constructor')).toBeUndefined();
  });
});

describe('the gestures keep to the firmware timing (DEFAULT_TIMING)', () => {
  const T = DEFAULT_TIMING;
  const held = (name: GestureName): number => {
    const steps = GESTURE_EDGES[name];
    return steps[steps.length - 1].atMs;
  };

  test('a press is no bounce and no long press; a long press is long', () => {
    expect(held('pressLeft')).toBeGreaterThan(T.bounceMs);
    expect(held('pressLeft')).toBeLessThan(T.longPressMs - 500);
    expect(held('longRight')).toBeGreaterThanOrEqual(T.longPressMs);
  });

  test('both buttons: the second finger comes within the chord window; levels counted from it', () => {
    for (const name of ['both', 'both2s', 'both4s'] as GestureName[]) {
      const [first, second, up1, up2] = GESTURE_EDGES[name];
      expect([first.down, second.down, up1.down, up2.down]).toEqual([true, true, false, false]);
      expect(first.button).not.toBe(second.button);
      expect(second.atMs - first.atMs).toBeLessThan(T.chordWindowMs);
      const together = up1.atMs - second.atMs;
      if (name === 'both') expect(together).toBeGreaterThanOrEqual(T.chordMs + 100);
      if (name === 'both') expect(together).toBeLessThan(T.chordLongMs - 1000);
      if (name === 'both2s') expect(together).toBeGreaterThanOrEqual(T.chordLongMs + 200);
      if (name === 'both2s') expect(together).toBeLessThan(T.chordVeryLongMs - 1000);
      if (name === 'both4s') expect(together).toBeGreaterThanOrEqual(T.chordVeryLongMs + 200);
    }
  });

  test('a gesture leaves time for its releases to be confirmed before the next one', () => {
    for (const name of Object.keys(GESTURE_EDGES) as GestureName[]) {
      expect(gestureLengthMs(name) - held(name)).toBeGreaterThan(T.bounceMs * 2);
    }
  });
});

describe('each gesture on the runtime does what the manual says', () => {
  let hal: VirtualHal;
  let runtime: Runtime;

  beforeEach(() => {
    hal = createVirtualHal();
    runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  });

  /** Plays a gesture's edges from now on, then lets its quiet time pass. */
  function play(name: GestureName): void {
    const start = hal.nowMs();
    for (const step of GESTURE_EDGES[name]) {
      hal.advanceTo(start + step.atMs);
      hal.edge(step.button as ButtonName, step.down);
    }
    hal.advanceTo(start + gestureLengthMs(name));
  }

  const wait = (ms: number): void => hal.advanceTo(hal.nowMs() + ms);

  test('l (a right press) starts the clock: Black runs', () => {
    play('pressRight');
    expect(runtime.view().status).toBe('running');
    expect(runtime.view().toMove).toBe('black');
  });

  test('space pauses as of the first finger: the presses that began it are not moves', () => {
    play('pressRight');
    wait(5000);
    const before = runtime.view().sides.black.moves;
    play('both');
    expect(runtime.view().status).toBe('paused');
    expect(runtime.view().toMove).toBe('black');
    expect(runtime.view().sides.black.moves).toBe(before);
  });

  test('r resumes a paused game; m opens the menu', () => {
    play('pressRight');
    play('both');
    play('both2s');
    expect(runtime.view().status).toBe('running');
    play('both');
    play('both4s');
    expect(runtime.menuOpen()).toBe(true);
  });

  test('in the menu: a is next, A (long left) at the top closes it', () => {
    play('both2s'); // from ready, 2 s opens the menu
    expect(runtime.menuOpen()).toBe(true);
    const first = runtime.screen().menu;
    play('pressLeft');
    expect(runtime.screen().menu).not.toEqual(first);
    play('longLeft');
    expect(runtime.menuOpen()).toBe(false);
  });
});

describe('one notation for the gestures (sim/button-notation.ts), and every legend made from it', () => {
  test('the names, in order, and the terminal keys that play each', () => {
    expect(NOTATION.map((row) => [row.name, row.gesture, row.terminalKeys])).toEqual([
      ['Left', 'pressLeft', ['a', 'left']],
      ['Right', 'pressRight', ['l', 'right']],
      ['Left long', 'longLeft', ['A', 'shift-left']],
      ['Right long', 'longRight', ['L', 'shift-right']],
      ['Both', 'both', [' ', 'enter']],
      ['Both 2 s', 'both2s', ['r']],
      ['Both 4 s', 'both4s', ['m']],
    ]);
    for (const row of NOTATION) for (const key of row.terminalKeys) expect(actionFor(key)).toEqual({ type: 'gesture', gesture: row.gesture });
    expect(Object.keys(GESTURE_EDGES).sort()).toEqual(NOTATION.map((row) => row.gesture).sort());
  });

  test('the names say the firmware timing: long is longPressMs, the chord levels chordLongMs and chordVeryLongMs', () => {
    expect(DEFAULT_TIMING.longPressMs).toBe(1000);
    expect(notationOf('longLeft').fingers).toBe('hold the left button alone 1 s');
    expect(notationOf('both2s').name).toBe('Both ' + DEFAULT_TIMING.chordLongMs / 1000 + ' s');
    expect(notationOf('both4s').name).toBe('Both ' + DEFAULT_TIMING.chordVeryLongMs / 1000 + ' s');
    expect(notationOf('both').fingers).toContain('at least ' + DEFAULT_TIMING.chordMs / 1000 + ' s');
  });

  test('the browser page: A and ← are the left button, L and → the right one (sim/web/buttons.ts)', () => {
    expect(KEYS).toEqual({ KeyA: 'left', ArrowLeft: 'left', KeyL: 'right', ArrowRight: 'right' });
    expect(notationOf('pressRight').browser).toBe('L or →, or click / tap the right button');
  });

  test('the on-screen key list, the --help and the Espruino runner name each gesture with its keys', () => {
    expect(keyHelp('Black', 'White').map((k) => [k.keys, k.gesture, k.clock])).toEqual([
      ['a ←', 'Left', "Black's button"],
      ['l →', 'Right', "White's button"],
      ['A ⇧←', 'Left long', 'as Left'],
      ['L ⇧→', 'Right long', 'as Right'],
      ['space ⏎', 'Both', 'pause'],
      ['r', 'Both 2 s', 'resume; menu if ready'],
      ['m', 'Both 4 s', 'menu'],
    ]);
    for (const row of NOTATION) {
      const line = new RegExp('\\n  ' + row.terminalLabel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + ' +' + row.name + ' +' + row.fingers.replace(/[()]/g, '\\$&') + ': ');
      expect(TERMINAL_USAGE).toMatch(line);
      expect(ESPRUINO_USAGE).toMatch(line);
    }
    expect(TERMINAL_USAGE).toContain('\n  L ⇧→      Right long  hold the right button alone 1 s: as Right; in the menu: previous\n');
  });

  test('the browser page lists each gesture by name, with its keys and what it does', () => {
    const page = pageHtml();
    for (const row of NOTATION) expect(page).toContain('<li class="gesture" data-gesture="' + row.gesture + '"><b>' + row.name + '</b> — ');
    expect(page).toContain('<b>Right long</b> — hold L or → (or the right button) 1 s: as Right; in the menu: previous.</li>');
    expect(page).toContain('<span class="keys"><kbd>A</kbd><kbd>←</kbd></span>');
    expect(page).toContain('<span class="keys"><kbd>L</kbd><kbd>→</kbd></span>');
    expect(page).not.toContain('<!--');
  });

  test('the notation table in Markdown, for the docs', () => {
    expect(notationMarkdown().split('\n')[4]).toBe('| **Left long** | hold the left button alone 1 s | `A` `⇧←` | hold A or ← (or the left button) 1 s |');
  });
});
