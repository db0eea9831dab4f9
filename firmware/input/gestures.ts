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

/**
 * A timing whole and possible: the missing fields are defaultTiming's; an impossible timing throws (the message names
 * the field). Hosts check theirs (runtime.ts); the device uses defaultTiming() as it is, so its bundle has none of this.
 */
export function checkedTiming(timing?: Partial<GestureTiming>): GestureTiming {
  const defaults = defaultTiming();
  const chosen: GestureTiming = Object.assign({}, defaults, timing || {});
  const problem = timingProblem(chosen, defaults);
  if (problem !== null) throw new Error(problem);
  return chosen;
}

/** A recogniser with both buttons up. Missing timing fields take defaultTiming's; an impossible timing throws. */
export function createGestures(timing?: Partial<GestureTiming>): GestureState {
  return gesturesWith(checkedTiming(timing));
}

/** A recogniser with both buttons up, for a whole timing already checked (`checkedTiming`, or `defaultTiming()`). */
export function gesturesWith(timing: GestureTiming): GestureState {
  return {
    timing: timing,
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

/** What `nextDecision` says comes next, and when. */
interface Decision {
  atMs: number;
  kind: 'long' | 'repeat' | 'chord' | 'level' | 'confirm';
  button: ButtonName;
}

/**
 * The next decision, ignoring any limit: a time-based gesture ('long' | 'repeat' with its button, 'chord', 'level')
 * or a pending release's confirmation ('confirm', with the button released first; left on a tie), or null. On a tie
 * between time-based gestures: left's long, its repeat, right's, the chord, a level.
 *
 * Time-based gestures due after the earliest pending release wait until it is decided; a chord also waits for a
 * release pending since the overlap opened or before (only possible with chordMs 0: the chord is due at that very
 * instant): if it is confirmed there was no overlap, if it was bounce the chord fires, stamped as it was due.
 *
 * One function (the interpreter reads a function's text at every call, and a call costs as much as a few lines):
 * every step that is not a move's quick edge asks it at least twice, every deadline once.
 */
function nextDecision(s: GestureState): Decision | null {
  const t = s.timing;
  const l = s.left;
  const r = s.right;
  const lPending = l.held && !l.raw;
  const rPending = r.held && !r.raw;
  const lEdge = l.lastEdgeMs as number;
  const rEdge = r.lastEdgeMs as number;
  const back = lPending ? (rPending && rEdge < lEdge ? rEdge : lEdge) : rPending ? rEdge : Infinity;
  let at = Infinity;
  let kind: Decision['kind'] = 'confirm';
  let button: ButtonName = 'left';
  for (let i = 0; i < 2; i++) {
    const b = i === 0 ? l : r;
    if (!b.held || b.inChord) continue;
    const longAt = b.downAtMs + t.longPressMs;
    if (!b.longDone && longAt <= b.aloneUntilMs && longAt < at) {
      at = longAt;
      kind = 'long';
      button = i === 0 ? 'left' : 'right';
    }
    const repeatAt = b.downAtMs + t.repeatDelayMs + b.repeats * t.repeatEveryMs;
    if (s.repeating && repeatAt <= b.aloneUntilMs && repeatAt < at) {
      at = repeatAt;
      kind = 'repeat';
      button = i === 0 ? 'left' : 'right';
    }
  }
  if (s.phase === 'overlap') {
    if (s.overlapAtMs + t.chordMs < at) {
      at = s.overlapAtMs + t.chordMs;
      kind = s.overlapAtMs < back ? 'chord' : 'confirm';
    }
  } else if (s.phase === 'chord' && s.chordHeld && s.level < 2) {
    const levelAt = s.overlapAtMs + (s.level === 0 ? t.chordLongMs : t.chordVeryLongMs);
    if (levelAt < at) {
      at = levelAt;
      kind = 'level';
    }
  }
  if (kind !== 'confirm' && at <= back) return { atMs: at, kind: kind, button: button };
  if (back === Infinity) return null;
  return { atMs: back + t.bounceMs, kind: 'confirm', button: rPending && (!lPending || rEdge < lEdge) ? 'right' : 'left' };
}

/** Fires the time-based gesture `x`. */
function fireTimed(s: GestureState, x: Decision, out: Gesture[]): void {
  if (x.kind === 'long' || x.kind === 'repeat') {
    const b = x.button === 'left' ? s.left : s.right;
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

/** A chord button's release confirmed (`confirmRelease`): the chord ends with the last of the two. */
function releaseFromChord(s: GestureState, b: ButtonState, o: ButtonState, out: Gesture[]): void {
  const r = b.lastEdgeMs as number;
  b.inChord = false;
  s.chordHeld = false;
  if (!o.held) {
    o.inChord = false;
    out.push({ type: 'chordEnd', level: s.level, atMs: r > o.upAtMs ? r : o.upAtMs });
    s.phase = 'none';
    s.level = 0;
  }
}

/** The pending release of `name` has stayed up for bounceMs: the hold ended at its release instant. */
function confirmRelease(s: GestureState, name: ButtonName, out: Gesture[]): void {
  const b = name === 'left' ? s.left : s.right;
  const o = name === 'left' ? s.right : s.left;
  const r = b.lastEdgeMs as number;
  b.held = false;
  b.upAtMs = r;
  if (b.inChord) return /*#__NOINLINE__*/ releaseFromChord(s, b, o, out);
  out.push({ type: 'release', button: name, atMs: r, heldMs: r - b.downAtMs });
  if (s.phase === 'overlap') {
    // Released at or before the overlap opened (it was pending then): there was no overlap after all.
    if (r <= s.overlapAtMs) o.aloneUntilMs = s.second === name ? s.firstAloneUntilMs : Infinity;
    s.phase = 'none';
  }
}

/**
 * Decides everything due at or before `limit`, in order; each decision fires or confirms one thing (repeats are
 * bounded by (limit - now) / repeatEveryMs).
 */
function advance(s: GestureState, limit: number, out: Gesture[]): void {
  for (let d = nextDecision(s); d !== null && d.atMs <= limit; d = nextDecision(s)) {
    if (d.kind === 'confirm') confirmRelease(s, d.button, out);
    else fireTimed(s, d, out);
  }
}

/** A hold of `name` (`b`) begins at `atMs` while the other one (`o`) is held: an overlap, a chord if it lasts. */
function openOverlap(s: GestureState, name: ButtonName, b: ButtonState, o: ButtonState, atMs: number): void {
  s.phase = 'overlap';
  s.second = name;
  s.overlapAtMs = atMs;
  s.firstAloneUntilMs = o.aloneUntilMs;
  s.firstAtMs = o.aloneUntilMs === Infinity && atMs - o.downAtMs <= s.timing.chordWindowMs ? o.downAtMs : atMs;
  // What is due at this instant comes before this edge (even if a pending release holds it back now).
  o.aloneUntilMs = o.aloneUntilMs < atMs ? o.aloneUntilMs : atMs;
  b.aloneUntilMs = -Infinity;
}

/** A contact edge at `atMs` (everything due at or before it has been decided). */
function takeEdge(s: GestureState, name: ButtonName, down: boolean, atMs: number, out: Gesture[]): void {
  const b = name === 'left' ? s.left : s.right;
  if (down === b.raw) return;
  b.raw = down;
  b.lastEdgeMs = atMs;
  if (!down || b.held) return; // an up edge starts a pending release; a down edge while it is pending: bounce
  const o = name === 'left' ? s.right : s.left;
  b.held = true;
  b.downAtMs = atMs;
  b.aloneUntilMs = Infinity;
  b.longDone = false;
  b.repeats = 0;
  b.inChord = s.phase === 'chord';
  if (b.inChord) return;
  out.push({ type: 'press', button: name, atMs: atMs });
  if (o.held) /*#__NOINLINE__*/ openOverlap(s, name, b, o, atMs);
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

/**
 * `edgeStep` for the two edges of a move (the controller asks these first), where the answer needs no search (most
 * edges of a game; `advance`'s `nextDecision` is the longest text of the recogniser, and Espruino reads a function
 * whole at every call, so each edge has its own): no overlap or chord, no repeats, and nothing a timing of 0 makes
 * due at the edge (a long at the press, a release at its up edge; with no overlap or repeats, the other timings do
 * not matter).
 * Exactly what `edgeStep` gives: property 6 of test/gestures/properties.test.ts compares them.
 * Null for every other edge.
 *
 * `quickDown`: a down edge starting a hold, the other button's contact up. The other button's pending release, if
 * any, is confirmed first once it has stayed up for bounceMs (a long of its hold due by its up edge fired at that
 * edge), then the press.
 */
export function quickDown(state: GestureState, name: ButtonName, at: number): GestureStepResult | null {
  const t = state.timing;
  const onLeft = name === 'left';
  const b = onLeft ? state.left : state.right;
  const o = onLeft ? state.right : state.left;
  const now = state.nowMs === null || at > state.nowMs ? at : state.nowMs;
  if (state.phase !== 'none' || state.repeating || o.raw || b.held || t.longPressMs === 0) return null;
  const out: Gesture[] = [];
  let other = o;
  if (o.held) {
    const r = o.lastEdgeMs as number;
    if (r + t.bounceMs > now) return null;
    other = Object.assign({}, o, { held: false, upAtMs: r });
    out.push({ type: 'release', button: onLeft ? 'right' : 'left', atMs: r, heldMs: r - o.downAtMs });
  }
  out.push({ type: 'press', button: name, atMs: now });
  const mine: ButtonState = { raw: true, lastEdgeMs: now, held: true, downAtMs: now, upAtMs: b.upAtMs, aloneUntilMs: Infinity, longDone: false, repeats: 0, inChord: false };
  const s = Object.assign({}, state, { nowMs: now });
  s.left = onLeft ? mine : other;
  s.right = onLeft ? other : mine;
  return { state: s, gestures: out };
}

/**
 * `quickDown`'s twin for an up edge: the up edge of a hold that fires no long by it only starts a pending release
 * (with no overlap, the other button is up and its release was confirmed before this hold began).
 */
export function quickUp(state: GestureState, name: ButtonName, at: number): GestureStepResult | null {
  const t = state.timing;
  const b = name === 'left' ? state.left : state.right;
  const now = state.nowMs === null || at > state.nowMs ? at : state.nowMs;
  if (state.phase !== 'none' || state.repeating || !b.raw || t.bounceMs === 0 || (!b.longDone && b.downAtMs + t.longPressMs <= now)) return null;
  const s = Object.assign({}, state, { nowMs: now });
  const mine = Object.assign({}, b, { raw: false, lastEdgeMs: now });
  if (name === 'left') s.left = mine;
  else s.right = mine;
  return { state: s, gestures: [] };
}

/**
 * One edge of a button (`edgeStep`) or a tick (`button` null): everything due up to its instant, then the edge.
 * `state` is not modified. The inputs are well formed (`gestureStep` checks them; the controller makes them so).
 */
export function edgeStep(state: GestureState, button: ButtonName | null, down: boolean, at: number): GestureStepResult {
  const s = copyState(state);
  const nowMs = s.nowMs === null || at > s.nowMs ? at : s.nowMs;
  const out: Gesture[] = [];
  advance(s, nowMs, out);
  s.nowMs = nowMs;
  if (button === null) return { state: s, gestures: out };
  const t = s.timing;
  const b = button === 'left' ? s.left : s.right;
  // Everything due up to now is decided: what the edge makes due at its own instant is only what a pending release
  // of its button held back (a down edge that was bounce ends it), or what a timing of 0 puts there (a long, a
  // repeat or a chord of a down edge; a release of an up edge). An up edge otherwise only holds things back.
  const due = down ? (b.held && !b.raw) || t.longPressMs === 0 || t.repeatDelayMs === 0 || t.chordMs === 0 : t.bounceMs === 0;
  /*#__NOINLINE__*/ takeEdge(s, button, down, nowMs, out);
  // Only what the edge made due may be stamped before its press (`advance` decides in time order).
  if (due) {
    advance(s, nowMs, out);
    if (out.length > 1) sortByTime(out);
  }
  return { state: s, gestures: out };
}

/** One edge or tick, whatever it holds: one that is not a well-formed edge or tick is ignored (see the top). */
export function gestureStep(state: GestureState, input: GestureInput): GestureStepResult {
  if (input === null || typeof input !== 'object') return { state: state, gestures: [] };
  const at = input.atMs;
  const edge = input.type === 'edge';
  if (typeof at !== 'number' || !isFinite(at) || (!edge && input.type !== 'tick') || (edge && input.button !== 'left' && input.button !== 'right')) {
    return { state: state, gestures: [] };
  }
  return edge ? edgeStep(state, input.button, !!input.down, at) : edgeStep(state, null, false, at);
}

/**
 * The next instant a tick makes something fire (a confirmed release, long, repeat, chord, chord level, chordEnd),
 * or null when nothing will without another edge. Always after the state's last instant.
 *
 * `quiet`: for a consumer to which releases, long holds and repeats say nothing (the controller while the clock
 * shows): only a chord, its levels and its end count, and what comes before them is decided on a copy. Those need
 * an overlap or a chord, which only a down edge opens, so with neither the answer is null at once: a press's up edge
 * then sets no timer, and its release is decided at the next edge or tick, exactly as it would have been on time.
 */
export function gestureDeadline(state: GestureState, quiet?: boolean): number | null {
  let s = state;
  const out: Gesture[] = [];
  let when = s.nowMs === null ? -Infinity : s.nowMs;
  // Everything fires something but the confirmation of a chord button's release while the other is still held (and,
  // when quiet, what is not a chord's), at most a few per button: only then is a copy decided on.
  for (let guard = 0; guard < 8; guard++) {
    if (quiet && s.phase === 'none') return null;
    const d = nextDecision(s);
    if (d === null) return null;
    if (d.atMs > when) when = d.atMs;
    const confirm = d.kind === 'confirm';
    const b = d.button === 'left' ? s.left : s.right;
    const silent = confirm ? b.inChord ? (d.button === 'left' ? s.right : s.left).held : quiet : quiet && (d.kind === 'long' || d.kind === 'repeat');
    if (!silent) return when;
    if (s === state) s = copyState(state);
    if (confirm) confirmRelease(s, d.button, out);
    else fireTimed(s, d, out);
  }
  return when;
}
