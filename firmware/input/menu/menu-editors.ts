/**
 * The number editor: what each editable value is called, its range, its steps, and how a held button accelerates.
 * Ranges keep to what the checks accept (control-validate, adjust): a value outside them cannot be reached, and
 * the editor says so ("Min 1") instead of moving.
 */
import { MAX_COUNT, MAX_DURATION_MS } from '../../clock/control-validate';
import { TimeControl } from '../../clock/control';
import { Draft, Edit, EditKind, MenuContext } from './menu-types';
import { durationText, sideLetter } from './menu-text';

const SECOND = 1000;
const MINUTE = 60000;
const HOUR = 3600000;
const DAY = 86400000;

/** A held button's step grows after this many repeats (8 x 150 ms = 1.2 s at the default timing). */
export const REPEATS_PER_LEVEL = 8;
/** The move counter's bound in adjust.ts. */
const MAX_MOVE_COUNT = 100000;

export interface EditSpec {
  label: string;
  unit: 'time' | 'count' | 'percent' | 'code';
  min: number;
  max: number;
  steps: number[];
  /** Index in `steps` of a single press's step ... */
  base: number;
  /** ... and of the largest step a hold reaches. */
  top: number;
  /** Fischer cap: values between 0 (off) and this are skipped (a cap below main time is impossible). */
  floor: number;
}

function spec(label: string, unit: EditSpec['unit'], min: number, max: number, base: number, top: number): EditSpec {
  // Steps of a held button, smallest first (written here, not as module-level tables: the device builds them only
  // while the menu edits a value, not at boot).
  const steps = unit === 'time' ? [SECOND, 10 * SECOND, MINUTE, 10 * MINUTE, HOUR, DAY, 10 * DAY] : unit === 'count' ? [1, 10, 100] : unit === 'code' ? [1, 10, 100, 1000] : [10];
  return { label: label, unit: unit, min: min, max: max, steps: steps, base: base, top: top, floor: 0 };
}

function draftMain(draft: Draft | null): number {
  const c = draft ? draft.control : null;
  return c && c.system !== 'stages' ? c.mainMs : 0;
}

/** What the editor of `edit` edits, in the context it was opened in. */
export function editSpec(edit: Edit, context: MenuContext, draft: Draft | null, stage: number): EditSpec {
  const who = sideLetter(edit.side);
  switch (edit.kind) {
    case 'mainMs': {
      // Only byo-yomi and Canadian may start straight in overtime (control-validate).
      const system = draft ? draft.control.system : 'absolute';
      const min = system === 'byoyomi' || system === 'canadian' ? 0 : MINUTE;
      return spec('Main', 'time', min, MAX_DURATION_MS, 2, 6);
    }
    case 'periods':
      return spec('Periods', 'count', 1, MAX_COUNT, 0, 1);
    case 'periodMs':
      return spec('Period', 'time', SECOND, DAY, 0, 5);
    case 'moves':
      return spec('Moves/period', 'count', 1, MAX_COUNT, 0, 1);
    case 'incrementMs':
      return spec('Bonus', 'time', 0, HOUR, 0, 3);
    case 'capMs': {
      const s = spec('Cap', 'time', 0, MAX_DURATION_MS, 2, 6);
      s.floor = draftMain(draft);
      return s;
    }
    case 'delayMs':
      return spec('Delay', 'time', 0, HOUR, 0, 3);
    case 'stageMoves':
      return spec('S' + (stage + 1) + ' moves', 'count', 1, MAX_COUNT, 0, 1);
    case 'stageMs':
      // 0 can be chosen: later stages may add nothing; the first is refused on OK (control-validate).
      return spec('S' + (stage + 1) + ' time', 'time', 0, MAX_DURATION_MS, 2, 6);
    case 'volume':
      return spec('Volume', 'percent', 0, 100, 0, 0);
    case 'arbiterCode':
      // -1 is "none"; a held button reaches the thousands.
      return spec('Arbiter', 'code', -1, 9999, 0, 3);
    case 'remainingMs': {
      const side = edit.side === null ? context.view.toMove : edit.side;
      const overtime = context.view.sides[side].phase === 'overtime';
      return spec('Time ' + who + (overtime ? ' OT' : ''), 'time', 0, MAX_DURATION_MS, 0, 6);
    }
    case 'periodsLeft':
      return spec('Periods ' + who, 'count', 1, MAX_COUNT, 0, 1);
    case 'movesLeft':
      return spec('Moves left ' + who, 'count', 1, MAX_COUNT, 0, 1);
    case 'moveCount':
      return spec('Move count ' + who, 'count', 0, MAX_MOVE_COUNT, 0, 2);
  }
}

