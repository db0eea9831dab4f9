/**
 * The clock's console API as the page sees it: the global `goclock` on the device (version 1), every call answering
 * a plain object, `{ error: "one line" }` when refused. This file holds its types and builds the expressions the
 * page sends; the values go in as JSON literals, which Espruino reads as JavaScript, with every character outside
 * printable ASCII escaped (the link carries bytes).
 */
import type { Side } from '../../firmware/clock/side';

export const API_VERSION = 1;

export interface SideStatus {
  /** As the display shows it ("59:59"). */
  shown: string;
  phase: 'main' | 'overtime';
  remainingMs: number;
  periodsLeft: number | null;
  movesLeft: number | null;
  moves: number;
  flaggedAtMs: number | null;
}

export type ClockState = 'ready' | 'running' | 'paused' | 'over';

export interface Status {
  v: number;
  state: ClockState;
  running: Side | null;
  toMove: Side | null;
  sides: { black: SideStatus; white: SideStatus };
  flags: Array<{ side: Side; atMs: number }>;
  /** The control as the scripted simulator takes it: `{ black, white }`. */
  control: unknown;
  controlText: string;
  options: { [name: string]: unknown };
  unlocked: boolean;
  atMs: number;
  /** The game's start on the same time line, null while ready (absent from firmware before issue 14). */
  startMs?: number | null;
}

export interface LogEntry {
  atMs: number;
  side: Side | null;
  kind: string;
  text: string;
}

export interface LogPage {
  entries: LogEntry[];
  total: number;
}

export interface Preset {
  id: string;
  name: string;
  control: unknown;
}

export interface Refusal {
  error: string;
}

/** The corrections `goclock.adjust` takes: one of these fields beside `side`. */
export type AdjustField = 'deltaMs' | 'remainingMs' | 'periodsLeft' | 'movesLeft' | 'moves';

/** The calls that change the clock: refused unless the arbiter's code unlocked the console. */
export const CHANGING_CALLS = ['setControl', 'adjust', 'pause', 'resume', 'newGame'];

/** `value` as a JavaScript literal of printable ASCII (JSON, with `\u` escapes outside 0x20–0x7e). */
export function literal(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) return 'undefined';
  return json.replace(/[^\x20-\x7e]/g, (c) => '\\u' + ('000' + c.charCodeAt(0).toString(16)).slice(-4));
}

/** `goclock.NAME(arg, …)` with each argument a literal. */
export function callExpression(name: string, args?: unknown[]): string {
  return 'goclock.' + name + '(' + (args || []).map(literal).join(',') + ')';
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && typeof (value as Refusal).error === 'string';
}

/** Whether an answer to `status()` has the shape the page reads (a device of another API version may differ). */
export function isStatus(value: unknown): value is Status {
  const s = value as Status;
  return (
    typeof s === 'object' && s !== null && typeof s.state === 'string' && typeof s.sides === 'object' && s.sides !== null &&
    typeof s.sides.black === 'object' && typeof s.sides.white === 'object'
  );
}

/** The expression that tells what console API the device has: `{v}`, or `{none: 0}` (no goclock), `{none: 1}`
 * (a goclock global without `status`: firmware older than the console API). Short: fewer packets to send. */
export const PROBE_EXPRESSION = 'typeof goclock=="object"&&goclock?(goclock.status?{v:goclock.v}:{none:1}):{none:0}';

/** What a probe's `none` means, in words. */
export function noApiText(none: number): string {
  return none === 1 ? 'this firmware has no console API (only goclock.record)' : 'no goclock firmware';
}
