/**
 * The arbiter's menu as a pure reducer: `menuGesture(menu, gesture, context) -> { menu, commands }`. It reads the
 * clock and the settings from `context` on every call and never changes them: what it wants done leaves as
 * commands (store settings, adjust the running game, resume, new game, close), every adjust checked first with
 * the core's adjustError and every control with controlError. After `close`, `resume` or `newGame` the caller
 * drops the menu. The menu tree is drawn in menu-tree.ts.
 *
 * GESTURE MAPPING (the basis of the user manual's menu page)
 *
 * The left button is "next / minus", the right button "select / plus", whichever side is Black's.
 *
 *   Everything acts when a button comes UP, never on its down edge: the recogniser reports presses before it can
 *   know that a chord is starting, and the presses that begin a chord must change nothing. A chord swallows the
 *   presses that began it (their releases are ignored) and acts when both buttons are up again.
 *
 *   In a list (menus, presets, options, choices, the log):
 *     L   short press       next item (cyclic; in the log: older)
 *     R   short press       choose (in the log: newer)
 *     L   long (1 s)        back one level; at the top: close the menu (a paused game stays paused)
 *     R   long (1 s)        previous item (cyclic; in the log: newer)
 *     R   held on           keeps going back, one item every other auto-repeat (300 ms): the fast way through a
 *                           long list (see FAST LISTS below)
 *     L+R both briefly      choose, like R (in the log: back)
 *     L+R both held 2 s     back, like long L (at the top it does nothing: it never closes the menu)
 *   A press held past the auto-repeat delay but released before it is long still counts as one short press.
 *   Choices (announcement profile, on/off, expiry, first mover, Black's button) are lists of their values, the
 *   stored one marked "*": L cycles, R (or both briefly) chooses and saves, long L leaves it unchanged.
 *
 *   In a number editor (times, counts, volume):
 *     L / R short press     minus / plus one step (1 s for times left and per-move times, 1 min for main and
 *                           stage times, 1 for counts, 10 % for the volume)
 *     L / R held            the step repeats every 150 ms and grows every 8 repeats: 1 s, 10 s, 1 min, 10 min,
 *                           1 h, 1 d, 10 d for times; 1, 10, 100 for counts. Steps snap to round values (from
 *                           what is shown), so a hold lands on 12:40, not 12:43.
 *     L+R both briefly      OK: save (an impossible value is refused with a message and the editor stays)
 *     L+R both held 2 s     cancel: leave the value as it was
 *   A long press in an editor does nothing more than repeat: holding is how values run (auto-repeat starts
 *   before a press becomes long), so cancel is the two-button hold. At a limit the value stops and the second
 *   row says so ("Min 1", "Max 100%").
 *
 * FAST LISTS. The presets are 19 items and the paused top list 14 or more; with one step per press the farthest
 * item took 9 presses (lists wrap, and long R steps back). Every two-button gesture already has its meaning in a
 * list, and each must keep it: the simulators, the manual and the arbiters' hands know them (long L is the way
 * back, so holding L cannot run the list; both briefly is choose, as OK in the editor). What no gesture used is R
 * held on after its long press: it now runs the list backwards, as holding runs a value in the editor, one item
 * every 300 ms (readable on an LCD, easy to let go at the right item), and the list wraps, so every item is one
 * hold away, or one hold and a press. The presets' second row names the system of the item shown, a heading that
 * says where the run has got to. Measured in test/menu/fast-lists.test.ts (actions to the farthest item).
 *
 * MID-GAME CONTROL (3.18.4). Once a new control is chosen for a game in progress (a preset and its sides, or a
 * custom control's "Apply now"), the menu asks "Keep times?": "Keep times" (the cursor starts there: nothing given
 * is lost, a +2:00 included) or "Start afresh" (each side starts the new control from its beginning). What keep
 * means in each system is written at side-clock.ts `keptSideClock`. Long L goes back to the control, unchanged.
 */
