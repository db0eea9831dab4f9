/**
 * Every menu screen on both layouts: every item of every list, every preset, every option and choice, every editor
 * (at its value, its minimum and its maximum), the log, from ready, over and a game paused in each system (in main
 * time and in overtime, time odds, a fallen flag). Each row is exactly the layout's menu width, shows on the HD44780's
 * ROM A00 as written and in the OLED's font within its frame, and no word in it is cut: every word of a row is a
 * whole word of the texts the menu meant to show. Labels and presets are shown whole, and name their system.
 */
import { menuGesture, menuLines, openMenu } from '../../firmware/input/menu';
import { MenuContext, MenuState } from '../../firmware/input/menu/menu-types';
import { itemCount, itemText, positionText, screenTitle } from '../../firmware/input/menu/menu-tree';
import { editSpec, valueText } from '../../firmware/input/menu/menu-editors';
import { logCount, logLine } from '../../firmware/input/menu/menu-log';
import { EDIT_HINT } from '../../firmware/input/menu/menu';
import { shortControl } from '../../firmware/input/menu/menu-text';
import { Gesture } from '../../firmware/input/gesture-types';
import { presets } from '../../firmware/clock/presets';
import { lcdLayout } from '../../firmware/display/render-lcd';
import { oledLayout } from '../../firmware/display/render-oled';
import { FONT_FIRST_CHAR, FONT_WIDTHS } from '../../firmware/display/font';
import { lcdCode } from '../../hal/espruino/hd44780-charset';
import { defaultSettings } from '../../firmware/storage/settings';
import { GameControl } from '../../firmware/clock/control';
import { ClockEvent } from '../../firmware/clock/clock-types';
import { Bench, MINUTE, SECOND } from './drive';

/* eslint-disable @typescript-eslint/no-explicit-any */
const LCD = lcdLayout({ kind: 'character', columns: 16, rows: 2, defineGlyph: () => {}, show: () => {} } as any);
const OLED = oledLayout({ kind: 'graphics', canvas: { getWidth: () => 128, getHeight: () => 64 }, flip: () => {} } as any);
const LAYOUTS: [string, number][] = [['LCD', LCD.menuColumns], ['OLED', OLED.menuColumns]];
/** The OLED draws menu rows from x = 5 inside a frame on its 128 px. */
const OLED_ROW_PX = 128 - 5 - 2;

function gesture(type: 'press' | 'release', button: 'left' | 'right'): Gesture {
  return type === 'press' ? { type: 'press', button: button, atMs: 0 } : { type: 'release', button: button, atMs: 0, heldMs: 100 };
}

function tap(menu: MenuState, button: 'left' | 'right', context: MenuContext): { menu: MenuState; commands: unknown[] } {
  const pressed = menuGesture(menu, gesture('press', button), context).menu;
  return menuGesture(pressed, gesture('release', button), context);
}

/** The texts the screen means to show: each row's words must be whole words of these. */
function intended(menu: MenuState, context: MenuContext): string[] {
  const texts = [menu.message];
  if (menu.screen === 'edit' && menu.edit !== null) {
    const s = editSpec(menu.edit, context, menu.draft, menu.arg);
    return texts.concat([s.label, valueText(menu.edit.kind, s.unit, menu.edit.value), EDIT_HINT]);
  }
  if (menu.screen === 'log') {
    const n = logCount(context);
    const line = logLine(context, Math.min(menu.cursor, n - 1));
    return texts.concat([line.text, line.at, Math.min(menu.cursor, n - 1) + 1 + '/' + n]);
  }
  const n = itemCount(menu, context);
  const cursor = Math.min(menu.cursor, n - 1);
  const item = itemText(menu, context, cursor);
  return texts.concat([item.left, item.right, screenTitle(menu, context), positionText(menu, context, cursor, n)]);
}

interface Shown {
  where: string;
  rows: string[];
  texts: string[];
  /** A list screen's first row: its label and value. */
  item?: { left: string; right: string };
}

/**
 * Every screen reachable with next (L) and choose (R) from `start`, each item of each list once, without carrying
 * out what the menu asks (commands): a choice that would store or apply something is seen, not taken. Each editor
 * is also shown at its minimum and its maximum.
 */
