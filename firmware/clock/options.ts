/** Game options that are not part of the time control itself (docs/time-systems.md). */
import { Side } from './side';
import { hasOwn, keyText, valueText } from './text';

/** How overtime is counted aloud: `ru` (rules 12.16), `jp` (count up), `beep`, or `off`. */
export type AnnounceProfile = 'ru' | 'jp' | 'beep' | 'off';
/** What happens when a side's time runs out (docs/time-systems.md, "Expiry"). */
export type ExpiryPolicy = 'stop' | 'pass' | 'continue';

export interface ClockOptions {
  announce: AnnounceProfile;
  onExpire: ExpiryPolicy;
  /** Whose clock the start runs (12.5: Black; White in handicap games). */
  firstToMove: Side;
  /** Main-time warnings at 5 min (14.3), 1 min and 10 s left. */
  warnings: boolean;
  /** Regulations 3.17.3: a timed 3-minute break, once, when a side first enters overtime. */
  breakBeforeOvertime: boolean;
}

/*
 * The tables of this file are written inside functions: on the device the code stays in flash, while a
 * module-level table would be built in RAM at boot and kept.
 */

/** The options of a game nobody chose any for: a fresh object on each call. */
export function defaultOptions(): ClockOptions {
  return {
    announce: 'ru',
    onExpire: 'stop',
    firstToMove: 'black',
    warnings: false,
    breakBeforeOvertime: false,
  };
}

/**
 * defaultOptions() once, for the hosts (simulators, tests, benches). The firmware calls defaultOptions(), so the
 * bundle drops this (its call is marked pure and nothing there uses it).
 */
export const DEFAULT_OPTIONS: ClockOptions = /*#__PURE__*/ defaultOptions();

/** Length of the break before byo-yomi (regulations 3.17.3). */
export const BREAK_MS = 180000;

/** The values each option may take (a fresh table on each call). */
export function optionChoices(): { [name: string]: unknown[] } {
  return {
    announce: ['ru', 'jp', 'beep', 'off'],
    onExpire: ['stop', 'pass', 'continue'],
    firstToMove: ['black', 'white'],
    warnings: [true, false],
    breakBeforeOvertime: [true, false],
  };
}

/** One line naming the first impossible option of a (partial) options object, or undefined when all are possible. */
export function optionsError(value: unknown, path: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return path + ': must be an object';
  const names = Object.keys(value);
  const all = optionChoices();
  // A value as a message shows it (text.ts `valueText`: the same on Espruino and in V8); made here, not at the top
  // level, where the device would hold it at rest.
  const shown = (given: unknown): string => (given === undefined ? 'undefined' : valueText(given));
  for (let i = 0; i < names.length; i++) {
    const choices = hasOwn(all, names[i]) ? all[names[i]] : undefined;
    const given = (value as { [name: string]: unknown })[names[i]];
    if (choices === undefined) return path + '.' + keyText(names[i]) + ': unknown option (known: ' + Object.keys(all).join(', ') + ')';
    if (choices.indexOf(given) < 0) {
      return path + '.' + names[i] + ': must be one of ' + choices.map(shown).join(', ') + ' (got ' + shown(given) + ')';
    }
  }
  return undefined;
}