import { Gesture } from '../gesture-types';
import { AdjustEvent } from '../../clock/clock-types';
import { TimeControl } from '../../clock/control';
import { controlError, MAX_STAGES, parseControl, timeSystems } from '../../clock/control-validate';
import { sameControl } from '../../clock/control-describe';
import { presetControls } from '../../clock/presets';
import { Settings } from '../../storage/settings';
import { PerSide, Side } from '../../clock/side';
import { Draft, Edit, EditKind, Frame, MenuCommand, MenuContext, MenuState, Screen } from './menu-types';
import { Key, keyOf } from './menu-input';
import { fit, shortControl, shortError, sideLetter, spread, titled } from './menu-text';
import {
  codeText,
  controlField,
  editSpec,
  stepFor,
  stepped,
  valueText,
  withControlField,
} from './menu-editors';
import {
  defaultControl,
  idArg,
  idName,
  itemCount,
  itemText,
  optionKeys,
  optionValue,
  optionValues,
  positionText,
  screenIds,
  screenTitle,
  STAGE_IDS,
  TARGETS,
} from './menu-tree';
import { logCount, logLine } from './menu-log';
import { menuAdjustError } from './menu-check';

export type { MenuCommand, MenuContext, MenuState } from './menu-types';

export interface MenuResult {
  menu: MenuState;
  commands: MenuCommand[];
}

/** The 13.4b penalty: two minutes to the opponent. */
export const PENALTY_MS = 120000;

/** The second row of the number editor when there is no message. */
export const EDIT_HINT = 'L- R+  L+R=OK';

/** The menu at its top list. What the list holds is read from the context on every call: nothing is copied. */
export function openMenu(context: MenuContext): MenuState {
  void context;
  return {
    screen: 'top',
    cursor: 0,
    arg: 0,
    stack: [],
    draft: null,
    edit: null,
    message: '',
    down: 0,
    longed: 0,
    repeats: 0,
    chord: 0,
  };
}

function result(menu: MenuState, commands?: MenuCommand[]): MenuResult {
  return { menu: menu, commands: commands || [] };
}

function said(menu: MenuState, message: string): MenuResult {
  return result(Object.assign({}, menu, { message: message }));
}

/** Opens `screen` below the current one (long left comes back here). */
function go(menu: MenuState, screen: Screen, cursor: number, arg: number, changes?: object): MenuState {
  const stack = menu.stack.slice();
  stack.push({ screen: menu.screen, cursor: menu.cursor, arg: menu.arg });
  return Object.assign({}, menu, { screen: screen, cursor: cursor, arg: arg, stack: stack, message: '' }, changes || {});
}

/** The screens that choose or build a control: the draft lives while one of them is open. */
const DRAFT_SCREENS: Screen[] = ['presets', 'systems', 'target', 'fields', 'stage', 'keep'];

/** Back one level with a message; at the top, close the menu. */
function back(menu: MenuState, message: string): MenuResult {
  if (menu.stack.length === 0) return result(menu, [{ type: 'close' }]);
  const stack = menu.stack.slice();
  const frame = stack.pop() as Frame;
  const left = Object.assign({}, menu, { screen: frame.screen, cursor: frame.cursor, arg: frame.arg, stack: stack, edit: null, message: message });
  if (DRAFT_SCREENS.indexOf(frame.screen) < 0) left.draft = null;
  return result(left);
}

/** Back to the top list, where it was left, with a message. */
function toTop(menu: MenuState, message: string, cursor?: number): MenuState {
  const frame = menu.stack.length > 0 ? menu.stack[0] : { screen: menu.screen, cursor: menu.cursor, arg: 0 };
  return Object.assign({}, menu, {
    screen: 'top',
    cursor: cursor === undefined ? frame.cursor : cursor,
    arg: 0,
    stack: [],
    draft: null,
    edit: null,
    message: message,
  });
}

function withSettings(settings: Settings, changes: object): Settings {
  return Object.assign({}, settings, changes);
}

function copyPerSide(control: PerSide<TimeControl>): PerSide<TimeControl> {
  return { black: parseControl(control.black), white: parseControl(control.white) };
}

/** The control a draft starts from: the stored one (settings) or the running game's, of `target`. */
function sourceControl(draft: Draft, context: MenuContext): TimeControl {
  const controls = draft.purpose === 'game' ? context.clock.controls : context.settings.control;
  return draft.target === 'white' ? controls.white : controls.black;
}

/** The shortest menu row (both layouts have 16 columns for the menu). */
const MESSAGE_COLUMNS = 16;

/** "Saved B Abs 10m"; when that is too long for a row, `otherwise` ("Saved"), never a cut control. */
function saidWith(what: string, control: string, otherwise: string): string {
  return what.length + control.length <= MESSAGE_COLUMNS ? what + control : otherwise;
}

