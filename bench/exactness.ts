/**
 * Exactness: random games played with raw button edges through the whole device (runtime, gesture recogniser,
 * controller, clock core) on the virtual HAL, with a timer that fires up to 500 ms late and stalls of up to 2 s
 * during which nothing runs: a timer due in a stall fires up to 2 s late, and a button edge made during a stall is
 * delivered when it ends, stamped with its true instant. The truth is the independent reference model of the
 * property tests (test/properties/reference-model.ts, written from docs/time-systems.md, not from the core) fed the game's
 * events at their exact instants; the pure core fed the same exact events is checked against the model too.
 *
 * Figures: the largest difference between the time the device charged and the true running time (each move's
 * turn time, and each side's time left at the end), and between each flag's recorded and true instant.
 *
 * Order at the end of a stall: pending pin events first, then the timers that fell due (Espruino's jsiIdle runs the
 * watch callbacks of the events queued at the start of a pass before it runs due timers); modelled by firing a
 * stalled timer 1 ms after the stall. The `raceMs` variant also delivers some edges up to `raceMs` late *after*
 * a timer that fell due meanwhile (a pin event that came in just after a pass drained the queue, while the timer's
 * callback was about to run; or the button driver's debounce lockout reporting a settled edge up to debounceMs
 * late, with its raw time).
 */
import fc from 'fast-check';
import { setupArb, resolveAt, Setup, When } from '../test/properties/games';
import { RefClock, MView } from '../test/properties/reference-model';
import { createClock, step } from '../firmware/clock/clock';
import { ClockEffect, ClockEvent, ClockState } from '../firmware/clock/clock-types';
import { view, ClockView } from '../firmware/display/view';
import { startRuntime } from '../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../firmware/storage/settings';
import { parseGameControl } from '../firmware/clock/control-validate';
import { DEFAULT_OPTIONS } from '../firmware/clock/options';
import { Side } from '../firmware/clock/side';
import { TimeControl } from '../firmware/clock/control';
import { createVirtualHal, MemoryStorage, TimerPolicy } from '../sim/virtual-hal';
import { createRng, gameSeed, Rng } from './rng';
import { layoutFor } from '../firmware/display/layouts';

type Button = 'left' | 'right';

export interface EdgeSpec {
  button: Button;
  down: boolean;
  /** The true instant of the pin change (the edge's stamp). */
  atMs: number;
  /** Race variant: how late the firmware gets it after any timer due meanwhile (0: at once, or at a stall's end). */
  delayMs: number;
}

export type Action =
  | { kind: 'tap'; button: Button; down: EdgeSpec; up: EdgeSpec }
  /** Both buttons held: a pause (from a running game, < 2 s) or a resume (from a paused one, 2–4 s). */
  | { kind: 'chord'; purpose: 'pause' | 'resume'; edges: EdgeSpec[] }
  /** An arbiter's correction fed to the runtime (what the menu would send), well clear of any button activity. */
  | { kind: 'adjust'; atMs: number; event: ClockEvent };

export interface Game {
  index: number;
  setup: Setup;
  leftSide: Side;
  /** Seed of the timer's lateness (a function of the instant the timer was set for). */
  timerSeed: number;
  stalls: Stall[];
  actions: Action[];
  untilMs: number;
}

export interface Stall {
  fromMs: number;
  /** Exclusive: nothing runs in [fromMs, toMs). */
  toMs: number;
}

export interface Delivery {
  /** Timers up to 500 ms late, and stalls of up to 2 s (edges made in a stall delivered at its end, first). */
  lateAndStalls: boolean;
  /** Some edges (30 %) delivered 1–raceMs late after any timer due meanwhile; 0: none. */
  raceMs: number;
}

const BOUNCE_GAP_MS = 40; // > the recogniser's bounceMs (30): a new press on a button is never taken for bounce
const SETTLE_MS = 2100; // > the latest a timer fires (2000 ms) + bounceMs: every gesture decided

