/**
 * Shared vocabulary for the time-semantics tables: scenario events as a player or arbiter would name them, and the
 * output shape of docs/scenarios.md. Expected values in the tests are derived by hand from docs/time-systems.md and the rules, never from the code.
 */
import { runScenario } from '../../sim/scenario';

export type SideName = 'black' | 'white';

export interface SideOut {
  phase: 'main' | 'overtime';
  remainingMs: number;
  periodsLeft: number | null;
  movesLeft: number | null;
  moves: number;
  flaggedAtMs: number | null;
}

export interface Announcement { atMs: number; side: SideName; text: string }

export interface Output {
  atMs: number;
  state: 'running' | 'paused' | 'ready' | 'over';
  running: SideName | null;
  sides: { black: SideOut; white: SideOut };
  flags: { side: SideName; atMs: number }[];
  announcements: Announcement[];
  log: string[];
}

export type Scenario = Record<string, unknown>;
export type Event = Record<string, unknown>;

export function run(scenario: Scenario): Output {
  return runScenario(scenario) as unknown as Output;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function start(atMs: number): Event {
  return { atMs, type: 'start' };
}

export function press(atMs: number, side: SideName): Event {
  return { atMs, type: 'press', side };
}

/** A pause by a player (who then calls the arbiter), or by the arbiter when no side is named. */
export function pause(atMs: number, side?: SideName): Event {
  return side === undefined ? { atMs, type: 'pause' } : { atMs, type: 'pause', side };
}

export function resume(atMs: number): Event {
  return { atMs, type: 'resume' };
}

export function adjust(atMs: number, fields: Record<string, unknown>): Event {
  return Object.assign({ atMs, type: 'adjust' }, fields);
}

/** Announcements as compact [atMs, side, text] rows, in the order the clock emitted them. */
export function said(out: Output): [number, SideName, string][] {
  return out.announcements.map((a) => [a.atMs, a.side, a.text] as [number, SideName, string]);
}

/** The log lines written at one instant. */
export function logAt(out: Output, atMs: number): string[] {
  return out.log.filter((line) => line.startsWith(atMs + ' '));
}

/** The state of a side that has not used any time and has not moved. */
export function untouched(remainingMs: number, extra: Partial<SideOut> = {}): SideOut {
  return Object.assign(
    { phase: 'main', remainingMs, periodsLeft: null, movesLeft: null, moves: 0, flaggedAtMs: null } as SideOut,
    extra,
  );
}