/**
 * Save a control: store it (settings) or adjust the running game (3.18.4). Refused with a message if impossible.
 * For the game, first asks whether each side keeps its time (`keep` undefined: the question, screen `keep`).
 */
function applyControl(menu: MenuState, context: MenuContext, draft: Draft, keep?: boolean): MenuResult {
  const error = controlError(draft.control, 'control');
  if (error !== undefined) return said(menu, shortError(error));
  const short = shortControl(draft.control);
  const who = draft.target === 'both' ? '' : sideLetter(draft.target) + ' ';
  if (draft.purpose === 'settings') {
    const control = copyPerSide(context.settings.control);
    if (draft.target !== 'white') control.black = parseControl(draft.control);
    if (draft.target !== 'black') control.white = parseControl(draft.control);
    const settings = withSettings(context.settings, { control: control });
    return result(toTop(menu, saidWith('Saved ', who + short, who === '' ? 'Saved' : 'Saved for ' + (draft.target === 'black' ? 'Black' : 'White'))), [{ type: 'settings', settings: settings }]);
  }
  const event: AdjustEvent = { type: 'adjust', control: parseControl(draft.control) };
  if (draft.target !== 'both') event.side = draft.target;
  if (keep === true) event.keepTimes = true;
  const refused = menuAdjustError(context, event);
  if (refused !== undefined) return said(menu, shortError(refused));
  if (keep === undefined) return result(go(menu, 'keep', 0, 0, { draft: draft }));
  // On Resume: the likely next step, and the items below it may have changed with the control.
  return result(toTop(menu, saidWith('Now ', who + short, who === '' ? 'Control changed' : 'New control ' + who.trim()), 0), [{ type: 'adjust', event: event }]);
}

function adjustCommand(menu: MenuState, context: MenuContext, event: AdjustEvent, done: MenuState): MenuResult {
  const refused = menuAdjustError(context, event);
  if (refused !== undefined) return said(menu, shortError(refused));
  return result(done, [{ type: 'adjust', event: event }]);
}

function openEditor(menu: MenuState, kind: EditKind, side: Side | null, value: number, arg: number): MenuState {
  const edit: Edit = { kind: kind, side: side, value: value, initial: value };
  return go(menu, 'edit', 0, arg, { edit: edit });
}

function chooseTop(menu: MenuState, context: MenuContext, id: string): MenuResult {
  const side = idArg(id) as Side;
  const v = context.view.sides[side];
  const stored = context.settings.control;
  switch (idName(id)) {
    case 'presets': {
      let cursor = 0;
      const controls = presetControls();
      for (let i = 0; i < controls.length; i++) {
        if (sameControl(controls[i], stored.black) && sameControl(controls[i], stored.white)) cursor = i;
      }
      return result(go(menu, 'presets', cursor, 0, { draft: { purpose: 'settings', target: 'both', control: stored.black, fromPreset: true } }));
    }
    case 'custom':
      return result(go(menu, 'systems', Math.max(0, timeSystems().indexOf(stored.black.system)), 0, {
        draft: { purpose: 'settings', target: 'both', control: stored.black, fromPreset: false },
      }));
    case 'options':
      return result(go(menu, 'options', 0, 0));
    case 'log':
      return result(go(menu, 'log', 0, 0));
    case 'newGame':
      return result(go(menu, 'confirm', 0, 0));
    case 'exit':
      return result(menu, [{ type: 'close' }]);
    case 'resume':
      return result(menu, [{ type: 'resume' }]);
    case 'plus2': {
      // One step (13.4b); the cursor goes to Resume, the likely next choice.
      const done = Object.assign({}, menu, { cursor: 0, message: '+2:00 ' + (side === 'black' ? 'Black' : 'White') + ' done' });
      return adjustCommand(menu, context, { type: 'adjust', side: side, deltaMs: PENALTY_MS }, done);
    }
    case 'time':
      return result(openEditor(menu, 'remainingMs', side, v.remainingMs, 0));
    case 'periods':
      return result(openEditor(menu, 'periodsLeft', side, v.periodsLeft === null ? 1 : v.periodsLeft, 0));
    case 'movesLeft':
      return result(openEditor(menu, 'movesLeft', side, v.movesLeft === null ? 1 : v.movesLeft, 0));
    case 'count':
      return result(openEditor(menu, 'moveCount', side, v.moves, 0));
    case 'change':
      return result(go(menu, 'change', 0, 0));
    default:
      return result(menu);
  }
}