function hash(seed: number, x: number): number {
  let h = Math.imul(seed ^ Math.imul(x | 0, 0x27d4eb2d), 0x165667b1) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca77) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae3d) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export function stallAt(stalls: Stall[], atMs: number): Stall | null {
  for (const s of stalls) if (s.fromMs <= atMs && atMs < s.toMs) return s;
  return null;
}

/**
 * The timer: on time 45 %, else 1–500 ms late (a function of the instant it was set for); one that would fire in a
 * stall fires 1 ms after it, after the edges the stall held up.
 */
export function timerPolicy(seed: number, stalls: Stall[], nowMs: () => number): TimerPolicy {
  return {
    lateByMs: (atMs) => {
      const base = Math.max(nowMs(), atMs);
      let fire = base + (hash(seed, atMs) < 0.45 ? 0 : 1 + Math.floor(hash(seed + 1, atMs) * 500));
      // (a timer set while the stall's edges are handled, at its last instant, also waits for all of them)
      for (let s = stallAt(stalls, fire - 1); s !== null; s = stallAt(stalls, fire - 1)) fire = s.toMs + 1;
      return fire - base;
    },
    missed: () => false,
  };
}

function sideOf(button: Button, leftSide: Side): Side {
  return button === 'left' ? leftSide : leftSide === 'black' ? 'white' : 'black';
}

function buttonOf(side: Side, leftSide: Side): Button {
  return side === leftSide ? 'left' : 'right';
}

/** The game's events at their exact instants, as the rules define them (what the truth is fed). */
export function exactEvents(game: Game): { atMs: number; event: ClockEvent }[] {
  const out: { atMs: number; event: ClockEvent }[] = [];
  for (const a of game.actions) {
    if (a.kind === 'tap') out.push({ atMs: a.down.atMs, event: { type: 'press', side: sideOf(a.button, game.leftSide) } });
    else if (a.kind === 'adjust') out.push({ atMs: a.atMs, event: a.event });
    else if (a.purpose === 'pause') out.push({ atMs: a.edges[0].atMs, event: { type: 'pause' } });
    else out.push({ atMs: Math.max(...a.edges.filter((e) => !e.down).map((e) => e.atMs)), event: { type: 'resume' } });
  }
  return out;
}

// ---------------------------------------------------------------- generating a game

function pickWhen(rng: Rng): When {
  const u = rng.next();
  if (u < 0.4) return { k: 'share', permille: rng.int(0, 999) };
  if (u < 0.55) return { k: 'fixed', ms: rng.int(0, 3000) };
  if (u < 0.6) return { k: 'fixed', ms: rng.int(0, 20000) };
  if (u < 0.7) return { k: 'zero', d: rng.pick([-1, -1, 0, 1]) };
  if (u < 0.75) return { k: 'end', d: rng.pick([-1, -1, 0, 1]) };
  if (u < 0.88) return { k: 'next', d: rng.pick([-1, 0, 0, 1]) };
  return { k: 'deadline', d: rng.pick([-1, 0, 1, 250, 500]) };
}

function pickAdjust(rng: Rng, side: Side, control: TimeControl): ClockEvent {
  const u = rng.next();
  if (u < 0.35) return { type: 'adjust', side, deltaMs: 120000 }; // 13.4b
  if (u < 0.55) return { type: 'adjust', side, deltaMs: rng.chance(0.5) ? rng.int(1, 20000) : -rng.int(1, 20000) };
  if (u < 0.7) return { type: 'adjust', side, remainingMs: rng.int(0, 20000) };
  if (u < 0.85 && control.system === 'byoyomi') return { type: 'adjust', side, periodsLeft: rng.int(1, 3) };
  if (u < 0.85 && control.system === 'canadian') return { type: 'adjust', side, movesLeft: rng.int(1, 3) };
  return { type: 'adjust', side, moves: rng.int(0, 8) };
}

/**
 * A game built action by action against the pure core at exact instants (to aim presses at shares of the time
 * left, at the instant the time runs out ±1 ms, at the next count or deadline), with the physical rules of two
 * buttons kept: no press within 40 ms of the same button's release, taps held 40–250 ms (quick overlapping
 * replies stay two presses), chords held long enough to be chords and short enough not to open the menu.
 */
