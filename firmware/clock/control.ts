/**
 * Time controls: a union tagged by `system` (the shape of OGS's JGOF time controls), every duration an integer
 * number of milliseconds whose name says so. docs/time-systems.md says what each system does.
 */
import { PerSide } from './side';

export interface AbsoluteControl { system: 'absolute'; mainMs: number }
/** Japanese byo-yomi: after main time, `periods` periods of `periodMs`, one move per period. */
export interface ByoyomiControl { system: 'byoyomi'; mainMs: number; periods: number; periodMs: number }
/** Canadian byo-yomi: after main time, `moves` moves in each period of `periodMs`. */
export interface CanadianControl { system: 'canadian'; mainMs: number; moves: number; periodMs: number }
/** Fischer: `incrementMs` added after every in-time move, never above `capMs` when set. */
export interface FischerControl { system: 'fischer'; mainMs: number; incrementMs: number; capMs?: number }
/** Bronstein: after every in-time move, min(`delayMs`, time used on the move) is given back. */
export interface BronsteinControl { system: 'bronstein'; mainMs: number; delayMs: number }
/** Simple (US) delay: each turn, main time starts running only after `delayMs`. */
export interface DelayControl { system: 'delay'; mainMs: number; delayMs: number }
/** Hourglass: the time one side uses flows to the other. */
export interface HourglassControl { system: 'hourglass'; mainMs: number }
/** One stage: after the side's `moves`-th move in it, the next stage's `ms` is added; the last stage repeats. */
export interface Stage { moves: number; ms: number }
export interface StagesControl { system: 'stages'; stages: Stage[] }

export type TimeControl =
  | AbsoluteControl
  | ByoyomiControl
  | CanadianControl
  | FischerControl
  | BronsteinControl
  | DelayControl
  | HourglassControl
  | StagesControl;

export type TimeSystem = TimeControl['system'];

/** Either one control for both sides, or one per side (time odds). */
export type GameControl = TimeControl | PerSide<TimeControl>;