/** The arbiter's code of an editor value: four digits, '' for none (-1). */
export function codeText(value: number): string {
  return value < 0 ? '' : String(10000 + value).substring(1);
}

/** An amount in its unit: "12:34", "50%", "5", "0042". */
function amountText(unit: EditSpec['unit'], value: number): string {
  if (unit === 'time') return durationText(value);
  if (unit === 'percent') return value + '%';
  if (unit === 'code') return value < 0 ? 'none' : codeText(value);
  return String(value);
}

/** The value as the editor shows it: an amount, or "off" for no cap. */
export function valueText(kind: EditKind, unit: EditSpec['unit'], value: number): string {
  return kind === 'capMs' && value === 0 ? 'off' : amountText(unit, value);
}

/** The step of a single press (`repeat` 0) or of the n-th repeat of a hold. */
export function stepFor(s: EditSpec, repeat: number): number {
  const level = repeat <= 0 ? s.base : Math.min(s.top, s.base + Math.floor((repeat - 1) / REPEATS_PER_LEVEL));
  return s.steps[level];
}

/**
 * One step up (`direction` 1) or down (-1) from `value`, snapped to the step: from 12:34.3 (shown 12:35) one
 * second up is 12:36 and ten seconds up 12:40. `limit` is set when the range stopped the step.
 */
export function stepped(s: EditSpec, value: number, direction: number, step: number): { value: number; limit: string } {
  // Times are shown rounded up to the second: step from what is shown.
  const shown = s.unit === 'time' ? Math.ceil(value / SECOND) * SECOND : value;
  let next = direction > 0 ? Math.floor(shown / step) * step + step : Math.ceil(shown / step) * step - step;
  if (s.floor > 0) {
    if (direction > 0 && next < s.floor) next = s.floor;
    if (direction < 0 && next < s.floor) next = 0;
  }
  if (next < s.min) return { value: s.min, limit: 'Min ' + amountText(s.unit, s.min) };
  if (next > s.max) return { value: s.max, limit: 'Max ' + amountText(s.unit, s.max) };
  return { value: next, limit: '' };
}

/** The value of a control field in `c` (0 for an absent cap). */
export function controlField(c: TimeControl, kind: EditKind, stage: number): number {
  if (c.system === 'stages') return kind === 'stageMoves' ? c.stages[stage].moves : c.stages[stage].ms;
  const v = (c as unknown as { [key: string]: number | undefined })[kind];
  return v === undefined ? 0 : v;
}

/** A copy of `c` with one field set (a cap of 0 removes the cap). */
export function withControlField(c: TimeControl, kind: EditKind, stage: number, value: number): TimeControl {
  if (c.system === 'stages') {
    const stages = c.stages.map((s) => ({ moves: s.moves, ms: s.ms }));
    if (kind === 'stageMoves') stages[stage].moves = value;
    else stages[stage].ms = value;
    return { system: 'stages', stages: stages };
  }
  const copy = Object.assign({}, c) as unknown as { [key: string]: unknown };
  if (kind === 'capMs' && value === 0) delete copy.capMs;
  else copy[kind] = value;
  return copy as unknown as TimeControl;
}