function chooseField(menu: MenuState, context: MenuContext, id: string): MenuResult {
  const draft = menu.draft as Draft;
  const c = draft.control;
  if (id === 'save') return applyControl(menu, context, draft);
  if (id === 'addStage' && c.system === 'stages') {
    if (c.stages.length >= MAX_STAGES) return said(menu, 'Max ' + MAX_STAGES + ' stages');
    const last = c.stages[c.stages.length - 1];
    const stages = c.stages.map((s) => ({ moves: s.moves, ms: s.ms }));
    stages.push({ moves: last.moves, ms: last.ms });
    const next: Draft = Object.assign({}, draft, { control: { system: 'stages', stages: stages } });
    return said(Object.assign({}, menu, { draft: next, cursor: stages.length - 1 }), 'Stage ' + stages.length + ' added');
  }
  if (idName(id) === 'stage') return result(go(menu, 'stage', 0, Number(idArg(id))));
  const kind = id as EditKind;
  return result(openEditor(menu, kind, null, controlField(c, kind, 0), 0));
}

function chooseStage(menu: MenuState, id: string): MenuResult {
  const draft = menu.draft as Draft;
  const c = draft.control;
  if (c.system !== 'stages') return result(menu);
  if (id !== 'removeStage') {
    const kind = id as EditKind;
    return result(openEditor(menu, kind, null, controlField(c, kind, menu.arg), menu.arg));
  }
  if (c.stages.length <= 1) return said(menu, 'Need 1 stage');
  const stages = c.stages.filter((s, i) => i !== menu.arg).map((s) => ({ moves: s.moves, ms: s.ms }));
  const removed = Object.assign({}, menu, { draft: Object.assign({}, draft, { control: { system: 'stages', stages: stages } }) });
  const r = back(removed, 'Stage ' + (menu.arg + 1) + ' removed');
  r.menu.cursor = Math.min(r.menu.cursor, stages.length - 1);
  return r;
}

function chooseOption(menu: MenuState, context: MenuContext, index: number): MenuResult {
  const key = optionKeys()[index];
  if (key === 'volume') return result(openEditor(menu, 'volume', null, Math.round(context.settings.volume * 100), 0));
  // The code edits as a number, -1 being "none" (no code: the console cannot change anything).
  const code = context.settings.arbiterCode;
  if (key === 'arbiterCode') return result(openEditor(menu, 'arbiterCode', null, code === '' ? -1 : Number(code), 0));
  const cursor = Math.max(0, optionValues(key).indexOf(optionValue(context.settings, key)));
  return result(go(menu, 'choice', cursor, index));
}

/** Store one option. Sound, volume and voice act at once; the others from the next game when a game is paused. */
function storeOption(menu: MenuState, context: MenuContext, key: string, value: unknown): MenuResult {
  let settings: Settings;
  const atOnce = key === 'sound' || key === 'volume' || key === 'voice';
  if (key === 'leftSide' || atOnce) {
    const change: { [key: string]: unknown } = {};
    change[key] = value;
    settings = withSettings(context.settings, change);
  } else {
    const options = Object.assign({}, context.settings.options) as unknown as { [key: string]: unknown };
    options[key] = value;
    settings = withSettings(context.settings, { options: options });
  }
  const later = context.game === 'paused' && !atOnce;
  const r = back(menu, later ? 'Saved, next game' : 'Saved');
  r.commands.push({ type: 'settings', settings: settings });
  return r;
}

