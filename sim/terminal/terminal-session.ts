/**
 * One run of the terminal simulator, whatever it is drawn on: the firmware's runtime on the real-time HAL with a
 * board's display (the 16×2 LCD, the console board's printed LCD, or the 128×64 OLED on a SimCanvas), a buzzer that
 * shows what it plays, the given storage, and the keys turned into button edges. It keeps what a front-end draws
 * (the frame, the log panel's lines, the buzzer's cue) and says when any of it changed; terminal-tty.ts draws it on
 * a full screen, terminal-pipe.ts prints it as text. With `voice`, the HAL has a voice module (firmware/sound/voice-queue.ts)
 * on the system's audio player and the card's clips (sim/voice-system-player.ts).
 */
import { CharacterDisplay, Display, GraphicsDisplay, KeyValueStorage, withText } from '../../hal/hal';
import { Board } from '../../boards/board';
import consoleBoard from '../../boards/console';
import lcdBoard from '../../boards/esp32-lcd1602';
import oledBoard from '../../boards/esp32-oled';
import { createConsoleDisplay } from '../../hal/espruino/console-display';
import { startRuntime, Runtime } from '../../firmware/runtime/runtime';
import { loadSettings, saveSettings } from '../../firmware/storage/settings';
import { clearJournal } from '../../firmware/storage/journal';
import { JOURNAL_FILES } from '../../firmware/storage/game-journal';
import { ClockEffect } from '../../firmware/clock/clock-types';
import { LogEntry } from '../../firmware/clock/game-log';
import { packLogEntry } from '../../firmware/runtime/packed-log';
import { gameMs, gameText, logText, peopleWords } from '../../firmware/display/log-text';
import { describeGameControl } from '../../firmware/clock/control-describe';
import { PerSide } from '../../firmware/clock/side';
import { TimeControl } from '../../firmware/clock/control';
import { createRealtimeHal, RealtimeHal } from '../realtime-hal';
import { SimCanvas } from '../canvas';
import { actionFor, keyHelp, keySummary, OTHER_KEYS } from './terminal-keys';
import { createGesturePlayer, GESTURE_SPEED_LIMIT, GesturePlayer } from './terminal-gestures';
import { createVisibleBuzzer, VisibleBuzzer } from './terminal-sound';
import { Frame, keyLines, statusText } from './terminal-draw';
import { layoutFor } from '../../firmware/display/layouts';
import { hasOwn } from '../../firmware/clock/text';
import { quotedCut } from '../input-limits';
import { ClipPlayer, createVoiceQueue } from '../../firmware/sound/voice-queue';
import { startTerminalVoice, TerminalVoice } from '../voice-system-player';

export const BOARDS: { [name: string]: Board } = {
  'esp32-lcd1602': lcdBoard,
  'esp32-oled': oledBoard,
  console: consoleBoard,
};

export const DEFAULT_BOARD = 'esp32-lcd1602';

/** Speeds `+` and `-` stop at. */
export const MIN_SPEED = 1 / 64;
export const MAX_SPEED = 4096;

/**
 * A line of the log panel, starting with its instant as people read it, from the game's start (display/log-text.ts,
 * as the device's menu shows its log): a log entry ("0:04.2 black move 1 (0:04.2)"), what the clock says
 * ("0:40.0 says \"White: 10\""), a byo-yomi period used up (the buzzer's low tone), a boot notice, an entry a chord
 * took back (the presses that began a pause are not moves), or a remark of the simulator.
 */
export interface PanelLine {
  kind: 'log' | 'say' | 'period' | 'notice' | 'undo' | 'sim';
  /** The runtime's game time (the panel's order), not the instant the text shows. */
  atMs: number;
  text: string;
}

