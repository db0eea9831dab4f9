/**
 * The buzzer's voice: each kind of announcement is a distinct pattern, so players hear the count without looking.
 * A piezo cannot speak; the simulator speaks the same announcements' text.
 *
 * The patterns are written where they are chosen, a fresh one for each sound: on the device the code stays in
 * flash, while module-level patterns would be built in RAM at boot and kept.
 */
import { ClockEffect } from '../clock/clock-types';
import { Tone } from '../../hal/hal';

/** The pattern for an effect, or null when it makes no sound. */
export function soundFor(effect: ClockEffect): Tone[] | null {
  if (effect.type === 'flag') {
    return [{ hz: 3000, ms: 300 }, { hz: 0, ms: 100 }, { hz: 3000, ms: 300 }, { hz: 0, ms: 100 }, { hz: 3000, ms: 600 }];
  }
  // A period used (byo-yomi), or a forced pass: one low tone.
  if (effect.type === 'pass' || effect.type === 'period') return [{ hz: 1000, ms: 250 }];
  if (effect.type !== 'announce') return null;
  switch (effect.kind) {
    case 'count':
      if (effect.text === 'double beep') return [{ hz: 2000, ms: 80 }, { hz: 0, ms: 80 }, { hz: 2000, ms: 80 }];
      // The final seconds (ru "5 … 1", jp "1 … 9", the beeps) are higher, told from "15", "10", "20" by ear.
      return effect.text === 'beep' || Number(effect.text) < 10 ? [{ hz: 2600, ms: 120 }] : [{ hz: 2000, ms: 80 }];
    case 'overtime':
      return [{ hz: 1500, ms: 150 }, { hz: 2000, ms: 150 }];
    case 'lastPeriod':
      return [{ hz: 2000, ms: 120 }, { hz: 0, ms: 60 }, { hz: 2000, ms: 120 }, { hz: 0, ms: 60 }, { hz: 2000, ms: 120 }];
    case 'warning':
      return [{ hz: 1200, ms: 200 }, { hz: 0, ms: 100 }, { hz: 1200, ms: 200 }];
    case 'break':
      return [{ hz: 1500, ms: 400 }];
    default:
      return null;
  }
}
