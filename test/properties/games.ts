/**
 * Random games for the clock core's properties: random controls of every system (small times, so periods and flags
 * really happen), random options, and commands whose instants are often chosen to hit a boundary exactly (the
 * instant the running side's time reaches zero, its final flag, its next count, the core's next deadline), ±1 ms.
 */
import fc from 'fast-check';
import { GameControl, TimeControl } from '../../firmware/clock/control';
import { ClockOptions } from '../../firmware/clock/options';
import { ClockEffect, ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { step } from '../../firmware/clock/clock';
import { nextDeadline, view, ClockView } from '../../firmware/display/view';
import { other, Side } from './reference-model';

export interface Setup {
  control: GameControl;
  options?: Partial<ClockOptions>;
}

/** When a command happens, relative to the previous one. */
export type When =
  | { k: 'fixed'; ms: number }
  /** After a share (‰) of the running side's current time (grace + remaining): a player thinking, in time. */
  | { k: 'share'; permille: number }
  /** When the running side's current time (grace + remaining) reaches zero, + d. */
  | { k: 'zero'; d: number }
  /** When the running side's last time runs out (flag or forced pass), + d. */
  | { k: 'end'; d: number }
  /** At the next announcement or period change the clock would make if left alone, + d (else shortly). */
  | { k: 'next'; d: number }
  /** At the core's `nextDeadline`, + d. */
  | { k: 'deadline'; d: number };

export type Who = 'mover' | 'waiter' | Side;

export type Spec =
  | { e: 'press'; who: Who; when: When }
  | { e: 'pause'; by: Side | null | 'mover'; when: When }
  | { e: 'resume'; when: When }
  | { e: 'tick'; when: When }
  | { e: 'start'; when: When }
  /** An arbiter's correction; `side` 'mover' / 'waiter' is resolved when it happens. */
  | { e: 'adjust'; fields: { [k: string]: unknown }; side: Who | 'none' | 'junk'; junkSide?: unknown; when: When }
  /** Anything at all, as an event (robustness only). */
  | { e: 'junk'; event: unknown; when: When };

export interface Timed {
  atMs: number;
  event: ClockEvent;
}

// ---------------------------------------------------------------- controls and options

const smallMain = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 20000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 20 }).map((s) => s * 1000) },
  { weight: 4, arbitrary: fc.integer({ min: 20001, max: 120000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 120001, max: 400000 }) },
);
// Not below 200 ms: with onExpire "pass" two sides out of time pass the turn to each other every period.
const periodMs = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 10 }).map((s) => s * 1000) },
  { weight: 2, arbitrary: fc.integer({ min: 200, max: 10000 }) },
  { weight: 2, arbitrary: fc.constantFrom(20000, 25000, 30000, 35000, 60000) },
);
const smallMs = (max: number) => fc.oneof(fc.integer({ min: 0, max: max }), fc.constantFrom(0, 1000, 2000, 5000));

const byoyomiArb: fc.Arbitrary<TimeControl> = fc
  .record({ mainMs: fc.oneof(fc.constant(0), smallMain), periods: fc.integer({ min: 1, max: 3 }), periodMs })
  .map((r): TimeControl => ({ system: 'byoyomi', mainMs: r.mainMs, periods: r.periods, periodMs: r.periodMs }));
const canadianArb: fc.Arbitrary<TimeControl> = fc
  .record({ mainMs: fc.oneof(fc.constant(0), smallMain), moves: fc.integer({ min: 1, max: 3 }), periodMs: fc.oneof(fc.integer({ min: 2, max: 10 }).map((s) => s * 1000), periodMs) })
  .map((r): TimeControl => ({ system: 'canadian', mainMs: r.mainMs, moves: r.moves, periodMs: r.periodMs }));

export const controlArb: fc.Arbitrary<TimeControl> = fc.oneof(
  smallMain.map((mainMs): TimeControl => ({ system: 'absolute', mainMs })),
  byoyomiArb,
  byoyomiArb,
  byoyomiArb,
  canadianArb,
  canadianArb,
  fc.record({ mainMs: smallMain, incrementMs: smallMs(5000) }).map((r): TimeControl => ({ system: 'fischer', mainMs: r.mainMs, incrementMs: r.incrementMs })),
  fc
    .record({ mainMs: smallMain, incrementMs: smallMs(5000), extra: smallMs(5000) })
    .map((r): TimeControl => ({ system: 'fischer', mainMs: r.mainMs, incrementMs: r.incrementMs, capMs: r.mainMs + r.extra })),
  fc.record({ mainMs: smallMain, delayMs: smallMs(5000) }).map((r): TimeControl => ({ system: 'bronstein', mainMs: r.mainMs, delayMs: r.delayMs })),
  fc.record({ mainMs: smallMain, delayMs: smallMs(5000) }).map((r): TimeControl => ({ system: 'delay', mainMs: r.mainMs, delayMs: r.delayMs })),
  smallMain.map((mainMs): TimeControl => ({ system: 'hourglass', mainMs })),
  fc
    .tuple(
      fc.record({ moves: fc.integer({ min: 1, max: 3 }), ms: fc.integer({ min: 1, max: 10000 }) }),
      fc.array(fc.record({ moves: fc.integer({ min: 1, max: 3 }), ms: fc.integer({ min: 0, max: 10000 }) }), { maxLength: 2 }),
    )
    .map(([first, rest]): TimeControl => ({ system: 'stages', stages: [first].concat(rest) })),
);

