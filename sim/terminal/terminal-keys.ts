/**
 * The terminal simulator's keyboard: which key does what, and the two buttons' edges each gesture stands for.
 * A terminal reports keys, never their release, so every gesture is a short script of edges with the timing a
 * person's fingers would have (DEFAULT_TIMING decides what "long" and "held 2 s" are); the gesture player
 * (terminal-gestures.ts) plays them on the HAL's own time line. Fixed keys, listed on screen; nothing to configure.
 * The gestures' names and their keys come from the one table of sim/button-notation.ts.
 */
import { ButtonName } from '../../hal/hal';
import { DEFAULT_TIMING } from '../../firmware/input/gesture-types';
import { clockMeaning, GestureName, NOTATION } from '../button-notation';

export type { GestureName } from '../button-notation';

export type KeyAction =
  | { type: 'gesture'; gesture: GestureName }
  /** Lets this much virtual time pass before the next key's gesture (for keys piped in ahead of time). */
  | { type: 'wait'; ms: number }
  | { type: 'faster' }
  | { type: 'slower' }
  | { type: 'battery' }
  | { type: 'quit' };

/** One edge of a gesture, `atMs` after the gesture starts (virtual time). */
export interface EdgeStep {
  atMs: number;
  button: ButtonName;
  down: boolean;
}

/** A press: down, up 80 ms later (well under a long press, well over contact bounce). */
export const PRESS_MS = 80;
/** The second finger of a two-button gesture lands this long after the first. */
export const CHORD_GAP_MS = 20;
/** Quiet time after a gesture before the next one starts (the releases are confirmed, nothing overlaps). */
export const AFTER_GESTURE_MS = 120;
/** What "." waits. */
export const WAIT_MS = 1000;

function hold(button: ButtonName, ms: number): EdgeStep[] {
  return [
    { atMs: 0, button: button, down: true },
    { atMs: ms, button: button, down: false },
  ];
}

/** Both buttons, the right one CHORD_GAP_MS after the left, both held `ms` after the second went down. */
function both(ms: number): EdgeStep[] {
  return [
    { atMs: 0, button: 'left', down: true },
    { atMs: CHORD_GAP_MS, button: 'right', down: true },
    { atMs: CHORD_GAP_MS + ms, button: 'left', down: false },
    { atMs: CHORD_GAP_MS + ms + CHORD_GAP_MS, button: 'right', down: false },
  ];
}

const T = DEFAULT_TIMING;

/**
 * Each gesture's edges. The chord levels count from the second finger: "both briefly" is a chord (≥ chordMs) far
 * from level 1; "both 2 s" is past level 1 (chordLongMs) and well short of level 2; "both 4 s" past level 2.
 */
export const GESTURE_EDGES: { [name in GestureName]: EdgeStep[] } = {
  pressLeft: hold('left', PRESS_MS),
  pressRight: hold('right', PRESS_MS),
  longLeft: hold('left', T.longPressMs + 100),
  longRight: hold('right', T.longPressMs + 100),
  both: both(T.chordMs + 200),
  both2s: both(T.chordLongMs + 400),
  both4s: both(T.chordVeryLongMs + 400),
};

/** How long a gesture takes, its quiet time after included. */
export function gestureLengthMs(name: GestureName): number {
  const steps = GESTURE_EDGES[name];
  return steps[steps.length - 1].atMs + AFTER_GESTURE_MS;
}

/** What each key does. Keys are named as `decodeKeys` names them; the gestures' keys are the notation table's. */
const KEYMAP: { [key: string]: KeyAction } = {
  '.': { type: 'wait', ms: WAIT_MS },
  '+': { type: 'faster' },
  '=': { type: 'faster' },
  '-': { type: 'slower' },
  b: { type: 'battery' },
  q: { type: 'quit' },
  'ctrl-c': { type: 'quit' },
  'ctrl-d': { type: 'quit' },
};
for (const row of NOTATION) for (const key of row.terminalKeys) KEYMAP[key] = { type: 'gesture', gesture: row.gesture };

export function actionFor(key: string): KeyAction | undefined {
  return Object.prototype.hasOwnProperty.call(KEYMAP, key) ? KEYMAP[key] : undefined;
}

/** Escape sequences of the keys we use (xterm and its descendants, normal and application cursor mode). */
const SEQUENCES: [string, string][] = [
  ['\x1b[1;2D', 'shift-left'],
  ['\x1b[1;2C', 'shift-right'],
  ['\x1b[D', 'left'],
  ['\x1b[C', 'right'],
  ['\x1bOD', 'left'],
  ['\x1bOC', 'right'],
];

/**
 * The keys in a chunk of input: printable characters as themselves, arrows and shift-arrows by name, "enter",
 * "ctrl-c", "ctrl-d". Other escape sequences are skipped whole. In `lines` mode (no raw terminal: a pipe or a
 * line-buffered terminal) line ends are separators, not Enter.
 */
export function decodeKeys(chunk: string, lines: boolean): string[] {
  const keys: string[] = [];
  let at = 0;
  while (at < chunk.length) {
    const ch = chunk.charAt(at);
    if (ch === '\x1b') {
      const known = SEQUENCES.find(([sequence]) => chunk.startsWith(sequence, at));
      if (known) {
        keys.push(known[1]);
        at += known[0].length;
      } else {
        // An unknown sequence: ESC, "[" or "O", parameters, one final letter (or a lone ESC).
        const match = /^\x1b(?:[[O][0-9;]*[@-~]?)?/.exec(chunk.substring(at));
        at += match ? match[0].length : 1;
      }
      continue;
    }
    at++;
    if (ch === '\r' || ch === '\n') {
      // "\r\n" from a terminal is one Enter.
      if (!lines && !(ch === '\n' && chunk.charAt(at - 2) === '\r')) keys.push('enter');
    } else if (ch === '\x03') keys.push('ctrl-c');
    else if (ch === '\x04') keys.push('ctrl-d');
    else if (ch >= ' ') keys.push(ch);
  }
  return keys;
}

/** One line of the key list: keys, the gesture's name, what it means with the clock showing and in the menu. */
export interface KeyHelp {
  keys: string;
  gesture: string;
  clock: string;
  menu: string;
}

/** The key list shown on screen (the notation table's rows); `left`/`right` name whose buttons they are. */
export function keyHelp(left: string, right: string): KeyHelp[] {
  return NOTATION.map((row) => ({ keys: row.terminalLabel, gesture: row.name, clock: clockMeaning(row, left, right), menu: row.menu }));
}

/** The key list in one line (at most 80 columns), for a terminal too short for the whole list. */
export function keySummary(menu: boolean): string {
  return menu
    ? 'menu: a← next · l→ choose · A back · L previous · space OK · r cancel · q quit'
    : 'keys: a← l→ press · A L long · space pause · r resume · m menu · +- speed · q';
}

/** The keys that are not buttons. */
export const OTHER_KEYS = '+ (=) - speed ×2 ÷2 · b battery low · . wait 1 s · q quit';

/** The key list for --help and the Espruino runner: one line per gesture, "  a ←      Left        …". */
export function keyLegend(left: string, right: string): string[] {
  return NOTATION.map((row) => {
    const meanings = [clockMeaning(row, left, right), row.menu ? 'in the menu: ' + row.menu : ''].filter((m) => m).join('; ');
    return '  ' + (row.terminalLabel + ' '.repeat(10)).slice(0, 10) + (row.name + ' '.repeat(12)).slice(0, 12) + row.fingers + ': ' + meanings;
  });
}