export function makeGame(index: number, setup: Setup, seed: number, delivery: Delivery): Game {
  const rng = createRng(gameSeed(seed, index));
  const leftSide: Side = rng.chance(0.8) ? 'black' : 'white';
  const firstToMove: Side = (setup.options && setup.options.firstToMove) || 'black';
  let core: ClockState = createClock(setup.control, setup.options);
  const actions: Action[] = [];
  const free: { left: number; right: number } = { left: 0, right: 0 };
  let t = 0;
  let lastDeliveryMs = 0;
  const stalls: Stall[] = [];
  /** A stall of 1–2000 ms around `atMs` (or starting at it), unless it would overlap one already there. */
  const addStall = (atMs: number, around: boolean): void => {
    const len = rng.int(1, 2000);
    const fromMs = Math.max(1, around ? atMs - rng.int(0, len - 1) : atMs);
    const stall = { fromMs, toMs: fromMs + len };
    if (stalls.some((x) => x.fromMs < stall.toMs + 2 && stall.fromMs < x.toMs + 2)) return;
    stalls.push(stall);
  };
  const edge = (button: Button, down: boolean, atMs: number): EdgeSpec => {
    if (delivery.lateAndStalls && rng.chance(0.12)) addStall(atMs, true);
    const e = { button, down, atMs, delayMs: delivery.raceMs > 0 && rng.chance(0.3) ? rng.int(1, delivery.raceMs) : 0 };
    const stall = stallAt(stalls, atMs);
    lastDeliveryMs = Math.max(lastDeliveryMs, atMs + e.delayMs, stall ? stall.toMs : 0);
    return e;
  };
  /** An instant the arbiter's correction can come at: every gesture decided, not in a stall. */
  const clear = (atMs: number): number => {
    let at = Math.max(atMs, t, lastDeliveryMs + SETTLE_MS, free.left + SETTLE_MS, free.right + SETTLE_MS);
    for (let s = stallAt(stalls, at); s !== null; s = stallAt(stalls, at)) at = s.toMs + SETTLE_MS;
    return at;
  };
  const apply = (event: ClockEvent, atMs: number): void => {
    core = step(core, event, atMs).state;
    t = atMs;
  };
  const tap = (button: Button, atMs: number): void => {
    const downAt = Math.max(atMs, t, free[button]);
    const upAt = downAt + rng.int(40, 250);
    actions.push({ kind: 'tap', button, down: edge(button, true, downAt), up: edge(button, false, upAt) });
    free[button] = upAt + BOUNCE_GAP_MS;
    apply({ type: 'press', side: sideOf(button, leftSide) }, downAt);
  };
  const chord = (purpose: 'pause' | 'resume', atMs: number): void => {
    const first: Button = rng.chance(0.5) ? 'left' : 'right';
    const second: Button = first === 'left' ? 'right' : 'left';
    const firstAt = Math.max(atMs, t, free.left, free.right);
    const secondAt = firstAt + rng.int(0, 300);
    // pause: both held 0.45–1.9 s after the second down (a chord, no level); resume: 2.05–3.8 s (level 1, no menu)
    const [lo, hi] = purpose === 'pause' ? [450, 1900] : [2050, 3800];
    const ups = [secondAt + rng.int(lo, hi), secondAt + rng.int(lo, hi)];
    const edges = [edge(first, true, firstAt), edge(second, true, secondAt), edge(first, false, ups[0]), edge(second, false, ups[1])];
    actions.push({ kind: 'chord', purpose, edges });
    const end = Math.max(ups[0], ups[1]);
    free.left = free.right = end + BOUNCE_GAP_MS;
    if (purpose === 'pause') {
      apply({ type: 'pause' }, firstAt);
      t = end + BOUNCE_GAP_MS;
    } else apply({ type: 'resume' }, end);
  };
  const adjust = (atMs: number): void => {
    const at = clear(atMs);
    const side: Side = rng.chance(0.5) ? 'black' : 'white';
    const event = pickAdjust(rng, side, core.controls[side]);
    actions.push({ kind: 'adjust', atMs: at, event });
    apply(event, at);
    // The next edge comes later (a chord's pause takes back everything from its first edge on).
    free.left = free.right = at + BOUNCE_GAP_MS;
  };

  const count = rng.int(3, 60);
  for (let k = 0; k < count; k++) {
    if (delivery.lateAndStalls && rng.chance(0.1)) addStall(t + rng.int(0, 5000), false);
    const v = view(core, t);
    const u = rng.next();
    if (v.status === 'ready') {
      const starter: Side = u < 0.9 ? (firstToMove === 'black' ? 'white' : 'black') : firstToMove;
      tap(buttonOf(starter, leftSide), t + rng.int(0, 2000));
    } else if (v.status === 'running') {
      if (u < 0.8) tap(buttonOf(v.toMove, leftSide), resolveAt(pickWhen(rng), core, t));
      else if (u < 0.88) tap(buttonOf(v.toMove === 'black' ? 'white' : 'black', leftSide), resolveAt(pickWhen(rng), core, t));
      else if (u < 0.95) chord('pause', resolveAt(pickWhen(rng), core, t));
      else adjust(t + rng.int(0, 5000));
    } else if (v.status === 'paused') {
      if (u < 0.7) chord('resume', t + rng.int(0, 5000));
      else if (u < 0.85) adjust(t + rng.int(0, 5000));
      else tap(rng.chance(0.5) ? 'left' : 'right', t + rng.int(0, 3000));
    } else {
      // over: the arbiter gives the flagged side time now and then (the game becomes paused), else it ends
      if (u < 0.4 && core.flags.length > 0) {
        const at = clear(t);
        const side = core.flags[core.flags.length - 1].side;
        const event: ClockEvent = { type: 'adjust', side, deltaMs: 120000 };
        actions.push({ kind: 'adjust', atMs: at, event });
        apply(event, at);
        free.left = free.right = at + BOUNCE_GAP_MS;
      } else break;
    }
  }
  // The end comes after the device has decided every gesture (a release is a release once no bounce followed it
  // and the timer has fired): what it has not yet seen it cannot show.
  const untilMs = clear(Math.max(t, lastDeliveryMs, free.left, free.right) + rng.int(0, 30000));
  stalls.sort((a, b) => a.fromMs - b.fromMs);
  return { index, setup, leftSide, timerSeed: gameSeed(seed ^ 0x5bd1e995, index), stalls, actions, untilMs };
}

