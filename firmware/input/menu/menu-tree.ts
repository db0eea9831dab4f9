/**
 * The menu tree, computed from the context on each call (nothing is built ahead: on the device the tree costs
 * only this code). Each list screen has items (ids or indices), a label per item (left text, right value) and a
 * title for the second row.
 *
 *   ready / over                          paused (a game in progress)
 *   - Presets (both sides)                - Resume
 *   - Custom control                      - +2:00 White, +2:00 Black (13.4b)
 *       system > Both/Black/White >       - Time B, Time W (time left of the current phase)
 *       fields (stages: each stage,       - Periods B/W (byo-yomi) or Moves left B/W (Canadian)
 *       add stage) > Save                 - Move count B, W (12.14)
 *   - Options                             - Change control (3.18.4): Preset > preset > Both/Black/White,
 *       Announce, Expiry, First move,         or Custom > system > Both/Black/White > fields > Apply now;
 *       Black btn, Sound, Volume, Voice,      then Keep times / Start afresh
 *                                         - Read the log
 *       Warnings, OT break 3m             - Options (sound, volume, voice at once, the rest from the next game)
 *   - Read the log                        - New game (confirm)
 *   - New game (confirm)                  - Exit (stay paused)
 *   - Exit
 */
import { TimeControl, TimeSystem } from '../../clock/control';
import { timeSystems } from '../../clock/control-validate';
import { sameControl } from '../../clock/control-describe';
import { presetControls } from '../../clock/presets';
import { optionChoices } from '../../clock/options';
import { Settings } from '../../storage/settings';
import { VOICE_CHOICES } from '../../sound/voice-clips';
import { SIDES } from '../../clock/side';
import { Draft, Edit, EditKind, MenuContext, MenuState, Target } from './menu-types';
import { durationText, shortControl, sideLetter } from './menu-text';
import { controlField, editSpec, valueText } from './menu-editors';

export interface ItemText {
  left: string;
  right: string;
}

function item(left: string, right: string): ItemText {
  return { left: left, right: right };
}

/*
 * The menu's tables are written inside functions: the code stays in flash on the device, a module-level table
 * would be built in RAM at boot and kept (the menu is rarely open).
 */

/** A system as the menu names it. */
export function systemName(system: TimeSystem): string {
  const names: { [system: string]: string } = {
    absolute: 'Absolute',
    byoyomi: 'Byo-yomi',
    canadian: 'Canadian',
    fischer: 'Fischer',
    bronstein: 'Bronstein',
    delay: 'Delay (US)',
    hourglass: 'Hourglass',
    stages: 'Stages',
  };
  return names[system];
}

export const TARGETS: Target[] = ['both', 'black', 'white'];

export function targetCode(target: Target): string {
  return target === 'both' ? 'B+W' : sideLetter(target);
}

/** The options, in menu order. `sound` and `volume` act at once; the others are the next game's. */
export function optionKeys(): string[] {
  return ['announce', 'onExpire', 'firstToMove', 'leftSide', 'sound', 'volume', 'voice', 'warnings', 'breakBeforeOvertime', 'arbiterCode'];
}

/** The label of option `index` (optionKeys' order). */
export function optionLabel(index: number): string {
  return ['Announce', 'Expiry', 'First move', 'Black btn', 'Sound', 'Volume', 'Voice', 'Warnings', 'OT break 3m', 'Arbiter'][index];
}

/** The values an option may take (the volume and the arbiter's code are numbers: they have editors, not lists). */
export function optionValues(key: string): unknown[] {
  if (key === 'leftSide') return SIDES;
  if (key === 'sound') return [true, false];
  if (key === 'voice') return VOICE_CHOICES;
  return optionChoices()[key];
}

export function optionValue(settings: Settings, key: string): unknown {
  if (key === 'leftSide') return settings.leftSide;
  if (key === 'sound') return settings.sound;
  if (key === 'volume') return settings.volume;
  if (key === 'voice') return settings.voice;
  if (key === 'arbiterCode') return settings.arbiterCode;
  return (settings.options as unknown as { [key: string]: unknown })[key];
}

export function optionValueText(key: string, value: unknown): string {
  if (key === 'volume') return Math.round((value as number) * 100) + '%';
  if (key === 'arbiterCode') return value === '' ? 'none' : String(value);
  if (value === true) return 'on';
  if (value === false) return 'off';
  if (key === 'leftSide') return value === 'black' ? 'left' : 'right';
  if (key === 'firstToMove') return value === 'black' ? 'Black' : 'White';
  return String(value);
}

