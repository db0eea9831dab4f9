/**
 * The one notation for the two buttons' gestures, and each simulator's keys for them — the table every legend is
 * made from: the terminal simulator's key list and --help (sim/terminal/terminal-keys.ts, sim/terminal/terminal-args.ts), the
 * Espruino console runner's (sim/espruino/cli.ts), the browser page's (sim/web/index.html, filled in by
 * sim/web-server.ts; its keys in sim/web/buttons.ts). The docs write gestures with the same names.
 *
 *   Left, Right            a press of that button
 *   Left long, Right long  that button held alone ≈1 s (the firmware's longPressMs)
 *   Both                   both buttons together, briefly (at least chordMs, 0.4 s)
 *   Both 2 s, Both 4 s     both held 2 s (chordLongMs), 4 s (chordVeryLongMs), then let go
 *
 * A terminal reports keys, never their release, so there each key plays a whole gesture with a person's timing; the
 * page has real key-up events, so there a key is the button itself, held as long as the key is. Browser-safe (the
 * page's bundle imports it): nothing from Node.
 */
import { ButtonName } from '../hal/hal';
import { DEFAULT_TIMING } from '../firmware/input/gesture-types';

export type GestureName = 'pressLeft' | 'pressRight' | 'longLeft' | 'longRight' | 'both' | 'both2s' | 'both4s';

/** The browser page's keys for each button, by KeyboardEvent.code (position: KeyA/KeyL on any layout), with labels. */
export const BROWSER_KEYS: { [button in ButtonName]: { code: string; label: string }[] } = {
  left: [
    { code: 'KeyA', label: 'A' },
    { code: 'ArrowLeft', label: '←' },
  ],
  right: [
    { code: 'KeyL', label: 'L' },
    { code: 'ArrowRight', label: '→' },
  ],
};

export interface GestureNotation {
  gesture: GestureName;
  /** The gesture's name in the docs and every legend: "Left", "Right long", "Both 2 s". */
  name: string;
  /** What the fingers do. */
  fingers: string;
  /** The terminal simulator's keys, as `decodeKeys` names them (sim/terminal/terminal-keys.ts). */
  terminalKeys: string[];
  /** The same keys as a person reads them. */
  terminalLabel: string;
  /** On the browser page: keys (held as long as the button is) or the mouse and fingers. */
  browser: string;
  /**
   * What it does with the clock showing; `{left}`/`{right}` stand for the players on those buttons. A long press is
   * a press there: the move is made when the button goes down, holding on adds nothing.
   */
  clock: string;
  /** What it does in the menu. */
  menu: string;
}

const T = DEFAULT_TIMING;
const seconds = (ms: number) => String(ms / 1000) + ' s';
const leftKeys = BROWSER_KEYS.left.map((k) => k.label).join(' or ');
const rightKeys = BROWSER_KEYS.right.map((k) => k.label).join(' or ');
const bothKeys = 'a left key and a right key (' + BROWSER_KEYS.left[0].label + '+' + BROWSER_KEYS.right[0].label + ', ←+→), two fingers, or a key and the mouse';

/** Every gesture, in the order the legends list them. */
export const NOTATION: GestureNotation[] = [
  {
    gesture: 'pressLeft',
    name: 'Left',
    fingers: 'press the left button',
    terminalKeys: ['a', 'left'],
    terminalLabel: 'a ←',
    browser: leftKeys + ', or click / tap the left button',
    clock: "{left}'s button",
    menu: 'next / minus',
  },
  {
    gesture: 'pressRight',
    name: 'Right',
    fingers: 'press the right button',
    terminalKeys: ['l', 'right'],
    terminalLabel: 'l →',
    browser: rightKeys + ', or click / tap the right button',
    clock: "{right}'s button",
    menu: 'choose / plus',
  },
  {
    gesture: 'longLeft',
    name: 'Left long',
    fingers: 'hold the left button alone ' + seconds(T.longPressMs),
    terminalKeys: ['A', 'shift-left'],
    terminalLabel: 'A ⇧←',
    browser: 'hold ' + leftKeys + ' (or the left button) ' + seconds(T.longPressMs),
    clock: 'as Left',
    menu: 'back',
  },
  {
    gesture: 'longRight',
    name: 'Right long',
    fingers: 'hold the right button alone ' + seconds(T.longPressMs),
    terminalKeys: ['L', 'shift-right'],
    terminalLabel: 'L ⇧→',
    browser: 'hold ' + rightKeys + ' (or the right button) ' + seconds(T.longPressMs),
    clock: 'as Right',
    menu: 'previous',
  },
  {
    gesture: 'both',
    name: 'Both',
    fingers: 'both buttons together, briefly (at least ' + seconds(T.chordMs) + ')',
    terminalKeys: [' ', 'enter'],
    terminalLabel: 'space ⏎',
    browser: 'hold ' + bothKeys + ' together ' + seconds(T.chordMs) + '–' + seconds(T.chordLongMs) + ', let go',
    clock: 'pause',
    menu: 'choose / OK',
  },
  {
    gesture: 'both2s',
    name: 'Both ' + seconds(T.chordLongMs),
    fingers: 'both buttons held ' + seconds(T.chordLongMs) + ', then let go',
    terminalKeys: ['r'],
    terminalLabel: 'r',
    browser: 'hold both ' + seconds(T.chordLongMs) + ' (not ' + seconds(T.chordVeryLongMs) + '), let go',
    clock: 'resume; menu if ready',
    menu: 'back / cancel',
  },
  {
    gesture: 'both4s',
    name: 'Both ' + seconds(T.chordVeryLongMs),
    fingers: 'both buttons held ' + seconds(T.chordVeryLongMs),
    terminalKeys: ['m'],
    terminalLabel: 'm',
    browser: 'hold both ' + seconds(T.chordVeryLongMs),
    clock: 'menu',
    menu: '',
  },
];

/** The row of one gesture. */
export function notationOf(gesture: GestureName): GestureNotation {
  for (const row of NOTATION) if (row.gesture === gesture) return row;
  throw new Error('no notation for ' + gesture);
}

/** What a gesture does with the clock showing, with the players' names put in. */
export function clockMeaning(row: GestureNotation, left: string, right: string): string {
  return row.clock.replace('{left}', left).replace('{right}', right);
}

/** The table in Markdown: notation, what the fingers do, terminal keys, browser (for the docs and the report). */
export function notationMarkdown(): string {
  const lines = ['| gesture | fingers | terminal (`npm start`, `npm run espruino`) | browser (`npm run sim:web`) |', '|---|---|---|---|'];
  for (const row of NOTATION) lines.push('| **' + row.name + '** | ' + row.fingers + ' | ' + row.terminalLabel.split(' ').map((k) => '`' + k + '`').join(' ') + ' | ' + row.browser + ' |');
  return lines.join('\n');
}
