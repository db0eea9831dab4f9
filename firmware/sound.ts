/**
 * The buzzer's voice: each kind of announcement is a distinct pattern, so players hear the count without looking.
 * A piezo cannot speak; the simulator speaks the same announcements' text.
 */
import { ClockEffect } from './clock-types';
import { Tone } from '../hal/hal';

const COUNT: Tone[] = [{ hz: 2000, ms: 80 }];
const LAST_SECONDS: Tone[] = [{ hz: 2600, ms: 120 }];
const DOUBLE: Tone[] = [{ hz: 2000, ms: 80 }, { hz: 0, ms: 80 }, { hz: 2000, ms: 80 }];
const OVERTIME: Tone[] = [{ hz: 1500, ms: 150 }, { hz: 2000, ms: 150 }];
const LAST_PERIOD: Tone[] = [{ hz: 2000, ms: 120 }, { hz: 0, ms: 60 }, { hz: 2000, ms: 120 }, { hz: 0, ms: 60 }, { hz: 2000, ms: 120 }];
const PERIOD_USED: Tone[] = [{ hz: 1000, ms: 250 }];
const WARNING: Tone[] = [{ hz: 1200, ms: 200 }, { hz: 0, ms: 100 }, { hz: 1200, ms: 200 }];
const BREAK: Tone[] = [{ hz: 1500, ms: 400 }];
const FLAG: Tone[] = [
  { hz: 3000, ms: 300 }, { hz: 0, ms: 100 }, { hz: 3000, ms: 300 }, { hz: 0, ms: 100 }, { hz: 3000, ms: 600 },
];

/** The pattern for an effect, or null when it makes no sound. */
export function soundFor(effect: ClockEffect): Tone[] | null {
  if (effect.type === 'flag') return FLAG;
  if (effect.type === 'pass') return PERIOD_USED;
  if (effect.type === 'period') return PERIOD_USED;
  if (effect.type !== 'announce') return null;
  switch (effect.kind) {
    case 'count':
      if (effect.text === 'double beep') return DOUBLE;
      // The final seconds (ru "5 … 1", jp "1 … 9", the beeps) are higher, told from "15", "10", "20" by ear.
      return effect.text === 'beep' || Number(effect.text) < 10 ? LAST_SECONDS : COUNT;
    case 'overtime':
      return OVERTIME;
    case 'lastPeriod':
      return LAST_PERIOD;
    case 'warning':
      return WARNING;
    case 'break':
      return BREAK;
    default:
      return null;
  }
}
