/**
 * Once means once: every announcement, period signal, forced pass and flag alarm is played a single time.
 *
 * When a button edge reaches the firmware after a late timer already played what fell due after the edge (a count,
 * a flag), the runtime takes the clock back to the edge's instant and steps again from an older state (runtime.ts
 * `takeBackAfter`); the core then hands over again every effect between that state and now. They are the same
 * effects, at the same instants, so the ones already played are recognised by what they are and when, and left out.
 * Log entries are not filtered: the in-memory log was taken back with the state and is written again.
 */
import { ClockEffect } from '../clock/clock-types';

export interface PlayedOnce {
  /** The effects not played before (all log entries, and the sounding effects heard for the first time). */
  fresh(effects: ClockEffect[]): ClockEffect[];
  /** Forgets what was played at or before `atMs`: no take-back can reach behind it any more. */
  forgetUpTo(atMs: number): void;
}

/** What an effect is, for recognising it when it comes again; "" for an effect that makes no sound. */
function soundingKey(effect: ClockEffect): string {
  switch (effect.type) {
    case 'announce':
      return 'a' + effect.atMs + effect.side + ':' + effect.text;
    case 'flag':
      return 'f' + effect.atMs + effect.side;
    case 'pass':
      return 'p' + effect.atMs + effect.side;
    case 'period':
      return 'r' + effect.atMs + effect.side + ':' + effect.periodsLeft;
    default:
      return '';
  }
}

export function createPlayedOnce(): PlayedOnce {
  let played: { key: string; atMs: number }[] = [];
  return {
    fresh(effects) {
      let out: ClockEffect[] | null = null;
      for (let i = 0; i < effects.length; i++) {
        const key = soundingKey(effects[i]);
        let again = false;
        for (let j = 0; key !== '' && j < played.length && !again; j++) again = played[j].key === key;
        if (again) {
          if (out === null) out = effects.slice(0, i);
        } else {
          if (key !== '') played.push({ key: key, atMs: (effects[i] as { atMs: number }).atMs });
          if (out !== null) out.push(effects[i]);
        }
      }
      return out === null ? effects : out;
    },
    forgetUpTo(atMs) {
      if (played.length > 0 && played[0].atMs <= atMs) played = played.filter((p) => p.atMs > atMs);
    },
  };
}
