/**
 * The browser simulator: the firmware's own runtime (firmware/runtime/runtime.ts) on a real-time HAL whose display, buzzer
 * and buttons are the page's (docs/architecture.md: the simulator is just another host). Nothing here knows the clock's
 * rules; the page only draws what the runtime shows, plays what it plays and feeds it button edges.
 *
 * URL: ?board=esp32-lcd1602 (default) or esp32-oled, &speed=1|2|5|10|60, &lcd=green|blue.
 *
 * The voice: with the server's clips (voice-player.ts) the HAL has a voice module and the runtime says what it says
 * on the device, in the language of its menu; without them, or with "speak the announcements" off, the buzzer
 * plays, and the announcements are spoken with speechSynthesis (speech.ts) while that box is on.
 *
 * The game's record (record-download.ts): downloaded as SGF or CSV from the page's flash, the storage the runtime
 * writes its record to, by the device's own exporter.
 */
import { ButtonName, Display } from '../../hal/hal';
import { Runtime, startRuntime } from '../../firmware/runtime/runtime';
import { ClockView } from '../../firmware/display/view';
import { LogEntry } from '../../firmware/clock/game-log';
import { MemoryStorage } from '../virtual-hal';
import { LcdColor, LcdPanel } from './lcd-panel';
import { OledPanel } from './oled-panel';
import { WebBuzzer } from './web-buzzer';
import { Speaker } from './speech';
import { ClipsState, createWebClipPlayer } from './voice-player';
import { attachButtons } from './buttons';
import { attachRecordDownload } from './record-download';
import { createWebHost, WebHost } from './host';
import { Announcement, AnnouncementList, gameTime, LogList } from './panel';
import { layoutFor } from '../../firmware/display/layouts';

export type BoardName = 'esp32-lcd1602' | 'esp32-oled';
const SPEEDS = [1, 2, 5, 10, 60];

/** Read-only access for the browser tests (test/browser/): copies, never the runtime's own objects. */
export interface GoclockHook {
  board(): BoardName;
  view(): ClockView;
  /** LCD: its two rows of text (glyphs as "\x00"–"\x07"). OLED: 64 rows of 128 pixels, "#" lit. */
  screenRows(): string[];
  log(): LogEntry[];
  announcements(): Announcement[];
  menuOpen(): boolean;
  speed(): number;
  /** The voice clips: whether the server has them, and the clips played so far ("voice/01/207.wav"). */
  voice(): { state: ClipsState; played: string[] };
}

declare global {
  interface Window {
    goclock?: GoclockHook;
  }
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error('page: no #' + id);
  return found as T;
}

function boardOf(name: string | null): BoardName {
  return name === 'esp32-oled' || name === 'oled' ? 'esp32-oled' : 'esp32-lcd1602';
}

interface Session {
  board: BoardName;
  display: LcdPanel | OledPanel;
  host: WebHost;
  runtime: Runtime;
}

