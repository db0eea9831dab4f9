/**
 * What two buttons can say, recognised from timestamped edges (firmware/input/gestures.ts). Every gesture carries the
 * instant it happened on the edges' own time line, never the instant the firmware got to it.
 */
import { ButtonName } from '../../hal/hal';

export interface GestureTiming {
  /** Edges of one button closer than this to its previous edge are contact bounce. */
  bounceMs: number;
  /** One button held alone this long is a long press. */
  longPressMs: number;
  /** While one button is held alone (menus), auto-repeat starts after this … */
  repeatDelayMs: number;
  /** … and repeats this often. */
  repeatEveryMs: number;
  /** Both buttons held together this long are a chord (a pause: 12.13, 3.17.2). Shorter overlaps are two moves. */
  chordMs: number;
  /** The chord's first edge is the earlier down edge only if the second came within this of it. */
  chordWindowMs: number;
  /** A chord held this long is deliberate (level 1: resume) … */
  chordLongMs: number;
  /** … and this long, more deliberate still (level 2: the arbiter's menu). */
  chordVeryLongMs: number;
}

/**
 * The timing the clock uses, a fresh object on each call (the recogniser keeps its own copy: on the device a
 * module-level one would be built in RAM at boot and kept besides). Its fields are the ones a timing is checked on.
 */
export function defaultTiming(): GestureTiming {
  return {
    bounceMs: 30,
    longPressMs: 1000,
    repeatDelayMs: 500,
    repeatEveryMs: 150,
    chordMs: 400,
    chordWindowMs: 1000,
    chordLongMs: 2000,
    chordVeryLongMs: 4000,
  };
}

/**
 * defaultTiming() once, for the hosts (simulators, tests). The firmware calls defaultTiming(), so the bundle drops
 * this (its call is marked pure and nothing there uses it).
 */
export const DEFAULT_TIMING: GestureTiming = /*#__PURE__*/ defaultTiming();

export type GestureInput =
  | { type: 'edge'; button: ButtonName; down: boolean; atMs: number }
  /** No edge: lets time-based gestures (long press, repeat, chord levels) fire at their instants. */
  | { type: 'tick'; atMs: number };

export type Gesture =
  /** A button went down (not a bounce): a move is made on the down edge, charged at `atMs`. */
  | { type: 'press'; button: ButtonName; atMs: number }
  | { type: 'release'; button: ButtonName; atMs: number; heldMs: number }
  /** Held alone for longPressMs; `atMs` = down + longPressMs. Once per hold. */
  | { type: 'long'; button: ButtonName; atMs: number }
  /** Auto-repeat while held alone. */
  | { type: 'repeat'; button: ButtonName; atMs: number }
  /** Both held together for chordMs. `firstAtMs`: the chord's first edge (see chordWindowMs). Once per chord. */
  | { type: 'chord'; firstAtMs: number; atMs: number }
  /** The chord is still held at chordLongMs (level 1) and chordVeryLongMs (level 2) after it began. */
  | { type: 'chordHold'; level: 1 | 2; atMs: number }
  /** Both buttons are up again after a chord; `level`: the highest chordHold reached (0 if none). */
  | { type: 'chordEnd'; level: 0 | 1 | 2; atMs: number };
