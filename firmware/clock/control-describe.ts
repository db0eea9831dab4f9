/**
 * Time controls as text: for people (menu, simulator) and for SGF game records (`TM`, `OT`).
 * Numbers are formatted by hand (integer division, `toFixed`) because Espruino prints fractions differently.
 */
import { PerSide } from './side';
import { TimeControl } from './control';

const SECOND_MS = 1000;
const MINUTE_MS = 60000;
const DAY_MS = 86400000;

/** ms as seconds: "30", "1.5", "0.001" — integer when whole, never an exponent or a binary-fraction tail. */
export function sgfSeconds(ms: number): string {
  if (ms % SECOND_MS === 0) return String(ms / SECOND_MS);
  // Durations are integer ms, so three decimals are exact; drop the zeros after the last significant digit.
  return (ms / SECOND_MS).toFixed(3).replace(/0+$/, '');
}

/** A duration as a person says it: "60 d", "5 min", "30 s", "1.5 s". */
export function describeDuration(ms: number): string {
  if (ms >= DAY_MS && ms % DAY_MS === 0) return ms / DAY_MS + ' d';
  if (ms % MINUTE_MS === 0) return ms / MINUTE_MS + ' min';
  return sgfSeconds(ms) + ' s';
}

/**
 * A per-move time (byo-yomi period, increment, delay): up to a minute it is said in seconds, as players do
 * ("1×60 s", not "1×1 min"); longer ones read like any duration.
 */
function describePerMove(ms: number): string {
  return ms <= MINUTE_MS && ms % SECOND_MS === 0 ? ms / SECOND_MS + ' s' : describeDuration(ms);
}

/** "60 min + 5×30 s", "30 min + 20/5 min", "3 min + 15 s Fischer", "40/120 min + 20/60 min", "10 min". */
export function describeControl(c: TimeControl): string {
  switch (c.system) {
    case 'absolute':
      return describeDuration(c.mainMs);
    case 'byoyomi':
      return describeDuration(c.mainMs) + ' + ' + c.periods + '\u00d7' + describePerMove(c.periodMs);
    case 'canadian':
      return describeDuration(c.mainMs) + ' + ' + c.moves + '/' + describeDuration(c.periodMs);
    case 'fischer': {
      const text = describeDuration(c.mainMs) + ' + ' + describePerMove(c.incrementMs) + ' Fischer';
      return c.capMs === undefined ? text : text + ', max ' + describeDuration(c.capMs);
    }
    case 'bronstein':
      return describeDuration(c.mainMs) + ' + ' + describePerMove(c.delayMs) + ' Bronstein';
    case 'delay':
      return describeDuration(c.mainMs) + ' + ' + describePerMove(c.delayMs) + ' delay';
    case 'hourglass':
      return describeDuration(c.mainMs) + ' hourglass';
    case 'stages': {
      const parts: string[] = [];
      for (const stage of c.stages) parts.push(stage.moves + '/' + describeDuration(stage.ms));
      return parts.join(' + ');
    }
  }
}

/** True when two valid controls are the same control (same system, same values; an absent cap equals no cap). */
export function sameControl(a: TimeControl, b: TimeControl): boolean {
  if (a.system !== b.system) return false;
  if (a.system === 'stages' && b.system === 'stages') {
    if (a.stages.length !== b.stages.length) return false;
    for (let i = 0; i < a.stages.length; i++) {
      if (a.stages[i].moves !== b.stages[i].moves || a.stages[i].ms !== b.stages[i].ms) return false;
    }
    return true;
  }
  const x = a as unknown as { [key: string]: unknown };
  const y = b as unknown as { [key: string]: unknown };
  const keys = Object.keys(x).concat(Object.keys(y));
  for (const key of keys) {
    if (x[key] !== y[key]) return false;
  }
  return true;
}

/** One text for the game: the control, or "Black: … / White: …" when the sides differ (time odds). */
export function describeGameControl(pc: PerSide<TimeControl>): string {
  if (sameControl(pc.black, pc.white)) return describeControl(pc.black);
  return 'Black: ' + describeControl(pc.black) + ' / White: ' + describeControl(pc.white);
}

/**
 * The SGF `OT` (overtime) text: "5x30 byo-yomi", "20/300 Canadian", "15 fischer", "10 bronstein", "5 delay",
 * "hourglass"; every stage for `stages` ("40/7200 20/3600 stages"), since `TM` holds only the first stage's time;
 * "" for absolute. SGF leaves the format free; these are the forms other Go software writes.
 */
export function sgfOvertime(c: TimeControl): string {
  switch (c.system) {
    case 'absolute':
      return '';
    case 'byoyomi':
      return c.periods + 'x' + sgfSeconds(c.periodMs) + ' byo-yomi';
    case 'canadian':
      return c.moves + '/' + sgfSeconds(c.periodMs) + ' Canadian';
    case 'fischer':
      return sgfSeconds(c.incrementMs) + ' fischer';
    case 'bronstein':
      return sgfSeconds(c.delayMs) + ' bronstein';
    case 'delay':
      return sgfSeconds(c.delayMs) + ' delay';
    case 'hourglass':
      return 'hourglass';
    case 'stages': {
      const parts: string[] = [];
      for (const stage of c.stages) parts.push(stage.moves + '/' + sgfSeconds(stage.ms));
      return parts.join(' ') + ' stages';
    }
  }
}

/**
 * The SGF `TM` value in seconds: main time, or the first stage's time. To write it, format the milliseconds with
 * sgfSeconds (String() of a fraction differs on Espruino).
 */
export function sgfMainSeconds(c: TimeControl): number {
  return (c.system === 'stages' ? c.stages[0].ms : c.mainMs) / SECOND_MS;
}
