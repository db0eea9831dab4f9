/**
 * Drives the gesture recogniser the way the runtime does: every edge in order, and ticks either at each
 * `gestureDeadline` (the runtime's one timer, on time) or at instants the test chooses (a late or early timer).
 */
import { ButtonName } from '../../hal/hal';
import { Gesture, GestureInput, GestureTiming } from '../../firmware/input/gesture-types';
import { createGestures, gestureDeadline, gestureStep, GestureState } from '../../firmware/input/gestures';

export type Edge = { type: 'edge'; button: ButtonName; down: boolean; atMs: number };

export const down = (button: ButtonName, atMs: number): Edge => ({ type: 'edge', button, down: true, atMs });
export const up = (button: ButtonName, atMs: number): Edge => ({ type: 'edge', button, down: false, atMs });
export const tick = (atMs: number): GestureInput => ({ type: 'tick', atMs });

export function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const k of Object.keys(x as object)) deepFreeze((x as { [k: string]: unknown })[k]);
  }
  return x;
}

export interface Reported {
  /** The instant of the input that reported it. */
  reportedAtMs: number;
  gesture: Gesture;
}

export interface Run {
  state: GestureState;
  /** Every gesture, in the order reported. */
  gestures: Gesture[];
  reported: Reported[];
  /** The gestures of each input, in input order. */
  perInput: Gesture[][];
}

/**
 * Feeds inputs in order; each input state is deep-frozen first and compared after (the step must not write to it).
 */
export function feed(inputs: GestureInput[], start?: GestureState): Run {
  let state = start || createGestures();
  const run: Run = { state, gestures: [], reported: [], perInput: [] };
  for (const input of inputs) {
    const before = JSON.stringify(state);
    deepFreeze(state);
    const r = gestureStep(state, input);
    if (JSON.stringify(state) !== before) throw new Error('gestureStep changed its input state at ' + JSON.stringify(input));
    state = r.state;
    run.perInput.push(r.gestures);
    for (const g of r.gestures) {
      run.gestures.push(g);
      run.reported.push({ reportedAtMs: state.nowMs as number, gesture: g });
    }
  }
  run.state = state;
  return run;
}

/** Edges in order, with a tick at every deadline before the next edge and until `untilMs`, then a tick at `untilMs`. */
export function runOnTime(edges: Edge[], untilMs: number, timing?: Partial<GestureTiming>): Run & { inputs: GestureInput[] } {
  let state = createGestures(timing);
  const inputs: GestureInput[] = [];
  const run: Run = { state, gestures: [], reported: [], perInput: [] };
  const take = (input: GestureInput) => {
    const r = feed([input], state);
    state = r.state;
    inputs.push(input);
    run.perInput.push(r.perInput[0]);
    run.gestures.push(...r.gestures);
    run.reported.push(...r.reported);
  };
  const tickUntil = (limit: number, inclusive: boolean) => {
    for (let guard = 0; guard < 100000; guard++) {
      const d = gestureDeadline(state);
      if (d === null || d > limit || (!inclusive && d === limit)) return;
      take(tick(d));
    }
    throw new Error('deadlines never end');
  };
  for (const e of edges) {
    tickUntil(e.atMs, false);
    take(e);
  }
  tickUntil(untilMs, true);
  take(tick(untilMs));
  run.state = state;
  return Object.assign(run, { inputs });
}

/** Edges in order with ticks at the given instants (each placed before the first edge at or after it), then `untilMs`. */
export function runWithTicks(edges: Edge[], ticks: number[], untilMs: number, timing?: Partial<GestureTiming>): Run {
  const sorted = ticks.slice().sort((a, b) => a - b);
  const inputs: GestureInput[] = [];
  let k = 0;
  for (const e of edges) {
    while (k < sorted.length && sorted[k] < e.atMs) inputs.push(tick(sorted[k++]));
    inputs.push(e);
  }
  while (k < sorted.length && sorted[k] <= untilMs) inputs.push(tick(sorted[k++]));
  inputs.push(tick(untilMs));
  return feed(inputs, createGestures(timing));
}

/** A gesture as one comparable line. */
export function show(g: Gesture): string {
  switch (g.type) {
    case 'press':
      return g.atMs + ' press ' + g.button;
    case 'release':
      return g.atMs + ' release ' + g.button + ' ' + g.heldMs;
    case 'long':
    case 'repeat':
      return g.atMs + ' ' + g.type + ' ' + g.button;
    case 'chord':
      return g.atMs + ' chord from ' + g.firstAtMs;
    case 'chordHold':
      return g.atMs + ' chordHold ' + g.level;
    case 'chordEnd':
      return g.atMs + ' chordEnd ' + g.level;
  }
}

export const shows = (gs: Gesture[]): string[] => gs.map(show);

/** Gestures in a canonical order (by instant, then by text), to compare runs whose reports were split differently. */
export function canonical(gs: Gesture[]): string[] {
  return gs
    .map((g) => ({ at: g.atMs, s: show(g) }))
    .sort((a, b) => a.at - b.at || (a.s < b.s ? -1 : a.s > b.s ? 1 : 0))
    .map((x) => x.s);
}

/** Just the gestures of the given types. */
export function only(gs: Gesture[], ...types: Gesture['type'][]): Gesture[] {
  return gs.filter((g) => types.indexOf(g.type) >= 0);
}
