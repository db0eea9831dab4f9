/**
 * Random games for the differential test: short controls of every time system (a few seconds of main time, short
 * periods, so flags, periods and counts happen within seconds of virtual time), time odds, every option, settings
 * of both hands, and the fuzz tests' button-edge streams (test/fuzz/streams.ts: taps, bounces, long holds, chords of
 * every length, exchanges, mashing, menu walks, waits), now and then a power cut or two, a watchdog, a small log.
 */
import fc from 'fast-check';
import { ButtonName } from '../../hal/hal';
import { GameControl, TimeControl } from '../../firmware/clock/control';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { DEFAULT_OPTIONS } from '../../firmware/clock/options';
import { Side } from '../../firmware/clock/side';
import { optionsArb } from '../fuzz/harness';
import { junkValueArb, mutatedArb, OddNames } from '../fuzz/junk';
import { appendRecord } from '../../firmware/storage/journal';
import { JOURNAL_RECORD } from '../../firmware/storage/game-journal';
import { SETTINGS_RECORD } from '../../firmware/storage/settings';
import { MemoryStorage } from '../../sim/virtual-hal';
import { Step, streamArb } from '../fuzz/streams';
import { DiffEdge, DiffGame } from './differential-run';

const mainArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 6000 }) },
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 8 }).map((s) => s * 1000) },
  { weight: 2, arbitrary: fc.integer({ min: 6001, max: 15000 }) },
  // Now and then hours or days (up to 390 of the 400 allowed): h:mm:ss and day displays, big numbers.
  { weight: 1, arbitrary: fc.oneof(fc.integer({ min: 3590000, max: 3610000 }), fc.integer({ min: 1, max: 390 * 86400 }).map((s) => s * 1000), fc.integer({ min: 1, max: 33696000000 })) },
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

const tapOf = (b: ButtonName, gap: number, hold: number): Step[] => [{ k: 'e', b: b, down: true, gap: gap }, { k: 'e', b: b, down: false, gap: hold }];
const bothOf = (gap: number, hold: number): Step[] => [
  { k: 'e', b: 'left', down: true, gap: gap }, { k: 'e', b: 'right', down: true, gap: 20 },
  { k: 'e', b: 'left', down: false, gap: hold }, { k: 'e', b: 'right', down: false, gap: 10 },
];
const buttonArb = fc.constantFrom<ButtonName>('left', 'right');

/**
 * A walk through the menu that goes somewhere: into it (both 2 s or 4 s), down a level or three (`L` to the n-th
 * item, `R` to choose it), then edits (`L`/`R`, held to repeat, both briefly for OK), then out or not.
 */
const menuTourArb: fc.Arbitrary<Step[]> = fc
  .record({
    enter: fc.constantFrom(2100, 4100),
    levels: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 3 }),
    edits: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.record({ b: buttonArb, hold: fc.integer({ min: 40, max: 200 }) }).map((r) => tapOf(r.b, 250, r.hold)) },
        { weight: 2, arbitrary: fc.record({ b: buttonArb, hold: fc.integer({ min: 1000, max: 3000 }) }).map((r) => tapOf(r.b, 250, r.hold)) },
        { weight: 1, arbitrary: fc.integer({ min: 420, max: 900 }).map((hold) => bothOf(250, hold)) },
      ),
      { maxLength: 8 },
    ),
    leave: fc.constantFrom('ok', 'back', 'stay'),
  })
  .map((r) => {
    let steps: Step[] = bothOf(300, r.enter);
    for (const n of r.levels) {
      for (let i = 0; i < n; i++) steps = steps.concat(tapOf('left', 250, 80));
      steps = steps.concat(tapOf('right', 250, 80));
    }
    for (const edit of r.edits) steps = steps.concat(edit);
    if (r.leave === 'ok') steps = steps.concat(bothOf(250, 600));
    else if (r.leave === 'back') steps = steps.concat(tapOf('left', 250, 1200));
    return steps;
  });

// ---------------------------------------------------------------- junk in Storage, as a damaged flash could hold

const BASE_CONTROL = { system: 'byoyomi', mainMs: 3000, periods: 2, periodMs: 2000 };
const BASE_SETTINGS = {
  control: { black: BASE_CONTROL, white: BASE_CONTROL },
  options: { announce: 'ru', onExpire: 'stop', firstToMove: 'black', warnings: false, breakBeforeOvertime: false },
  leftSide: 'black',
  sound: true,
  volume: 0.5,
};
const oddArb = fc.constantFrom<OddNames>('none', 'proto', 'breaks');