const gameControlArb: fc.Arbitrary<GameControl> = fc.oneof(
  { weight: 3, arbitrary: controlArb },
  { weight: 1, arbitrary: fc.record({ black: controlArb, white: controlArb }) },
);

const optionsArb: fc.Arbitrary<Partial<ClockOptions> | undefined> = fc.option(
  fc.record(
    {
      announce: fc.constantFrom('ru', 'jp', 'beep', 'off') as fc.Arbitrary<ClockOptions['announce']>,
      onExpire: fc.constantFrom('stop', 'pass', 'continue') as fc.Arbitrary<ClockOptions['onExpire']>,
      firstToMove: fc.constantFrom('black', 'white') as fc.Arbitrary<Side>,
      warnings: fc.boolean(),
      breakBeforeOvertime: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
  { freq: 6, nil: undefined },
);

export const setupArb: fc.Arbitrary<Setup> = fc.record({ control: gameControlArb, options: optionsArb }).map((s) => (s.options === undefined ? { control: s.control } : s));

// ---------------------------------------------------------------- commands

const dArb = fc.constantFrom(-1, 0, 0, 0, 1);
export const whenArb: fc.Arbitrary<When> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<When>({ k: 'fixed', ms: 0 }) },
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 999 }).map((ms): When => ({ k: 'fixed', ms })) },
  { weight: 10, arbitrary: fc.integer({ min: 0, max: 999 }).map((permille): When => ({ k: 'share', permille })) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 3000 }).map((ms): When => ({ k: 'fixed', ms })) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 20000 }).map((ms): When => ({ k: 'fixed', ms })) },
  { weight: 2, arbitrary: fc.constantFrom(-1, -1, -1, 0, 1).map((d): When => ({ k: 'zero', d })) },
  { weight: 1, arbitrary: fc.constantFrom(-1, -1, -1, 0, 1).map((d): When => ({ k: 'end', d })) },
  { weight: 3, arbitrary: dArb.map((d): When => ({ k: 'next', d })) },
  { weight: 2, arbitrary: fc.constantFrom(-1, 0, 1, 250, 500).map((d): When => ({ k: 'deadline', d })) },
);

const sideArb = fc.constantFrom<Side>('black', 'white');
const whoArb: fc.Arbitrary<Who> = fc.oneof({ weight: 8, arbitrary: fc.constant<Who>('mover') }, { weight: 1, arbitrary: fc.constant<Who>('waiter') }, { weight: 1, arbitrary: sideArb });