export interface SessionOptions {
  board: string;
  storage: KeyValueStorage;
  /** Where settings and the journal are kept, for the header ("memory", a file name). */
  storageName: string;
  speed?: number;
  /** Start a new game with this control (stored as the setting, like choosing it in the menu). */
  control?: PerSide<TimeControl>;
  /**
   * A person at a keyboard (not a pipe): a key's auto-repeat is ignored while its gesture is still queued, and the
   * keys that are not gestures (speed, quit) act at once instead of waiting for the gestures before them.
   */
  interactive?: boolean;
  bell?: () => void;
  hostNowMs?: () => number;
  /**
   * `--exit-after`: the clock's time stops at this instant (ms since the session started, speed included) and the
   * session quits (`quit("exit-after")`). Whenever the host gets there, late or at a speed of 10,000, what is
   * shown and left in storage is the state of that instant: no edge stamped from it on is fed to the runtime, and
   * the runtime's clock reads no later time.
   */
  exitAfterMs?: number;
  /**
   * `--voice`: the announcements are said with the voice module's clips, played by the system's player (true), or by
   * this clip player (tests); absent, the buzzer plays them, as on a board without the module.
   */
  voice?: boolean | ClipPlayer;
}

export interface SessionEvents {
  /** The display shows a new frame. */
  frame(): void;
  /** A new line for the log panel. */
  line(line: PanelLine): void;
  /** The buzzer starts a pattern (named as terminal-sound.ts names it) at `atMs`, game time from the start (`gameMs`). */
  sound(name: string, atMs: number): void;
  /** The buzzer's cue started or ended, the speed changed: the status or header changed. */
  status(): void;
  quit(reason: string): void;
}

export interface Session {
  readonly board: Board;
  readonly runtime: Runtime;
  readonly hal: RealtimeHal;
  frame(): Frame;
  /** "16×2 LCD", "128×64 OLED". */
  frameName: string;
  header(): string;
  /** Whose turn it is and what the clock does, in words. */
  status(): string;
  /**
   * Game time now as people read it, in ms: from the game's start (the runtime's `startMs`; 0 while ready), the
   * origin of every time the session shows; a power cut does not move it.
   */
  gameMs(): number;
  cue(): string | undefined;
  /** Every panel line so far, in the order they came (taken-back entries included), for a running printout. */
  lines(): PanelLine[];
  /**
   * The log panel as it stands: the runtime's log (entries a chord took back are gone, as in the menu's log) with
   * what was said, the notices and the simulator's remarks, in time order.
   */
  panel(): PanelLine[];
  keyLines(columns: number): string[];
  keySummary(): string;
  /** A key as terminal-keys.ts names it. */
  key(key: string): void;
  /** Nothing queued or playing. */
  idle(): boolean;
  onIdle(handler: () => void): void;
  /** Gestures (and other keys' actions) queued or playing. */
  pending(): number;
  /** Called whenever one of them is taken from the queue (`pending` went down). */
  onProgress(handler: () => void): void;
  /** A remark of the simulator in the log panel, at the clock's time now ("storage: cannot write …"). */
  remark(text: string): void;
  /** Calls `then` when the HAL's (virtual) time reaches `atMs`. */
  at(atMs: number, then: () => void): void;
  speed(): number;
  close(): void;
}

function title(side: string): string {
  return side.charAt(0).toUpperCase() + side.substring(1);
}

function speedText(speed: number): string {
  return '×' + (speed >= 1 ? String(Math.round(speed * 100) / 100) : '1/' + Math.round(1 / speed));
}

/**
 * The HAL as the runtime sees it when the clock stops at `endMs`: its clock reads no later time, no edge stamped
 * at or after it is passed on, and no timer is set beyond it (the clock never gets there).
 */
function stoppedAt(hal: RealtimeHal, endMs: number): RealtimeHal {
  return Object.assign({}, hal, {
    clock: { nowMs: () => Math.min(endMs, hal.clock.nowMs()) },
    buttons: {
      onEdge(handler: Parameters<RealtimeHal['buttons']['onEdge']>[0]) {
        hal.buttons.onEdge((edge) => {
          if (edge.atMs < endMs) handler(edge);
        });
      },
    },
    timer: {
      start(atMs: number, onFire: () => void) {
        if (atMs <= endMs) hal.timer.start(atMs, onFire);
        else hal.timer.stop();
      },
      stop: () => hal.timer.stop(),
    },
  });
}