function choose(menu: MenuState, context: MenuContext, index: number): MenuResult {
  const ids = screenIds(menu, context);
  const draft = menu.draft;
  switch (menu.screen) {
    case 'top':
      return chooseTop(menu, context, (ids as string[])[index]);
    case 'fields':
      return chooseField(menu, context, (ids as string[])[index]);
    case 'stage':
      return chooseStage(menu, STAGE_IDS[index]);
    case 'options':
      return chooseOption(menu, context, index);
    case 'choice': {
      const key = optionKeys()[menu.arg];
      return storeOption(menu, context, key, optionValues(key)[index]);
    }
    case 'change': {
      const game: Draft = { purpose: 'game', target: 'both', control: context.clock.controls.black, fromPreset: index === 0 };
      if (index === 0) return result(go(menu, 'presets', 0, 0, { draft: game }));
      return result(go(menu, 'systems', Math.max(0, timeSystems().indexOf(context.clock.controls.black.system)), 0, { draft: game }));
    }
    case 'presets': {
      const d = draft as Draft;
      const chosen: Draft = Object.assign({}, d, { control: parseControl(presetControls()[index]), fromPreset: true });
      if (d.purpose === 'settings') return applyControl(menu, context, chosen);
      return result(go(menu, 'target', 0, 0, { draft: chosen }));
    }
    case 'systems': {
      const system = timeSystems()[index];
      const chosen: Draft = Object.assign({}, draft as Draft, { control: defaultControl(system), fromPreset: false });
      return result(go(menu, 'target', 0, 0, { draft: chosen }));
    }
    case 'target': {
      const chosen: Draft = Object.assign({}, draft as Draft, { target: TARGETS[index] });
      if (chosen.fromPreset) return applyControl(menu, context, chosen);
      // Start from what that side has when it is the same system (a correction, not a retyping), else afresh.
      const source = sourceControl(chosen, context);
      const system = chosen.control.system;
      chosen.control = source.system === system ? parseControl(source) : defaultControl(system);
      return result(go(menu, 'fields', 0, 0, { draft: chosen }));
    }
    case 'keep':
      return applyControl(menu, context, draft as Draft, index === 0);
    case 'confirm':
      return index === 1 ? result(menu, [{ type: 'newGame' }]) : back(menu, '');
    default:
      return result(menu);
  }
}

/** "control.periods" or "control.stages[1].ms": where controlError names the edited field. */
function fieldPath(kind: EditKind, stage: number): string {
  if (kind === 'stageMoves') return 'control.stages[' + stage + '].moves';
  if (kind === 'stageMs') return 'control.stages[' + stage + '].ms';
  return 'control.' + kind;
}

/** OK in the editor: keep the value (draft fields), store it (volume) or correct the game (in-game values). */
function saveEdit(menu: MenuState, context: MenuContext): MenuResult {
  const edit = menu.edit as Edit;
  const s = editSpec(edit, context, menu.draft, menu.arg);
  if (edit.kind === 'volume') {
    const r = back(menu, 'Saved');
    r.commands.push({ type: 'settings', settings: withSettings(context.settings, { volume: edit.value / 100 }) });
    return r;
  }
  if (edit.kind === 'arbiterCode') {
    const r = back(menu, edit.value < 0 ? 'No code set' : 'Code saved');
    r.commands.push({ type: 'settings', settings: withSettings(context.settings, { arbiterCode: codeText(edit.value) }) });
    return r;
  }
  if (edit.side !== null) {
    if (edit.value === edit.initial) return back(menu, 'No change');
    const event: AdjustEvent = { type: 'adjust', side: edit.side };
    if (edit.kind === 'remainingMs') event.remainingMs = edit.value;
    else if (edit.kind === 'periodsLeft') event.periodsLeft = edit.value;
    else if (edit.kind === 'movesLeft') event.movesLeft = edit.value;
    else event.moves = edit.value;
    const refused = menuAdjustError(context, event);
    if (refused !== undefined) return said(menu, shortError(refused));
    const r = back(menu, s.label + ' set');
    r.commands.push({ type: 'adjust', event: event });
    return r;
  }
  const draft = menu.draft as Draft;
  const trial = withControlField(draft.control, edit.kind, menu.arg, edit.value);
  const error = controlError(trial, 'control');
  // A value impossible in itself is refused here; one that clashes with another field is refused on Save.
  if (error !== undefined && error.indexOf(fieldPath(edit.kind, menu.arg) + ':') === 0) return said(menu, shortError(error));
  const kept = Object.assign({}, menu, { draft: Object.assign({}, draft, { control: trial }) });
  return back(kept, '');
}

