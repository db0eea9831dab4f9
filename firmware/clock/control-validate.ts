/**
 * Checks that a time control is possible before a clock is built from it. Input comes from the menu, from Storage
 * and from simulator scripts, so it is `unknown` here; a bad field gets one line that names it, e.g.
 * `control.black.periods: must be a positive integer (got 0)`.
 *
 * Decisions (the rules are silent on them):
 * - `mainMs` may be 0 for `byoyomi` and `canadian` only: "no main time, straight into byo-yomi" is a real control.
 *   Every other system would flag at once, so there it must be > 0.
 * - `stages[0].ms` must be > 0; later stages may add 0 ms ("40 moves in 2 h, then the rest in what is left").
 *   Every stage's `moves` is a positive integer (the last stage repeats, so it needs a length too).
 * - Fischer `capMs`, when set, must be at least `mainMs`: a cap below the starting time could only take time away.
 * - Sanity bounds: every duration at most 400 days, periods and moves at most 1000, at most 10 stages.
 * - Unknown fields are refused (a typo such as `periodMS` must not silently leave a default in place).
 * - Errors are plain `Error`s (Espruino cannot subclass `Error`).
 */
import { PerSide } from './side';
import { GameControl, Stage, TimeControl, TimeSystem } from './control';
import { hasOwn, keyText, valueText } from './text';

const DAY_MS = 86400000;
export const MAX_DURATION_MS = 400 * DAY_MS;
export const MAX_COUNT = 1000;
export const MAX_STAGES = 10;

/*
 * The tables below are written inside functions: on the device the code stays in flash, while a module-level
 * table would be built in RAM at boot and kept.
 */

/** The known systems, in the order messages (and the menu) list them. */
export function timeSystems(): TimeSystem[] {
  return ['absolute', 'byoyomi', 'canadian', 'fischer', 'bronstein', 'delay', 'hourglass', 'stages'];
}

/** The fields `system` allows besides `system`, in checking order; undefined for an unknown system. */
function systemFields(system: string): string[] | undefined {
  switch (system) {
    case 'absolute':
    case 'hourglass':
      return ['mainMs'];
    case 'byoyomi':
      return ['mainMs', 'periods', 'periodMs'];
    case 'canadian':
      return ['mainMs', 'moves', 'periodMs'];
    case 'fischer':
      return ['mainMs', 'incrementMs', 'capMs'];
    case 'bronstein':
    case 'delay':
      return ['mainMs', 'delayMs'];
    case 'stages':
      return ['stages'];
    default:
      return undefined;
  }
}

/** A plain object (not null, not an array): what a control, a stage or a snapshot must be. */
export function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parenthesis of a message: `missing` or `got …` (text.ts `valueText`: the same on Espruino and in V8). */
function shown(value: unknown): string {
  return value === undefined ? 'missing' : 'got ' + valueText(value);
}


/**
 * The message part after `path: ` for an integer outside [min, max], or undefined. Also used for arbiter
 * adjustments (adjust.ts). A bound of MAX_DURATION_MS reads "(400 days)". NaN fails `x === x`; Infinity fails the
 * bound after passing Math.floor.
 */
export function integerError(value: unknown, min: number, max: number): string | undefined {
  const isInteger = typeof value === 'number' && value === value && Math.floor(value) === value;
  if (!isInteger || (value as number) < min) {
    const kind = min > 0 ? 'a positive integer' : 'a non-negative integer';
    return 'must be ' + kind + ' (' + shown(value) + ')';
  }
  if ((value as number) > max) {
    const bound = max === MAX_DURATION_MS ? MAX_DURATION_MS + ' (400 days)' : String(max);
    return 'must be at most ' + bound + ' (' + shown(value) + ')';
  }
  return undefined;
}

/** How many unknown fields a message names (the rest are counted). */
const NAMED_UNKNOWN = 3;

/**
 * Names own fields not in `known` (the first NAMED_UNKNOWN, as text.ts `keyText` shows a name: odd ones quoted,
 * long ones cut; the rest counted), or undefined when there are none.
 */
function unknownFieldsError(value: { [key: string]: unknown }, known: string[], path: string, what: string): string | undefined {
  const unknown: string[] = [];
  let count = 0;
  for (const key of Object.keys(value)) {
    if (known.indexOf(key) >= 0) continue;
    if (count < NAMED_UNKNOWN) unknown.push(keyText(key));
    count++;
  }
  if (count === 0) return undefined;
  const list = '(known: ' + known.join(', ') + ')';
  if (count === 1) return path + '.' + unknown[0] + ': unknown field for ' + what + ' ' + list;
  const more = count > NAMED_UNKNOWN ? ' and ' + (count - NAMED_UNKNOWN) + ' more' : '';
  return path + ': unknown fields ' + unknown.join(', ') + more + ' for ' + what + ' ' + list;
}