// ---------------------------------------------------------------- playing it

interface Move {
  side: Side;
  atMs: number;
  ms: number;
}

interface Outcome {
  final: ClockView | MView;
  moves: Move[];
  flags: { side: Side; atMs: number }[];
}

export interface Item {
  /** The true instant (an edge's stamp). */
  atMs: number;
  /** When the firmware gets it. */
  deliverAtMs: number;
  edge?: EdgeSpec;
  event?: ClockEvent;
}

/**
 * What reaches the firmware, in order: the edges in the order they happened (a FIFO), each at once, at the end of
 * the stall it was made in, or (race) up to raceMs late; the arbiter's corrections at their instants.
 */
export function deliveries(game: Game): Item[] {
  const items: (Item & { order: number })[] = [];
  let order = 0;
  for (const a of game.actions) {
    if (a.kind === 'adjust') items.push({ atMs: a.atMs, deliverAtMs: a.atMs, order: order++, event: a.event });
    else for (const e of a.kind === 'tap' ? [a.down, a.up] : a.edges) items.push({ atMs: e.atMs, deliverAtMs: 0, order: order++, edge: e });
  }
  items.sort((x, y) => x.atMs - y.atMs || x.order - y.order);
  let fifo = 0;
  for (const item of items) {
    if (!item.edge) continue;
    const stall = stallAt(game.stalls, item.atMs);
    item.deliverAtMs = Math.max(fifo, stall ? stall.toMs : item.atMs, item.atMs + item.edge.delayMs);
    fifo = item.deliverAtMs;
  }
  items.sort((x, y) => x.deliverAtMs - y.deliverAtMs); // stable: already in the order they happened
  return items.map((x) => ({ atMs: x.atMs, deliverAtMs: x.deliverAtMs, edge: x.edge, event: x.event }));
}

