import { createBattery } from '../../hal/espruino/battery';
import { createWatchdog } from '../../hal/espruino/watchdog';

function battery(readings: number[]) {
  let index = 0;
  return createBattery({
    pin: 'D35',
    analogRead: () => readings[Math.min(index++, readings.length - 1)],
    dividerRatio: 2,
    emptyVolts: 3.3,
    fullVolts: 4.2,
  });
}

/** The ADC reading (0-1 of 3.3 V) for a cell voltage behind a 2:1 divider. */
const reading = (cellVolts: number) => cellVolts / 2 / 3.3;

describe('battery', () => {
  it('places the cell voltage between empty and full', () => {
    expect(battery([reading(3.75)]).percent()).toBe(50);
    expect(battery([reading(4.2)]).percent()).toBe(100);
    expect(battery([reading(3.3)]).percent()).toBe(0);
  });

  it('clamps to 0-100', () => {
    expect(battery([reading(4.9)]).percent()).toBe(100);
    expect(battery([reading(2.5)]).percent()).toBe(0);
    expect(battery([0]).percent()).toBe(0);
    expect(battery([1]).percent()).toBe(100);
  });

  it('smooths: the first reading counts fully, each next one moves the estimate a quarter of the way', () => {
    const gauge = battery([reading(4.2), reading(3.3), reading(3.3)]);
    expect(gauge.percent()).toBe(100);
    expect(gauge.percent()).toBe(75);
    expect(gauge.percent()).toBe(56);
  });

  it('a failed read (NaN) keeps the last estimate', () => {
    const gauge = battery([reading(3.75), NaN]);
    expect(gauge.percent()).toBe(50);
    expect(gauge.percent()).toBe(50);
  });
});

describe('watchdog', () => {
  it('arms E.enableWatchdog in manual mode with the timeout in seconds, and kick is E.kickWatchdog', () => {
    const calls: string[] = [];
    const E = {
      enableWatchdog: (seconds: number, isAuto: boolean) => calls.push('enable ' + seconds + ' ' + isAuto),
      kickWatchdog: () => calls.push('kick'),
    };
    const watchdog = createWatchdog({ E, timeoutMs: 5000 });
    watchdog.kick();
    watchdog.kick();
    expect(calls).toEqual(['enable 5 false', 'kick', 'kick']);
  });

  it('never asks for less than one second (ESP32 counts whole seconds)', () => {
    const calls: number[] = [];
    const E = { enableWatchdog: (seconds: number) => calls.push(seconds), kickWatchdog: () => undefined };
    createWatchdog({ E, timeoutMs: 300 });
    expect(calls).toEqual([1]);
  });
});
