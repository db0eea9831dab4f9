/**
 * The runtime shell, shared by the device and the simulator: it feeds timestamped button edges and time to the
 * core, keeps exactly one timer set from `nextDeadline`, plays the effects (display, buzzer), kicks the watchdog,
 * journals the game and restores settings and the game at boot. No free-running interval: a late timer only makes
 * the display late; nobody's time changes, because the core derives every instant itself.
 *
 * Game time is the HAL's monotonic time plus an offset: zero for a new game, and after a power cut whatever makes
 * the restored game continue from its last journaled instant (the time the power was off is not game time).
 */
import { ButtonEdge, Hal, Tone } from '../hal/hal';
import { createClock, step } from './clock';
import { ClockEffect, ClockEvent, ClockState } from './clock-types';
import { nextDeadline, view, ClockView } from './view';
import { loadSettings, Settings } from './settings';
import { journalEvent, journalNewGame, restoreGame, worthJournaling } from './game-journal';
import { LCD_GLYPHS, renderLcd } from './render-lcd';
import { renderOled } from './render-oled';
import { Screen } from './screen';
import { soundFor } from './sound';
import { otherSide, Side } from './side';

export interface Runtime {
  /** The clock's state as last committed. */
  state(): ClockState;
  /** What the display shows now. */
  view(): ClockView;
  /** Game time now. */
  nowMs(): number;
  /** Feeds one event to the core at a game-time instant (the menu and the simulator's scripts use this). */
  feed(event: ClockEvent, atMs: number): ClockEffect[];
  /** Starts a new game with the current settings. */
  newGame(): void;
  settings(): Settings;
  /** Messages shown at boot: a restored game, a corrupt journal, settings that fell back to defaults. */
  notices: string[];
  /** Every effect played, for a host that wants to show them (the simulator's log and speech). */
  onEffects(handler: (effects: ClockEffect[]) => void): void;
}

/** At most this long between wake-ups when a watchdog must be kicked and nothing else is due. */
function kickIntervalMs(hal: Hal, watchdogMs: number | undefined): number {
  return hal.watchdog && watchdogMs ? Math.max(100, Math.floor(watchdogMs / 2)) : Infinity;
}

export function startRuntime(hal: Hal, config?: { watchdogMs?: number }): Runtime {
  const loaded = loadSettings(hal.storage);
  const settings = loaded.settings;
  const notices: string[] = [];
  if (loaded.problem) notices.push(loaded.problem);
  const kickEveryMs = kickIntervalMs(hal, config && config.watchdogMs);
  const effectHandlers: ((effects: ClockEffect[]) => void)[] = [];
  let offsetMs = 0;
  let state: ClockState;

  const wallMs = (): number | undefined => (hal.rtc ? hal.rtc.readWallMs() : undefined);
  const gameNow = (): number => hal.clock.nowMs() + offsetMs;

  function beginGame(): void {
    state = createClock(settings.control, settings.options);
    offsetMs = 0;
    journalNewGame(hal.storage, settings.control, settings.options, wallMs());
  }

  const restored = restoreGame(hal.storage);
  if (restored.game) {
    state = restored.game.state;
    offsetMs = restored.game.atMs - hal.clock.nowMs();
    notices.push('game restored, paused');
    const then = restored.game.wallMs;
    const now = wallMs();
    if (then !== undefined && now !== undefined && now >= then) notices.push('power off ' + Math.round((now - then) / 1000) + ' s');
    if (restored.game.effects.length > 0) journalEvent(hal.storage, restored.game.atMs, { type: 'pause' }, now);
  } else {
    if (restored.problem) notices.push(restored.problem);
    beginGame();
  }

  function play(effects: ClockEffect[]): void {
    for (let i = 0; i < effects.length; i++) {
      const tones: Tone[] | null = settings.sound ? soundFor(effects[i]) : null;
      if (tones) hal.buzzer.play(tones, settings.volume);
    }
    for (let i = 0; i < effectHandlers.length; i++) effectHandlers[i](effects);
  }

  function render(atMs: number): void {
    const screen: Screen = {
      view: view(state, atMs),
      controls: state.controls,
      leftSide: settings.leftSide,
      batteryPercent: hal.battery ? hal.battery.percent() : undefined,
    };
    const display = hal.display;
    if (display.kind === 'character') {
      display.show(renderLcd(screen, display.columns, display.rows));
    } else {
      renderOled(display.canvas, screen);
      display.flip();
    }
  }

  function arm(): void {
    const now = gameNow();
    const deadline = nextDeadline(state, now);
    const atMs = Math.min(deadline === null ? Infinity : deadline, now + kickEveryMs);
    if (atMs === Infinity) hal.timer.stop();
    else hal.timer.start(atMs - offsetMs, wake);
  }

  function feed(event: ClockEvent, atMs: number): ClockEffect[] {
    if (hal.watchdog) hal.watchdog.kick(); // every wake-up and every edge: arm() may keep pushing the timer back
    const result = step(state, event, atMs);
    // A tick that changed nothing visible is not kept, so an edge stamped before it still counts at its own instant.
    if (event.type !== 'tick' || result.effects.length > 0) state = result.state;
    if (worthJournaling(event, result.effects)) journalEvent(hal.storage, atMs, event, wallMs());
    play(result.effects);
    render(Math.max(atMs, gameNow()));
    arm();
    return result.effects;
  }

  function wake(): void {
    feed({ type: 'tick' }, gameNow());
  }

  function onEdge(edge: ButtonEdge): void {
    if (!edge.down) return; // releases matter to the gesture layer only
    const side: Side = edge.button === 'left' ? settings.leftSide : otherSide(settings.leftSide);
    feed({ type: 'press', side: side }, edge.atMs + offsetMs);
  }

  const glyphDisplay = hal.display;
  if (glyphDisplay.kind === 'character') {
    for (let code = 0; code < LCD_GLYPHS.length; code++) glyphDisplay.defineGlyph(code, LCD_GLYPHS[code]);
  }
  hal.buttons.onEdge(onEdge);
  render(gameNow());
  arm();

  return {
    state: () => state,
    view: () => view(state, gameNow()),
    nowMs: gameNow,
    feed: feed,
    newGame: () => {
      beginGame();
      render(gameNow());
      arm();
    },
    settings: () => settings,
    notices: notices,
    onEffects: (handler) => {
      effectHandlers.push(handler);
    },
  };
}
