/**
 * Calendar arithmetic on UTC milliseconds, in plain integer maths (the days-from-civil algorithm of the proleptic
 * Gregorian calendar). Espruino's `Date` has no `Date.UTC` and no `getUTC…` methods (its getters follow
 * `E.setTimeZone`), so the RTC driver converts with these instead; Node and Espruino then agree by construction.
 */

const MS_PER_DAY = 86400000;

export interface CivilTime {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

/** Days since 1970-01-01 of a date (month 1–12). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** UTC milliseconds of a civil time (no range checks: the caller validates). */
export function civilToMs(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
  seconds: number,
): number {
  return daysFromCivil(year, month, day) * MS_PER_DAY + ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/** The civil time (UTC) of a millisecond instant, to the whole second (rounded down). */
export function msToCivil(ms: number): CivilTime {
  const days = Math.floor(ms / MS_PER_DAY);
  const secondsOfDay = Math.floor((ms - days * MS_PER_DAY) / 1000);
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month: month,
    day: dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1,
    hours: Math.floor(secondsOfDay / 3600),
    minutes: Math.floor(secondsOfDay / 60) % 60,
    seconds: secondsOfDay % 60,
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}
