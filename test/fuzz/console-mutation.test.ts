/**
 * The console API against someone who changes whatever it answers (fast-check, in V8): random console calls with
 * random arguments (the right ones, junk, odd names) between random presses, played twice — once as they come, once
 * with every answer written over at every depth right after the call. Nothing reachable from an answer may be the
 * clock's, so both runs must end alike: the same answers, the clock's state and settings, its log, and what it wrote
 * to flash (the journal and the record). test/espruino/console-copies.test.ts poisons answers on the interpreter.
 */
import fc from 'fast-check';
import { startRuntime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { createVirtualHal, MemoryStorage } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';
import { ConsoleApi, createConsoleApi } from '../../firmware/runtime/console-api';
import { junkValueArb } from './junk';
import { SCALE } from './harness';

type Step = { press: 'left' | 'right'; gapMs: number } | { call: keyof ConsoleApi; args: string };

const CONTROL = { system: 'byoyomi', mainMs: 60000, periods: 2, periodMs: 10000 };

/** Arguments as JSON text, parsed afresh for each run (so neither run can see what the other did to them). */
const argsArb = (call: string): fc.Arbitrary<string> => {
  const junk = junkValueArb('proto').map((v) => JSON.stringify([v]) || '[null]');
  const good: { [call: string]: fc.Arbitrary<unknown[]> } = {
    unlock: fc.constantFrom(['2468'], ['1111'], [2468]),
    adjust: fc.record({ side: fc.constantFrom('black', 'white'), deltaMs: fc.integer({ min: -90000, max: 90000 }) }).map((c) => [c]),
    setControl: fc.constantFrom([CONTROL], [{ system: 'absolute', mainMs: 300000 }], [{ system: 'fischer', mainMs: 60000, incrementMs: 5000 }]),
    log: fc.tuple(fc.integer({ min: -2, max: 30 }), fc.integer({ min: -2, max: 30 })),
  };
  return good[call] ? fc.oneof(good[call].map((a) => JSON.stringify(a)), junk) : fc.constant('[]');
};

const CALLS: (keyof ConsoleApi)[] = ['status', 'log', 'presets', 'unlock', 'lock', 'setControl', 'adjust', 'pause', 'resume', 'newGame'];

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ press: fc.constantFrom<'left' | 'right'>('left', 'right'), gapMs: fc.integer({ min: 50, max: 20000 }) }) },
  { weight: 3, arbitrary: fc.constantFrom(...CALLS).chain((call) => argsArb(call).map((args): Step => ({ call, args }))) },
);

/** Writes over everything reachable from `value`: numbers, strings and booleans changed, arrays grown, fields added. */
function poison(value: unknown, depth = 0): void {
  if (typeof value !== 'object' || value === null || depth > 8) return;
  const v = value as { [key: string]: unknown };
  for (const key of Object.keys(v)) {
    const field = v[key];
    if (typeof field === 'number') v[key] = -field - 7;
    else if (typeof field === 'string') v[key] = field + 'x';
    else if (typeof field === 'boolean') v[key] = !field;
    else poison(field, depth + 1);
  }
  if (Array.isArray(v)) v.push({ side: 'black', atMs: -5, kind: 'move', text: 'forged' });
  else v.forged = true;
}

/** Plays `steps` on a fresh clock; what it answered and what it ends with, as text. */
function play(steps: Step[], mutate: boolean): { answers: string[]; end: string } {
  const storage = new MemoryStorage();
  const settings = defaultSettings();
  settings.control = parseGameControl(CONTROL);
  settings.arbiterCode = '2468';
  saveSettings(storage, settings);
  const hal = createVirtualHal({ storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  const api = createConsoleApi(() => runtime, () => hal.clock.nowMs());
  const answers: string[] = [];
  let t = 0;
  for (const step of steps) {
    if ('press' in step) {
      hal.advanceTo((t += step.gapMs));
      hal.edge(step.press, true);
      hal.advanceTo((t += 40));
      hal.edge(step.press, false);
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
