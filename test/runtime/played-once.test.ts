/**
 * Once means once: no announcement, buzzer pattern or flag alarm is played twice — not when a timer fires late at
 * a count or a flag and a chord's first finger lands in the gap (the chord's take-back replays the core from an
 * older state), not under random lateness, lost timers and chords.
 */
import fc from 'fast-check';
import { ClockEffect } from '../../firmware/clock/clock-types';
import { startRuntime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { createVirtualHal, MemoryStorage, TimerPolicy, VirtualHal } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';
import { ButtonName } from '../../hal/hal';

const STRAIGHT_BYOYOMI = { system: 'byoyomi' as const, mainMs: 0, periods: 2, periodMs: 30000 };

function boardWith(control: object, policy: TimerPolicy, onExpire: 'stop' | 'pass' | 'continue' = 'stop') {
  const storage = new MemoryStorage();
  const settings = defaultSettings();
  settings.control = parseGameControl(control);
  settings.options = Object.assign({}, settings.options, { onExpire: onExpire });
  saveSettings(storage, settings);
  const hal = createVirtualHal({ policy: policy, storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  const sounding: ClockEffect[] = [];
  runtime.onEffects((effects) => effects.forEach((e) => e.type !== 'log' && sounding.push(e)));
  return { hal, runtime, sounding };
}

/**
 * A chord whose first finger (left) went down at `stampMs` but reached the runtime only now, its second at `secondMs`;
 * both held until `releaseMs` (the left lets go first).
 */
function chordFrom(hal: VirtualHal, stampMs: number, secondMs: number, releaseMs: number): void {
  hal.edge('left', true, stampMs);
  hal.advanceTo(secondMs);
  hal.edge('right', true);
  hal.advanceTo(releaseMs);
  hal.edge('left', false);
  hal.advanceTo(releaseMs + 10);
  hal.edge('right', false);
}

/** What an effect is and when: two alike are one effect played twice. */
function keyOf(effect: ClockEffect): string {
  return JSON.stringify(effect);
}

function duplicates(effects: ClockEffect[]): string[] {
  const seen: { [key: string]: boolean } = {};
  const twice: string[] = [];
  for (const effect of effects) {
    const key = keyOf(effect);
    if (seen[key]) twice.push(key);
    seen[key] = true;
  }
  return twice;
}

test('a count played by a late timer is not played again when a chord begins in the gap', () => {
  // Black's period: "15" is due at 15 000 ms; the timer fires 400 ms late. The chord's first finger went down at
  // 15 100 ms, before the timer ran, and its edge arrives after it.
  const late: TimerPolicy = { lateByMs: (atMs) => (atMs === 15000 ? 400 : 0), missed: () => false };
  const { hal, runtime, sounding } = boardWith(STRAIGHT_BYOYOMI, late);
  hal.edge('right', true); // White starts Black's clock
  hal.advanceTo(60);
  hal.edge('right', false);
  hal.advanceTo(15400);
  const fifteen = () => sounding.filter((e) => e.type === 'announce' && e.text === '15');
  expect(fifteen()).toHaveLength(1);
  const tonesBefore = hal.tones.length;
  chordFrom(hal, 15100, 15420, 17600);
  hal.advanceTo(18000);
  expect(runtime.state().status).toBe('paused');
  expect(fifteen()).toHaveLength(1);
  expect(duplicates(sounding)).toEqual([]);
  // and the buzzer: nothing played again for 15 000 ms (the pause makes no sound)
  expect(hal.tones.slice(tonesBefore).filter((t) => t.atMs <= 15420)).toEqual([]);
});

test('a flag alarm played by a late timer is not played again when a chord begins in the gap', () => {
  // Absolute 10 s: Black's flag falls at 10 000 ms; the timer is 300 ms late; a chord's first finger went down at
  // 10 100 ms, after the flag but before the timer ran. The chord takes the clock back to 10 100 ms and replays it:
  // the flag falls again at 10 000 ms in the replay, and its alarm, already sounded, is not sounded again.
  const late: TimerPolicy = { lateByMs: (atMs) => (atMs === 10000 ? 300 : 0), missed: () => false };
  const { hal, runtime, sounding } = boardWith({ system: 'absolute', mainMs: 10000 }, late, 'continue');
  hal.edge('right', true);
  hal.advanceTo(50);
  hal.edge('right', false);
  hal.advanceTo(10300);
  expect(sounding.filter((e) => e.type === 'flag')).toHaveLength(1);
  const alarms = () => hal.tones.filter((t) => t.tones.length === 5 && t.tones[0].hz === 3000).length;
  expect(alarms()).toBe(1);
  chordFrom(hal, 10100, 10320, 12500);
  hal.advanceTo(13000);
  expect(runtime.state().status).toBe('paused');
  expect(runtime.state().flags).toEqual([{ side: 'black', atMs: 10000 }]);
  expect(alarms()).toBe(1);
  expect(duplicates(sounding)).toEqual([]);
});

const controlArb = fc.constantFrom<object>(
  STRAIGHT_BYOYOMI,
  { system: 'byoyomi', mainMs: 3000, periods: 3, periodMs: 10000 },
  { system: 'canadian', mainMs: 2000, moves: 2, periodMs: 12000 },
  { system: 'absolute', mainMs: 8000 },
  { system: 'fischer', mainMs: 6000, incrementMs: 2000 },
);

/** One thing the hands do: a tap (maybe stamped earlier than it arrives), a chord, or nothing for a while. */
const actionArb = fc.oneof(
  fc.record({ kind: fc.constant('tap' as const), button: fc.constantFrom<ButtonName>('left', 'right'), earlyMs: fc.integer({ min: 0, max: 450 }), waitMs: fc.integer({ min: 0, max: 9000 }) }),
  fc.record({ kind: fc.constant('chord' as const), holdMs: fc.constantFrom(300, 2200), earlyMs: fc.integer({ min: 0, max: 450 }), waitMs: fc.integer({ min: 0, max: 6000 }) }),
);

test('property: under late and lost timers, stamped edges and chords, every sounding effect is played once', () => {
  fc.assert(
    fc.property(
      controlArb,
      fc.constantFrom<'stop' | 'pass' | 'continue'>('stop', 'pass', 'continue'),
      fc.array(actionArb, { maxLength: 14 }),
      fc.integer({ min: 0, max: 1000 }),
      (control, onExpire, actions, seed) => {
        let n = seed;
        const policy: TimerPolicy = { lateByMs: (atMs) => (atMs * 7919 + seed) % 500, missed: () => ++n % 5 === 0 };
        const { hal, sounding } = boardWith(control, policy, onExpire);
        let at = 0;
        for (const a of actions) {
          at += a.waitMs;
          hal.advanceTo(at);
          // An edge the HAL stamped up to `earlyMs` before it reached the runtime (never before the last one).
          const stamp = Math.max(0, hal.nowMs() - a.earlyMs);
          if (a.kind === 'tap') {
            hal.edge(a.button, true, stamp);
            hal.advanceTo((at += 80));
            hal.edge(a.button, false);
          } else {
            hal.edge('left', true, stamp);
            hal.advanceTo((at += 20));
            hal.edge('right', true);
            hal.advanceTo((at += a.holdMs));
            hal.edge('left', false);
            hal.advanceTo((at += 10));
            hal.edge('right', false);
          }
          hal.advanceTo((at += 300));
        }
        hal.advanceTo(at + 40000);
        expect(duplicates(sounding)).toEqual([]);
        // The buzzer too: one pattern per sounding effect at most (a pattern is played when the effect is).
        expect(hal.tones.length).toBeLessThanOrEqual(sounding.length);
      },
    ),
    { numRuns: 150, seed: 20261201 },
  );
});
