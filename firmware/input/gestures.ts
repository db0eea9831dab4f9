/**
 * The two buttons' gestures (gesture-types.ts), recognised from timestamped edges. Pure: `gestureStep(state, input)`
 * never reads a clock, never mutates `state`, and every gesture carries the instant it happened on the edges' own
 * time line; `gestureDeadline(state)` says when the next tick is needed. The runtime feeds every edge and ticks at
 * the deadline; a late (or early, or missing) tick only changes when a gesture is reported, never it or its `atMs`.
 *
 * Decisions (a button's *hold* runs from the down edge that starts it to its confirmed release):
 * - press: at the down edge that starts a hold, stamped with the edge's instant, reported at once (12.8).
 * - bounce: an up edge starts a *pending* release, confirmed once the contact has stayed up for bounceMs, then
 *   reported with that up edge's instant. A down edge less than bounceMs after it means it was bounce: no release,
 *   no second press, the hold goes on. So a press always comes at least bounceMs after the button's previous edge.
 *   Edges repeating the contact's current level (down while down, up while up) are ignored. A press is never
 *   taken back: a down edge that is itself noise still gives a press and, bounceMs later, a release.
 * - long, repeat: only while the other button has not been held during the hold ("alone"): long once at
 *   down + longPressMs, repeat at down + repeatDelayMs + k * repeatEveryMs. Both fire; the consumer picks.
 * - chord: a down edge while the other button is held opens an overlap, which ends long/repeat for both holds. If
 *   both are still held at second down + chordMs, a chord fires, once; else the overlap was just two presses (and
 *   their releases). `firstAtMs` is the first hold's down edge if that hold was alone until then and the second
 *   came within chordWindowMs (inclusive) of it, else the second down edge. A button released and pressed again
 *   while the other is still held, before any chord, opens a new overlap measured from its new down edge.
 * - after a chord, until both buttons are up: no press, release, long or repeat of either button (only chordEnd);
 *   a button released and pressed again meanwhile is silently part of the chord and cannot start a new one (both
 *   must be up first). chordHold levels (at second down + chordLongMs / chordVeryLongMs) fire only while both have
 *   been held without a break since the chord; chordEnd fires when the last one is released, stamped with that
 *   release, with the highest level reached.
 * - a hold is held at the instant of its release (a long due exactly then fires, a chord needs an overlap of at
 *   least chordMs), and everything due at or before an edge's instant happens before that edge. A second down
 *   edge at the very instant the first button's release happens makes no overlap (with chordMs 0 too: the chord
 *   waits for that release to be decided). With chordMs 0 a chord fires at the second down edge itself, so a
 *   second hold released at that same instant (its up edge after its down edge) still makes one.
 * - a pending release holds back every time-based gesture due after it until it is confirmed or cancelled, and
 *   releases are decided in the order they happened, so all these come out in time order. A press cannot wait:
 *   it may be reported before gestures stamped earlier that a pending release of the other button held back.
 *   While its release is pending a button counts as held: a press of the other button then opens an overlap
 *   (undone if the release is confirmed) and, after a chord, is part of the chord.
 * - time never goes back: an input stamped before the state's last instant is taken at that instant. An input
 *   that is not a well-formed edge or tick (unknown button or type, non-finite instant) is ignored.
 */
import { ButtonName } from '../../hal/hal';
import { defaultTiming, Gesture, GestureInput, GestureTiming } from './gesture-types';

/** One button, as the recogniser sees it. */
export interface ButtonState {
  /** The contact's level as last seen (down = true). */
  raw: boolean;
  /** The instant of the contact's last edge (null before the first). */
  lastEdgeMs: number | null;
  /** In a hold: pressed, release not confirmed (a pending release is `held && !raw`). */
  held: boolean;
  /** The hold's down edge. */
  downAtMs: number;
  /** The last confirmed release's instant. */
  upAtMs: number;
  /**
   * Long and repeat fire only at instants up to this ("alone"): Infinity while the other button has not been held
   * during this hold; the instant it was pressed if it was; -Infinity if this hold began with the other held.
   */
  aloneUntilMs: number;
  longDone: boolean;
  /** Repeats fired in this hold. */
  repeats: number;
  /** This hold is part of a chord: it says nothing on its own. */
  inChord: boolean;
}