/** The ids of the top list: settings from ready/over, the arbiter's corrections first when paused. */
export function topIds(context: MenuContext): string[] {
  if (context.game !== 'paused') return ['presets', 'custom', 'options', 'log', 'newGame', 'exit'];
  const ids = ['resume', 'plus2:white', 'plus2:black', 'time:black', 'time:white'];
  for (const side of SIDES) {
    if (context.clock.controls[side].system === 'byoyomi') ids.push('periods:' + side);
    if (context.clock.controls[side].system === 'canadian') ids.push('movesLeft:' + side);
  }
  ids.push('count:black', 'count:white', 'change', 'log', 'options', 'newGame', 'exit');
  return ids;
}

/** The ids of the form that builds a control: its fields, then Save. */
export function fieldIds(control: TimeControl): string[] {
  const ids: string[] = [];
  if (control.system === 'stages') {
    for (let i = 0; i < control.stages.length; i++) ids.push('stage:' + i);
    ids.push('addStage');
  } else {
    ids.push('mainMs');
    if (control.system === 'byoyomi') ids.push('periods', 'periodMs');
    if (control.system === 'canadian') ids.push('moves', 'periodMs');
    if (control.system === 'fischer') ids.push('incrementMs', 'capMs');
    if (control.system === 'bronstein' || control.system === 'delay') ids.push('delayMs');
  }
  ids.push('save');
  return ids;
}

export const STAGE_IDS = ['stageMoves', 'stageMs', 'removeStage'];
export const CHANGE_IDS = ['preset', 'custom'];
/** The question after a new control mid-game: index 0 keeps each side's time (the cursor starts there), 1 starts afresh. */
const KEEP_NAMES = ['Keep times', 'Start afresh'];
const CONFIRM_NAMES = ['No, go back', 'Yes, new game'];

/** The ids of an id-based list screen, or null for the index-based ones (presets, systems, target, choice, log). */
export function screenIds(menu: MenuState, context: MenuContext): string[] | null {
  switch (menu.screen) {
    case 'top':
      return topIds(context);
    case 'fields':
      return fieldIds((menu.draft as Draft).control);
    case 'stage':
      return STAGE_IDS;
    case 'options':
      return optionKeys();
    case 'change':
      return CHANGE_IDS;
    default:
      return null;
  }
}

/** The part after ':' of an id such as "time:black". */
export function idArg(id: string): string {
  return id.substring(id.indexOf(':') + 1);
}

export function idName(id: string): string {
  const colon = id.indexOf(':');
  return colon < 0 ? id : id.substring(0, colon);
}

function storedSame(settings: Settings, c: TimeControl): boolean {
  return sameControl(settings.control.black, c) && sameControl(settings.control.white, c);
}

function topText(id: string, context: MenuContext): ItemText {
  const side = idArg(id) as 'black' | 'white';
  const v = context.view.sides[side];
  switch (idName(id)) {
    case 'presets': return item('Presets', '');
    case 'custom': return item('Custom control', '');
    case 'options': return item('Options', '');
    case 'log': return item('Read the log', '');
    case 'newGame': return item('New game', '');
    case 'exit': return item('Exit', '');
    case 'resume': return item('Resume', '');
    case 'plus2': return item('+2:00 ' + (side === 'black' ? 'Black' : 'White'), '');
    case 'time': return item('Time ' + sideLetter(side) + (v.phase === 'overtime' ? ' OT' : ''), durationText(v.remainingMs));
    case 'periods': return item('Periods ' + sideLetter(side), String(v.periodsLeft));
    case 'movesLeft': return item('Moves left ' + sideLetter(side), String(v.movesLeft));
    case 'count': return item('Move count ' + sideLetter(side), String(v.moves));
    case 'change': return item('Change control', '');
    default: return item(id, '');
  }
}

function fieldText(id: string, menu: MenuState, context: MenuContext): ItemText {
  const draft = menu.draft as Draft;
  const c = draft.control;
  if (id === 'save') return item(draft.purpose === 'game' ? 'Apply now' : 'Save', '');
  if (id === 'addStage') return item('Add stage', '');
  if (idName(id) === 'stage' && c.system === 'stages') {
    const i = Number(idArg(id));
    return item('S' + (i + 1), c.stages[i].moves + '/' + durationText(c.stages[i].ms)); // moves / time, as "Stg 40/2h" 
  }
  const edit: Edit = { kind: id as EditKind, side: null, value: 0, initial: 0 };
  const s = editSpec(edit, context, draft, 0);
  return item(s.label, valueText(edit.kind, s.unit, controlField(c, edit.kind, 0)));
}

function stageText(id: string, menu: MenuState): ItemText {
  const c = (menu.draft as Draft).control;
  if (c.system !== 'stages' || id === 'removeStage') return item('Remove stage', '');
  const stage = c.stages[menu.arg];
  return id === 'stageMoves' ? item('Moves', String(stage.moves)) : item('Time', durationText(stage.ms));
}

