/**
 * Properties of the gesture recogniser over random edge streams (fast-check):
 *
 * 1. Bounce changes nothing: a stream with contact bounce and duplicate edges means exactly what its clean stream
 *    means, and presses come only from real down edges (never from an edge within bounceMs of the previous one).
 * 2. The gestures are what the players did (checked against the logical holds, not against the recogniser):
 *    presses and releases at the holds' edges, long and repeats exactly for holds alone, a chord exactly for each
 *    overlap of at least chordMs with the right `firstAtMs`, levels, and chordEnd after its chord.
 * 3. Lateness of ticks changes nothing but when gestures are reported: ticks at every deadline, at arbitrary
 *    instants, or none at all until the end give the same gestures with the same instants.
 * 4. `gestureDeadline` is exact: after now, nothing fires before it, something fires at it, and null means nothing
 *    fires without an edge.
 * 5. Well-formed output for any input: each input's gestures in time order; across inputs in time order except a
 *    press reported before gestures stamped earlier that a pending release of the other button held back (that
 *    release, or what was due after it while it might have been bounce); per button press,
 *    long/repeat, release; chord, levels 1 then 2, chordEnd with the highest level, at most one chord per overlap;
 *    nothing else during a chord. No exception, no mutation of an input state (helpers.feed freezes each).
 * 6. The quick way of a move's edges (`quickDown`, `quickUp`) gives exactly what the whole way (`edgeStep`) gives, from every
 *    state a stream reaches, with repeats on or off (the clock turns them off, so its moves take the quick way).
 */
import fc from 'fast-check';
import { ButtonName } from '../../hal/hal';
import { Gesture, GestureTiming } from '../../firmware/input/gesture-types';
import { createGestures, gestureDeadline, GestureState, gestureStep, quickDown, quickUp, edgeStep, withRepeats } from '../../firmware/input/gestures';
import { canonical, Edge, Run, runOnTime, runWithTicks, shows, tick } from './helpers';
import { Hold, Intent, intentArb, intentArbHeld, rawArb, ticksArb, timingArb } from './streams';

/** PROPS_SCALE=n runs every property n times as long. */
const SCALE = Number(process.env.PROPS_SCALE || 1);
const RUNS = 300 * SCALE;

function fail(msg: string, edges: Edge[], timing: GestureTiming, gestures?: Gesture[]): never {
  const lines = edges.map((e) => e.atMs + ' ' + e.button + (e.down ? ' down' : ' up'));
  throw new Error(msg + '\ntiming ' + JSON.stringify(timing) + '\nedges:\n  ' + lines.join('\n  ') + (gestures ? '\ngestures:\n  ' + shows(gestures).join('\n  ') : ''));
}

/**
 * What seed -1777012667 found (shrunk) with chordMs 0: right down, left down and up, all at 0 and no debounce. The
 * recogniser made a chord at 0 (with chordMs 0 it fires at left's down edge, before left's up edge at the same
 * instant), which the holds, an overlap of no length, cannot tell from no chord; so property 2 draws chordMs >= 1.
 * The same edges at chordMs 1: no overlap, and right alone gives its long at 1 and repeats from 1.
 */
const SEED_1777012667_AT_CHORD_1: Intent = {
  timing: { bounceMs: 0, longPressMs: 1, repeatDelayMs: 1, repeatEveryMs: 1, chordMs: 1, chordWindowMs: 0, chordLongMs: 1, chordVeryLongMs: 1 },
  clean: [
    { type: 'edge', button: 'right', down: true, atMs: 0 },
    { type: 'edge', button: 'left', down: true, atMs: 0 },
    { type: 'edge', button: 'left', down: false, atMs: 0 },
  ],
  bouncy: [
    { type: 'edge', button: 'right', down: true, atMs: 0 },
    { type: 'edge', button: 'left', down: true, atMs: 0 },
    { type: 'edge', button: 'left', down: false, atMs: 0 },
  ],
  holds: [
    { button: 'left', downAtMs: 0, upAtMs: 0 },
    { button: 'right', downAtMs: 0, upAtMs: null },
  ],
  untilMs: 9000,
};