/** A value an arbiter's menu or a script could put in any field, valid or not. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -30000, max: 30000 }),
  fc.constantFrom(0, -0, 1, -1, NaN, Infinity, -Infinity, 0.5, -0.5, 1e300, 400 * 86400000, 400 * 86400000 + 1, Number.MAX_SAFE_INTEGER, 100001, 1001),
  fc.double(),
  fc.string({ maxLength: 5 }),
  fc.constantFrom(null, true, false, '5', '', [], {}, [1]),
  fc.anything({ maxDepth: 2 }),
);

/** Commands whose instants are drawn from `whenArb`; `pauses` weighs pauses and resumes against the 30 of presses. */
function commandArbs(whenArb: fc.Arbitrary<When>, pauses = 1): { spec: fc.Arbitrary<Spec>; junkAdjust: fc.Arbitrary<Spec> } {
  const validAdjust: fc.Arbitrary<Spec> = fc.oneof(
    fc.record({ deltaMs: fc.oneof(fc.integer({ min: -20000, max: -1 }), fc.integer({ min: 1, max: 20000 })) }),
    fc.record({ remainingMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20000 })) }),
    fc.record({ periodsLeft: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ movesLeft: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ moves: fc.integer({ min: 0, max: 8 }) }),
  ).chain((fields) => fc.record({ side: whoArb, when: whenArb }).map((r): Spec => ({ e: 'adjust', fields, side: r.side, when: r.when })));

  const controlAdjust: fc.Arbitrary<Spec> = fc
    .record({ control: controlArb, side: fc.oneof(whoArb, fc.constant<'none'>('none')), when: whenArb })
    .map((r): Spec => ({ e: 'adjust', fields: { control: r.control }, side: r.side, when: r.when }));

  const junkAdjust: fc.Arbitrary<Spec> = fc
    .record({
      fields: fc.dictionary(fc.constantFrom('deltaMs', 'remainingMs', 'periodsLeft', 'movesLeft', 'moves', 'control'), junkValue, { maxKeys: 3 }),
      side: fc.oneof(whoArb, fc.constantFrom<'none' | 'junk'>('none', 'junk')),
      junkSide: junkValue,
      when: whenArb,
    })
    .map((r): Spec => ({ e: 'adjust', fields: r.fields, side: r.side, junkSide: r.junkSide, when: r.when }));

  const spec: fc.Arbitrary<Spec> = fc.oneof(
    { weight: 30, arbitrary: fc.record({ who: whoArb, when: whenArb }).map((r): Spec => ({ e: 'press', who: r.who, when: r.when })) },
    { weight: 2 * pauses, arbitrary: fc.record({ by: fc.constantFrom<Side | null | 'mover'>(null, 'mover', 'black', 'white'), when: whenArb }).map((r): Spec => ({ e: 'pause', by: r.by, when: r.when })) },
    { weight: 5 * pauses, arbitrary: whenArb.map((when): Spec => ({ e: 'resume', when })) },
    { weight: 3, arbitrary: whenArb.map((when): Spec => ({ e: 'tick', when })) },
    { weight: 1, arbitrary: whenArb.map((when): Spec => ({ e: 'start', when })) },
    { weight: 2, arbitrary: validAdjust },
    { weight: 1, arbitrary: controlAdjust },
    { weight: 1, arbitrary: junkAdjust },
  );
  return { spec, junkAdjust };
}

const mixed = commandArbs(whenArb);
/** A game's commands: mostly moves in time, with pauses, ticks, corrections and instants on boundaries. */
export const specArb = mixed.spec;
const junkAdjust = mixed.junkAdjust;

/** Instants only on boundaries (±1 ms) or at once: the adversarial timing regime. */
export const boundaryWhenArb: fc.Arbitrary<When> = fc.oneof(
  fc.constant<When>({ k: 'fixed', ms: 0 }),
  dArb.map((d): When => ({ k: 'zero', d })),
  dArb.map((d): When => ({ k: 'end', d })),
  dArb.map((d): When => ({ k: 'next', d })),
  fc.constantFrom(-1, 0, 1).map((d): When => ({ k: 'deadline', d })),
);
export const boundarySpecArb = commandArbs(boundaryWhenArb).spec;

/** Pauses and resumes as often as moves, at boundaries or a few ms apart: counts must still come once each. */
export const pausingSpecArb = commandArbs(
  fc.oneof(boundaryWhenArb, fc.integer({ min: 0, max: 30 }).map((ms): When => ({ k: 'fixed', ms })), fc.integer({ min: 0, max: 1000 }).map((ms): When => ({ k: 'fixed', ms }))),
  6,
).spec;

/** Also junk events and events of any shape. */
export const junkSpecArb: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 6, arbitrary: specArb },
  { weight: 2, arbitrary: junkAdjust },
  {
    weight: 1,
    arbitrary: fc
      .record({
        event: fc.oneof(
          fc.record({ type: fc.constantFrom('press', 'pause', 'resume', 'tick', 'start', 'adjust', 'bogus', ''), side: junkValue }, { requiredKeys: ['type'] }),
          fc.anything({ maxDepth: 2 }).map((x) => Object.assign({ type: 'adjust' }, typeof x === 'object' && x !== null ? x : { deltaMs: x })),
        ),
        when: whenArb,
      })
      .map((r): Spec => ({ e: 'junk', event: r.event, when: r.when })),
  },
);

// ---------------------------------------------------------------- resolving a command against the core

export function nonLog(effects: ClockEffect[]): ClockEffect[] {
  return effects.filter((e) => e.type !== 'log');
}