function walk(context: MenuContext, columns: number): Shown[] {
  const shown: Shown[] = [];
  const seen: { [key: string]: boolean } = {};
  const show = (menu: MenuState, where: string): void => {
    const rows = menuLines(menu, context, columns);
    const entry: Shown = { where: where, rows: rows, texts: intended(menu, context) };
    if (menu.screen !== 'edit' && menu.screen !== 'log' && menu.message === '') entry.item = itemText(menu, context, menu.cursor);
    shown.push(entry);
  };
  const visit = (menu: MenuState, where: string, depth: number): void => {
    if (menu.screen === 'edit' && menu.edit !== null) {
      show(menu, where);
      const s = editSpec(menu.edit, context, menu.draft, menu.arg);
      for (const value of [s.min, s.max]) show(Object.assign({}, menu, { edit: Object.assign({}, menu.edit, { value: value }) }), where + ' =' + value);
      // A limit's message ("Min 1", "Max 400d").
      let m = menu;
      for (let i = 0; i < 3; i++) m = tap(m, 'left', context).menu;
      show(m, where + ' L L L');
      return;
    }
    const n = menu.screen === 'log' ? logCount(context) : itemCount(menu, context);
    let m = menu;
    for (let i = 0; i < n; i++) {
      const here = where + ' [' + m.screen + ' ' + i + ']';
      show(m, here);
      const key = m.screen + ':' + m.arg + ':' + i + ':' + (m.draft ? JSON.stringify(m.draft) : '') + ':' + m.stack.length;
      if (!seen[key] && depth < 8 && m.screen !== 'log') {
        seen[key] = true;
        const chosen = tap(m, 'right', context);
        const deeper = chosen.menu.stack.length > m.stack.length;
        if (deeper) visit(chosen.menu, here, depth + 1);
        else if (chosen.menu.message !== '') show(chosen.menu, here + ' R');
      }
      m = tap(m, 'left', context).menu;
    }
  };
  visit(openMenu(context), context.game, 0);
  return shown;
}

const BYO = { system: 'byoyomi', mainMs: 10 * MINUTE, periods: 3, periodMs: 30 * SECOND } as const;
const CAN = { system: 'canadian', mainMs: 5 * MINUTE, moves: 20, periodMs: 5 * MINUTE } as const;

function paused(control: GameControl, moves: [number, ClockEvent][], options?: object): MenuContext {
  const events: [number, ClockEvent][] = [[0, { type: 'start' }]];
  return Bench.paused(control, events.concat(moves).concat([[moves.length ? moves[moves.length - 1][0] + 1000 : 2000, { type: 'pause' }]]), options).context();
}

function contexts(): [string, MenuContext][] {
  const ready = new Bench().context();
  const over = Bench.paused({ system: 'absolute', mainMs: 60000 }, [[0, { type: 'start' }], [61000, { type: 'tick' }]]).context();
  const list: [string, MenuContext][] = [['ready', ready], ['over', over]];
  list.push(['byo-yomi, main time', paused(BYO, [[5000, { type: 'press', side: 'black' }], [9000, { type: 'adjust', side: 'white', deltaMs: 120000 }]])]);
  list.push(['byo-yomi, overtime', paused(BYO, [[11 * MINUTE, { type: 'press', side: 'black' }]])]);
  list.push(['Canadian, overtime', paused(CAN, [[6 * MINUTE, { type: 'press', side: 'black' }], [7 * MINUTE, { type: 'press', side: 'white' }]])]);
  for (const p of presets()) list.push([p.id + ', paused', paused(p.control, [[3000, { type: 'press', side: 'black' }]])]);
  list.push(['time odds', paused({ black: BYO, white: CAN }, [[3000, { type: 'press', side: 'black' }]])]);
  list.push(['a flag fell, play goes on', paused({ system: 'absolute', mainMs: 60000 }, [[61000, { type: 'tick' }]], { onExpire: 'continue' })]);
  const odds = new Bench(Object.assign(defaultSettings(), { control: { black: BYO, white: CAN } })).context();
  list.push(['ready, time odds', odds]);
  return list;
}

function words(text: string): string[] {
  return text.split(' ').filter((w) => w !== '');
}

function oledWidth(row: string): number {
  let px = 0;
  const text = row.replace(/ +$/, '');
  for (let i = 0; i < text.length; i++) px += FONT_WIDTHS.charCodeAt(text.charCodeAt(i) - FONT_FIRST_CHAR);
  return px;
}