/** 5. Well-formed output; returns a problem or null. */
function formProblem(run: Run): string | null {
  for (const list of run.perInput) {
    for (let i = 1; i < list.length; i++) if (list[i].atMs < list[i - 1].atMs) return 'one input\'s gestures out of order: ' + shows(list).join(', ');
  }
  const gs = run.gestures;
  for (let j = 0; j < gs.length; j++) {
    for (let i = 0; i < j; i++) {
      if (gs[i].atMs <= gs[j].atMs) continue;
      const a = gs[i];
      const b = gs[j];
      // a press is reported at once; what a pending release of the other button held back comes when it is decided
      const excused = a.type === 'press' && !('button' in b && b.button === a.button);
      if (!excused) return 'reported out of order: ' + JSON.stringify(a) + ' before ' + JSON.stringify(b);
    }
  }
  const held = { left: false, right: false };
  const longs = { left: 0, right: 0 };
  const lastRepeat = { left: -Infinity, right: -Infinity };
  let inChord = false;
  let level = 0;
  for (const g of gs) {
    if (inChord && g.type !== 'chordHold' && g.type !== 'chordEnd') return JSON.stringify(g) + ' during a chord';
    switch (g.type) {
      case 'press':
        if (held[g.button]) return 'second press of ' + g.button + ' at ' + g.atMs;
        held[g.button] = true;
        longs[g.button] = 0;
        lastRepeat[g.button] = -Infinity;
        break;
      case 'release':
        if (!held[g.button]) return 'release of ' + g.button + ' at ' + g.atMs + ' without a press';
        held[g.button] = false;
        break;
      case 'long':
      case 'repeat':
        if (!held[g.button]) return g.type + ' of ' + g.button + ' at ' + g.atMs + ' outside a hold';
        if (g.type === 'long' && ++longs[g.button] > 1) return 'two longs in one hold of ' + g.button;
        if (g.type === 'repeat') {
          if (g.atMs <= lastRepeat[g.button]) return 'repeats not increasing';
          lastRepeat[g.button] = g.atMs;
        }
        break;
      case 'chord':
        if (!held.left || !held.right) return 'chord at ' + g.atMs + ' without both buttons pressed';
        if (g.firstAtMs > g.atMs) return 'chord starts after it fires';
        inChord = true;
        level = 0;
        break;
      case 'chordHold':
        if (!inChord) return 'chordHold outside a chord';
        if (g.level !== level + 1) return 'chordHold ' + g.level + ' after level ' + level;
        level = g.level;
        break;
      case 'chordEnd':
        if (!inChord) return 'chordEnd at ' + g.atMs + ' without a chord';
        if (g.level !== level) return 'chordEnd level ' + g.level + ' after reaching ' + level;
        inChord = false;
        held.left = false;
        held.right = false;
        break;
    }
  }
  return null;
}

/** 4. The deadline of every state of an on-time run is exact; returns a problem or null. */
function deadlineProblem(run: ReturnType<typeof runOnTime>, timing: GestureTiming): string | null {
  let state = createGestures(timing);
  for (const input of run.inputs) {
    const next = gestureStep(state, input).state;
    state = next;
    const now = state.nowMs as number;
    const d = gestureDeadline(state);
    if (d === null) {
      if (gestureStep(state, tick(now + 1e7)).gestures.length > 0) return 'deadline null at ' + now + ' but a tick later fires';
      continue;
    }
    if (!(d > now)) return 'deadline ' + d + ' not after now ' + now;
    if (d - 1 > now && gestureStep(state, tick(d - 1)).gestures.length > 0) return 'deadline ' + d + ' at ' + now + ' but something fires at ' + (d - 1);
    if (gestureStep(state, tick(d)).gestures.length === 0) return 'deadline ' + d + ' at ' + now + ' but nothing fires then';
  }
  return quietDeadlineProblem(run, timing);
}

