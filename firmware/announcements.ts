/**
 * What a timekeeper says, and when: the counts of an overtime period for each profile (DESIGN §5) and the optional
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

/** Japanese style: count up each 10 s elapsed ("10", "20", …), then "1" … "9" through the last ten seconds. */
function jpPoints(periodMs: number): CountPoint[] {
  const points: CountPoint[] = [];
  for (let elapsed = 10 * SECOND; elapsed <= periodMs - 10 * SECOND; elapsed += 10 * SECOND) {
    points.push({ leftMs: periodMs - elapsed, text: String(elapsed / SECOND) });
  }
  for (let k = 1; k <= 9; k++) points.push({ leftMs: (10 - k) * SECOND, text: String(k) });
  return points;
}

/** Beeps: a double beep at 10 s left, then one beep each of the last 5 s. */
function beepPoints(): CountPoint[] {
  const points: CountPoint[] = [{ leftMs: 10 * SECOND, text: 'double beep' }];
  for (let s = 5; s >= 1; s--) points.push({ leftMs: s * SECOND, text: 'beep' });
  return points;
}

/** The list last asked for: the core asks on every wake-up, and it seldom changes. */
let cached: { profile: AnnounceProfile | null; periodMs: number; points: CountPoint[] } = { profile: null, periodMs: 0, points: [] };

function pointsOf(profile: AnnounceProfile, periodMs: number): CountPoint[] {
  let points: CountPoint[];
  if (profile === 'ru') points = ruPoints(periodMs);
  else if (profile === 'jp') points = jpPoints(periodMs);
  else if (profile === 'beep') points = beepPoints();
  else points = [];
  return points.filter((p) => p.leftMs < periodMs); // every point is at least 1 s left
}

/**
 * The counts of one overtime period, ordered by falling time left, each strictly inside the period
 * (a 10 s period does not start with "10").
 */
export function countPoints(profile: AnnounceProfile, periodMs: number): CountPoint[] {
  // One remembered list spares Espruino's few thousand variables the churn. Callers must not change it.
  if (cached.profile === profile && cached.periodMs === periodMs) return cached.points;
  cached = { profile: profile, periodMs: periodMs, points: pointsOf(profile, periodMs) };
  return cached.points;
}

/** Main-time warnings (optional): 5 min (rules 14.3: no more need to record moves), 1 min, 10 s. */
export const WARNINGS: CountPoint[] = [
  { leftMs: 300000, text: '5 minutes' },
  { leftMs: 60000, text: '1 minute' },
  { leftMs: 10000, text: '10 seconds' },
];

/** Words said at boundaries rather than counts. */
export const SAY_OVERTIME = 'overtime';
export const SAY_LAST_PERIOD = 'last period';
export const SAY_BREAK = 'break';