/** The instant a command happens, given the core's state at `t` (the previous command's instant). */
export function resolveAt(when: When, state: ClockState, t: number): number {
  if (when.k === 'fixed') return t + when.ms;
  const v = view(state, t);
  if (when.k === 'share') {
    const x = v.running === null ? null : v.sides[v.running];
    const left = x === null || x.flaggedAtMs !== null ? 2000 : x.graceMs + x.remainingMs;
    return t + Math.floor((left * when.permille) / 1000);
  }
  if (v.running === null) return t + Math.max(0, when.d);
  if (when.k === 'zero') {
    const r = v.sides[v.running];
    const off = r.flaggedAtMs !== null ? 1000 : r.graceMs + r.remainingMs;
    return Math.max(t, t + off + when.d);
  }
  if (when.k === 'deadline') {
    const d = nextDeadline(state, t);
    return Math.max(t, (d === null ? t : d) + when.d);
  }
  // Leave the clock alone, further and further into the future, and see what it says first.
  for (let horizon = 1000; horizon <= 1e9; horizon *= 8) {
    const probe = nonLog(step(state, { type: 'tick' }, t + horizon).effects);
    const terminal = probe.find((e) => e.type === 'flag' || e.type === 'pass');
    const spoken = probe.find((e) => e.type === 'announce' || e.type === 'period');
    const hit = when.k === 'end' ? terminal : spoken || terminal;
    if (when.k === 'next' && spoken === undefined && terminal !== undefined) return t + Math.min(1000, terminal.atMs - t);
    if (hit !== undefined && 'atMs' in hit) return Math.max(t, hit.atMs + when.d);
  }
  return t + 1000 + Math.max(0, when.d);
}

function resolveSide(who: Who, v: ClockView, firstToMove: Side): Side {
  if (who === 'black' || who === 'white') return who;
  const mover = v.status === 'ready' ? other(firstToMove) : v.toMove;
  return who === 'mover' ? mover : other(mover);
}

export function firstToMoveOf(setup: Setup): Side {
  return (setup.options && setup.options.firstToMove) || 'black';
}

/** The concrete event a command stands for, given the clock at its instant. */
export function resolveEvent(spec: Spec, state: ClockState, at: number, firstToMove: Side): ClockEvent {
  const v = view(state, at);
  switch (spec.e) {
    case 'press':
      return { type: 'press', side: resolveSide(spec.who, v, firstToMove) };
    case 'pause':
      if (spec.by === null) return { type: 'pause' };
      return { type: 'pause', side: spec.by === 'mover' ? v.toMove : spec.by };
    case 'resume':
      return { type: 'resume' };
    case 'tick':
      return { type: 'tick' };
    case 'start':
      return { type: 'start' };
    case 'adjust': {
      const ev: { [k: string]: unknown } = Object.assign({ type: 'adjust' }, spec.fields);
      if (spec.side === 'junk') ev.side = spec.junkSide;
      else if (spec.side !== 'none') ev.side = resolveSide(spec.side, v, firstToMove);
      return ev as unknown as ClockEvent;
    }
    default:
      return spec.event as ClockEvent;
  }
}

// ---------------------------------------------------------------- small helpers

export function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const k of Object.keys(x as object)) deepFreeze((x as { [k: string]: unknown })[k]);
  }
  return x;
}

/** A display rounds up (docs/manual.md, the display): to whole seconds, tenths in the last 10 s, whole minutes above a day. */
export function shown(leftMs: number): number {
  // Tenths in the last 10 s, whole minutes above a day (a correspondence clock shows "3d04:05"), seconds between.
  const unit = leftMs <= 10000 ? 100 : leftMs > 24 * 3600000 ? 60000 : 1000;
  return Math.ceil(leftMs / unit) * unit;
}

/** A flagged clock counting up: 0.0 at its flag's instant, then -0:00, -0:01, … (firmware/display/screen.ts `timeText`). */
function overdueShown(overdueMs: number): string {
  return overdueMs > 0 ? '-' + Math.floor(overdueMs / 1000) : 'none';
}

/** Everything a player or arbiter can see at an instant (not the exact milliseconds). */
export function visible(v: ClockView): string {
  const side = (s: Side) => {
    const x = v.sides[s];
    return [x.phase, shown(x.graceMs), shown(x.remainingMs), x.inBreak, x.periodsLeft, x.movesLeft, x.moves, x.flaggedAtMs, overdueShown(x.overdueMs), v.running === s].join(',');
  };
  return [v.status, v.running, v.toMove, side('black'), side('white'), v.flags.length].join(' | ');
}

export function describeTimeline(setup: Setup, timeline: Timed[]): string {
  return 'setup ' + JSON.stringify(setup) + '\nevents ' + JSON.stringify(timeline.map((x) => Object.assign({ atMs: x.atMs }, x.event)));
}

/** Plays specs against the core alone, resolving each command's instant and event; returns the concrete events. */
export function materialize(setup: Setup, specs: Spec[], createClock: (c: GameControl, o?: Partial<ClockOptions>) => ClockState): { timeline: Timed[]; final: ClockState } {
  let state = createClock(setup.control, setup.options);
  let t = 0;
  const timeline: Timed[] = [];
  const first = firstToMoveOf(setup);
  for (const spec of specs) {
    const at = resolveAt(spec.when, state, t);
    const event = resolveEvent(spec, state, at, first);
    state = step(state, event, at).state;
    t = at;
    timeline.push({ atMs: at, event });
  }
  return { timeline, final: state };
}