/** A chord's gestures: what still counts when releases, long holds and repeats say nothing (`quiet`). */
const chordsIn = (gestures: Gesture[]) => gestures.filter((g) => g.type === 'chord' || g.type === 'chordHold' || g.type === 'chordEnd').length;

/** 4, quiet: the same, counting only a chord's gestures, repeats off (the controller with the clock showing). */
function quietDeadlineProblem(run: ReturnType<typeof runOnTime>, timing: GestureTiming): string | null {
  let state = withRepeats(createGestures(timing), false, 0);
  for (const input of run.inputs) {
    state = gestureStep(state, input).state;
    const now = state.nowMs as number;
    const d = gestureDeadline(state, true);
    if (d === null) {
      if (chordsIn(gestureStep(state, tick(now + 1e7)).gestures) > 0) return 'quiet deadline null at ' + now + ' but a tick later fires a chord\'s';
      continue;
    }
    if (!(d > now)) return 'quiet deadline ' + d + ' not after now ' + now;
    if (d - 1 > now && chordsIn(gestureStep(state, tick(d - 1)).gestures) > 0) return 'quiet deadline ' + d + ' at ' + now + ' but a chord\'s fires at ' + (d - 1);
    if (chordsIn(gestureStep(state, tick(d)).gestures) === 0) return 'quiet deadline ' + d + ' at ' + now + ' but no chord\'s fires then';
  }
  return null;
}

/** The other button's holds leave `h` alone from its down edge through `atMs` (no overlap of positive length). */
function aloneThrough(h: Hold, atMs: number, holds: Hold[]): boolean {
  for (const k of holds) {
    if (k.button === h.button) continue;
    const from = Math.max(k.downAtMs, h.downAtMs);
    const to = Math.min(k.upAtMs === null ? Infinity : k.upAtMs, atMs);
    if (from < to) return false;
  }
  return true;
}

const endOf = (h: Hold, untilMs: number) => (h.upAtMs === null ? untilMs : Math.min(h.upAtMs, untilMs));

