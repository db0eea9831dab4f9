/**
 * Nothing the console API answers is the clock's, and nothing it is given can change between its check and its use
 * (issue: "read calls hand out the clock's own objects"). In V8; test/espruino/console-copies.test.ts does the same on
 * the interpreter.
 */
import { Runtime } from '../../firmware/runtime/runtime';
import { MemoryStorage } from '../../sim/virtual-hal';
import { bootConsoleDevice, ConsoleDevice, pressAt } from './console-device';
import { PLAIN_COPY_LIMIT, plainCopy } from '../../firmware/clock/text';
import { poison } from '../fuzz/console-steps';

const CONTROL = { system: 'byoyomi' as const, mainMs: 600000, periods: 3, periodMs: 30000 };

const boot = (): ConsoleDevice => bootConsoleDevice(new MemoryStorage(), CONTROL);
const press = pressAt;

const facts = (runtime: Runtime) => JSON.stringify({ state: runtime.state(), settings: runtime.settings(), log: runtime.packedLog() });

describe('the console API: every answer a copy', () => {
  it('poisoning every answer of every call changes nothing of the clock, and the next game starts as set', () => {
    const { hal, runtime, api } = boot();
    press(hal, 'right', 1000);
    press(hal, 'left', 5000);
    const before = facts(runtime);
    for (const answer of [api.status(), api.log(), api.presets(), api.unlock('1111'), api.lock(), api.unlock('2468'), api.pause(), api.status(), api.log(0, 5)]) {
      poison(answer);
    }
    // The calls themselves paused the clock; nothing else changed (the pause is the log's latest entry).
    const after = JSON.parse(facts(runtime));
    const was = JSON.parse(before);
    expect(after.settings).toEqual(was.settings);
    expect(after.state.controls).toEqual(was.state.controls);
    expect(after.state.flags).toEqual(was.state.flags);
    expect(after.log.slice(0, was.log.length)).toEqual(was.log);
    expect(api.unlock('2468')).toEqual({ ok: true });
    expect(api.newGame()).toEqual({ ok: true });
    expect(api.status()).toMatchObject({ state: 'ready', controlText: '10 min + 3x30 s', control: { black: CONTROL, white: CONTROL } });
  });

  it('the exploit: status().control.black.mainMs = -5 does not break the next New game', () => {
    const { api } = boot();
    const status = api.status() as { control: { black: { mainMs: number } } };
    status.control.black.mainMs = -5;
    expect(api.unlock('2468')).toEqual({ ok: true });
    expect(api.newGame()).toEqual({ ok: true });
    expect((api.status() as { control: { black: { mainMs: number } } }).control.black.mainMs).toBe(600000);
  });

  it('a getter given as a value is read once: what is checked is what is used', () => {
    const { api, runtime } = boot();
    expect(api.unlock('2468')).toEqual({ ok: true });
    let reads = 0;
    const control = { system: 'absolute', mainMs: 0 };
    Object.defineProperty(control, 'mainMs', { enumerable: true, get: () => (++reads === 1 ? 300000 : -5) });
    expect(api.setControl(control)).toEqual({ ok: true });
    expect(reads).toBe(1);
    expect(api.setControl({ system: 'absolute', mainMs: 300000, extra: () => 1 })).toEqual({ error: expect.stringContaining('only plain data') });
    expect(runtime.settings().control).toEqual({ black: { system: 'absolute', mainMs: 300000 }, white: { system: 'absolute', mainMs: 300000 } });
    expect(api.newGame()).toEqual({ ok: true });
  });

  it('a correction taken from a prototype, or holding a function, is refused and changes nothing', () => {
    const { hal, api, runtime } = boot();
    press(hal, 'right', 1000);
    expect(api.unlock('2468')).toEqual({ ok: true });
    const before = JSON.stringify(runtime.state());
    expect(api.adjust(Object.create({ side: 'white', deltaMs: 120000 }))).toHaveProperty('error');
    expect(api.adjust({ side: 'white', deltaMs: 120000, why: () => 1 })).toEqual({ error: expect.stringContaining('plain data') });
    expect(JSON.stringify(runtime.state())).toBe(before);
  });
});

describe('plainCopy', () => {
  it('copies plain data whole and shares nothing with it', () => {
    const value = { a: [1, 'two', { b: null, c: true }], d: { e: 5 } };
    const copy = plainCopy(value, 4) as typeof value;
    expect(copy).toEqual(value);
    expect(copy.a).not.toBe(value.a);
    expect(copy.d).not.toBe(value.d);
  });

  it('refuses what is not plain data, nested deeper than asked, or larger than its limit', () => {
    expect(plainCopy({ f: () => 1 }, 3)).toBeUndefined();
    expect(plainCopy({ a: undefined }, 3)).toBeUndefined();
    expect(plainCopy(JSON.parse('{"__proto__": {"x": 1}}'), 3)).toBeUndefined();
    // eslint-disable-next-line no-sparse-arrays
    expect(plainCopy([1, , 3], 3)).toBeUndefined();
    expect(plainCopy({ a: { b: { c: 1 } } }, 2)).toBeUndefined();
    expect(plainCopy({ a: { b: { c: 1 } } }, 3)).toEqual({ a: { b: { c: 1 } } });
    expect(plainCopy(new Array(PLAIN_COPY_LIMIT - 1).fill(0), 1)).toHaveLength(PLAIN_COPY_LIMIT - 1);
    expect(plainCopy(new Array(PLAIN_COPY_LIMIT).fill(0), 1)).toBeUndefined();
    // A cycle ends at the depth asked for.
    const cycle: { [key: string]: unknown } = {};
    cycle.self = cycle;
    expect(plainCopy(cycle, 6)).toBeUndefined();
  });
});