/** A key in the editor, or null when it means nothing there. */
function editKey(menu: MenuState, context: MenuContext, k: Key): MenuResult | null {
  const edit = menu.edit as Edit;
  if (k.key === 'OK') return saveEdit(menu, context);
  if (k.key === 'CANCEL') return back(menu, 'Cancelled');
  if (k.key !== 'L' && k.key !== 'R') return null;
  // The release that ends a hold has already been stepped by the repeats.
  if (k.repeat === 0 && k.afterRepeats) return null;
  const s = editSpec(edit, context, menu.draft, menu.arg);
  const next = stepped(s, edit.value, k.key === 'R' ? 1 : -1, stepFor(s, k.repeat));
  return result(Object.assign({}, menu, { edit: Object.assign({}, edit, { value: next.value }), message: next.limit }));
}

/**
 * Right held on after its long press: every other auto-repeat is one more step back (FAST LISTS at the top). Repeats
 * of a hold that has not been long yet, and of the left button (whose long press leaves the screen), do nothing.
 */
function runsBack(menu: MenuState, k: Key): boolean {
  return k.key === 'R' && k.repeat > 0 && (menu.longed & 2) !== 0 && k.repeat % 2 === 0;
}

function logKey(menu: MenuState, context: MenuContext, k: Key): MenuResult | null {
  const n = logCount(context);
  if (runsBack(menu, k)) return result(Object.assign({}, menu, { cursor: (menu.cursor + n - 1) % n }));
  if (k.repeat > 0) return null;
  if (k.key === 'L') return result(Object.assign({}, menu, { cursor: (menu.cursor + 1) % n }));
  if (k.key === 'R' || k.key === 'RL') return result(Object.assign({}, menu, { cursor: (menu.cursor + n - 1) % n }));
  return back(menu, '');
}

function listKey(menu: MenuState, context: MenuContext, k: Key): MenuResult | null {
  const n = itemCount(menu, context);
  const cursor = Math.min(menu.cursor, n - 1);
  if (runsBack(menu, k)) return result(Object.assign({}, menu, { cursor: (cursor + n - 1) % n }));
  if (k.repeat > 0) return null;
  if (k.key === 'L') return result(Object.assign({}, menu, { cursor: (cursor + 1) % n }));
  if (k.key === 'RL') return result(Object.assign({}, menu, { cursor: (cursor + n - 1) % n }));
  if (k.key === 'R' || k.key === 'OK') return choose(Object.assign({}, menu, { cursor: cursor }), context, cursor);
  // Both held 2 s go back but never close: the chord's end must still find the menu open.
  if (k.key === 'CANCEL' && menu.stack.length === 0) return null;
  return back(menu, menu.screen === 'fields' ? 'Not saved' : '');
}

export function menuGesture(menu: MenuState, gesture: Gesture, context: MenuContext): MenuResult {
  const input = keyOf(menu, gesture);
  if (input.key === null) return result(input.menu);
  // A key that acts clears the message (the action may set a new one); one that means nothing leaves it shown.
  const m = Object.assign({}, input.menu, { message: '' });
  let r: MenuResult | null;
  if (m.screen === 'edit') r = editKey(m, context, input.key);
  else if (m.screen === 'log') r = logKey(m, context, input.key);
  else r = listKey(m, context, input.key);
  return r === null ? result(input.menu) : r;
}

function position(cursor: number, count: number): string {
  return cursor + 1 + '/' + count;
}

/**
 * The screen: two rows of exactly `columns` ASCII characters. A label too long for its row loses whole words from
 * its end (menu-text.ts `fitWords`), never part of one; a title loses its position first.
 */
export function menuLines(menu: MenuState, context: MenuContext, columns: number): string[] {
  if (menu.screen === 'edit' && menu.edit !== null) {
    const s = editSpec(menu.edit, context, menu.draft, menu.arg);
    return [spread(s.label, valueText(menu.edit.kind, s.unit, menu.edit.value), columns), fit(menu.message || EDIT_HINT, columns)];
  }
  if (menu.screen === 'log') {
    const n = logCount(context);
    const cursor = Math.min(menu.cursor, n - 1);
    const line = logLine(context, cursor);
    return [fit(line.text, columns), menu.message ? fit(menu.message, columns) : spread(line.at, position(cursor, n), columns)];
  }
  const n = itemCount(menu, context);
  const cursor = Math.min(menu.cursor, n - 1);
  const text = itemText(menu, context, cursor);
  const second = menu.message ? fit(menu.message, columns) : titled(screenTitle(menu, context), positionText(menu, context, cursor, n), columns);
  return [spread(text.left, text.right, columns), second];
}
