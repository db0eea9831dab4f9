/**
 * A test bench for the arbiter's menu: button edges go through the real gesture recogniser (firmware/input/gestures.ts)
 * into the menu, and the bench plays the runtime's part with the real clock core: it stores settings, applies
 * adjusts, resumes, starts new games. Scripts are written the way an arbiter presses:
 *
 *   L, R        a short press (100 ms down, 200 ms up: one action = 300 ms)
 *   LL, RL      a long press (held 1100 ms: auto-repeats at 500..950 ms, long at 1000 ms)
 *   C           both buttons briefly (left, right 20 ms later, both held 500 ms): a chord
 *   CC          both held 2.1 s: a chord that reaches level 1
 *   L3000, R2400   L or R held that many ms (auto-repeat)
 *   L*5         five short presses
 */
import { createGestures, gestureDeadline, gestureStep, GestureState } from '../../firmware/input/gestures';
import { Gesture } from '../../firmware/input/gesture-types';
import { ButtonName } from '../../hal/hal';
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { LogEntry } from '../../firmware/clock/game-log';
import { packLogEntry, unpackLogEntry } from '../../firmware/runtime/packed-log';
import { view } from '../../firmware/display/view';
import { defaultSettings, Settings, settingsError } from '../../firmware/storage/settings';
import { adjustError } from '../../firmware/clock/adjust';
import { GameControl } from '../../firmware/clock/control';
import { ClockOptions } from '../../firmware/clock/options';
import { menuGesture, menuLines, openMenu } from '../../firmware/input/menu';
import { MenuCommand, MenuContext, MenuState } from '../../firmware/input/menu/menu-types';

export const SECOND = 1000;
export const MINUTE = 60000;
export const HOUR = 3600000;

/** One recorded action of a script: what was done and how long it took, for gesture counts. */
export interface Action {
  token: string;
  /** How long the buttons were held (the longer of the two for a chord). */
  heldMs: number;
}

export class Bench {
  settings: Settings;
  clock: ClockState;
  log: LogEntry[] = [];
  menu: MenuState | null = null;
  /** Every command the menu gave, in order. */
  commands: MenuCommand[] = [];
  /** Every screen shown after a gesture that reached the menu. */
  screens: string[][] = [];
  actions: Action[] = [];
  /** The screen widths recorded in `screens` after each gesture. */
  widths: number[] = [16];
  nowMs: number;
  private gestures: GestureState = createGestures();

  constructor(settings?: Settings, clock?: ClockState, nowMs?: number) {
    this.settings = settings || defaultSettings();
    this.clock = clock || createClock(this.settings.control, this.settings.options);
    this.nowMs = nowMs === undefined ? 10 * SECOND : nowMs;
  }

  /** A game played by the real core, events as [atMs, event]; the bench's time is a second after the last. */
  static paused(control: GameControl, events: [number, ClockEvent][], options?: Partial<ClockOptions>): Bench {
    let clock = createClock(control, options);
    const log: LogEntry[] = [];
    let last = 0;
    for (const e of events) {
      const r = step(clock, e[1], e[0]);
      clock = r.state;
      for (const effect of r.effects) if (effect.type === 'log') log.push(effect.entry);
      last = e[0];
    }
    const b = new Bench(undefined, clock, last + SECOND);
    b.log = log;
    return b;
  }

  context(): MenuContext {
    const status = this.clock.status;
    return {
      settings: this.settings,
      game: status === 'running' ? 'paused' : status,
      view: view(this.clock, this.nowMs),
      clock: this.clock,
      log: this.log.map(packLogEntry),
      unpack: unpackLogEntry,
    };
  }

  open(): this {
    this.menu = openMenu(this.context());
    for (const columns of this.widths) this.screens.push(this.lines(columns));
    return this;
  }

  lines(columns?: number): string[] {
    if (this.menu === null) throw new Error('menu closed');
    return menuLines(this.menu, this.context(), columns || 16);
  }

  /** Both rows as one string, "row1|row2", trailing spaces kept. */
  screen(): string {
    return this.lines().join('|');
  }

  private feed(gesture: Gesture): void {
    if (this.menu === null) return;
    const r = menuGesture(this.menu, gesture, this.context());
    this.menu = r.menu;
    for (const c of r.commands) this.obey(c);
    if (this.menu !== null) for (const columns of this.widths) this.screens.push(this.lines(columns));
  }

  private obey(c: MenuCommand): void {
    this.commands.push(c);
    if (c.type === 'settings') {
      const problem = settingsError(c.settings);
      if (problem !== undefined) throw new Error('menu stored impossible settings: ' + problem);
      this.settings = c.settings;
      if (this.clock.status === 'ready') this.clock = createClock(this.settings.control, this.settings.options);
    } else if (c.type === 'adjust') {
      const problem = adjustError(this.clock, c.event);
      if (problem !== undefined) throw new Error('menu sent an adjust the core refuses: ' + problem);
      this.run(c.event);
    } else if (c.type === 'resume') {
      this.run({ type: 'resume' });
      this.menu = null;
    } else if (c.type === 'newGame') {
      this.clock = createClock(this.settings.control, this.settings.options);
      this.log = [];
      this.menu = null;
    } else {
      this.menu = null;
    }
  }

