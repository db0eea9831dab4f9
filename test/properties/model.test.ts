/**
 * Model-based properties of the clock core (docs/time-systems.md): random games of every time system, played command by
 * command against the core and an independent reference model (fc.commands + fc.modelRun). Each test checks one
 * invariant as a player or arbiter would sign it; the first checks that the core and the model agree on everything.
 */
import fc from 'fast-check';
import { Check, commandsArb, playGame } from './driver';
import { boundarySpecArb, pausingSpecArb, setupArb, Spec, specArb } from './games';

/** PROPS_SCALE=n runs every property n times as long (a deeper search than the default quick run). */
const SCALE = Number(process.env.PROPS_SCALE || 1);

const RUNS = 300;
const COMMANDS = 40;

function property(checks: Check[], runs: number = RUNS, specs: fc.Arbitrary<Spec> = specArb): void {
  fc.assert(
    fc.property(setupArb, commandsArb(specs, COMMANDS), (setup, cmds) => playGame(setup, cmds, checks)),
    { numRuns: runs * SCALE },
  );
}

describe('the clock core over random games (model-based)', () => {
  test('agrees with the reference model: every view, effect and log kind', () => property(['model'], 800));
  test('agrees with the reference model when every event lands on a boundary (±1 ms) or at once', () =>
    property(['model', 'oneRuns', 'ledger', 'nonNegative', 'monotone', 'flagInstant', 'announcements', 'pure'], 400, boundarySpecArb));
  test('1. exactly one side runs while the clock runs, none otherwise', () => property(['oneRuns']));
  test('2. a move is charged exactly the running time of its turn, pauses excluded, plus what the system adds', () => property(['ledger'], 500));
  test('3. nothing goes negative', () => property(['nonNegative']));
  test('4. periods never rise; moves left rise only by a Canadian refill; a refill keeps periods left', () => property(['monotone']));
  test('5. a flag falls at the exact instant the time runs out', () => property(['flagInstant'], 500));
  test('6. announcements come in time order, once each, never repeated within a period of a turn', () => property(['announcements'], 500));
  test('6. ... even when the game is paused and resumed again and again, at the very instants of the counts', () =>
    property(['announcements', 'model', 'ledger'], 300, pausingSpecArb));
});
