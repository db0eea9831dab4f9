/**
 * The console API against someone who changes whatever it answers (fast-check, in V8): random console calls with
 * random arguments (the right ones, junk, odd names) between random presses, played twice — once as they come, once
 * with every answer written over at every depth right after the call. Nothing reachable from an answer may be the
 * clock's, so both runs must end alike: the same answers, the clock's state and settings, its log, and what it wrote
 * to flash (the journal and the record). test/espruino/console-copies.test.ts poisons answers on the interpreter.
 */
import { MemoryStorage } from '../../sim/virtual-hal';
import { bootConsoleDevice, pressAt } from '../console-api/console-device';
import fc from 'fast-check';
import { SCALE } from './harness';
import { CONTROL, poison, Step, stepArb } from './console-steps';

/** Plays `steps` on a fresh clock; what it answered and what it ends with, as text. */
function play(steps: Step[], mutate: boolean): { answers: string[]; end: string } {
  const storage = new MemoryStorage();
  const { hal, runtime, api } = bootConsoleDevice(storage, CONTROL);
  const answers: string[] = [];
  let t = 0;
  for (const step of steps) {
    if ('press' in step) {
      pressAt(hal, step.press, (t += step.gapMs));
      t += 40;
      continue;
    }
    const answer = (api[step.call] as (...args: unknown[]) => unknown)(...JSON.parse(step.args));
    answers.push(step.call + ' ' + JSON.stringify(answer));
    if (mutate) poison(answer);
  }
  hal.advanceTo(t + 1000);
  return { answers, end: JSON.stringify({ state: runtime.state(), settings: runtime.settings(), log: runtime.packedLog(), storage: storage.records }) };
}

describe('the console API against changed answers', () => {
  test('every answer written over at every depth: the same answers, clock, log, journal and record as without', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), (steps) => {
        const plain = play(steps, false);
        const mutated = play(steps, true);
        expect(mutated.answers).toEqual(plain.answers);
        expect(mutated.end).toBe(plain.end);
      }),
      { numRuns: 150 * SCALE },
    );
  });
});
