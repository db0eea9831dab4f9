/**
 * Reads a scenario file (docs/scenarios.md) into checked data. Every rejection is one line naming the place, e.g.
 * `events[3].atMs: 100 comes before the previous event (200); events must be in time order`. Values and names from
 * the input are echoed cut to 40 characters (text.ts `valueText`, `keyText`); values nested more than MAX_NESTING
 * deep are refused first, by a loop (input-limits.ts), so nothing after it can overflow the stack.
 */
import { GameControl } from '../firmware/clock/control';
import { gameControlError, integerError, MAX_DURATION_MS } from '../firmware/clock/control-validate';
import { ClockEvent } from '../firmware/clock/clock-types';
import { ClockOptions, optionsError } from '../firmware/clock/options';
import { hasOwn, keyText, oneLine, valueText } from '../firmware/clock/text';
import { cut, MAX_NESTING, nestingError, withoutBom } from './input-limits';

export class ScenarioError extends Error {}

/** A raw edge of one of the device's buttons. */
export interface ButtonEvent {
  type: 'button';
  button: 'left' | 'right';
  down: boolean;
}

export interface ScenarioEvent {
  atMs: number;
  event: ClockEvent | ButtonEvent;
}

export interface Scenario {
  control: GameControl;
  options: Partial<ClockOptions>;
  events: ScenarioEvent[];
  untilMs: number;
}

type Json = { [key: string]: unknown };

/** Fields that only describe a scenario for people. */
const COMMENT_KEYS = ['name', 'description', 'comment'];
const TOP_KEYS = ['control', 'options', 'events', 'untilMs'];

/** Each event type and the fields it may carry besides `atMs` and `type`. */
const EVENT_FIELDS: { [type: string]: string[] } = {
  start: [],
  press: ['side'],
  pause: ['side'],
  resume: [],
  adjust: ['side', 'deltaMs', 'remainingMs', 'periodsLeft', 'movesLeft', 'moves', 'control'],
  /** A raw button edge, through the gestures and the menu as on the device. */
  button: ['button', 'down'],
};

function fail(message: string): never {
  throw new ScenarioError(oneLine(message));
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value from the input as a message shows it: `5`, `"purple"`, `an object`, long strings cut. */
function show(value: unknown): string {
  return value === undefined ? 'undefined' : valueText(value);
}

function checkKeys(value: Json, allowed: string[], path: string): void {
  for (const key of Object.keys(value)) {
    if (allowed.indexOf(key) < 0) fail(path + (path ? '.' : '') + keyText(key) + ': unknown field (known: ' + allowed.join(', ') + ')');
  }
}

function checkOptions(value: unknown): Partial<ClockOptions> {
  if (value === undefined) return {};
  const error = optionsError(value, 'options');
  if (error) fail(error);
  return value as Partial<ClockOptions>;
}

function checkSide(value: unknown, path: string, required: boolean): void {
  if (value === undefined && !required) return;
  if (value !== 'black' && value !== 'white') fail(path + ': must be "black" or "white" (got ' + show(value) + ')');
}

function checkEvent(value: unknown, index: number, previousMs: number): ScenarioEvent {
  const path = 'events[' + index + ']';
  if (!isObject(value)) fail(path + ': must be an object with atMs and type');
  const fields = hasOwn(EVENT_FIELDS, value.type as string) ? EVENT_FIELDS[value.type as string] : undefined;
  if (typeof value.type !== 'string' || fields === undefined) {
    fail(path + '.type: unknown event type ' + show(value.type) + ' (known: ' + Object.keys(EVENT_FIELDS).join(', ') + ')');
  }
  checkKeys(value, ['atMs', 'type'].concat(fields), path);
  const atError = integerError(value.atMs, 0, MAX_DURATION_MS);
  if (atError) fail(path + '.atMs: ' + atError);
  const atMs = value.atMs as number;
  if (atMs < previousMs) fail(path + '.atMs: ' + atMs + ' comes before the previous event (' + previousMs + '); events must be in time order');
  if (fields.indexOf('side') >= 0) checkSide(value.side, path + '.side', value.type === 'press');
  if (value.type === 'button') {
    if (value.button !== 'left' && value.button !== 'right') fail(path + '.button: must be "left" or "right" (got ' + show(value.button) + ')');
    if (typeof value.down !== 'boolean') fail(path + '.down: must be true or false (got ' + show(value.down) + ')');
  }
  const event = Object.assign({}, value) as Json;
  delete event.atMs;
  return { atMs: atMs, event: event as unknown as ClockEvent };
}

/** Checks a parsed scenario; throws ScenarioError with one line on the first problem. */
export function checkScenario(value: unknown): Scenario {
  if (!isObject(value)) fail('scenario: must be a JSON object with control and events');
  const tooDeep = nestingError(value, '', MAX_NESTING);
  if (tooDeep) fail(tooDeep);
  checkKeys(value, TOP_KEYS.concat(COMMENT_KEYS), '');
  if (value.control === undefined) fail('control: missing');
  const controlError = gameControlError(value.control, 'control');
  if (controlError) fail(controlError);
  const options = checkOptions(value.options);
  const rawEvents = value.events === undefined ? [] : value.events;
  if (!Array.isArray(rawEvents)) fail('events: must be an array');
  const events: ScenarioEvent[] = [];
  for (let i = 0; i < rawEvents.length; i++) {
    events.push(checkEvent(rawEvents[i], i, i > 0 ? events[i - 1].atMs : 0));
  }
  const lastMs = events.length > 0 ? events[events.length - 1].atMs : 0;
  let untilMs = lastMs;
  if (value.untilMs !== undefined) {
    const untilError = integerError(value.untilMs, 0, MAX_DURATION_MS);
    if (untilError) fail('untilMs: ' + untilError);
    untilMs = value.untilMs as number;
    if (untilMs < lastMs) fail('untilMs: ' + untilMs + ' comes before the last event (' + lastMs + ')');
  }
  return { control: value.control as GameControl, options: options, events: events, untilMs: untilMs };
}

/** Parses scenario text (JSON; a UTF-8 byte-order mark at its start is allowed). */
export function parseScenario(text: string): Scenario {
  let value: unknown;
  try {
    value = JSON.parse(withoutBom(text));
  } catch (e) {
    // V8's message quotes a little of the text around the error; cut it anyway, whatever the engine.
    fail('scenario is not valid JSON: ' + cut(String((e as Error).message), 160));
  }
  return checkScenario(value);
}
