import { createBuzzer } from '../../hal/espruino/buzzer';
import { createFakeTimers } from './fakes';

const PIN = { name: 'D23' };

function setup() {
  const timers = createFakeTimers(0);
  const calls: string[] = [];
  const buzzer = createBuzzer({
    pin: PIN,
    analogWrite: (pin, value, options) => {
      expect(pin).toBe(PIN);
      calls.push(timers.nowMs + ' pwm ' + value + ' ' + options.freq + 'Hz');
    },
    digitalWrite: (pin, value) => {
      expect(pin).toBe(PIN);
      calls.push(timers.nowMs + ' low ' + value);
    },
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
  });
  return { timers, calls, buzzer };
}

describe('buzzer: a passive piezo on PWM', () => {
  it('plays a pattern without blocking: each tone for its ms, rests silent, silent at the end', () => {
    const { timers, calls, buzzer } = setup();
    buzzer.play(
      [
        { hz: 880, ms: 100 },
        { hz: 0, ms: 50 },
        { hz: 440, ms: 200 },
      ],
      1,
    );
    expect(calls).toEqual(['0 low 0', '0 pwm 0.5 880Hz']);
    timers.advance(1000);
    expect(calls).toEqual(['0 low 0', '0 pwm 0.5 880Hz', '100 low 0', '150 pwm 0.5 440Hz', '350 low 0']);
    expect(timers.pending()).toBe(0);
  });

  it('volume sets the duty: 1 is 50 %, 0.5 is 25 %, above 1 is 1', () => {
    const { calls, buzzer } = setup();
    buzzer.play([{ hz: 1000, ms: 10 }], 0.5);
    buzzer.play([{ hz: 1000, ms: 10 }], 3);
    expect(calls.filter((call) => call.indexOf('pwm') >= 0)).toEqual(['0 pwm 0.25 1000Hz', '0 pwm 0.5 1000Hz']);
  });

  it('volume 0, or no tones, is silence', () => {
    const { timers, calls, buzzer } = setup();
    buzzer.play([{ hz: 1000, ms: 10 }], 0);
    buzzer.play([], 1);
    expect(calls.every((call) => call.indexOf('pwm') < 0)).toBe(true);
    expect(timers.pending()).toBe(0);
  });

  it('a new pattern replaces the one playing: the old one never sounds again', () => {
    const { timers, calls, buzzer } = setup();
    buzzer.play(
      [
        { hz: 500, ms: 100 },
        { hz: 600, ms: 100 },
      ],
      1,
    );
    timers.advance(50);
    buzzer.play([{ hz: 2000, ms: 30 }], 1);
    timers.advance(1000);
    expect(calls).toEqual(['0 low 0', '0 pwm 0.5 500Hz', '50 low 0', '50 pwm 0.5 2000Hz', '80 low 0']);
  });

  it('stop silences at once and cancels the rest', () => {
    const { timers, calls, buzzer } = setup();
    buzzer.play(
      [
        { hz: 500, ms: 100 },
        { hz: 600, ms: 100 },
      ],
      1,
    );
    timers.advance(20);
    buzzer.stop();
    timers.advance(1000);
    expect(calls).toEqual(['0 low 0', '0 pwm 0.5 500Hz', '20 low 0']);
    buzzer.stop(); // nothing pending: must not call clearTimeout(undefined)
  });
});
