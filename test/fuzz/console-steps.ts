/**
 * Console calls and presses for the console API's fuzz tests (V8: console-mutation.test.ts; the interpreter:
 * test/espruino/console-fuzz.test.ts), and what writes over an answer.
 */
import fc from 'fast-check';
import { ConsoleApi } from '../../firmware/runtime/console-api';
import { junkValueArb } from './junk';

export type Step = { press: 'left' | 'right'; gapMs: number } | { call: keyof ConsoleApi; args: string };

export const CONTROL = { system: 'byoyomi', mainMs: 60000, periods: 2, periodMs: 10000 };

/** JSON text with every character beyond ASCII escaped (the interpreter's console reads bytes). */
const ascii = (json: string): string => json.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));

/** Arguments as JSON text, parsed afresh for each run (so neither run can see what the other did to them). */
const argsArb = (call: string): fc.Arbitrary<string> => {
  const junk = junkValueArb('proto').map((v) => ascii(JSON.stringify([v]) || '[null]'));
  const good: { [call: string]: fc.Arbitrary<unknown[]> } = {
    unlock: fc.constantFrom(['2468'], ['1111'], [2468]),
    adjust: fc.record({ side: fc.constantFrom('black', 'white'), deltaMs: fc.integer({ min: -90000, max: 90000 }) }).map((c) => [c]),
    setControl: fc.constantFrom([CONTROL], [{ system: 'absolute', mainMs: 300000 }], [{ system: 'fischer', mainMs: 60000, incrementMs: 5000 }]),
    log: fc.tuple(fc.integer({ min: -2, max: 30 }), fc.integer({ min: -2, max: 30 })),
  };
  return good[call] ? fc.oneof(good[call].map((a) => JSON.stringify(a)), junk) : fc.constant('[]');
};

const CALLS: (keyof ConsoleApi)[] = ['status', 'log', 'presets', 'unlock', 'lock', 'setControl', 'adjust', 'pause', 'resume', 'newGame'];

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ press: fc.constantFrom<'left' | 'right'>('left', 'right'), gapMs: fc.integer({ min: 50, max: 20000 }) }) },
  { weight: 3, arbitrary: fc.constantFrom(...CALLS).chain((call) => argsArb(call).map((args): Step => ({ call, args }))) },
);

/** Writes over everything reachable from `value`: numbers, strings and booleans changed, arrays grown, fields added. */
export function poison(value: unknown, depth = 0): void {
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

