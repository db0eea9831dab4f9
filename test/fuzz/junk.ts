/**
 * Junk for the loaders and the scenario reader: values a corrupted or foreign file could hold (huge numbers,
 * fractions, wrong types, nested JSON) and near-valid objects with a field replaced, removed or added.
 *
 * Odd field names are kept apart, so that a property can say whether it feeds them:
 * - 'proto': names every JavaScript object answers to ("constructor", "__proto__", "toString", …): a lookup table
 *   indexed by a name read from a file finds something for them;
 * - 'breaks': names with line breaks and other control characters, which a one-line message naming the field must
 *   not carry as they are.
 */
import fc from 'fast-check';

export const PROTO_KEYS = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'length'];

export type OddNames = 'none' | 'proto' | 'breaks';

/** Field names of the given oddity (none for 'none'). */
function oddNameArb(odd: OddNames): fc.Arbitrary<string>[] {
  if (odd === 'proto') return [fc.constantFrom(...PROTO_KEYS)];
  if (odd === 'breaks') return [fc.constantFrom('\n', 'a\nb', '\r', 'x\r\n', '\u0000', '\u001b[2J'), fc.string({ unit: 'binary', minLength: 1, maxLength: 4 })];
  return [];
}

export function junkValueArb(odd: OddNames): fc.Arbitrary<unknown> {
  const plain: fc.Arbitrary<unknown>[] = [
    fc.integer({ min: -100000, max: 100000 }),
    fc.constantFrom(0, -0, 1, -1, 0.5, 1e300, -1e300, 1e21, 2 ** 53, 2 ** 53 + 2, 400 * 86400000, 400 * 86400000 + 1, 1001, 100001),
    fc.double({ noNaN: true }),
    fc.string({ maxLength: 6 }),
    fc.constantFrom(null, true, false, '', 'black', 'white', 'purple', 'left', [], {}, [1]),
    fc.jsonValue({ maxDepth: 3 }),
  ];
  for (const names of oddNameArb(odd)) {
    if (odd === 'proto') plain.push(names);
    plain.push(fc.dictionary(names, fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 2 }));
  }
  return fc.oneof(...plain);
}

/** `base` (any JSON object) with one to three fields set to junk, dropped, or added under an odd name. */
export function mutatedArb(base: { [key: string]: unknown }, keys: string[], odd: OddNames): fc.Arbitrary<{ [key: string]: unknown }> {
  const key = fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 4 }), ...oddNameArb(odd));
  return fc.array(fc.tuple(fc.constantFrom('set', 'drop', 'set'), key, junkValueArb(odd)), { minLength: 1, maxLength: 3 }).map((edits) => {
    const copy: { [key: string]: unknown } = JSON.parse(JSON.stringify(base));
    for (const [op, k, v] of edits) {
      if (op === 'drop') delete copy[k];
      // defineProperty: an own "__proto__" field, as JSON.parse makes one
      else Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  });
}

/** Field names for a near-valid object: mostly the known ones, some junk, some of the given oddity. */
export function fieldNameArb(known: string[], odd: OddNames): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.string({ maxLength: 5 }) }, ...oddNameArb(odd).map((a) => ({ weight: 1, arbitrary: a })));
}

/** JSON nested `depth` deep: arrays, or objects each holding the next in a field. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}