/** Settings a little wrong: a field of the settings, of the options or of a side's control set to junk, dropped or added. */
const junkSettingsArb: fc.Arbitrary<unknown> = oddArb.chain((odd) =>
  fc.oneof(
    mutatedArb(BASE_SETTINGS, Object.keys(BASE_SETTINGS), odd),
    mutatedArb(BASE_SETTINGS.options, Object.keys(BASE_SETTINGS.options), odd).map((options) => Object.assign({}, BASE_SETTINGS, { options })),
    mutatedArb(BASE_CONTROL, Object.keys(BASE_CONTROL), odd).map((control) => Object.assign({}, BASE_SETTINGS, { control: { black: control, white: BASE_CONTROL } })),
  ),
);

const journalEventArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('press'), side: fc.constantFrom('black', 'white') }) },
  { weight: 2, arbitrary: fc.constantFrom({ type: 'pause' }, { type: 'resume' }, { type: 'tick' }, { type: 'start' }, { type: 'pause', side: 'white' }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('adjust'), side: fc.constantFrom('black', 'white') }).chain((base) => mutatedArb(base, ['deltaMs', 'remainingMs', 'periodsLeft', 'movesLeft', 'moves', 'side'], 'none')) },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('press', 'adjust', 'explode') }).chain((base) => mutatedArb(base, ['side', 'type'], 'proto')) },
);

/** A journal with checksums made by the firmware's own writer: a header, events at increasing instants, undo records, then damage. */
const junkJournalArb: fc.Arbitrary<string> = fc
  .record({
    header: fc.oneof({ weight: 3, arbitrary: fc.constant({ v: 1, control: BASE_SETTINGS.control, options: BASE_SETTINGS.options } as unknown) }, { weight: 1, arbitrary: oddArb.chain((odd) => mutatedArb({ v: 1, control: BASE_SETTINGS.control, options: BASE_SETTINGS.options }, ['v', 'control', 'options', 'w'], odd)) }),
    records: fc.array(fc.oneof({ weight: 6, arbitrary: fc.record({ gap: fc.integer({ min: 0, max: 4000 }), e: journalEventArb }) }, { weight: 1, arbitrary: fc.record({ u: fc.integer({ min: -1, max: 9 }) }) }, { weight: 1, arbitrary: junkValueArb('none') }), { maxLength: 10 }),
    damage: fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.record({ at: fc.nat(), to: fc.constantFrom('', 'x', '*', '\n', '}', '0') }) }),
    truncate: fc.option(fc.nat()),
  })
  .map((r) => {
    const storage = new MemoryStorage();
    appendRecord(storage, JOURNAL_RECORD, JSON.stringify(r.header));
    let t = 0;
    for (const record of r.records) {
      const gap = typeof record === 'object' && record !== null ? (record as { gap?: unknown }).gap : undefined;
      let text: string | undefined;
      if (typeof gap === 'number') {
        t += gap;
        text = JSON.stringify({ t: t, e: (record as { e: unknown }).e });
      } else text = JSON.stringify(record);
      if (text !== undefined) appendRecord(storage, JOURNAL_RECORD, text);
    }
    let journal = storage.read(JOURNAL_RECORD) || '';
    if (r.damage && journal.length > 0) {
      const at = r.damage.at % journal.length;
      journal = journal.slice(0, at) + r.damage.to + journal.slice(at + 1);
    }
    if (r.truncate !== null) journal = journal.slice(0, r.truncate % (journal.length + 1));
    return journal;
  });

/** Storage text kept to ASCII: the REPL is typed in ASCII, and strings are bytes on Espruino. */
const ascii = (text: string): string => text.replace(/[\u007f-\uffff]/g, '?');

const junkStorageArb: fc.Arbitrary<{ [name: string]: string } | null> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: junkSettingsArb.map((settings) => ({ [SETTINGS_RECORD]: ascii(String(JSON.stringify(settings))) })) },
  { weight: 1, arbitrary: junkJournalArb.map((journal) => ({ [JOURNAL_RECORD]: ascii(journal) })) },
);

/** Button-edge streams (test/fuzz/streams.ts) with menu tours among them. */
const playArb = (maxActions: number): fc.Arbitrary<Step[]> =>
  fc
    .array(fc.oneof({ weight: 3, arbitrary: streamArb(Math.max(1, Math.ceil(maxActions / 3))) }, { weight: 1, arbitrary: menuTourArb }), { maxLength: 4 })
    .map((parts) => ([] as Step[]).concat(...parts));

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
      steps: playArb(maxActions),
      tailMs: fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 3000, max: 15000 })),
      cuts: fc.oneof({ weight: 4, arbitrary: fc.constant([] as number[]) }, { weight: 1, arbitrary: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 2 }) }),
      junk: junkStorageArb,
      oled: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
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
          voice: 'ru',
          arbiterCode: '',
        },
        edges: edges,
        untilMs: untilMs,
      };
      if (cutsAtMs.length > 0) game.cutsAtMs = cutsAtMs;
      if (r.oled) game.display = 'oled';
      if (r.junk) game.storage = r.junk;
      if (Object.keys(r.config).length > 0) game.config = r.config;
      return game;
    });