/** How many items the current list screen has. */
export function itemCount(menu: MenuState, context: MenuContext): number {
  const ids = screenIds(menu, context);
  if (ids !== null) return ids.length;
  switch (menu.screen) {
    case 'presets': return presetControls().length;
    case 'systems': return timeSystems().length;
    case 'target': return TARGETS.length;
    case 'choice': return optionValues(optionKeys()[menu.arg]).length;
    case 'confirm': return CONFIRM_NAMES.length;
    case 'keep': return KEEP_NAMES.length;
    default: return 1;
  }
}

/** Item `index` of the current list screen (the log has its own texts, menu-log.ts). */
export function itemText(menu: MenuState, context: MenuContext, index: number): ItemText {
  const ids = screenIds(menu, context);
  switch (menu.screen) {
    case 'top':
      return topText((ids as string[])[index], context);
    case 'fields':
      return fieldText((ids as string[])[index], menu, context);
    case 'stage':
      return stageText(STAGE_IDS[index], menu);
    case 'options': {
      const key = (ids as string[])[index];
      return item(optionLabel(index), optionValueText(key, optionValue(context.settings, key)));
    }
    case 'change':
      return item(index === 0 ? 'Preset' : 'Custom', '');
    case 'presets':
      // The stored preset's mark is on the second row (positionText): the name has the whole first row.
      return item(shortControl(presetControls()[index]), '');
    case 'systems':
      return item(systemName(timeSystems()[index]), '');
    case 'target':
      return item(['Both sides', 'Black only', 'White only'][index], '');
    case 'choice': {
      const key = optionKeys()[menu.arg];
      const value = optionValues(key)[index];
      return item(optionValueText(key, value), value === optionValue(context.settings, key) ? '*' : '');
    }
    case 'confirm':
      return item(CONFIRM_NAMES[index], '');
    case 'keep':
      return item(KEEP_NAMES[index], '');
    default:
      return item('', '');
  }
}

/** The second row's title of the current list screen. */
export function screenTitle(menu: MenuState, context: MenuContext): string {
  const draft = menu.draft;
  switch (menu.screen) {
    case 'top': {
      if (context.game === 'paused') return 'Paused';
      if (context.game === 'over') return 'Game over';
      const c = context.settings.control;
      return sameControl(c.black, c.white) ? shortControl(c.black) : 'Time odds';
    }
    case 'presets':
      // The preset's system, a heading that tells where a long run through the list has got to.
      return systemName(presetControls()[Math.min(menu.cursor, presetControls().length - 1)].system);
    case 'systems':
      return 'System';
    case 'target':
      return draft === null ? '' : draft.fromPreset ? shortControl(draft.control) : systemName(draft.control.system);
    case 'fields':
      return draft === null ? '' : systemName(draft.control.system) + ' ' + targetCode(draft.target);
    case 'stage':
      return 'Stage ' + (menu.arg + 1);
    case 'options':
      return 'Options';
    case 'choice':
      return optionLabel(menu.arg);
    case 'change':
      return 'Change control';
    case 'confirm':
      return 'New game?';
    case 'keep':
      return 'Keep times?';
    default:
      return '';
  }
}

/** The second row's position: "7/19"; "* 7/19" on the preset stored for the next game. */
export function positionText(menu: MenuState, context: MenuContext, cursor: number, count: number): string {
  const at = cursor + 1 + '/' + count;
  if (menu.screen !== 'presets' || menu.draft === null || menu.draft.purpose !== 'settings') return at;
  return storedSame(context.settings, presetControls()[cursor]) ? '* ' + at : at;
}

/** A fresh control of `system` with sensible values, for a custom control that starts from nothing. */
export function defaultControl(system: TimeSystem): TimeControl {
  const MIN = 60000;
  switch (system) {
    case 'absolute': return { system: 'absolute', mainMs: 30 * MIN };
    case 'byoyomi': return { system: 'byoyomi', mainMs: 30 * MIN, periods: 5, periodMs: 30000 };
    case 'canadian': return { system: 'canadian', mainMs: 30 * MIN, moves: 20, periodMs: 5 * MIN };
    case 'fischer': return { system: 'fischer', mainMs: 10 * MIN, incrementMs: 10000 };
    case 'bronstein': return { system: 'bronstein', mainMs: 25 * MIN, delayMs: 10000 };
    case 'delay': return { system: 'delay', mainMs: 25 * MIN, delayMs: 10000 };
    case 'hourglass': return { system: 'hourglass', mainMs: 5 * MIN };
    case 'stages': return { system: 'stages', stages: [{ moves: 40, ms: 120 * MIN }, { moves: 20, ms: 60 * MIN }] };
  }
}