/**
 * The device: the runtime on the virtual HAL. Edges are delivered in the order they happened, each when the
 * firmware can take it: at once, at the end of the stall it was made in, or (race) late after the timers due
 * before its delivery (advanceTo fires those first).
 */
export function playOnDevice(game: Game, delivery: Delivery): Outcome & { wakeUps: number; lateEdges: number } {
  const storage = new MemoryStorage();
  const settings = defaultSettings();
  settings.control = parseGameControl(game.setup.control);
  settings.options = Object.assign({}, DEFAULT_OPTIONS, game.setup.options || {});
  settings.leftSide = game.leftSide;
  saveSettings(storage, settings);
  let now = (): number => 0;
  const policy = delivery.lateAndStalls ? timerPolicy(game.timerSeed, game.stalls, () => now()) : undefined;
  const hal = createVirtualHal({ storage, policy });
  now = hal.nowMs;
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: Infinity });
  let lateEdges = 0;
  for (const item of deliveries(game)) {
    hal.advanceTo(item.deliverAtMs);
    if (item.edge) {
      if (item.deliverAtMs > item.atMs) lateEdges++;
      hal.edge(item.edge.button, item.edge.down, item.atMs);
    } else {
      runtime.feed(item.event as ClockEvent, runtime.nowMs());
    }
  }
  hal.advanceTo(game.untilMs);
  const moves: Move[] = [];
  for (const entry of runtime.log()) {
    if (entry.kind !== 'move') continue;
    const m = /\((\d+) ms\)$/.exec(entry.text);
    moves.push({ side: entry.side as Side, atMs: entry.atMs, ms: m ? Number(m[1]) : NaN });
  }
  const final = view(runtime.state(), game.untilMs);
  return { final, moves, flags: final.flags.map((f) => ({ side: f.side, atMs: f.atMs })), wakeUps: hal.wakeUps, lateEdges };
}

/** The truth: the reference model fed the exact events. */
export function playTruth(game: Game): Outcome {
  const ref = new RefClock(game.setup.control, game.setup.options);
  const moves: Move[] = [];
  for (const x of exactEvents(game)) {
    ref.advanceTo(x.atMs);
    const turnUsed = ref.turnUsed;
    const kind = ref.apply(x.event as unknown as { [k: string]: unknown }, x.atMs);
    if (kind === 'move') moves.push({ side: (x.event as { side: Side }).side, atMs: x.atMs, ms: turnUsed });
  }
  ref.advanceTo(game.untilMs);
  const final = ref.view();
  return { final, moves, flags: final.flags.map((f) => ({ side: f.side, atMs: f.atMs })) };
}

/** The pure core fed the exact events (checked against the model: the truth is not the core's own word). */
export function playCore(game: Game): Outcome {
  let state = createClock(game.setup.control, game.setup.options);
  const moves: Move[] = [];
  const take = (effects: ClockEffect[]) => {
    for (const e of effects) {
      if (e.type !== 'log' || e.entry.kind !== 'move') continue;
      const m = /\((\d+) ms\)$/.exec(e.entry.text);
      moves.push({ side: e.entry.side as Side, atMs: e.entry.atMs, ms: m ? Number(m[1]) : NaN });
    }
  };
  for (const x of exactEvents(game)) {
    const r = step(state, x.event, x.atMs);
    take(r.effects);
    state = r.state;
  }
  const final = view(state, game.untilMs);
  return { final, moves, flags: final.flags.map((f) => ({ side: f.side, atMs: f.atMs })) };
}