  run(event: ClockEvent): void {
    const r = step(this.clock, event, this.nowMs);
    this.clock = r.state;
    for (const effect of r.effects) if (effect.type === 'log') this.log.push(effect.entry);
  }

  /** Lets time pass to `atMs`, ticking the recogniser at each of its deadlines. */
  private until(atMs: number): void {
    for (;;) {
      const d = gestureDeadline(this.gestures);
      if (d === null || d > atMs) break;
      this.input({ type: 'tick', atMs: d });
    }
    this.nowMs = Math.max(this.nowMs, atMs);
  }

  private input(i: { type: 'tick'; atMs: number } | { type: 'edge'; button: ButtonName; down: boolean; atMs: number }): void {
    const r = gestureStep(this.gestures, i);
    this.gestures = r.state;
    this.nowMs = Math.max(this.nowMs, i.atMs);
    for (const g of r.gestures) this.feed(g);
  }

  private edge(button: ButtonName, down: boolean, atMs: number): void {
    this.until(atMs);
    this.input({ type: 'edge', button: button, down: down, atMs: atMs });
  }

  /** Hold one button `heldMs`, then leave it up `gapMs`. */
  hold(button: ButtonName, heldMs: number, gapMs?: number): this {
    const t = this.nowMs;
    this.edge(button, true, t);
    this.edge(button, false, t + heldMs);
    this.until(t + heldMs + (gapMs === undefined ? 200 : gapMs));
    return this;
  }

  /** Both buttons (`first` down, the other `lagMs` later) held together `heldMs`, then released. */
  chord(heldMs: number, first?: ButtonName, lagMs?: number): this {
    const a: ButtonName = first || 'left';
    const b: ButtonName = a === 'left' ? 'right' : 'left';
    const lag = lagMs === undefined ? 20 : lagMs;
    const t = this.nowMs;
    this.edge(a, true, t);
    this.edge(b, true, t + lag);
    this.edge(a, false, t + lag + heldMs);
    this.edge(b, false, t + lag + heldMs + 10);
    this.until(t + lag + heldMs + 210);
    return this;
  }

  /** Left down, right down `lagMs` later, left up after `heldMs`, right up 20 ms later: shorter than a chord. */
  overlap(lagMs: number, heldMs: number): this {
    const t = this.nowMs;
    this.edge('left', true, t);
    this.edge('right', true, t + lagMs);
    this.edge('left', false, t + heldMs);
    this.edge('right', false, t + heldMs + 20);
    this.until(t + heldMs + 220);
    return this;
  }

  /** The value in the open editor. */
  editValue(): number {
    if (this.menu === null || this.menu.edit === null) throw new Error('no editor open');
    return this.menu.edit.value;
  }

  /** Runs a script (see the file's comment). */
  do(script: string): this {
    for (const raw of script.split(/\s+/)) {
      if (raw === '') continue;
      const star = raw.indexOf('*');
      const token = star < 0 ? raw : raw.substring(0, star);
      const times = star < 0 ? 1 : Number(raw.substring(star + 1));
      for (let i = 0; i < times; i++) this.one(token);
    }
    return this;
  }

  private one(token: string): void {
    let held: number;
    if (token === 'L' || token === 'R') {
      held = 100;
      this.hold(token === 'L' ? 'left' : 'right', held);
    } else if (token === 'LL' || token === 'RL') {
      held = 1100;
      this.hold(token === 'LL' ? 'left' : 'right', held);
    } else if (token === 'C') {
      held = 500;
      this.chord(held);
    } else if (token === 'CC') {
      held = 2100;
      this.chord(held);
    } else if (/^[LR]\d+$/.test(token)) {
      held = Number(token.substring(1));
      this.hold(token[0] === 'L' ? 'left' : 'right', held);
    } else {
      throw new Error('unknown token ' + token);
    }
    this.actions.push({ token: token, heldMs: held });
  }

  /** Moves the cursor with short left presses until the first row starts with `label` (at most 40 presses). */
  to(label: string): this {
    for (let i = 0; i < 40; i++) {
      if (this.lines()[0].indexOf(label) === 0) return this;
      this.do('L');
    }
    throw new Error('no item "' + label + '"; last screen ' + this.screen());
  }

  /** The commands of one type. */
  sent(type: MenuCommand['type']): MenuCommand[] {
    return this.commands.filter((c) => c.type === type);
  }

  lastSettings(): Settings {
    const s = this.sent('settings');
    if (s.length === 0) throw new Error('no settings stored');
    return (s[s.length - 1] as { type: 'settings'; settings: Settings }).settings;
  }
}

/** True when a row is printable ASCII only. */
export function isAscii(row: string): boolean {
  return /^[\x20-\x7e]*$/.test(row);
}