/** Opaque to consumers: create with `createGestures`, advance with `gestureStep`. */
export interface GestureState {
  timing: GestureTiming;
  /** The last instant seen (null before the first input). */
  nowMs: number | null;
  left: ButtonState;
  right: ButtonState;
  /** 'overlap': both held, chord not (yet) fired; 'chord': a chord fired and not both buttons are up yet. */
  phase: 'none' | 'overlap' | 'chord';
  /** The button whose down edge opened the overlap, and that instant. */
  second: ButtonName;
  overlapAtMs: number;
  /** The chord's `firstAtMs`, decided when the overlap opens. */
  firstAtMs: number;
  /** The first hold's aloneUntilMs before the overlap (restored if the overlap is undone). */
  firstAloneUntilMs: number;
  /** The highest chordHold level fired in this chord. */
  level: 0 | 1 | 2;
  /** Both chord buttons held without a break since the chord: levels may still fire. */
  chordHeld: boolean;
  /** Whether auto-repeat is wanted (menus): off, a finger resting on a button wakes nobody. */
  repeating: boolean;
}

export interface GestureStepResult {
  state: GestureState;
  /** In time order. */
  gestures: Gesture[];
}

function freshButton(): ButtonState {
  return { raw: false, lastEdgeMs: null, held: false, downAtMs: 0, upAtMs: 0, aloneUntilMs: Infinity, longDone: false, repeats: 0, inChord: false };
}

/** The first problem of a timing, as one line naming the field (in defaultTiming's order), or null. */
function timingProblem(t: GestureTiming, defaults: GestureTiming): string | null {
  const names = Object.keys(defaults) as (keyof GestureTiming)[];
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const v = t[name];
    if (typeof v !== 'number' || !isFinite(v) || v < 0) return 'timing.' + name + ': must be a number >= 0 (got ' + v + ')';
  }
  if (t.repeatEveryMs < 1) return 'timing.repeatEveryMs: must be at least 1 (got ' + t.repeatEveryMs + ')';
  if (t.chordLongMs < t.chordMs) return 'timing.chordLongMs: must not be below chordMs (got ' + t.chordLongMs + ')';
  if (t.chordVeryLongMs < t.chordLongMs) return 'timing.chordVeryLongMs: must not be below chordLongMs (got ' + t.chordVeryLongMs + ')';
  return null;
}

/** A recogniser with both buttons up. Missing timing fields take defaultTiming's; an impossible timing throws. */
export function createGestures(timing?: Partial<GestureTiming>): GestureState {
  const defaults = defaultTiming();
  const chosen: GestureTiming = Object.assign({}, defaults, timing || {});
  const problem = timingProblem(chosen, defaults);
  if (problem !== null) throw new Error(problem);
  return {
    timing: chosen,
    nowMs: null,
    left: freshButton(),
    right: freshButton(),
    phase: 'none',
    second: 'right',
    overlapAtMs: 0,
    firstAtMs: 0,
    firstAloneUntilMs: Infinity,
    level: 0,
    chordHeld: false,
    repeating: true,
  };
}

/**
 * Turns auto-repeat on (menus) or off (the clock). Turned on during a hold, repeats start from the next one due
 * after `nowMs`, so no burst of missed repeats comes out.
 */
export function withRepeats(state: GestureState, on: boolean, nowMs: number): GestureState {
  if (state.repeating === on) return state;
  const next = copyState(state);
  next.repeating = on;
  const t = next.timing;
  const buttons = [next.left, next.right];
  for (let i = 0; i < buttons.length; i++) {
    const b = buttons[i];
    const due = Math.ceil((nowMs - b.downAtMs - t.repeatDelayMs) / t.repeatEveryMs);
    if (on && b.held && due > b.repeats) b.repeats = due;
  }
  return next;
}

/** A copy the step may write to (the timing is shared, never written). */
function copyState(s: GestureState): GestureState {
  return Object.assign({}, s, { left: Object.assign({}, s.left), right: Object.assign({}, s.right) });
}

function buttonOf(s: GestureState, name: ButtonName): ButtonState {
  return name === 'left' ? s.left : s.right;
}

function otherName(name: ButtonName): ButtonName {
  return name === 'left' ? 'right' : 'left';
}

function isPending(b: ButtonState): boolean {
  return b.held && !b.raw;
}

/** Time-based gestures due after this instant wait: the earliest pending release (Infinity if none). */
function holdBackAfter(s: GestureState): number {
  let at = Infinity;
  if (isPending(s.left) && (s.left.lastEdgeMs as number) < at) at = s.left.lastEdgeMs as number;
  if (isPending(s.right) && (s.right.lastEdgeMs as number) < at) at = s.right.lastEdgeMs as number;
  return at;
}