/** 2. The gestures against the logical holds; returns a problem or null. */
function intentProblem(intent: Intent, gs: Gesture[]): string | null {
  const t = intent.timing;
  const holds = intent.holds;
  const pressed = new Set<Hold>();
  // chord episodes, from the output: [chord.atMs, chordEnd.atMs or Infinity]
  const episodes: [number, number][] = [];
  for (const g of gs) {
    if (g.type === 'chord') episodes.push([g.atMs, Infinity]);
    if (g.type === 'chordEnd') episodes[episodes.length - 1][1] = g.atMs;
  }
  for (const g of gs) {
    if (g.type !== 'press') continue;
    const h = holds.find((x) => x.button === g.button && x.downAtMs === g.atMs && !pressed.has(x));
    if (!h) return 'press of ' + g.button + ' at ' + g.atMs + ' is no down edge of a hold (bounce?)';
    pressed.add(h);
  }
  for (const h of holds) {
    const inEpisode = episodes.some(([a, b]) => a <= h.downAtMs && h.downAtMs <= b);
    if (!pressed.has(h) && !inEpisode) return 'hold of ' + h.button + ' from ' + h.downAtMs + ' has no press and no chord';
    if (pressed.has(h) && episodes.some(([a, b]) => a < h.downAtMs && h.downAtMs < b)) return 'press of ' + h.button + ' at ' + h.downAtMs + ' during a chord';
  }
  const chords = gs.filter((g) => g.type === 'chord') as Extract<Gesture, { type: 'chord' }>[];
  for (const h of holds) {
    if (!pressed.has(h)) continue;
    const releases = gs.filter((g) => g.type === 'release' && g.button === h.button && g.atMs === h.upAtMs && g.heldMs === (h.upAtMs as number) - h.downAtMs);
    const chorded = chords.some((c) => h.downAtMs <= c.atMs && (h.upAtMs === null || c.atMs <= h.upAtMs));
    const want = h.upAtMs !== null && !chorded ? 1 : 0;
    if (releases.length !== want) return 'hold of ' + h.button + ' ' + h.downAtMs + '..' + h.upAtMs + ': ' + releases.length + ' releases, want ' + want;
    // long and repeats: exactly those due while the hold is alone
    const end = endOf(h, intent.untilMs);
    const wantLong = h.downAtMs + t.longPressMs <= end && aloneThrough(h, h.downAtMs + t.longPressMs, holds) ? [h.downAtMs + t.longPressMs] : [];
    const wantRepeats: number[] = [];
    for (let at = h.downAtMs + t.repeatDelayMs; at <= end && aloneThrough(h, at, holds); at += t.repeatEveryMs) wantRepeats.push(at);
    const within = (g: Gesture) => 'button' in g && g.button === h.button && g.atMs >= h.downAtMs && g.atMs <= end;
    const longs = gs.filter((g) => g.type === 'long' && within(g)).map((g) => g.atMs);
    const repeats = gs.filter((g) => g.type === 'repeat' && within(g)).map((g) => g.atMs);
    if (JSON.stringify(longs) !== JSON.stringify(wantLong)) return 'hold of ' + h.button + ' ' + h.downAtMs + '..' + h.upAtMs + ': longs ' + longs + ', want ' + wantLong;
    if (JSON.stringify(repeats) !== JSON.stringify(wantRepeats)) return 'hold of ' + h.button + ' ' + h.downAtMs + '..' + h.upAtMs + ': repeats ' + repeats + ', want ' + wantRepeats;
  }
  // chords: one for each overlap of pressed holds lasting chordMs from the second down edge
  const want: string[] = [];
  for (const a of holds) {
    for (const b of holds) {
      if (a.button !== 'left' || b.button !== 'right' || !pressed.has(a) || !pressed.has(b)) continue;
      const second = a.downAtMs >= b.downAtMs ? a : b;
      const first = second === a ? b : a;
      const t2 = second.downAtMs;
      const at = t2 + t.chordMs;
      if (!(at <= endOf(a, intent.untilMs) && at <= endOf(b, intent.untilMs) && at <= intent.untilMs)) continue;
      if (!(Math.min(endOf(a, Infinity), endOf(b, Infinity)) > t2)) continue;
      const from = aloneThrough(first, t2, holds) && t2 - first.downAtMs <= t.chordWindowMs ? first.downAtMs : t2;
      want.push(at + ' chord from ' + from);
    }
  }
  const got = shows(chords);
  if (JSON.stringify(got) !== JSON.stringify(want.sort((x, y) => parseInt(x) - parseInt(y)))) return 'chords ' + JSON.stringify(got) + ', want ' + JSON.stringify(want);
  return null;
}

/** 1. No press from bounce, in any stream: a press is a level change at least bounceMs after the previous one. */
function bouncePressProblem(edges: Edge[], timing: GestureTiming, gs: Gesture[]): string | null {
  const level = { left: false, right: false };
  const last: { left: number | null; right: number | null } = { left: null, right: null };
  const allowed: { [k: string]: boolean } = {};
  for (const e of edges) {
    if (e.down === level[e.button]) continue;
    const prev = last[e.button];
    if (e.down && (prev === null || e.atMs - prev >= timing.bounceMs)) allowed[e.button + e.atMs] = true;
    level[e.button] = e.down;
    last[e.button] = e.atMs;
  }
  for (const g of gs) if (g.type === 'press' && !allowed[g.button + g.atMs]) return 'press of ' + g.button + ' at ' + g.atMs + ' from a bounce edge';
  return null;
}

