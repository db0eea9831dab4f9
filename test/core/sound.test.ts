import { soundFor } from '../../firmware/sound/sound';
import { AnnouncementKind, ClockEffect } from '../../firmware/clock/clock-types';

const say = (text: string, kind: AnnouncementKind): ClockEffect => ({ type: 'announce', atMs: 0, side: 'black', text, kind });

describe('each announcement has its own buzzer pattern, told apart by ear', () => {
  const patterns: [string, ClockEffect][] = [
    ['early count ("15")', say('15', 'count')],
    ['final seconds ("3")', say('3', 'count')],
    ['double beep at 10 s', say('double beep', 'count')],
    ['entering overtime', say('overtime', 'overtime')],
    ['last period', say('last period', 'lastPeriod')],
    ['main-time warning', say('5 minutes', 'warning')],
    ['break before byo-yomi', say('break', 'break')],
    ['a period used up', { type: 'period', atMs: 0, side: 'white', periodsLeft: 2 }],
    ['the flag', { type: 'flag', atMs: 0, side: 'white' }],
  ];

  test('every kind sounds, and no two kinds sound alike', () => {
    const seen = patterns.map(([, effect]) => JSON.stringify(soundFor(effect)));
    seen.forEach((p) => expect(p).not.toBe('null'));
    expect(new Set(seen).size).toBe(patterns.length);
  });

  test('the count\'s final seconds are higher than its early numbers (ru "5 … 1", jp "1 … 9", beeps)', () => {
    const pitch = (effect: ClockEffect) => Math.max(...(soundFor(effect) || []).map((t) => t.hz));
    expect(pitch(say('4', 'count'))).toBeGreaterThan(pitch(say('10', 'count')));
    expect(pitch(say('9', 'count'))).toBe(pitch(say('1', 'count')));
    expect(pitch(say('beep', 'count'))).toBe(pitch(say('1', 'count')));
  });

  test('the flag alarm is the longest pattern, so nobody misses it (12.9)', () => {
    const length = (effect: ClockEffect) => (soundFor(effect) || []).reduce((ms, t) => ms + t.ms, 0);
    const flag = length({ type: 'flag', atMs: 0, side: 'black' });
    patterns.slice(0, -1).forEach(([, effect]) => expect(flag).toBeGreaterThan(length(effect)));
  });

  test('log lines make no sound', () => {
    expect(soundFor({ type: 'log', entry: { atMs: 0, side: null, kind: 'pause', text: 'arbiter pause' } })).toBeNull();
  });
});
