/**
 * What the two buttons mean, between the gesture recogniser and the clock or the arbiter's menu.
 *
 * With the clock showing:
 * - a press is a move by the side whose button it is, on the down edge, charged at the edge's instant (12.8);
 * - both buttons held together (a chord, 12.13, 3.17.2) pause the clock as if it had been paused at the chord's
 *   first edge: the presses that began the chord are taken back first, so a chord is never a move;
 * - while paused, ready or over: both held for 2 s and released resume a paused game; both held for 4 s open the
 *   menu (from ready or over, 2 s is enough). A chord that paused the game never resumes it; held on to 4 s it
 *   opens the menu, the quickest way from a running game to a correction.
 * In the menu, every gesture goes to the menu (firmware/input/menu/), which answers with commands.
 */
import { ButtonEdge, ButtonName } from '../../hal/hal';
import { ClockState } from '../clock/clock-types';
import { edgeStep, gestureDeadline, gesturesWith, GestureState, GestureStepResult, quickDown, quickUp, withRepeats } from './gestures';
import { defaultTiming, Gesture, GestureTiming } from './gesture-types';
import type { MenuCommand, MenuContext, MenuResult, MenuState } from './menu';
import type { MenuPart } from '../parts/menu-part';
import { Side } from '../clock/side';

/** What the controller needs from the runtime. Instants passed in are game time. */
export interface ControllerHost {
  clock(): ClockState;
  /** The side whose button `button` is. */
  sideOf(button: ButtonName): Side;
  /** Game time = edge time + this. */
  offsetMs(): number;
  press(side: Side, atMs: number): void;
  /** Takes back whatever happened since `atMs` (the presses that began a chord); pauses the clock if it ran then. */
  pauseAsOf(atMs: number): void;
  resume(atMs: number): void;
  menuContext(): MenuContext;
  /**
   * The menu's code (a part, loaded when the menu opens), or null when it cannot be loaded: then the menu does not
   * open (the host has told why) and the clock goes on as if the chord had been let go.
   */
  menu(): MenuPart | null;
  obey(command: MenuCommand, atMs: number): void;
}

export interface Controller {
  /** Whether the edge made the recogniser report anything (else only the gestures' deadline may have moved). */
  onEdge(edge: ButtonEdge): boolean;
  /** Lets time-based gestures fire (long holds, chord levels); `nowMs` on the edges' time line. */
  onTick(nowMs: number): void;
  /** The next instant (edges' time line) a tick is needed, or null. */
  deadline(): number | null;
  /** The menu's rows while it is open. */
  menuRows(columns: number): string[] | undefined;
  /** While both buttons are held: what letting go will do. */
  hint(): string | undefined;
  menuOpen(): boolean;
}

/** Gestures the ticks may report between two edges and still be replayed (a long hold, a chord and its levels). */
const REPLAY_LIMIT = 6;

/** Where `list` has a gesture equal to `g` (same kind, button, instants and level), or -1. */
function indexOfGesture(list: Gesture[], g: Gesture): number {
  const key = JSON.stringify(g);
  for (let i = 0; i < list.length; i++) if (JSON.stringify(list[i]) === key) return i;
  return -1;
}