describe('gesture properties', () => {
  test('1. bounce and duplicate edges change nothing, and no press comes from bounce', () => {
    fc.assert(
      fc.property(intentArb, (intent) => {
        const bouncy = runOnTime(intent.bouncy, intent.untilMs, intent.timing);
        const clean = runOnTime(intent.clean, intent.untilMs, intent.timing);
        if (JSON.stringify(canonical(bouncy.gestures)) !== JSON.stringify(canonical(clean.gestures))) {
          fail('bouncy and clean streams differ; clean gives:\n  ' + canonical(clean.gestures).join('\n  '), intent.bouncy, intent.timing, bouncy.gestures);
        }
        const p = bouncePressProblem(intent.bouncy, intent.timing, bouncy.gestures);
        if (p) fail(p, intent.bouncy, intent.timing, bouncy.gestures);
      }),
      { numRuns: RUNS },
    );
  });

  const holdsSay = fc.property(intentArbHeld, (intent) => {
    const run = runOnTime(intent.bouncy, intent.untilMs, intent.timing);
    const p = intentProblem(intent, run.gestures);
    if (p) fail(p, intent.bouncy, intent.timing, run.gestures);
  });

  test('2. the gestures are what the holds say: presses, releases, long, repeats, chords', () => {
    fc.assert(holdsSay, { numRuns: RUNS, examples: [[SEED_1777012667_AT_CHORD_1]] });
  });

  test('2. regression: seed -1777012667 (it once drew chordMs 0, which the holds cannot judge)', () => {
    fc.assert(holdsSay, { seed: -1777012667, numRuns: 300 });
  });

  test('3. late, early or missing ticks change nothing but when gestures are reported', () => {
    const streamArb = fc.oneof(
      intentArb.map((i) => ({ timing: i.timing, edges: i.bouncy, untilMs: i.untilMs })),
      rawArb,
    );
    fc.assert(
      fc.property(
        streamArb.chain((s) => fc.tuple(fc.constant(s), ticksArb(s.untilMs))),
        ([s, ticks]) => {
          const onTime = canonical(runOnTime(s.edges, s.untilMs, s.timing).gestures);
          const late = canonical(runWithTicks(s.edges, ticks, s.untilMs, s.timing).gestures);
          const none = canonical(runWithTicks(s.edges, [], s.untilMs, s.timing).gestures);
          if (JSON.stringify(late) !== JSON.stringify(onTime)) fail('ticks at ' + ticks.sort((a, b) => a - b) + ' give\n  ' + late.join('\n  ') + '\non time:\n  ' + onTime.join('\n  '), s.edges, s.timing);
          if (JSON.stringify(none) !== JSON.stringify(onTime)) fail('no ticks give\n  ' + none.join('\n  ') + '\non time:\n  ' + onTime.join('\n  '), s.edges, s.timing);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('4. gestureDeadline is exact: after now, nothing before it, something at it; null: nothing without an edge', () => {
    fc.assert(
      fc.property(fc.oneof(intentArb.map((i) => ({ timing: i.timing, edges: i.bouncy, untilMs: i.untilMs })), rawArb), (s) => {
        const run = runOnTime(s.edges, s.untilMs, s.timing);
        const p = deadlineProblem(run, s.timing);
        if (p) fail(p, s.edges, s.timing, run.gestures);
      }),
      { numRuns: RUNS },
    );
  });

  test('5. any edges: no exception, inputs untouched, well-formed output, no press from bounce', () => {
    fc.assert(
      fc.property(rawArb, ticksArb(60000), (s, ticks) => {
        for (const run of [runOnTime(s.edges, s.untilMs, s.timing), runWithTicks(s.edges, ticks, s.untilMs, s.timing)]) {
          const p = formProblem(run) || bouncePressProblem(s.edges, s.timing, run.gestures);
          if (p) fail(p, s.edges, s.timing, run.gestures);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('5. the same for streams with intent', () => {
    fc.assert(
      fc.property(intentArb, (intent) => {
        const run = runOnTime(intent.bouncy, intent.untilMs, intent.timing);
        const p = formProblem(run);
        if (p) fail(p, intent.bouncy, intent.timing, run.gestures);
      }),
      { numRuns: RUNS },
    );
  });

  /**
   * Steps `edges`, with ticks at `ticks` between them, from a recogniser with repeats `on`; at every edge the quick
   * way, where it answers, must be the whole way. Returns how many edges it answered.
   */
  function quickAgrees(edges: Edge[], ticks: number[], timing: GestureTiming, on: boolean): number {
    let state: GestureState = withRepeats(createGestures(timing), on, 0);
    const inputs = [...edges.map((e, i) => ({ at: e.atMs, i, edge: e as Edge | null })), ...ticks.map((t) => ({ at: t, i: -1, edge: null }))];
    inputs.sort((a, b) => a.at - b.at || b.i - a.i);
    let answered = 0;
    for (const input of inputs) {
      const e = input.edge;
      const whole = e === null ? edgeStep(state, null, false, input.at) : edgeStep(state, e.button, e.down, e.atMs);
      const quick = e === null ? null : e.down ? quickDown(state, e.button, e.atMs) : quickUp(state, e.button, e.atMs);
      if (quick !== null) {
        answered++;
        expect(quick).toEqual(whole);
      }
      state = whole.state;
    }
    return answered;
  }

  test('6. the quick way of a move\'s edges is the whole way, on any stream', () => {
    let answered = 0;
    fc.assert(
      fc.property(rawArb, ticksArb(60000), fc.boolean(), (s, ticks, on) => {
        answered += quickAgrees(s.edges, ticks, s.timing, on);
      }),
      { numRuns: RUNS },
    );
    fc.assert(
      fc.property(intentArb, ticksArb(60000), fc.boolean(), (intent, ticks, on) => {
        answered += quickAgrees(intent.bouncy, ticks, intent.timing, on);
      }),
      { numRuns: RUNS },
    );
    // Moves whose gaps sit on the timing's edges (a bounce, a long press, a tie), where a condition off by one shows.
    const boundaryStream = timingArb.chain((timing) => {
      const gaps = [0, 1, timing.bounceMs - 1, timing.bounceMs, timing.bounceMs + 1, timing.longPressMs - 1, timing.longPressMs, timing.longPressMs + 1].filter((g) => g >= 0);
      return fc.tuple(fc.constant(timing), fc.array(fc.tuple(fc.constantFrom<ButtonName>('left', 'right'), fc.constantFrom(...gaps), fc.constantFrom(...gaps)), { maxLength: 20 }));
    });
    fc.assert(
      fc.property(boundaryStream, fc.boolean(), ([timing, moves], on) => {
        const edges: Edge[] = [];
        let t = 0;
        for (const [button, before, held] of moves) {
          edges.push({ type: 'edge', button, down: true, atMs: (t += before) }, { type: 'edge', button, down: false, atMs: (t += held) });
        }
        answered += quickAgrees(edges, [], timing, on);
      }),
      { numRuns: RUNS },
    );
    // The comparison means something only if the quick way answered often.
    expect(answered).toBeGreaterThan(RUNS);
  });

  test('6. a game\'s moves take the quick way at every edge (repeats off, as the clock has them)', () => {
    const edges: Edge[] = [];
    for (let i = 0; i < 20; i++) {
      const button = i % 2 ? 'right' : 'left';
      edges.push({ type: 'edge', button, down: true, atMs: 1000 + i * 1500 }, { type: 'edge', button, down: false, atMs: 1040 + i * 1500 });
    }
    expect(quickAgrees(edges, [], createGestures().timing, false)).toBe(edges.length);
  });
});