describe.each(LAYOUTS)('every menu screen on the %s (%i columns)', (name, columns) => {
  test.each(contexts())('%s: rows fit, show on both displays, and cut no word', (label, context) => {
    const screens = walk(context, columns);
    expect(screens.length).toBeGreaterThan(10);
    // The walk reaches every kind of screen it should (the presets, their sides and the question in a game).
    const kinds = screens.map((s) => s.where.substring(s.where.lastIndexOf('[') + 1).split(' ')[0]);
    for (const kind of ['top', 'presets', 'systems', 'target', 'fields', 'options', 'choice', 'confirm', 'log']) expect(kinds).toContain(kind);
    expect(screens.some((s) => / =\d+$/.test(s.where))).toBe(true); // editors at their limits
    if (context.game === 'paused') for (const kind of ['change', 'keep']) expect(kinds).toContain(kind);
    if (context.game === 'paused') expect(screens.filter((s) => /\[presets \d+\]$/.test(s.where)).length).toBeGreaterThanOrEqual(presets().length);
    const problems: string[] = [];
    for (const s of screens) {
      const allowed: { [word: string]: boolean } = {};
      for (const t of s.texts) for (const w of words(t)) allowed[w] = true;
      for (const row of s.rows) {
        if (row.length !== columns) problems.push(s.where + ': "' + row + '" is ' + row.length + ' long');
        for (let i = 0; i < row.length; i++) {
          const code = row.charCodeAt(i);
          if (lcdCode(code) !== code) problems.push(s.where + ': "' + row + '" has "' + row[i] + '", which the LCD shows otherwise');
        }
        if (oledWidth(row) > OLED_ROW_PX) problems.push(s.where + ': "' + row + '" is wider than the OLED row');
        for (const w of words(row)) if (!allowed[w]) problems.push(s.where + ': "' + row + '" cuts a word ("' + w + '")');
      }
    }
    expect(problems).toEqual([]);
  });
});

test('list labels and values are shown whole at everyday values (nothing left out) in every context', () => {
  const dropped: string[] = [];
  for (const [label, context] of contexts()) {
    for (const s of walk(context, 16)) {
      if (!s.item) continue;
      const row = s.rows[0].trim();
      const want = s.item.right === '' ? s.item.left : s.item.left + ' ' + s.item.right;
      if (row.replace(/ +/g, ' ') !== want.replace(/ +/g, ' ')) dropped.push(label + ' ' + s.where + ': "' + s.rows[0] + '" for "' + want + '"');
    }
  }
  expect(dropped).toEqual([]);
});

test('every preset is named whole on one row, system first', () => {
  const systems: { [system: string]: string } = {
    absolute: 'Abs', byoyomi: 'Byo', canadian: 'Can', fischer: 'Fis', bronstein: 'Bro', delay: 'Delay', hourglass: 'Hourglass', stages: 'Stg',
  };
  for (const p of presets()) {
    const name = shortControl(p.control);
    expect(name.length).toBeLessThanOrEqual(16);
    expect(name.split(' ')[0]).toBe(systems[p.control.system]);
  }
  expect(presets().map((p) => shortControl(p.control))).toEqual([
    'Abs 5m', 'Abs 10m', 'Abs 30m', 'Abs 45m', 'Abs 60m',
    'Byo 10m 3x30s', 'Byo 30m 5x30s', 'Byo 60m 5x30s', 'Byo 40m 1x30s', 'Byo 60m 1x60s',
    'Can 30m 20/5m', 'Can 40m 20/10m', 'Can 60m 15/5m',
    'Fis 3m+15s', 'Fis 10m+10s', 'Fis 30m+30s',
    'Bro 25m+10s', 'Hourglass 1m', 'Stg 40/2h 20/1h',
  ]);
});

test('the menu a game in progress shows ("New contro 11/19" no more)', () => {
  const b = Bench.paused(BYO, [[0, { type: 'start' }], [3000, { type: 'press', side: 'black' }], [4000, { type: 'pause' }]]).open();
  b.to('Change control').do('R R');
  for (let i = 0; i < 10; i++) b.do('L');
  expect(b.screen()).toBe('Can 30m 20/5m   |Canadian   11/19');
});
