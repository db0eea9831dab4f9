/**
 * The buzzer of the terminal simulator: a pattern cannot be heard, so it is named and shown ("♪ last period"),
 * and with --bell the terminal's bell rings too. Names come from the firmware's own patterns: each is recognised
 * by playing a typical effect through soundFor, so a changed pattern is still recognised.
 */
import { Buzzer, Tone } from '../../hal/hal';
import { ClockEffect } from '../../firmware/clock/clock-types';
import { soundFor } from '../../firmware/sound/sound';

function announce(kind: 'count' | 'warning' | 'overtime' | 'lastPeriod' | 'break', text: string): ClockEffect {
  return { type: 'announce', atMs: 0, side: 'black', text: text, kind: kind };
}

/** A typical effect for each pattern, most specific first. */
const PATTERN_SAMPLES: [string, ClockEffect][] = [
  ['count', announce('count', '15')],
  ['last seconds', announce('count', '5')],
  ['double beep', announce('count', 'double beep')],
  ['overtime', announce('overtime', 'overtime')],
  ['last period', announce('lastPeriod', 'last period')],
  ['period used', { type: 'period', atMs: 0, side: 'black', periodsLeft: 1 }],
  ['warning', announce('warning', '1 minute')],
  ['break', announce('break', 'break')],
  ['flag', { type: 'flag', atMs: 0, side: 'black' }],
];

function sameTones(a: Tone[], b: Tone[]): boolean {
  return a.length === b.length && a.every((tone, i) => tone.hz === b[i].hz && tone.ms === b[i].ms);
}

/** The pattern's name ("count", "flag"…), or its tones ("440Hz 100ms, rest 50ms") when it is none of ours. */
export function patternName(tones: Tone[]): string {
  for (const [name, effect] of PATTERN_SAMPLES) {
    const pattern = soundFor(effect);
    if (pattern && sameTones(pattern, tones)) return name;
  }
  return tones.map((t) => (t.hz > 0 ? t.hz + 'Hz ' : 'rest ') + t.ms + 'ms').join(', ');
}

export function patternMs(tones: Tone[]): number {
  return tones.reduce((sum, t) => sum + t.ms, 0);
}

/** What the buzzer is playing, for the status line. */
export interface Cue {
  name: string;
  /** Host time (real ms) until which it is shown. */
  untilMs: number;
}

/** A cue stays visible at least this long (real ms), so a short beep can be seen. */
export const CUE_MIN_MS = 800;

export interface VisibleBuzzer extends Buzzer {
  cue(): Cue | undefined;
}

export interface VisibleBuzzerOptions {
  hostNowMs: () => number;
  /** A pattern starts playing (every time, even the same one again). */
  onPlay: (name: string) => void;
  /** The cue to show changed (it started, or its time is over). */
  onCue: () => void;
  /** Rings a bell (the terminal's, with --bell). */
  bell?: () => void;
}

/** A buzzer that shows what it plays. */
export function createVisibleBuzzer(options: VisibleBuzzerOptions): VisibleBuzzer {
  let current: Cue | undefined;
  let handle: ReturnType<typeof setTimeout> | undefined;
  const clear = (): void => {
    if (handle !== undefined) clearTimeout(handle);
    handle = undefined;
  };
  return {
    play(tones: Tone[], volume: number) {
      if (!(volume > 0) || tones.length === 0) return;
      clear();
      const showMs = Math.max(CUE_MIN_MS, patternMs(tones));
      current = { name: patternName(tones), untilMs: options.hostNowMs() + showMs };
      if (options.bell) options.bell();
      options.onPlay(current.name);
      handle = setTimeout(() => {
        current = undefined;
        handle = undefined;
        options.onCue();
      }, showMs);
      options.onCue();
    },
    stop() {
      clear();
      if (current) {
        current = undefined;
        options.onCue();
      }
    },
    cue: () => current,
  };
}
