import { ButtonEdge } from '../../hal/hal';
import { createButtons } from '../../hal/espruino/buttons';
import { WatchEvent, WatchOptions } from '../../hal/espruino/types';
import { createFakeTimers } from './fakes';

const LEFT = { name: 'D25' };
const RIGHT = { name: 'D26' };

function setup(activeLow = true, debounceMs = 20) {
  const timers = createFakeTimers(0);
  const calls: string[] = [];
  const watches = new Map<unknown, { callback: (event: WatchEvent) => void; options: WatchOptions }>();
  const buttons = createButtons({
    setWatch: (callback, pin, options) => {
      calls.push('setWatch ' + (pin as { name: string }).name);
      watches.set(pin, { callback, options });
      return watches.size;
    },
    pinMode: (pin, mode) => calls.push('pinMode ' + (pin as { name: string }).name + ' ' + mode),
    setTimeout: timers.setTimeout,
    pins: { left: LEFT, right: RIGHT },
    activeLow,
    debounceMs,
  });
  const edges: ButtonEdge[] = [];
  buttons.onEdge((edge) => edges.push(edge));
  /** The pin changes to `level` at `atMs` (the interrupt's time); the handler runs when the timers are at that time. */
  function pinChange(pin: unknown, level: boolean, atMs: number) {
    timers.advance(Math.max(0, atMs - timers.nowMs));
    watches.get(pin)!.callback({ state: level, time: atMs / 1000 });
  }
  return { timers, calls, watches, edges, pinChange };
}

describe('buttons on setWatch', () => {
  it('watch both edges of both pins, repeating, with Espruino debounce off, then set the pull-up', () => {
    const { calls, watches } = setup();
    expect(calls).toEqual(['setWatch D25', 'pinMode D25 input_pullup', 'setWatch D26', 'pinMode D26 input_pullup']);
    expect(watches.get(LEFT)!.options).toEqual({ repeat: true, edge: 'both', debounce: 0 });
    expect(watches.get(RIGHT)!.options).toEqual({ repeat: true, edge: 'both', debounce: 0 });
  });

  it('active low: the pin going low is a press, high a release', () => {
    const { edges, pinChange } = setup(true);
    pinChange(LEFT, false, 1000);
    pinChange(LEFT, true, 1500);
    expect(edges).toEqual([
      { button: 'left', down: true, atMs: 1000 },
      { button: 'left', down: false, atMs: 1500 },
    ]);
  });

  it('active high: the pin going high is a press, and the pull is a pull-down', () => {
    const { calls, edges, pinChange } = setup(false);
    expect(calls).toContain('pinMode D25 input_pulldown');
    pinChange(RIGHT, true, 2000);
    pinChange(RIGHT, false, 2250);
    expect(edges).toEqual([
      { button: 'right', down: true, atMs: 2000 },
      { button: 'right', down: false, atMs: 2250 },
    ]);
  });

  it('an edge carries the time the pin changed (e.time), not the time the handler ran', () => {
    const { timers, watches, edges } = setup();
    timers.advance(5000); // the handler runs at 5 s…
    watches.get(LEFT)!.callback({ state: false, time: 4.2345678 }); // …for an edge at 4.2345678 s
    expect(edges).toEqual([{ button: 'left', down: true, atMs: 4234 }]);
  });

  it('bounces within debounceMs of an accepted edge are ignored; the press keeps its first edge time', () => {
    const { edges, pinChange, timers } = setup(true, 20);
    pinChange(LEFT, false, 1000);
    pinChange(LEFT, true, 1002);
    pinChange(LEFT, false, 1003);
    pinChange(LEFT, true, 1005);
    pinChange(LEFT, false, 1006);
    timers.advance(100);
    expect(edges).toEqual([{ button: 'left', down: true, atMs: 1000 }]);
  });

  it('a release that bounces is reported once, at its first edge', () => {
    const { edges, pinChange, timers } = setup(true, 20);
    pinChange(LEFT, false, 1000);
    pinChange(LEFT, true, 1300);
    pinChange(LEFT, false, 1301);
    pinChange(LEFT, true, 1302);
    timers.advance(100);
    expect(edges).toEqual([
      { button: 'left', down: true, atMs: 1000 },
      { button: 'left', down: false, atMs: 1300 },
    ]);
  });

  it('a tap shorter than the debounce is not lost: the release comes when the lockout ends, with its own time', () => {
    const { edges, pinChange, timers } = setup(true, 20);
    pinChange(RIGHT, false, 3000);
    pinChange(RIGHT, true, 3008);
    expect(edges).toEqual([{ button: 'right', down: true, atMs: 3000 }]);
    timers.advance(11);
    expect(edges.length).toBe(1); // still inside the lockout at 3019 ms
    timers.advance(1); // the lockout ends at 3020 ms
    expect(edges).toEqual([
      { button: 'right', down: true, atMs: 3000 },
      { button: 'right', down: false, atMs: 3008 },
    ]);
  });

  it('the two buttons are debounced separately: a chord keeps both presses', () => {
    const { edges, pinChange } = setup(true, 20);
    pinChange(LEFT, false, 5000);
    pinChange(RIGHT, false, 5004);
    pinChange(LEFT, true, 6000);
    pinChange(RIGHT, true, 6001);
    expect(edges).toEqual([
      { button: 'left', down: true, atMs: 5000 },
      { button: 'right', down: true, atMs: 5004 },
      { button: 'left', down: false, atMs: 6000 },
      { button: 'right', down: false, atMs: 6001 },
    ]);
  });

  it('a repeated level (no change) is not an edge', () => {
    const { edges, pinChange } = setup(true, 20);
    pinChange(LEFT, true, 1000); // released while already up
    pinChange(LEFT, false, 2000);
    pinChange(LEFT, false, 2500);
    expect(edges).toEqual([{ button: 'left', down: true, atMs: 2000 }]);
  });

  it('edges before anyone listens are dropped without error', () => {
    const timers = createFakeTimers(0);
    let callback: ((event: WatchEvent) => void) | undefined;
    createButtons({
      setWatch: (cb) => {
        callback = cb;
        return 1;
      },
      pinMode: () => undefined,
      setTimeout: timers.setTimeout,
      pins: { left: LEFT, right: RIGHT },
      activeLow: true,
      debounceMs: 20,
    });
    expect(() => callback!({ state: false, time: 1 })).not.toThrow();
  });

  it('a pin Espruino cannot watch (setWatch gives undefined, as for GPIO 32/33 on ESP32) fails at start-up', () => {
    const timers = createFakeTimers(0);
    expect(() =>
      createButtons({
        setWatch: () => undefined,
        pinMode: () => undefined,
        setTimeout: timers.setTimeout,
        pins: { left: LEFT, right: RIGHT },
        activeLow: true,
        debounceMs: 20,
      }),
    ).toThrow(/left/);
  });
});