export interface Difference {
  /** Largest |charged − true| over every move's turn time and each side's time left at the end (ms). */
  chargeMs: number;
  /** Largest |recorded − true| flag instant (ms). */
  flagMs: number;
  /** Largest |recorded − true| press instant of a move (ms). */
  pressMs: number;
  /** What differs beyond milliseconds (move or flag count, sides, status, periods…), if anything. */
  structural: string[];
  /** Same number of moves, by the same sides (so `pressMs` compares each press with its own truth). */
  movesAligned: boolean;
}

/** Whether `side` runs in `v`: the model's own word for a side, else the view's `running`. */
function runs(v: ClockView | MView, side: Side): boolean {
  const x = v.sides[side];
  return 'running' in x ? (x as { running: boolean }).running : v.running === side;
}

function sideNumbers(v: ClockView | MView, side: Side): number[] {
  const s = v.sides[side];
  return [s.remainingMs, s.graceMs, s.overdueMs];
}

export function compare(got: Outcome, want: Outcome): Difference {
  const d: Difference = { chargeMs: 0, flagMs: 0, pressMs: 0, structural: [], movesAligned: got.moves.length === want.moves.length };
  if (got.moves.length !== want.moves.length) d.structural.push('moves ' + got.moves.length + ' vs ' + want.moves.length);
  for (let i = 0; i < Math.min(got.moves.length, want.moves.length); i++) {
    const a = got.moves[i];
    const b = want.moves[i];
    if (a.side !== b.side) {
      d.structural.push('move ' + i + ' side');
      d.movesAligned = false;
    }
    d.chargeMs = Math.max(d.chargeMs, Math.abs(a.ms - b.ms));
    d.pressMs = Math.max(d.pressMs, Math.abs(a.atMs - b.atMs));
  }
  if (got.flags.length !== want.flags.length) d.structural.push('flags ' + got.flags.length + ' vs ' + want.flags.length);
  for (let i = 0; i < Math.min(got.flags.length, want.flags.length); i++) {
    if (got.flags[i].side !== want.flags[i].side) d.structural.push('flag ' + i + ' side');
    d.flagMs = Math.max(d.flagMs, Math.abs(got.flags[i].atMs - want.flags[i].atMs));
  }
  for (const side of ['black', 'white'] as Side[]) {
    const a = sideNumbers(got.final, side);
    const b = sideNumbers(want.final, side);
    for (let i = 0; i < a.length; i++) d.chargeMs = Math.max(d.chargeMs, Math.abs(a[i] - b[i]));
    const ga = got.final.sides[side];
    const wa = want.final.sides[side];
    for (const k of ['phase', 'periodsLeft', 'movesLeft', 'moves', 'inBreak'] as const) {
      if (ga[k] !== wa[k]) d.structural.push(side + '.' + k + ' ' + ga[k] + ' vs ' + wa[k]);
    }
    // Whether the side runs: the model says so per side; the core once, as the view's `running` (its sides are the
    // side clocks themselves), as test/properties/driver.ts projects it.
    const gr = runs(got.final, side);
    const wr = runs(want.final, side);
    if (gr !== wr) d.structural.push(side + '.running ' + gr + ' vs ' + wr);
  }
  if (got.final.status !== want.final.status) d.structural.push('status ' + got.final.status + ' vs ' + want.final.status);
  return d;
}

export function differs(d: Difference): boolean {
  return d.chargeMs !== 0 || d.flagMs !== 0 || d.pressMs !== 0 || d.structural.length > 0;
}

// ---------------------------------------------------------------- a run

export interface ExactnessResult {
  games: number;
  moves: number;
  flags: number;
  wakeUps: number;
  delivery: Delivery;
  maxChargeMs: number;
  maxFlagMs: number;
  maxPressMs: number;
  gamesDiffering: number;
  /** Games whose moves, flags or end differ (not only by milliseconds). */
  gamesStructural: number;
  /**
   * The largest error of a press's recorded instant (each against its own truth), over the games whose outcome
   * did not change.
   */
  maxPressMsUnchanged: number;
  /**
   * Games whose outcome changed: moves, flags, phases or status differ, or a time or flag is off by more than the
   * edges' lateness can explain (a press lost to a flag, a flag that fell at another instant).
   */
  outcomeChanged: number;
  /** Games where the pure core (exact instants) and the reference model disagree: the truth's own check. */
  coreVsModel: number;
  stalls: number;
  /** Edges delivered late (at a stall's end, or racing a timer). */
  lateEdges: number;
  /** Indices of the differing games with the fewest actions first (for shrinking). */
  worst: { index: number; actions: number; d: Difference }[];
}

