/**
 * espruinoEnv() reads the interpreter's globals: here they are fakes installed on Node's global object, and
 * require("Storage") is a virtual module.
 */
const fakeStorage = { read: () => 'from Storage' };
jest.mock('Storage', () => fakeStorage, { virtual: true });

import { espruinoEnv } from '../../hal/espruino/env';

type Globals = Record<string, unknown>;
const names = ['getTime', 'setWatch', 'pinMode', 'analogWrite', 'digitalWrite', 'analogRead'].concat(
  ['I2C1', 'Graphics', 'E', 'Pin', 'print'],
);

describe('espruinoEnv', () => {
  const globals = global as unknown as Globals;
  const calls: string[] = [];

  beforeAll(() => {
    globals.getTime = () => 12.5;
    globals.setWatch = (_callback: unknown, pin: unknown, options: unknown) => {
      calls.push('setWatch ' + JSON.stringify([pin, options]));
      return 7;
    };
    globals.pinMode = (pin: unknown, mode: string) => calls.push('pinMode ' + pin + ' ' + mode);
    globals.analogWrite = (pin: unknown, value: number, options: unknown) =>
      calls.push('analogWrite ' + pin + ' ' + value + ' ' + JSON.stringify(options));
    globals.digitalWrite = (pin: unknown, value: number) => calls.push('digitalWrite ' + pin + ' ' + value);
    globals.analogRead = () => 0.25;
    globals.I2C1 = { name: 'I2C1' };
    globals.Graphics = { name: 'Graphics' };
    globals.E = { name: 'E' };
    globals.Pin = function Pin(this: { name: string }, name: string) {
      this.name = name;
    };
    globals.print = (text: string) => calls.push('print ' + text);
  });

  afterAll(() => {
    for (const name of names.concat(['button'])) delete globals[name];
  });

  it('wraps the globals the drivers use', () => {
    const env = espruinoEnv();
    expect(env.getTime()).toBe(12.5);
    expect(env.setWatch(() => undefined, 'D25', { repeat: true, edge: 'both', debounce: 0 })).toBe(7);
    env.pinMode('D25', 'input_pullup');
    env.analogWrite('D23', 0.5, { freq: 880 });
    env.digitalWrite('D23', 0);
    expect(env.analogRead('D35')).toBe(0.25);
    env.print('hi');
    expect(calls).toEqual([
      'setWatch ["D25",{"repeat":true,"edge":"both","debounce":0}]',
      'pinMode D25 input_pullup',
      'analogWrite D23 0.5 {"freq":880}',
      'digitalWrite D23 0',
      'print hi',
    ]);
    expect(env.I2C1).toBe(globals.I2C1);
    expect(env.Graphics).toBe(globals.Graphics);
    expect(env.E).toBe(globals.E);
    expect(env.Storage).toBe(fakeStorage);
    expect((env.pin('D22') as { name: string }).name).toBe('D22');
  });

  it('defines the console board global', () => {
    const env = espruinoEnv();
    const button = () => undefined;
    env.defineGlobal('button', button);
    expect(globals.button).toBe(button);
  });

  it('never passes undefined to clearTimeout (on Espruino that clears every timer)', () => {
    const env = espruinoEnv();
    const realClear = global.clearTimeout;
    const cleared: unknown[] = [];
    const handle = env.setTimeout(() => undefined, 10);
    global.clearTimeout = ((h: unknown) => cleared.push(h)) as typeof clearTimeout;
    try {
      env.clearTimeout(undefined);
      env.clearTimeout(handle);
      expect(cleared).toEqual([handle]);
    } finally {
      global.clearTimeout = realClear;
      realClear(handle as ReturnType<typeof setTimeout>);
    }
  });
});