export function startSession(options: SessionOptions, events: SessionEvents): Session {
  if (!hasOwn(BOARDS, options.board)) throw new Error('unknown board ' + quotedCut(options.board) + ' (boards: ' + Object.keys(BOARDS).join(', ') + ')');
  const board = BOARDS[options.board];
  const hostNowMs = options.hostNowMs || (() => performance.now());
  let runtime: Runtime | undefined;
  let frame: Frame = { kind: 'lcd', rows: [] };
  const lines: PanelLine[] = [];
  const shown: LogEntry[] = [];
  let batteryLow = false;
  let userSpeed = options.speed && options.speed > 0 ? options.speed : 1;
  let gesturePlaying = false;
  let closed = false;
  /** What `at` waits for; each is checked again when the speed changes. */
  const waits: { atMs: number; then: () => void; handle?: ReturnType<typeof setTimeout> }[] = [];

  function addLine(line: PanelLine): void {
    lines.push(line);
    events.line(line);
  }

  /** An instant of the runtime's time line as the panel shows it: from the game's start, "0:04.2". */
  function shownAt(atMs: number): string {
    return gameText(atMs, runtime ? runtime.startMs() : null);
  }

  /** Presses a chord took back are no longer in the runtime's log: say so. */
  function syncRemovals(): void {
    if (!runtime) return;
    // By value: the runtime's log() gives fresh copies of its entries at every call.
    const current = new Set(runtime.log().map(packLogEntry));
    for (let i = 0; i < shown.length; i++) {
      if (!current.has(packLogEntry(shown[i]))) {
        const entry = shown[i];
        addLine({ kind: 'undo', atMs: entry.atMs, text: shownAt(entry.atMs) + ' taken back: ' + peopleWords(entry.text, runtime.startMs()) });
        shown.splice(i--, 1);
      }
    }
  }

  function addEntry(entry: LogEntry): void {
    if (shown.indexOf(entry) >= 0) return;
    shown.push(entry);
    addLine({ kind: 'log', atMs: entry.atMs, text: logText(entry, runtime ? runtime.startMs() : null) });
  }

  function onEffects(effects: ClockEffect[]): void {
    syncRemovals();
    for (const effect of effects) {
      if (effect.type === 'log') addEntry(effect.entry);
      else if (effect.type === 'announce') {
        addLine({ kind: 'say', atMs: effect.atMs, text: shownAt(effect.atMs) + ' says "' + title(effect.side) + ': ' + effect.text + '"' });
      } else if (effect.type === 'period') {
        const left = effect.periodsLeft + (effect.periodsLeft === 1 ? ' period' : ' periods') + ' left';
        addLine({ kind: 'period', atMs: effect.atMs, text: shownAt(effect.atMs) + ' ' + title(effect.side) + ' used a period, ' + left });
      }
    }
  }

  function newFrame(next: Frame): void {
    frame = next;
    syncRemovals();
    events.frame();
  }

  function createDisplay(): Display {
    const spec = board.display;
    if (spec.kind === 'ssd1306') {
      const canvas = new SimCanvas(spec.width, spec.height);
      let last = new Uint8Array(0);
      const display: GraphicsDisplay = {
        kind: 'graphics',
        canvas: canvas,
        flip() {
          if (last.length === canvas.buffer.length && last.every((byte, i) => byte === canvas.buffer[i])) return;
          last = canvas.buffer.slice();
          const copy = last;
          const width = canvas.width;
          newFrame({
            kind: 'pixels',
            width: canvas.width,
            height: canvas.height,
            pixel: (x, y) => x >= 0 && y >= 0 && x < width && y < canvas.height && ((copy[x + (y >> 3) * width] >> (y & 7)) & 1) === 1,
          });
        },
      };
      return display;
    }
    if (spec.kind === 'console') {
      // The console board's own display driver: the frame is exactly what that board prints.
      return createConsoleDisplay({ print: (text) => newFrame({ kind: 'printed', text: text }), columns: spec.columns, rows: spec.rows });
    }
    let lastRows: string[] = [];
    const display: CharacterDisplay = {
      kind: 'character',
      columns: spec.columns,
      rows: spec.rows,
      defineGlyph() {
        // The look-alikes stand for the glyphs (terminal-draw.ts); their bitmaps are the firmware's.
      },
      show(rows) {
        if (rows.length === lastRows.length && rows.join('\n') === lastRows.join('\n')) return;
        lastRows = rows.slice();
        newFrame({ kind: 'lcd', rows: lastRows });
      },
      write(row, column, text) {
        display.show(withText(lastRows, row, column, text));
      },
    };
    return display;
  }

  const buzzer: VisibleBuzzer = createVisibleBuzzer({
    hostNowMs: hostNowMs,
    onPlay: (name) => events.sound(name, runtime ? gameMs(runtime.nowMs(), runtime.startMs()) : 0),
    onCue: () => events.status(),
    bell: options.bell,
  });

  if (options.control) {
    // Like choosing the control in the menu from a fresh clock: it becomes the setting, and a new game starts.
    const settings = loadSettings(options.storage).settings;
    saveSettings(options.storage, Object.assign({}, settings, { control: options.control }));
    for (const name of JOURNAL_FILES) clearJournal(options.storage, name); // both: a compaction may have moved it
  }

  const freeHal = createRealtimeHal({
    display: createDisplay(),
    buzzer: buzzer,
    storage: options.storage,
    speed: userSpeed,
    hostNowMs: hostNowMs,
    batteryPercent: board.battery ? () => (batteryLow ? 10 : 90) : undefined,
  });
  const hal = options.exitAfterMs === undefined ? freeHal : stoppedAt(freeHal, options.exitAfterMs);
  // The DS3231 keeps wall time across power cuts: the host's clock does too, so "power off 12:39" can be shown.
  if (board.rtc) hal.rtc = { readWallMs: () => Date.now(), writeWallMs: () => undefined };
  let terminalVoice: TerminalVoice | null = null;
  const remarkNow = (text: string): void => {
    const nowMs = runtime ? runtime.nowMs() : 0;
    if (!closed) addLine({ kind: 'sim', atMs: nowMs, text: shownAt(nowMs) + ' ' + text });
  };
  let clips: ClipPlayer | null = null;
  if (options.voice === true) {
    terminalVoice = startTerminalVoice(remarkNow);
    clips = terminalVoice && terminalVoice.player;
  } else if (options.voice) {
    clips = options.voice;
  }
  if (clips) {
    // Utterances are due on the HAL's (virtual) clock; a clip lasts as long as it lasts, in real time.
    hal.voice = createVoiceQueue(clips, {
      now: () => hal.clock.nowMs(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
  }

  const started = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: 100000 });
  runtime = started;
  started.onEffects(onEffects);
  for (const notice of started.notices) addLine({ kind: 'notice', atMs: started.nowMs(), text: shownAt(started.nowMs()) + ' notice: ' + notice });

  /** Shows the screen again and sets the runtime's one timer afresh (after a speed or battery change). */
  function refresh(): void {
    if (!closed) started.feed({ type: 'tick' }, started.nowMs());
  }

  function applySpeed(): void {
    const speed = gesturePlaying ? Math.min(userSpeed, GESTURE_SPEED_LIMIT) : userSpeed;
    if (speed === hal.speed()) return;
    hal.setSpeed(speed);
    // The HAL's pending host timeout was computed at the old speed: have the runtime set it again, and `at` too.
    refresh();
    for (const wait of waits.slice()) check(wait);
  }

  const player: GesturePlayer = createGesturePlayer({
    nowMs: hal.clock.nowMs,
    speed: hal.speed,
    edge: hal.edge,
    onPlaying(playing) {
      gesturePlaying = playing;
      applySpeed();
    },
  });

  /** Calls `wait.then` if the clock is there, else sets a host timeout for when it will be at today's speed. */
  function check(wait: { atMs: number; then: () => void; handle?: ReturnType<typeof setTimeout> }): void {
    if (wait.handle !== undefined) clearTimeout(wait.handle);
    wait.handle = undefined;
    if (closed) return;
    const left = wait.atMs - hal.clock.nowMs();
    if (left > 0) {
      wait.handle = setTimeout(() => check(wait), Math.max(1, left / hal.speed()));
      return;
    }
    waits.splice(waits.indexOf(wait), 1);
    wait.then();
  }

  /** Calls `then` once the clock's time reaches `atMs`; never before `at` returns (the caller may not be ready). */
  function at(atMs: number, then: () => void): void {
    const wait: { atMs: number; then: () => void; handle?: ReturnType<typeof setTimeout> } = { atMs: atMs, then: then };
    waits.push(wait);
    wait.handle = setTimeout(() => check(wait), 0);
  }

  function setSpeed(speed: number): void {
    userSpeed = Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));
    applySpeed();
    events.status();
  }

  function act(type: string, key: string): void {
    if (closed) return;
    if (type === 'faster') setSpeed(userSpeed * 2);
    else if (type === 'slower') setSpeed(userSpeed / 2);
    else if (type === 'battery') {
      const nowMs = started.nowMs();
      if (!board.battery) addLine({ kind: 'sim', atMs: nowMs, text: shownAt(nowMs) + ' (the ' + board.name + ' board has no battery gauge)' });
      else {
        batteryLow = !batteryLow;
        addLine({ kind: 'sim', atMs: nowMs, text: shownAt(nowMs) + ' (battery ' + (batteryLow ? 'low: 10 %)' : 'good: 90 %)') });
        refresh();
      }
    } else events.quit(key);
  }

  const exitAfterMs = options.exitAfterMs;
  if (exitAfterMs !== undefined) at(exitAfterMs, () => events.quit('exit-after'));

  function leftName(): string {
    return title(started.settings().leftSide);
  }

  return {
    board: board,
    runtime: started,
    hal: hal,
    frame: () => frame,
    frameName:
      board.display.kind === 'ssd1306' ? board.display.width + '×' + board.display.height + ' OLED' : board.display.columns + '×' + board.display.rows + ' LCD',
    header() {
      return (
        'goclock · ' + board.name + ' · ' + describeGameControl(started.state().controls) + ' · speed ' + speedText(userSpeed) +
        ' · storage: ' + options.storageName
      );
    },
    status() {
      const screen = started.screen();
      return statusText({ view: started.view(), leftSide: started.settings().leftSide, menuOpen: started.menuOpen(), hint: screen.hint, startMs: started.startMs() });
    },
    gameMs: () => gameMs(started.nowMs(), started.startMs()),
    cue() {
      const cue = buzzer.cue();
      return cue ? '♪ ' + cue.name : undefined;
    },
    lines: () => lines,
    panel() {
      const log: PanelLine[] = started.log().map((entry) => ({ kind: 'log', atMs: entry.atMs, text: logText(entry, started.startMs()) }));
      const others = lines.filter((line) => line.kind !== 'log' && line.kind !== 'undo');
      // Stable: at equal instants the log's entry comes before what it caused to be said.
      return log.concat(others).map((line, i) => ({ line: line, i: i })).sort((a, b) => a.line.atMs - b.line.atMs || a.i - b.i).map((x) => x.line);
    },
    keyLines(columns) {
      const right = leftName() === 'Black' ? 'White' : 'Black';
      return keyLines(keyHelp(leftName(), right), OTHER_KEYS, started.menuOpen(), columns);
    },
    keySummary: () => keySummary(started.menuOpen()),
    key(key) {
      const action = actionFor(key);
      if (!action || closed) return;
      const interactive = options.interactive === true;
      if (action.type === 'gesture') player.queue({ key: key, gesture: action.gesture }, interactive);
      else if (action.type === 'wait') player.queue({ key: key, waitMs: action.ms }, false);
      else if (interactive) act(action.type, key);
      else player.queue({ key: key, run: () => act(action.type, key) }, false);
    },
    idle: () => player.idle(),
    onIdle: (handler) => player.onIdle(handler),
    pending: () => player.pending(),
    onProgress: (handler) => player.onNext(handler),
    remark(text) {
      const nowMs = started.nowMs();
      addLine({ kind: 'sim', atMs: nowMs, text: shownAt(nowMs) + ' ' + text });
    },
    at: at,
    speed: () => userSpeed,
    close() {
      if (closed) return;
      closed = true;
      player.stop();
      buzzer.stop();
      if (hal.voice) hal.voice.stop();
      if (terminalVoice) terminalVoice.close();
      for (const wait of waits) if (wait.handle !== undefined) clearTimeout(wait.handle);
      waits.splice(0, waits.length);
      hal.close();
    },
  };
}