/** The next time-based gesture (ignoring hold-back): kind 'long' | 'repeat' (with button), 'chord', 'level'. */
interface Timed {
  atMs: number;
  kind: 'long' | 'repeat' | 'chord' | 'level';
  button: ButtonName;
}

function consider(best: Timed | null, atMs: number, kind: Timed['kind'], button: ButtonName): Timed | null {
  if (best !== null && best.atMs <= atMs) return best;
  return { atMs: atMs, kind: kind, button: button };
}

function nextTimed(s: GestureState): Timed | null {
  const t = s.timing;
  let best: Timed | null = null;
  const names: ButtonName[] = ['left', 'right'];
  for (let i = 0; i < names.length; i++) {
    const b = buttonOf(s, names[i]);
    if (!b.held || b.inChord) continue;
    const longAt = b.downAtMs + t.longPressMs;
    if (!b.longDone && longAt <= b.aloneUntilMs) best = consider(best, longAt, 'long', names[i]);
    const repeatAt = b.downAtMs + t.repeatDelayMs + b.repeats * t.repeatEveryMs;
    if (s.repeating && repeatAt <= b.aloneUntilMs) best = consider(best, repeatAt, 'repeat', names[i]);
  }
  if (s.phase === 'overlap') best = consider(best, s.overlapAtMs + t.chordMs, 'chord', s.second);
  if (s.phase === 'chord' && s.chordHeld && s.level < 2) {
    best = consider(best, s.overlapAtMs + (s.level === 0 ? t.chordLongMs : t.chordVeryLongMs), 'level', s.second);
  }
  return best;
}

/** The pending release confirmed first (the one released first; left on a tie), or null. */
function nextConfirmed(s: GestureState): ButtonName | null {
  if (!isPending(s.right)) return isPending(s.left) ? 'left' : null;
  if (!isPending(s.left)) return 'right';
  return (s.right.lastEdgeMs as number) < (s.left.lastEdgeMs as number) ? 'right' : 'left';
}

function fireTimed(s: GestureState, x: Timed, out: Gesture[]): void {
  if (x.kind === 'long' || x.kind === 'repeat') {
    const b = buttonOf(s, x.button);
    if (x.kind === 'long') b.longDone = true;
    else b.repeats++;
    out.push({ type: x.kind, button: x.button, atMs: x.atMs });
  } else if (x.kind === 'chord') {
    s.phase = 'chord';
    s.left.inChord = true;
    s.right.inChord = true;
    s.chordHeld = true;
    s.level = 0;
    out.push({ type: 'chord', firstAtMs: s.firstAtMs, atMs: x.atMs });
  } else {
    const level: 1 | 2 = s.level === 0 ? 1 : 2;
    s.level = level;
    out.push({ type: 'chordHold', level: level, atMs: x.atMs });
  }
}

/** The pending release of `name` has stayed up for bounceMs: the hold ended at its release instant. */
function confirmRelease(s: GestureState, name: ButtonName, out: Gesture[]): void {
  const b = buttonOf(s, name);
  const o = buttonOf(s, otherName(name));
  const r = b.lastEdgeMs as number;
  b.held = false;
  b.upAtMs = r;
  if (b.inChord) {
    b.inChord = false;
    s.chordHeld = false;
    if (!o.held) {
      o.inChord = false;
      out.push({ type: 'chordEnd', level: s.level, atMs: r > o.upAtMs ? r : o.upAtMs });
      s.phase = 'none';
      s.level = 0;
    }
    return;
  }
  out.push({ type: 'release', button: name, atMs: r, heldMs: r - b.downAtMs });
  if (s.phase === 'overlap') {
    // Released at or before the overlap opened (it was pending then): there was no overlap after all.
    if (r <= s.overlapAtMs) o.aloneUntilMs = s.second === name ? s.firstAloneUntilMs : Infinity;
    s.phase = 'none';
  }
}

/**
 * The next time-based gesture that no pending release holds back, or null. A chord also waits for a release pending
 * since the overlap opened or before (only possible with chordMs 0: the chord is due at that very instant): if it is
 * confirmed there was no overlap, if it was bounce the chord fires, stamped as it was due.
 */
function dueTimed(s: GestureState): Timed | null {
  const timed = nextTimed(s);
  if (timed === null) return null;
  const back = holdBackAfter(s);
  if (timed.atMs > back || (timed.kind === 'chord' && s.overlapAtMs >= back)) return null;
  return timed;
}