/** `timing`: whole and checked (gestures.ts `checkedTiming`); the device's, defaultTiming(), when none is given. */
export function createController(host: ControllerHost, timing?: GestureTiming): Controller {
  // Auto-repeat only in the menu: with the clock showing, a finger resting on a button wakes nobody.
  let gestures: GestureState = withRepeats(gesturesWith(timing || defaultTiming()), false, 0);
  /**
   * The recogniser as it was after the last edge, and what the ticks since then reported: an edge that reaches us
   * after a tick decided something due after the edge's instant is replayed from there (see `lateEdge`).
   * null once the ticks since have said more than REPLAY_LIMIT things or the menu changed the recogniser.
   */
  let afterEdge: GestureState | null = gestures;
  let saidSince: Gesture[] = [];
  let menu: MenuState | null = null;
  /** The recogniser's next deadline, for the state it was computed for (states are never changed once made). */
  let deadlineState: GestureState | null = null;
  let deadlineAtMs: number | null = null;
  let chordPaused = false;
  let chordLevel = 0;
  let chordHeld = false;
  /** Where the current chord began: its later levels and its end go to the same place. */
  let chordOwner: 'clock' | 'menu' | null = null;

  function setMenu(next: MenuState | null, atMs: number): void {
    menu = next;
    const before = gestures;
    gestures = withRepeats(gestures, menu !== null, atMs);
    if (gestures !== before) afterEdge = null;
  }

  /** A chord, its levels and its end (a press is a move: `handle`; releases, long holds and repeats say nothing). */
  function onChordGesture(g: Gesture): void {
    const status = host.clock().status;
    if (g.type === 'chord') {
      chordHeld = true;
      chordLevel = 0;
      // Was the clock running at the chord's first edge? (The presses that began the chord may have switched it.)
      // The presses that began the chord are taken back whatever the clock was doing (they are not moves, and
      // not even ignored presses); a running clock is paused as of the chord's first edge.
      host.pauseAsOf(g.firstAtMs + host.offsetMs());
      // A chord that began with the starting press takes the start back: the clock is ready again, not paused.
      chordPaused = status === 'running' && host.clock().status === 'paused';
    } else if (g.type === 'chordHold') {
      chordLevel = g.level;
      // Holding on after the chord paused the game opens the menu at level 2 (the quickest way to a correction);
      // level 1 opens it from ready or over, and from paused waits for the release (resume).
      const opens = g.level === 2 || (g.level === 1 && status !== 'paused' && !chordPaused);
      if (opens && status !== 'running') {
        chordHeld = false;
        const code = host.menu();
        if (code) setMenu(code.openMenu(host.menuContext()), g.atMs);
      }
    } else if (g.type === 'chordEnd') {
      if (chordHeld && !chordPaused && g.level === 1 && status === 'paused') host.resume(g.atMs + host.offsetMs());
      chordHeld = false;
      chordPaused = false;
      chordLevel = 0;
    }
  }

  /** The menu's answer to `g`, or null when its part cannot be loaded; its code is held only for this call. */
  function askMenu(g: Gesture): MenuResult | null {
    const code = host.menu();
    return code ? code.menuGesture(menu as MenuState, g, host.menuContext()) : null;
  }

  function onMenuGesture(g: Gesture): void {
    const result = askMenu(g);
    if (!result) return setMenu(null, g.atMs);
    let next: MenuState | null = result.menu;
    for (let i = 0; i < result.commands.length; i++) {
      const command = result.commands[i];
      if (command.type === 'close' || command.type === 'resume' || command.type === 'newGame') next = null;
      host.obey(command, g.atMs + host.offsetMs());
    }
    setMenu(next, g.atMs);
  }

  /** Where a gesture that is not a move goes: the menu, or the clock's chord (`onChordGesture`). */
  function route(g: Gesture): void {
    if (g.type === 'chord') chordOwner = menu === null ? 'clock' : 'menu';
    // A chord held on the clock that opens the menu ends there: its end is not a menu gesture.
    const toClock = menu === null || ((g.type === 'chordHold' || g.type === 'chordEnd') && chordOwner === 'clock');
    if (!toClock) onMenuGesture(g);
    else if (g.type !== 'release' && g.type !== 'long' && g.type !== 'repeat') onChordGesture(g);
    if (g.type === 'chordEnd') chordOwner = null;
  }

  /**
   * With the clock showing, a press is a move by the side whose button it is, at the edge's own instant (12.8), and a
   * release says nothing: the gestures of every move, handled here; the rest are `route`'s (a function of its own,
   * which a move's path does not read).
   */
  function handle(list: Gesture[]): void {
    // The menu is only open while the clock stands: one the console's resume left open is closed by the next
    // gesture, which is the clock's (a press is a move, not swallowed by the menu).
    if (menu !== null && host.clock().status === 'running') setMenu(null, list[0].atMs);
    for (let i = 0; i < list.length; i++) {
      const g = list[i];
      if (menu !== null || (g.type !== 'press' && g.type !== 'release')) /*#__NOINLINE__*/ route(g);
      else if (g.type === 'press') host.press(host.sideOf(g.button), g.atMs + host.offsetMs());
    }
  }

  /**
   * An edge stamped before the last tick that reported something (the tick's timer ran first): replays the ticks from
   * the recogniser as it was after the previous edge, with this edge at its own instant. If the replay reports
   * everything the ticks reported (a release confirmed meanwhile, say), only what is new is handled, so a press keeps
   * its own instant (12.8). If it would contradict them (a long hold that the edge would have prevented), null: what
   * was reported stands and the recogniser takes the edge at its last instant. (Asked only for such an edge.)
   */
  function lateEdge(edge: ButtonEdge): GestureStepResult | null {
    const last = gestures.nowMs as number;
    if ((afterEdge as GestureState).nowMs !== null && edge.atMs < ((afterEdge as GestureState).nowMs as number)) return null;
    const replayed = edgeStep(afterEdge as GestureState, edge.button, edge.down, edge.atMs);
    const caughtUp = edgeStep(replayed.state, null, false, last);
    const fresh = replayed.gestures.concat(caughtUp.gestures);
    for (let i = 0; i < saidSince.length; i++) {
      const at = indexOfGesture(fresh, saidSince[i]);
      if (at < 0) return null;
      fresh.splice(at, 1);
    }
    return { state: caughtUp.state, gestures: fresh };
  }

  return {
    onEdge(edge) {
      // Late: stamped before the last tick that reported something (see `lateEdge`). The HAL's edges are well formed.
      const late = afterEdge !== null && saidSince.length > 0 && gestures.nowMs !== null && edge.atMs < gestures.nowMs;
      // A move's two edges take the recogniser's quick ways (gestures.ts `quickDown`, `quickUp`), null when they do not apply.
      const result =
        (late && /*#__NOINLINE__*/ lateEdge(edge)) ||
        (edge.down ? /*#__NOINLINE__*/ quickDown(gestures, edge.button, edge.atMs) : /*#__NOINLINE__*/ quickUp(gestures, edge.button, edge.atMs)) ||
        edgeStep(gestures, edge.button, edge.down, edge.atMs);
      gestures = result.state;
      afterEdge = gestures;
      if (saidSince.length > 0) saidSince = [];
      if (result.gestures.length === 0) return false;
      handle(result.gestures);
      return true;
    },
    onTick(nowMs) {
      const result = edgeStep(gestures, null, false, nowMs);
      // A tick that fired nothing is not kept: an edge stamped before it, handled after it, keeps its own instant.
      if (result.gestures.length === 0) return;
      gestures = result.state;
      if (saidSince.length + result.gestures.length > REPLAY_LIMIT) afterEdge = null;
      else saidSince = saidSince.concat(result.gestures);
      handle(result.gestures);
    },
    deadline() {
      // Asked at every wake-up (twice), and the recogniser's state only changes on an edge or a tick that fired:
      // recomputing it each time (a copy of the state) was a good part of a wake-up on Espruino. With the clock
      // showing, releases and long holds say nothing (`handle`), so only a chord's steps need a tick (`quiet`): a
      // press and its release set no timer at all, and with no overlap or chord the answer is known without asking
      // (Espruino reads the whole text of a function at each call). Opening or closing the menu makes a new state.
      if (deadlineState !== gestures) {
        deadlineState = gestures;
        deadlineAtMs = menu === null && gestures.phase === 'none' ? null : /*#__NOINLINE__*/ gestureDeadline(gestures, menu === null);
      }
      return deadlineAtMs;
    },
    menuRows(columns) {
      // (A menu left open by the console's resume is not shown: the running clock is; see `handle`.)
      const code = menu === null || host.clock().status === 'running' ? null : host.menu();
      return code ? code.menuLines(menu as MenuState, host.menuContext(), columns) : undefined;
    },
    hint() {
      if (!chordHeld || menu !== null) return undefined;
      if (chordPaused) return 'hold: menu';
      const status = host.clock().status;
      if (status === 'paused') return chordLevel >= 1 ? 'let go: resume' : 'hold: resume';
      return 'hold: menu';
    },
    menuOpen: () => menu !== null && host.clock().status !== 'running',
  };
}