export function setups(seed: number, count: number): Setup[] {
  return fc.sample(setupArb, { seed, numRuns: count });
}

export function runExactness(seed: number, from: number, to: number, total: number, delivery: Delivery, progress?: (done: number) => void): ExactnessResult {
  const all = setups(seed, total);
  const r: ExactnessResult = {
    games: 0, moves: 0, flags: 0, wakeUps: 0, delivery, maxChargeMs: 0, maxFlagMs: 0, maxPressMs: 0,
    gamesDiffering: 0, gamesStructural: 0, maxPressMsUnchanged: 0, outcomeChanged: 0, coreVsModel: 0, stalls: 0, lateEdges: 0, worst: [],
  };
  for (let i = from; i < to; i++) {
    const game = makeGame(i, all[i], seed, delivery);
    const truth = playTruth(game);
    const device = playOnDevice(game, delivery);
    if (differs(compare(playCore(game), truth))) r.coreVsModel++;
    const d = compare(device, truth);
    r.games++;
    r.moves += truth.moves.length;
    r.flags += truth.flags.length;
    r.wakeUps += device.wakeUps;
    r.stalls += game.stalls.length;
    r.lateEdges += device.lateEdges;
    r.maxChargeMs = Math.max(r.maxChargeMs, d.chargeMs);
    r.maxFlagMs = Math.max(r.maxFlagMs, d.flagMs);
    r.maxPressMs = Math.max(r.maxPressMs, d.pressMs);
    if (d.structural.length > 0 || d.chargeMs > delivery.raceMs || d.flagMs > delivery.raceMs) r.outcomeChanged++;
    else r.maxPressMsUnchanged = Math.max(r.maxPressMsUnchanged, d.pressMs);
    if (differs(d)) {
      r.gamesDiffering++;
      if (d.structural.length) r.gamesStructural++;
      r.worst.push({ index: i, actions: game.actions.length, d });
      r.worst.sort((a, b) => a.actions - b.actions);
      if (r.worst.length > 20) r.worst.length = 20;
    }
    if (progress && (i - from + 1) % 500 === 0) progress(i - from + 1);
  }
  return r;
}

// ---------------------------------------------------------------- the smallest game that still differs

/** Chords only where they mean what the truth says: a pause from a running clock, a resume from a paused one. */
function wellFormed(game: Game): boolean {
  let state = createClock(game.setup.control, game.setup.options);
  const exact = exactEvents(game);
  for (let i = 0; i < game.actions.length; i++) {
    const a = game.actions[i];
    if (a.kind === 'chord') {
      const status = view(state, a.edges[0].atMs).status;
      if (status !== (a.purpose === 'pause' ? 'running' : 'paused')) return false;
    }
    state = step(state, exact[i].event, exact[i].atMs).state;
  }
  return true;
}

/** `outcome`: the outcome must still change (moves, flags, end); otherwise any difference will do. */
function stillDiffers(game: Game, delivery: Delivery, outcome: boolean): boolean {
  if (!wellFormed(game)) return false;
  const d = compare(playOnDevice(game, delivery), playTruth(game));
  return outcome ? d.structural.length > 0 : differs(d);
}

function withDelays(game: Game, zeroed: (e: EdgeSpec) => boolean): Game {
  const copy = (e: EdgeSpec): EdgeSpec => (zeroed(e) ? Object.assign({}, e, { delayMs: 0 }) : e);
  const actions = game.actions.map((a): Action => {
    if (a.kind === 'tap') return { kind: 'tap', button: a.button, down: copy(a.down), up: copy(a.up) };
    if (a.kind === 'chord') return { kind: 'chord', purpose: a.purpose, edges: a.edges.map(copy) };
    return a;
  });
  return Object.assign({}, game, { actions });
}