/** The stages of a stages control: each an object with `moves` and `ms` only, the first bringing time. */
function stagesError(stages: unknown, path: string): string | undefined {
  if (!Array.isArray(stages) || stages.length === 0) return path + ': must be a non-empty array of stages (' + shown(stages) + ')';
  if (stages.length > MAX_STAGES) return path + ': must have at most ' + MAX_STAGES + ' stages (got ' + stages.length + ')';
  for (let i = 0; i < stages.length; i++) {
    const stage = stages[i];
    const stagePath = path + '[' + i + ']';
    if (!isObject(stage)) return stagePath + ': must be an object with moves and ms (' + shown(stage) + ')';
    const unknown = unknownFieldsError(stage, ['moves', 'ms'], stagePath, 'a stage');
    if (unknown) return unknown;
    const moves = integerError(stage.moves, 1, MAX_COUNT);
    if (moves) return stagePath + '.moves: ' + moves;
    // Only the first stage must bring time: later ones may add nothing.
    const ms = integerError(stage.ms, i === 0 ? 1 : 0, MAX_DURATION_MS);
    if (ms) return stagePath + '.ms: ' + ms;
  }
  return undefined;
}

/** One line naming the first impossible field of a single time control, or undefined when it is valid. */
export function controlError(value: unknown, path: string): string | undefined {
  if (!isObject(value)) return path + ': must be a time control object (' + shown(value) + ')';
  const system = value.system;
  if (system === undefined) return path + '.system: missing (known: ' + timeSystems().join(', ') + ')';
  if (typeof system !== 'string') return path + '.system: must be one of ' + timeSystems().join(', ') + ' (' + shown(system) + ')';
  const fields = systemFields(system);
  if (fields === undefined) return path + '.system: unknown time system ' + valueText(system) + ' (known: ' + timeSystems().join(', ') + ')';
  const unknown = unknownFieldsError(value, ['system'].concat(fields), path, system);
  if (unknown) return unknown;
  // Each field's rule; `system` decides whether main time may be zero.
  for (const field of fields) {
    const at = path + '.' + field;
    if (field === 'stages') {
      const error = stagesError(value[field], at);
      if (error) return error;
      continue;
    }
    // An optional cap is simply absent; `undefined` counts as absent so spread-built objects pass.
    if (field === 'capMs' && value[field] === undefined) continue;
    let min = 1;
    if (field === 'mainMs' && (system === 'byoyomi' || system === 'canadian')) min = 0;
    if (field === 'incrementMs' || field === 'delayMs') min = 0;
    const error = integerError(value[field], min, field === 'periods' || field === 'moves' ? MAX_COUNT : MAX_DURATION_MS);
    if (error) return at + ': ' + error;
  }
  if (system === 'fischer' && value.capMs !== undefined && (value.capMs as number) < (value.mainMs as number)) {
    return path + '.capMs: must be at least mainMs (got ' + value.capMs + ' < ' + value.mainMs + ')';
  }
  return undefined;
}

/**
 * Like controlError, for a game's control: one control for both sides, or `{ black, white }` (time odds).
 * An object with `system` is a single control; one with `black` or `white` is per side.
 */
export function gameControlError(value: unknown, path?: string): string | undefined {
  const at = path === undefined ? 'control' : path;
  if (!isObject(value) || hasOwn(value, 'system') || !(hasOwn(value, 'black') || hasOwn(value, 'white'))) {
    return controlError(value, at);
  }
  const unknown = unknownFieldsError(value, ['black', 'white'], at, 'a per-side control');
  if (unknown) return unknown;
  return controlError(value.black, at + '.black') || controlError(value.white, at + '.white');
}

/** A fresh copy holding only the known fields, so callers never share (or later mutate) the input. */
export function copyControl(c: TimeControl): TimeControl {
  if (c.system === 'stages') {
    const stages: Stage[] = [];
    for (const stage of c.stages) stages.push({ moves: stage.moves, ms: stage.ms });
    return { system: 'stages', stages: stages };
  }
  const copy: { [key: string]: unknown } = { system: c.system };
  const source = c as unknown as { [key: string]: unknown };
  for (const field of systemFields(c.system) as string[]) {
    if (source[field] !== undefined) copy[field] = source[field];
  }
  return copy as unknown as TimeControl;
}

/** Validates and returns a copy of one control; throws `Error(message)` when it is impossible. */
export function parseControl(value: unknown, path?: string): TimeControl {
  const error = controlError(value, path === undefined ? 'control' : path);
  if (error) throw new Error(error);
  return copyControl(value as TimeControl);
}

/** Validates a game's control and gives each side its own copy; throws `Error(message)` when it is impossible. */
export function parseGameControl(value: unknown, path?: string): PerSide<TimeControl> {
  const error = gameControlError(value, path);
  if (error) throw new Error(error);
  return gameControlCopy(value as GameControl);
}

/**
 * A game's control given per side, each side its own copy of the known fields, for a control already checked
 * (`gameControlError`, or the firmware's own): checking is most of what `parseGameControl` costs on Espruino.
 */
export function gameControlCopy(value: GameControl): PerSide<TimeControl> {
  const v = value as unknown as { [key: string]: unknown };
  if (hasOwn(v, 'system')) return { black: copyControl(v as unknown as TimeControl), white: copyControl(v as unknown as TimeControl) };
  return { black: copyControl(v.black as TimeControl), white: copyControl(v.white as TimeControl) };
}
