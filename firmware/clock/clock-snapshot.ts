/**
 * A whole clock state as a journal's snapshot record holds it, and the check that lets a snapshot back in: the
 * journal compacts itself by writing the game as it stands instead of every event since its start (game-journal.ts),
 * so a snapshot read at boot is input like any other — a crafted one is refused with the field it got wrong, and a
 * state that passes is one the core can step without looping or throwing (every number a whole count of
 * milliseconds in range, every side's fields those of its own control).
 */
import { TimeControl } from './control';
import { ClockOptions } from './options';
import { isSide, PerSide, SIDES } from './side';
import { ClockState, Flag } from './clock-types';
import { SideClock } from './side-clock';
import { isInstant, MAX_INSTANT_MS } from './clock';
import { integerError, isObject, MAX_COUNT } from './control-validate';

/** What a snapshot keeps of a state: everything but the control and options, which its record carries beside it. */
export interface StateSnapshot {
  status: ClockState['status'];
  toMove: ClockState['toMove'];
  sinceMs: number;
  turnUsedMs: number;
  atMs: number;
  sides: PerSide<SideClock>;
  flags: Flag[];
}

export function snapshotOf(state: ClockState): StateSnapshot {
  return {
    status: state.status,
    toMove: state.toMove,
    sinceMs: state.sinceMs,
    turnUsedMs: state.turnUsedMs,
    atMs: state.atMs,
    sides: state.sides,
    flags: state.flags,
  };
}

/** The main-time warnings' bits (boundaries.ts): 5 min, 1 min, 10 s. */
const MAX_WARNED = 7;

type Fields = { [key: string]: unknown };

function sideError(value: unknown, control: TimeControl, path: string): string | undefined {
  if (!isObject(value)) return path + ': must be an object';
  if (value.phase !== 'main' && value.phase !== 'overtime') return path + '.phase: must be "main" or "overtime"';
  if (value.phase === 'overtime' && control.system !== 'byoyomi' && control.system !== 'canadian') return path + '.phase: no overtime in this system';
  // The times a side holds: whole milliseconds, up to the latest instant (saved stages and increments may pile up).
  const times = ['remainingMs', 'graceMs', 'overdueMs'];
  for (let i = 0; i < times.length; i++) {
    if (!isInstant(value[times[i]])) return path + '.' + times[i] + ': must be whole milliseconds, at most ' + MAX_INSTANT_MS;
  }
  if (typeof value.inBreak !== 'boolean') return path + '.inBreak: must be true or false';
  if (typeof value.breakTaken !== 'boolean') return path + '.breakTaken: must be true or false';
  // `periodsLeft` (byo-yomi) and `movesLeft` (Canadian): a count up to the control's, null in the other systems.
  const counts = ['periodsLeft', 'movesLeft'];
  for (let i = 0; i < counts.length; i++) {
    const count = value[counts[i]];
    const max = i === 0 ? (control.system === 'byoyomi' ? control.periods : null) : control.system === 'canadian' ? control.moves : null;
    if (max === null) {
      if (count !== null) return path + '.' + counts[i] + ': must be null for this system';
      continue;
    }
    const error = integerError(count, 0, max);
    if (error !== undefined) return path + '.' + counts[i] + ': ' + error;
  }
  const counted = integerError(value.moves, 0, MAX_COUNT * MAX_COUNT);
  if (counted !== undefined) return path + '.moves: ' + counted;
  if (value.flaggedAtMs !== null && !isInstant(value.flaggedAtMs)) return path + '.flaggedAtMs: must be null or an instant';
  const warned = integerError(value.warned, 0, MAX_WARNED);
  if (warned !== undefined) return path + '.warned: ' + warned;
  return undefined;
}

function flagsError(value: unknown, path: string): string | undefined {
  if (!Array.isArray(value) || value.length > SIDES.length) return path + ': must be a list of at most two flags';
  for (let i = 0; i < value.length; i++) {
    const flag = value[i] as Fields;
    if (!isObject(flag) || !isSide(flag.side) || !isInstant(flag.atMs)) return path + '[' + i + ']: must be { side, atMs }';
  }
  return undefined;
}

/** One line naming what is wrong with a snapshot for these controls, or undefined when it can be stepped. */
export function snapshotError(value: unknown, controls: PerSide<TimeControl>, path: string): string | undefined {
  if (!isObject(value)) return path + ': must be an object';
  const statuses = ['ready', 'running', 'paused', 'over'];
  if (statuses.indexOf(value.status as string) < 0) return path + '.status: must be one of ' + statuses.join(', ');
  if (!isSide(value.toMove)) return path + '.toMove: must be "black" or "white"';
  if (!isInstant(value.atMs)) return path + '.atMs: must be an instant';
  if (!isInstant(value.sinceMs) || (value.sinceMs as number) > (value.atMs as number)) return path + '.sinceMs: must be an instant not after atMs';
  if (!isInstant(value.turnUsedMs)) return path + '.turnUsedMs: must be whole milliseconds, at most ' + MAX_INSTANT_MS;
  if (!isObject(value.sides)) return path + '.sides: must be an object';
  for (let i = 0; i < SIDES.length; i++) {
    const error = sideError(value.sides[SIDES[i]], controls[SIDES[i]], path + '.sides.' + SIDES[i]);
    if (error !== undefined) return error;
  }
  return flagsError(value.flags, path + '.flags');
}

/** The state a checked snapshot stands for (see `snapshotError`). */
export function stateFromSnapshot(snapshot: StateSnapshot, controls: PerSide<TimeControl>, options: ClockOptions): ClockState {
  return {
    controls: controls,
    options: options,
    status: snapshot.status,
    toMove: snapshot.toMove,
    sinceMs: snapshot.sinceMs,
    turnUsedMs: snapshot.turnUsedMs,
    atMs: snapshot.atMs,
    sides: { black: snapshot.sides.black, white: snapshot.sides.white },
    flags: snapshot.flags,
  };
}
