/**
 * What a timekeeper says, and when: the counts of an overtime period for each profile (docs/time-systems.md) and the optional
 * main-time warnings. Each point is a time left (`leftMs`) at which the words are said; the core fires a point when
 * the running side's time left reaches it, so a point is said once however the turn is paused or resumed.
 */
import { AnnounceProfile } from './options';

export interface CountPoint {
  /** Time left in the period when the words are said. */
  leftMs: number;
  text: string;
}

const SECOND = 1000;

/** rules 12.16: half the period when that is above 10 s, then 10, 5, 4, 3, 2, 1 seconds left. */
function ruPoints(periodMs: number): CountPoint[] {
  const points: CountPoint[] = [];
  const halfSeconds = Math.floor(periodMs / 2 / SECOND);
  if (halfSeconds > 10) points.push({ leftMs: halfSeconds * SECOND, text: String(halfSeconds) });
  const seconds = [10, 5, 4, 3, 2, 1];
  for (let i = 0; i < seconds.length; i++) points.push({ leftMs: seconds[i] * SECOND, text: String(seconds[i]) });
  return points;
}

/**
 * The counts of one overtime period by index, ordered by falling time left, without a list of them all where that
 * list is long: a Japanese count says something every 10 s of its period (3.5 million times in a 400-day one).
 */
export interface CountSeries {
  length: number;
  leftMs(i: number): number;
  text(i: number): string;
}

function listSeries(points: CountPoint[]): CountSeries {
  return { length: points.length, leftMs: (i) => points[i].leftMs, text: (i) => points[i].text };
}

/**
 * Japanese style: count up each 10 s elapsed ("10", "20", …) while at least 10 s are left, then "1" … "9" through
 * the last ten seconds (those that lie inside the period: a 5 s period says "6" to "9" only).
 */
function jpSeries(periodMs: number): CountSeries {
  const up = Math.max(0, Math.floor((periodMs - 10 * SECOND) / (10 * SECOND)));
  const lastTen = Math.max(0, Math.min(9, Math.ceil(periodMs / SECOND) - 1));
  return {
    length: up + lastTen,
    leftMs: (i) => (i < up ? periodMs - (i + 1) * 10 * SECOND : (lastTen - (i - up)) * SECOND),
    text: (i) => String(i < up ? (i + 1) * 10 : 10 - (lastTen - (i - up))),
  };
}

function seriesPoints(series: CountSeries): CountPoint[] {
  const points: CountPoint[] = [];
  for (let i = 0; i < series.length; i++) points.push({ leftMs: series.leftMs(i), text: series.text(i) });
  return points;
}

/** Beeps: a double beep at 10 s left, then one beep each of the last 5 s. */
function beepPoints(): CountPoint[] {
  const points: CountPoint[] = [{ leftMs: 10 * SECOND, text: 'double beep' }];
  for (let s = 5; s >= 1; s--) points.push({ leftMs: s * SECOND, text: 'beep' });
  return points;
}

/** rules 12.16 and the beeps: a few points, whatever the period. */
function shortPoints(profile: AnnounceProfile, periodMs: number): CountPoint[] {
  let points: CountPoint[];
  if (profile === 'ru') points = ruPoints(periodMs);
  else if (profile === 'beep') points = beepPoints();
  else points = [];
  return points.filter((p) => p.leftMs < periodMs); // every point is at least 1 s left
}

/** The series last asked for: the core asks on every wake-up, and it seldom changes. */
let cached: { profile: AnnounceProfile | null; periodMs: number; series: CountSeries } = { profile: null, periodMs: 0, series: listSeries([]) };

/**
 * The counts of one overtime period, ordered by falling time left, each strictly inside the period
 * (a 10 s period does not start with "10").
 */
export function countSeries(profile: AnnounceProfile, periodMs: number): CountSeries {
  // One remembered series spares Espruino's few thousand variables the churn.
  if (cached.profile === profile && cached.periodMs === periodMs) return cached.series;
  const series = profile === 'jp' ? jpSeries(periodMs) : listSeries(shortPoints(profile, periodMs));
  cached = { profile: profile, periodMs: periodMs, series: series };
  return series;
}

/** The same counts as a list (for tests and tools: for a long Japanese period it is long). */
export function countPoints(profile: AnnounceProfile, periodMs: number): CountPoint[] {
  return seriesPoints(countSeries(profile, periodMs));
}

/**
 * Main-time warnings (optional): 5 min (rules 14.3: no more need to record moves), 1 min, 10 s. A fresh list on
 * each call, asked for only with warnings on: on the device a module-level one would be built in RAM and kept.
 */
export function warnings(): CountPoint[] {
  return [
    { leftMs: 300000, text: '5 minutes' },
    { leftMs: 60000, text: '1 minute' },
    { leftMs: 10000, text: '10 seconds' },
  ];
}

/** Words said at boundaries rather than counts. */
export const SAY_OVERTIME = 'overtime';
export const SAY_LAST_PERIOD = 'last period';
export const SAY_BREAK = 'break';