/** Decides the next thing due at or before `limit`, if any; false when there is none. */
function decideNext(s: GestureState, limit: number, out: Gesture[]): boolean {
  const timed = dueTimed(s);
  if (timed !== null && timed.atMs <= limit) {
    fireTimed(s, timed, out);
    return true;
  }
  const name = nextConfirmed(s);
  if (name !== null && (buttonOf(s, name).lastEdgeMs as number) + s.timing.bounceMs <= limit) {
    confirmRelease(s, name, out);
    return true;
  }
  return false;
}

/** The instant of the next decision (a time-based gesture or a confirmation), or null. */
function nextDecisionAt(s: GestureState): number | null {
  const timed = dueTimed(s);
  if (timed !== null) return timed.atMs;
  const name = nextConfirmed(s);
  return name === null ? null : (buttonOf(s, name).lastEdgeMs as number) + s.timing.bounceMs;
}

function advance(s: GestureState, toMs: number, out: Gesture[]): void {
  while (decideNext(s, toMs, out)) {
    // each decision fires or confirms one thing; repeats are bounded by (toMs - now) / repeatEveryMs
  }
}

/** A contact edge at `atMs` (everything due at or before it has been decided). */
function takeEdge(s: GestureState, name: ButtonName, down: boolean, atMs: number, out: Gesture[]): void {
  const b = buttonOf(s, name);
  const o = buttonOf(s, otherName(name));
  if (down === b.raw) return;
  if (!down) {
    b.raw = false;
    b.lastEdgeMs = atMs;
    return;
  }
  b.raw = true;
  b.lastEdgeMs = atMs;
  if (b.held) return; // its release was bounce
  b.held = true;
  b.downAtMs = atMs;
  b.aloneUntilMs = Infinity;
  b.longDone = false;
  b.repeats = 0;
  b.inChord = s.phase === 'chord';
  if (b.inChord) return;
  out.push({ type: 'press', button: name, atMs: atMs });
  if (o.held) {
    s.phase = 'overlap';
    s.second = name;
    s.overlapAtMs = atMs;
    s.firstAloneUntilMs = o.aloneUntilMs;
    s.firstAtMs = o.aloneUntilMs === Infinity && atMs - o.downAtMs <= s.timing.chordWindowMs ? o.downAtMs : atMs;
    // What is due at this instant comes before this edge (even if a pending release holds it back now).
    o.aloneUntilMs = o.aloneUntilMs < atMs ? o.aloneUntilMs : atMs;
    b.aloneUntilMs = -Infinity;
  }
}

/** Stable, by `atMs` (the lists are short). */
function sortByTime(list: Gesture[]): void {
  for (let i = 1; i < list.length; i++) {
    const x = list[i];
    let j = i - 1;
    while (j >= 0 && list[j].atMs > x.atMs) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = x;
  }
}

/** One edge or tick: everything due up to its instant, then the edge. `state` is not modified. */
export function gestureStep(state: GestureState, input: GestureInput): GestureStepResult {
  const none: GestureStepResult = { state: state, gestures: [] };
  if (input === null || typeof input !== 'object') return none;
  const at = input.atMs;
  if (typeof at !== 'number' || !isFinite(at)) return none;
  if (input.type !== 'edge' && input.type !== 'tick') return none;
  if (input.type === 'edge' && input.button !== 'left' && input.button !== 'right') return none;
  const s = copyState(state);
  const nowMs = s.nowMs === null || at > s.nowMs ? at : s.nowMs;
  const out: Gesture[] = [];
  advance(s, nowMs, out);
  s.nowMs = nowMs;
  if (input.type === 'edge') {
    takeEdge(s, input.button, !!input.down, nowMs, out);
    advance(s, nowMs, out);
  }
  sortByTime(out);
  return { state: s, gestures: out };
}

/**
 * The next instant a tick makes something fire (a confirmed release, long, repeat, chord, chord level, chordEnd),
 * or null when nothing will without another edge. Always after the state's last instant.
 */
export function gestureDeadline(state: GestureState): number | null {
  const s = copyState(state);
  const out: Gesture[] = [];
  let when = s.nowMs === null ? -Infinity : s.nowMs;
  // Only a confirmation can fire nothing (a chord button released while the other is held), at most one per button.
  for (let guard = 0; guard < 4; guard++) {
    const at = nextDecisionAt(s);
    if (at === null) return null;
    if (at > when) when = at;
    decideNext(s, at, out);
    if (out.length > 0) return when;
  }
  return null;
}
