/**
 * Random games for the differential test: short controls of every time system (a few seconds of main time, short
 * periods, so flags, periods and counts happen within seconds of virtual time), time odds, every option, settings
 * of both hands, and the fuzz tests' button-edge streams (test/fuzz/streams.ts: taps, bounces, long holds, chords of
 * every length, exchanges, mashing, menu walks, waits), now and then a power cut or two, a watchdog, a small log.
 */
import fc from 'fast-check';
import { ButtonName } from '../../hal/hal';
import { GameControl, TimeControl } from '../../firmware/control';
import { parseGameControl } from '../../firmware/control-validate';
import { DEFAULT_OPTIONS } from '../../firmware/options';
import { Side } from '../../firmware/side';
import { optionsArb } from '../fuzz/harness';
import { Step, streamArb } from '../fuzz/streams';
import { DiffEdge, DiffGame } from './differential-run';

const mainArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 6000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 8 }).map((s) => s * 1000) },
  { weight: 1, arbitrary: fc.integer({ min: 6001, max: 15000 }) },
);
const zeroOrMain = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 4, arbitrary: mainArb });
// Not below 200 ms: with onExpire "pass" two sides out of time pass the turn to each other every period.
const periodArb = fc.oneof(fc.integer({ min: 1, max: 5 }).map((s) => s * 1000), fc.integer({ min: 200, max: 5000 }));
const smallArb = (max: number) => fc.oneof(fc.constant(0), fc.integer({ min: 0, max: max }), fc.integer({ min: 1, max: 3 }).map((s) => s * 1000));

export const shortControlArb: fc.Arbitrary<TimeControl> = fc.oneof(
  mainArb.map((mainMs): TimeControl => ({ system: 'absolute', mainMs })),
  fc.record({ mainMs: zeroOrMain, periods: fc.integer({ min: 1, max: 3 }), periodMs: periodArb })
    .map((r): TimeControl => ({ system: 'byoyomi', mainMs: r.mainMs, periods: r.periods, periodMs: r.periodMs })),
  fc.record({ mainMs: zeroOrMain, moves: fc.integer({ min: 1, max: 3 }), periodMs: periodArb })
    .map((r): TimeControl => ({ system: 'canadian', mainMs: r.mainMs, moves: r.moves, periodMs: r.periodMs })),
  fc.record({ mainMs: mainArb, incrementMs: smallArb(3000), cap: fc.option(smallArb(3000)) })
    .map((r): TimeControl => (r.cap === null ? { system: 'fischer', mainMs: r.mainMs, incrementMs: r.incrementMs } : { system: 'fischer', mainMs: r.mainMs, incrementMs: r.incrementMs, capMs: r.mainMs + r.cap })),
  fc.record({ mainMs: mainArb, delayMs: smallArb(3000) }).map((r): TimeControl => ({ system: 'bronstein', mainMs: r.mainMs, delayMs: r.delayMs })),
  fc.record({ mainMs: mainArb, delayMs: smallArb(3000) }).map((r): TimeControl => ({ system: 'delay', mainMs: r.mainMs, delayMs: r.delayMs })),
  mainArb.map((mainMs): TimeControl => ({ system: 'hourglass', mainMs })),
  fc.array(fc.record({ moves: fc.integer({ min: 1, max: 3 }), ms: fc.integer({ min: 1, max: 6000 }) }), { minLength: 1, maxLength: 3 })
    .map((stages): TimeControl => ({ system: 'stages', stages })),
);

const gameControlArb: fc.Arbitrary<GameControl> = fc.oneof(
  { weight: 3, arbitrary: shortControlArb },
  { weight: 1, arbitrary: fc.record({ black: shortControlArb, white: shortControlArb }) },
);

/** A stream's steps as edges on the game's timeline, from `startMs`; and the instant the stream ends. */
export function edgesOf(steps: Step[], startMs: number): { edges: DiffEdge[]; endMs: number } {
  let t = startMs;
  const edges: DiffEdge[] = [];
  for (const s of steps) {
    if (s.k === 'w') t += s.ms;
    else {
      t += s.gap;
      edges.push({ atMs: t, button: s.b, down: s.down });
    }
  }
  return { edges, endMs: t };
}

export const gameArb = (maxActions: number): fc.Arbitrary<DiffGame> =>
  fc
    .record({
      control: gameControlArb,
      options: optionsArb,
      leftSide: fc.constantFrom<Side>('black', 'white'),
      sound: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      volume: fc.constantFrom(0.5, 0.5, 1, 0.25, 0.35, 0),
      opening: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      steps: streamArb(maxActions),
      tailMs: fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 3000, max: 15000 })),
      cuts: fc.oneof({ weight: 4, arbitrary: fc.constant([] as number[]) }, { weight: 1, arbitrary: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 2 }) }),
      config: fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.record({ logLimit: fc.integer({ min: 1, max: 6 }) }) },
        { weight: 1, arbitrary: fc.record({ watchdogMs: fc.constantFrom(1000, 4000) }) },
      ),
    })
    .map((r): DiffGame => {
      // Most games begin with the start (the side that does not move first presses, 12.5), so that they are played.
      const firstToMove = r.options.firstToMove || DEFAULT_OPTIONS.firstToMove;
      const starter: ButtonName = (firstToMove === r.leftSide) === true ? 'right' : 'left';
      const opening: Step[] = r.opening ? [{ k: 'e', b: starter, down: true, gap: 0 }, { k: 'e', b: starter, down: false, gap: 80 }] : [];
      const { edges, endMs } = edgesOf(opening.concat(r.steps), 500);
      const untilMs = endMs + r.tailMs;
      // Cuts at permille positions of the timeline, increasing and apart.
      const cutsAtMs = r.cuts.map((p) => Math.max(1, Math.floor((untilMs * p) / 1000))).sort((a, b) => a - b).filter((t, i, all) => i === 0 || t > all[i - 1]);
      const game: DiffGame = {
        settings: {
          control: parseGameControl(r.control),
          options: Object.assign({}, DEFAULT_OPTIONS, r.options),
          leftSide: r.leftSide,
          sound: r.sound,
          volume: r.volume,
        },
        edges: edges,
        untilMs: untilMs,
      };
      if (cutsAtMs.length > 0) game.cutsAtMs = cutsAtMs;
      if (Object.keys(r.config).length > 0) game.config = r.config;
      return game;
    });