/** Greedy shrinking: fewer actions, fewer stalls, fewer late edges, plainer options, an earlier end. */
export function shrink(game: Game, delivery: Delivery, outcome = false): Game {
  let g = game;
  const attempt = (candidate: Game): boolean => {
    if (!stillDiffers(candidate, delivery, outcome)) return false;
    g = candidate;
    return true;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = g.actions.length - 1; i >= 0; i--) {
      if (attempt(Object.assign({}, g, { actions: g.actions.filter((_, j) => j !== i) }))) changed = true;
    }
  }
  for (let i = g.stalls.length - 1; i >= 0; i--) attempt(Object.assign({}, g, { stalls: g.stalls.filter((_, j) => j !== i) }));
  const edges = g.actions.flatMap((a) => (a.kind === 'tap' ? [a.down, a.up] : a.kind === 'chord' ? a.edges : []));
  for (const e of edges) if (e.delayMs > 0) attempt(withDelays(g, (x) => x.atMs === e.atMs && x.button === e.button && x.down === e.down));
  if (g.setup.options) attempt(Object.assign({}, g, { setup: { control: g.setup.control } }));
  // An earlier end, but not before every gesture is decided (see makeGame) nor inside a stall.
  let settled = Math.max(...deliveries(g).map((x) => x.deliverAtMs)) + SETTLE_MS;
  for (let s = stallAt(g.stalls, settled); s !== null; s = stallAt(g.stalls, settled)) settled = s.toMs + SETTLE_MS;
  if (settled < g.untilMs) attempt(Object.assign({}, g, { untilMs: settled }));
  return g;
}

export interface Reproduction {
  control: Setup['control'];
  options?: Setup['options'];
  leftSide: Side;
  stalls: Stall[];
  /** What happened and when the firmware got it. */
  inputs: { atMs: number; deliveredAtMs: number; input: string }[];
  /** The timer's firings (set for → fired at) are a function of the instants; see timerPolicy. */
  untilMs: number;
  device: { moves: Move[]; flags: { side: Side; atMs: number }[]; status: string };
  truth: { moves: Move[]; flags: { side: Side; atMs: number }[]; status: string };
  difference: Difference;
}

export function describeGame(game: Game, delivery: Delivery): Reproduction {
  const device = playOnDevice(game, delivery);
  const truth = playTruth(game);
  const inputs = deliveries(game).map((x) => ({
    atMs: x.atMs,
    deliveredAtMs: x.deliverAtMs,
    input: x.edge ? x.edge.button + (x.edge.down ? ' down' : ' up') : JSON.stringify(x.event),
  }));
  const out: Reproduction = {
    control: game.setup.control,
    leftSide: game.leftSide,
    stalls: game.stalls,
    inputs,
    untilMs: game.untilMs,
    device: { moves: device.moves, flags: device.flags, status: device.final.status },
    truth: { moves: truth.moves, flags: truth.flags, status: truth.final.status },
    difference: compare(device, truth),
  };
  if (game.setup.options) out.options = game.setup.options;
  return out;
}

/** Shards of one run, merged. */
export function mergeResults(parts: ExactnessResult[]): ExactnessResult {
  const r = Object.assign({}, parts[0], { worst: [] as ExactnessResult['worst'] });
  const sums = ['games', 'moves', 'flags', 'wakeUps', 'gamesDiffering', 'gamesStructural', 'outcomeChanged', 'coreVsModel', 'stalls', 'lateEdges'] as const;
  const maxima = ['maxChargeMs', 'maxFlagMs', 'maxPressMs', 'maxPressMsUnchanged'] as const;
  for (const k of sums) r[k] = parts.reduce((a, p) => a + p[k], 0);
  for (const k of maxima) r[k] = Math.max(...parts.map((p) => p[k]));
  r.worst = parts.flatMap((p) => p.worst).sort((a, b) => a.actions - b.actions || a.index - b.index).slice(0, 20);
  return r;
}