function main(): void {
  const query = new URLSearchParams(window.location.search);
  const storage = new MemoryStorage(); // the board's flash: kept across a board switch or a power cut
  const buzzer = new WebBuzzer();
  const speaker = new Speaker();
  const clips = createWebClipPlayer();
  const announcements: Announcement[] = [];
  const logList = new LogList(element('log'));
  const announcementList = new AnnouncementList(element('announcements'));
  const device = element('device');
  const status = element('status');
  let speed = Number(query.get('speed'));
  if (SPEEDS.indexOf(speed) < 0) speed = 1;
  let lcdColor: LcdColor = query.get('lcd') === 'blue' ? 'blue' : 'green';
  let battery = 100;
  let session: Session | null = null;

  function current(): Session {
    if (!session) throw new Error('page: no session');
    return session;
  }

  /** Boots the firmware on `board` with the flash as it is: a game in progress comes back paused, as after a power cut. */
  function boot(board: BoardName): void {
    if (session) session.host.close();
    buzzer.stop();
    speaker.stop();
    clips.stop();
    device.setAttribute('data-board', board);
    element('lcd-window').hidden = board !== 'esp32-lcd1602';
    element('oled-window').hidden = board !== 'esp32-oled';
    element('model').textContent = board === 'esp32-oled' ? 'ESP32 · OLED 128×64' : 'ESP32 · LCD 16×2';
    const display: LcdPanel | OledPanel =
      board === 'esp32-oled'
        ? new OledPanel(element<HTMLCanvasElement>('oled'))
        : new LcdPanel(element<HTMLCanvasElement>('lcd'), { color: lcdColor });
    const host = createWebHost({
      display: display as Display,
      buzzer: buzzer,
      storage: storage,
      speed: speed,
      batteryPercent: () => battery,
      clips: clips,
    });
    const runtime = startRuntime(host.hal, { layout: layoutFor(host.hal.display) });
    runtime.onEffects((effects) => {
      for (let i = 0; i < effects.length; i++) {
        const effect = effects[i];
        if (effect.type !== 'announce') continue;
        announcements.push({ atMs: effect.atMs, side: effect.side, text: effect.text });
        if (!clips.ready()) speaker.say(effect.text); // else the voice module says it, or the menu turned it off
      }
    });
    session = { board: board, display: display, host: host, runtime: runtime };
  }

  // Browsers let a page make sound only after the user did something: the first press anywhere unlocks the buzzer.
  window.addEventListener('pointerdown', () => buzzer.unlock(), { once: true, capture: true });
  window.addEventListener('keydown', () => buzzer.unlock(), { once: true, capture: true });

  const buttons = attachButtons({
    left: element('left'),
    right: element('right'),
    onEdge: (button: ButtonName, down: boolean) => current().host.edge(button, down),
    onGesture: () => buzzer.unlock(),
  });

  // The panel's controls.
  function radios(name: string): HTMLInputElement[] {
    return Array.prototype.slice.call(document.querySelectorAll('input[name="' + name + '"]'));
  }
  function setQuery(key: string, value: string): void {
    query.set(key, value);
    window.history.replaceState(null, '', '?' + query.toString());
  }
  radios('board').forEach((input) => {
    input.addEventListener('change', () => {
      if (!input.checked) return;
      buttons.releaseAll();
      boot(boardOf(input.value));
      setQuery('board', input.value);
    });
  });
  radios('speed').forEach((input) => {
    input.checked = Number(input.value) === speed;
    input.addEventListener('change', () => {
      if (!input.checked) return;
      speed = Number(input.value);
      current().host.setSpeed(speed);
      setQuery('speed', String(speed));
    });
  });
  radios('lcd').forEach((input) => {
    input.checked = input.value === lcdColor;
    input.addEventListener('change', () => {
      if (!input.checked) return;
      lcdColor = input.value === 'blue' ? 'blue' : 'green';
      const display = current().display;
      if (display instanceof LcdPanel) display.setColor(lcdColor);
      setQuery('lcd', lcdColor);
    });
  });
  const sound = element<HTMLInputElement>('sound');
  sound.addEventListener('change', () => {
    buzzer.muted = !sound.checked;
    if (buzzer.muted) buzzer.stop();
  });
  const speak = element<HTMLInputElement>('speak');
  if (!speaker.available()) {
    speak.checked = false;
    speak.disabled = true;
  }
  speaker.enabled = speak.checked;
  clips.enabled = speak.checked;
  speak.addEventListener('change', () => {
    speaker.enabled = speak.checked;
    clips.enabled = speak.checked;
    if (!speak.checked) {
      speaker.stop();
      clips.stop();
    }
  });
  clips.onState((state) => {
    if (state !== 'ready' || !speak.disabled) return;
    // No speechSynthesis, but the clips: the box is for them.
    speak.disabled = false;
    speak.checked = true;
    speaker.enabled = true;
    clips.enabled = true;
  });
  const batteryInput = element<HTMLInputElement>('battery');
  const batteryText = element('battery-text');
  batteryInput.addEventListener('input', () => {
    battery = Number(batteryInput.value);
    batteryText.textContent = battery + ' %';
  });
  element('power').addEventListener('click', () => {
    buttons.releaseAll();
    boot(current().board);
  });

  const initial = boardOf(query.get('board'));
  radios('board').forEach((input) => {
    input.checked = boardOf(input.value) === initial;
  });
  boot(initial);

  // The record's download, from the runtime's storage (once it runs).
  const recordDownload = attachRecordDownload({
    storage: () => current().host.hal.storage,
    select: element<HTMLSelectElement>('record-game'),
    sgf: element<HTMLButtonElement>('record-sgf'),
    csv: element<HTMLButtonElement>('record-csv'),
    message: element('record-message'),
  });

  // The panel follows the runtime on every animation frame, changing the page only where something changed.
  const sideLabels = { left: element('left-side'), right: element('right-side') };
  let statusShown = '';
  function refresh(): void {
    const s = current();
    const view = s.runtime.view();
    const startMs = s.runtime.startMs();
    logList.update(s.runtime.log(), view.flags, startMs);
    announcementList.update(announcements, startMs);
    recordDownload.refresh();
    const leftSide = s.runtime.settings().leftSide;
    const rightSide = leftSide === 'black' ? 'white' : 'black';
    const text =
      view.status + (view.running ? ' · ' + view.running + ' runs' : '') + ' · game time ' + gameTime(s.runtime.nowMs(), startMs) +
      ' · ' + s.host.effectiveSpeed() + '×' + (s.runtime.menuOpen() ? ' · menu' : '');
    if (text !== statusShown) {
      statusShown = text;
      status.textContent = text;
      sideLabels.left.textContent = leftSide;
      sideLabels.right.textContent = rightSide;
      element('left').setAttribute('data-side', leftSide);
      element('right').setAttribute('data-side', rightSide);
    }
    window.requestAnimationFrame(refresh);
  }
  window.requestAnimationFrame(refresh);

  window.goclock = Object.freeze({
    board: () => current().board,
    view: () => current().runtime.view(),
    screenRows: () => {
      const display = current().display;
      return display instanceof LcdPanel ? display.lines.slice() : display.rows();
    },
    log: () => current().runtime.log().map((entry) => ({ atMs: entry.atMs, side: entry.side, kind: entry.kind, text: entry.text })),
    announcements: () => announcements.map((a) => ({ atMs: a.atMs, side: a.side, text: a.text })),
    menuOpen: () => current().runtime.menuOpen(),
    speed: () => current().host.speed(),
    voice: () => ({ state: clips.state(), played: clips.played() }),
  });
}

main();
