/**
 * The runtime shell, shared by the device and the simulators (runtime.ts starts it with every part at hand): it feeds timestamped button edges (through the
 * gesture recogniser and the controller) and time to the core, keeps exactly one timer set from the next deadline,
 * plays the effects (display, buzzer), kicks the watchdog, journals the game and restores settings and the game at
 * boot. No free-running interval: a late timer only makes the display late; nobody's time changes, because the core
 * derives every instant itself.
 *
 * Game time is the HAL's monotonic time plus an offset: zero for a new game, and after a power cut whatever makes
 * the restored game continue from its last journaled instant (the time the power was off is not game time).
 */
import { ButtonName, Hal, Tone } from '../../hal/hal';
import { clockOf, createClock, MAX_INSTANT_MS, step } from '../clock/clock';
import { copyControl } from '../clock/control-validate';
import { ClockEffect, ClockEvent, ClockState } from '../clock/clock-types';
import { nextDeadline, quietUntil, runnerAt, view, ClockView } from '../display/view';
import { loadSettings, saveSettings, Settings } from '../storage/settings';
import {
  COMPACT_AT_CHARS, COMPACT_AT_RECORDS, journalEvent, journalNewGame, journalOnFlash, JournalPlace, journalSnapshot,
  journalUndo, UNDO_DEPTH, worthJournaling,
} from '../storage/game-journal';
import type { RestorePart } from '../parts/restore-part';
import type { BootJournal } from '../storage/journal-boot';
import { LogEntry } from '../clock/game-log';
import { keepPacked, packedAtMs, packedStart, unpackLog, unpackLogEntry } from './packed-log';
import { Screen } from '../display/screen';
import { Layout } from '../display/layout';
import { soundFor } from '../sound/sound';
import { otherSide } from '../clock/side';
import { createController, ControllerHost } from '../input/controller';
import { MenuCommand } from '../input/menu';
import { GestureTiming } from '../input/gesture-types';
import { createPlayedOnce } from './played-once';
import { recordHeader, recordLines, recordUndoLine } from '../storage/game-record';
import { recordAppend, recordNewGame } from '../storage/record-store';
import { PartName, Parts, PartTypes } from './parts';

export interface RuntimeConfig {
  /** How screens are drawn on the HAL's display (firmware/display/layout.ts; `layoutFor` picks one by display kind). */
  layout: Layout;
  watchdogMs?: number;
  /** How many log entries to keep in memory for the menu (the journal keeps them all). */
  logLimit?: number;
  /** The buttons' timing (gesture-types.ts): missing fields are the default's; startRuntime checks it. */
  timing?: Partial<GestureTiming>;
}

export interface ShellConfig extends RuntimeConfig {
  /** Whole and checked (gestures.ts `checkedTiming`); the device's, the default, when none is given. */
  timing?: GestureTiming;
  /** The firmware's parts (parts.ts): the device's are Storage files, the menu's let go at the settle that finds it closed. */
  parts: Parts;
}

export interface Runtime {
  /** The clock's state as last committed. */
  state(): ClockState;
  /** What the clock shows now. */
  view(): ClockView;
  /** What the display shows now (the clock, a notice, a hint or the menu). */
  screen(): Screen;
  /** Game time now. */
  nowMs(): number;
  /**
   * The game's start on the game time line (its `start` entry's instant), kept when the bounded log lets that entry
   * go and across a power cut; null while the clock is ready. People's times count from it (display/log-text.ts).
   */
  startMs(): number | null;
  /** Feeds one event to the core at a game-time instant (the simulator's scripts use this). */
  feed(event: ClockEvent, atMs: number): ClockEffect[];
  /** Starts a new game with the current settings. */
  newGame(): void;
  settings(): Settings;
  /** The game's log as the menu shows it (presses taken back by a chord are not in it). */
  log(): LogEntry[];
  /**
   * The same log as the runtime keeps it, packed (packed-log.ts), not to be changed: whoever shows a few entries
   * unpacks those (the console's `log` a page of 20), not all 64 as objects at once.
   */
  packedLog(): string[];
  menuOpen(): boolean;
  /**
   * The HAL instant of the gestures' next time-based step (a hold, a chord's window, the menu's timeout), or null when
   * none is pending: until then, wake-ups change nothing that a late wake-up would not (the core catches up exactly),
   * so a host in virtual time may skip them (the scripted simulator does).
   */
  gestureDeadlineMs(): number | null;
  /** Messages shown at boot: a restored game, a corrupt journal, settings that fell back to defaults. */
  notices: string[];
  /** Every effect played, for a host that wants to show them (the simulator's log and speech). */
  onEffects(handler: (effects: ClockEffect[]) => void): void;
  /** Carries out a command as the menu's (the arbiter's console uses it: settings, a correction, resume, new game). */
  apply(command: MenuCommand): void;
  /** Adds a line to the log, as the arbiter's (a change the core does not log itself). */
  note(text: string): void;
}

/** A committed state the clock can be taken back to if a chord turns out to have begun before it. */
interface Committed {
  atMs: number;
  before: ClockState;
  records: number;
  /** Log entries ever written before this commit (the in-memory log keeps only the latest logLimit). */
  logged: number;
  /** Lines of the game's record written before this commit (a take-back writes an undo line for those after). */
  recorded: number;
}

/**
 * How far back a take-back may reach (see `commit`): a chord's first press comes at most chordWindowMs + chordMs
 * (1.4 s by default) before the chord is recognised, and an edge handled late is late by a stall of the firmware (a
 * compaction, a console call), well under this.
 */
export const TAKE_BACK_MS = 5000;

/**
 * A running clock journals a tick at least this often, so that after a power cut the game comes back at most this
 * much short of where it was (and the power-off time shown is at most this much too long).
 */
export const HEARTBEAT_MS = 60000;

/** What the display says while the game or the settings could not be saved (flash full), and how often. */
export const UNSAVED_NOTICE = 'not saved: flash';
const UNSAVED_EVERY_MS = 10000;
const UNSAVED_SHOWN_MS = 3000;

function powerOffText(ms: number): string {
  const minutes = Math.floor(ms / 60000);
  const seconds = Math.floor(ms / 1000) % 60;
  return 'power off ' + minutes + ':' + (seconds < 10 ? '0' : '') + seconds;
}

/**
 * A started shell: the notices of its boot, and the `Runtime` for whoever reads or drives the clock from outside (the
 * console, a host). The Runtime is made on asking, each time afresh: on the device only the console asks, and its
 * methods' closures would otherwise hold RAM all game long.
 */
export interface Shell {
  notices: string[];
  runtime(): Runtime;
}

export function startShell(hal: Hal, config: ShellConfig): Shell {
  const loaded = loadSettings(hal.storage);
  let settings = loaded.settings;
  const notices: string[] = [];
  if (loaded.problem) notices.push(loaded.problem);
  const layout = config.layout;
  /**
   * At most this long between wake-ups when a watchdog must be kicked and nothing else is due. (Written here, not a
   * function of its own: a top-level function holds RAM on Espruino for as long as the firmware runs.)
   */
  const kickEveryMs = hal.watchdog && config.watchdogMs ? Math.max(100, Math.floor(config.watchdogMs / 2)) : Infinity;
  const logLimit = config.logLimit || 64;
  const effectHandlers: ((effects: ClockEffect[]) => void)[] = [];
  let offsetMs = 0;
  let state: ClockState;
  /** The latest `logLimit` log entries, packed (packed-log.ts). */
  let log: string[] = [];
  /** The game's start (see `Runtime.startMs`): found in the log when its entry comes, forgotten while ready. */
  let startMs: number | null = null;
  /** Log entries ever written this game (the in-memory log keeps only the latest logLimit of them). */
  let logged = 0;
  /** Journal records of this game so far (undo takes back records by count). */
  let records = 0;
  /** `records` when the journal was last compacted: an undo cannot reach into the snapshot, a new one is written. */
  let snapshotRecords = 0;
  /** The journal's file and how full it is; null when the game could not be saved at all. */
  let place: JournalPlace | null = null;
  /** What was already said, sounded or shown as an alarm: a replay after a chord's take-back does not say it again. */
  const playedOnce = createPlayedOnce();
  /** Whether the game's journal and the settings hold what the clock holds (a write failed: flash full). */
  const saved = { game: true, settings: true };
  /** The journal holds a game this boot could not restore (no restore part): it is not written until a new flash. */
  let journalKept = false;
  let recent: Committed[] = [];
  /** Game time of the last journal record (see HEARTBEAT_MS). */
  let journaledAtMs = 0;
  /** Lines of the game's record (record-store.ts) written this boot; whether its end (full, flash full) was logged. */
  let recorded = 0;
  let recordEndTold = false;

  const wallMs = (): number | undefined => (hal.rtc ? hal.rtc.readWallMs() : undefined);
  const gameNow = (): number => hal.clock.nowMs() + offsetMs;

  /**
   * Logs what the core does not: a change of what is saved ("game not saved: flash full?"), the console's changes; at
   * `atMs` when it is about an event (never before the log's last entry: the log runs forward in time), else now.
   */
  function logNote(kind: 'storage' | 'adjust', text: string, atMs?: number): void {
    const last = log.length > 0 ? packedAtMs(log[log.length - 1]) : 0;
    const at = Math.max(last, atMs === undefined ? gameNow() : atMs);
    logged += keepPacked([{ type: 'log', entry: { atMs: at, side: null, kind: kind, text: text } }], log, logLimit);
  }

  /**
   * Whether the game (`what` 'game') or the settings are saved now. A failed write is told once, in the log and on
   * the display (`UNSAVED_NOTICE`), until a write of the same thing succeeds again.
   */
  function setSaved(what: 'game' | 'settings', ok: boolean): void {
    if (saved[what] === ok) return;
    saved[what] = ok;
    logNote('storage', what + (ok ? ' saved again' : ' not saved: flash full?'));
  }

  /**
   * A new game with the current settings. `checked`: their control was checked and copied just now (`loadSettings`, at
   * boot), so each side only gets its own copy; otherwise it is checked again (`createClock`), as whatever handed
   * the settings over may still hold them.
   */
  function beginGame(checked?: boolean): void {
    const control = settings.control;
    state = checked ? clockOf({ black: copyControl(control.black), white: copyControl(control.white) }, settings.options) : createClock(control, settings.options);
    // The record first: a power cut between the two leaves the record of the game the journal restores.
    recordNewGame(hal.storage, recordHeader(state.controls, state.options, wallMs()));
    recorded = 0;
    recordEndTold = false;
    journaledAtMs = gameNow();
    log = [];
    logged = 0;
    recent = [];
    records = 1;
    snapshotRecords = 0;
    playedOnce.forgetUpTo(Infinity);
    place = journalKept ? null : journalNewGame(hal.storage, settings.control, settings.options, wallMs());
    setSaved('game', place !== null);
  }

  /**
   * Writes the game as it stands as a fresh journal (game-journal.ts `journalSnapshot`): when the journal reached
   * its budget, when a write failed (a fresh file may fit where an append did not, and the records since the
   * failure are in it), and when a chord takes back presses that an earlier compaction already folded in.
   */
  function compact(atMs: number): void {
    const from = place === null ? { name: '', generation: 0, chars: 0, records: 0 } : place;
    const fresh = journalKept ? null : journalSnapshot(hal.storage, from, { state: state, atMs: atMs, log: log, logged: logged, wallMs: wallMs() });
    if (fresh !== null) {
      place = fresh;
      journaledAtMs = atMs;
      snapshotRecords = records;
    }
    setSaved('game', fresh !== null);
  }

  /**
   * Appends one record (`write`; an event record when `isEvent`, which undo counts) unless the journal is already
   * short of one: then only a fresh snapshot will do. Compacts when the journal reached its budget.
   */
  function journalRecord(atMs: number, isEvent: boolean, write: (at: JournalPlace) => boolean): void {
    if (place !== null && saved.game && write(place)) {
      if (isEvent) records++;
      journaledAtMs = atMs;
      if (place.chars >= COMPACT_AT_CHARS || place.records >= COMPACT_AT_RECORDS) compact(atMs);
    } else {
      compact(atMs);
    }
  }

  const kick = (): void => {
    if (hal.watchdog) hal.watchdog.kick(); // a long restore must not reset the board into the same restore
  };
  // The restore is a part (parts.ts), loaded only when flash holds a journal and let go once the game is back.
  // Without it (its file damaged or missing) the journal is left as it is for the next boot of a clock flashed
  // again, and nothing is journaled until then.
  let restorer: RestorePart | null = null;
  let noRestorer = '';
  const toRestore = journalOnFlash(hal.storage);
  try {
    if (toRestore) restorer = config.parts.get('restore');
  } catch (e) {
    journalKept = true;
    saved.game = false; // shown as unsaved all along, and told once here, not as "flash full?"
    noRestorer = String((e as Error).message || e);
    notices.push('no restore part');
  }
  const boot: BootJournal = restorer ? restorer.bootJournal(hal.storage, logLimit, kick) : { restored: { others: [] }, notices: [] };
  for (let i = 0; i < boot.notices.length; i++) notices.push(boot.notices[i]);
  const game = boot.restored.game;
  if (game && restorer) {
    state = game.state;
    log = game.log;
    startMs = packedStart(log);
    // Its entry left the bounded log: the record has it (or, without a record, the time line's zero).
    if (startMs === null && state.status !== 'ready') startMs = restorer.recordStartMs(hal.storage, kick);
    if (startMs === null && state.status !== 'ready') startMs = 0;
    logged = game.logged;
    place = game.place;
    offsetMs = game.atMs - hal.clock.nowMs();
    journaledAtMs = game.atMs;
    notices.push('game restored');
    const then = game.wallMs;
    const now = wallMs();
    if (then !== undefined && now !== undefined && now >= then) notices.push(powerOffText(now - then));
    if (game.effects.length > 0) journalRecord(game.atMs, true, (at) => journalEvent(hal.storage, at, game.atMs, { type: 'pause' }, now));
  } else {
    beginGame(true);
  }
  restorer = null;
  config.parts.drop('restore');
  if (journalKept) logNote('storage', noRestorer + '; the journal is kept for the next boot, this game is not saved');
  /** Boot notices take turns on the display (one short line each fits the LCD) until the first press. */
  let showNotices = notices.length > 0;
  const noticesSinceMs = hal.clock.nowMs();
  const NOTICE_TURN_MS = 2000;

  /**
   * While something is not saved, the display says so: always when the clock stands, and for UNSAVED_SHOWN_MS of
   * every UNSAVED_EVERY_MS while it runs (the notice takes the row of the periods and moves left, which a player in
   * byo-yomi must still see).
   */
  function unsavedNoticeAt(now: number): boolean {
    if (saved.game && saved.settings) return false;
    return state.status !== 'running' || now % UNSAVED_EVERY_MS < UNSAVED_SHOWN_MS;
  }

  /** Whether words go to the voice module: one is fitted and answered, the sound and the voice are on, its part loads. */
  function voiceOn(): boolean {
    return hal.voice !== undefined && settings.sound && settings.voice !== 'off' && hal.voice.ready() && clips() !== null;
  }

  /** Whether the menu's part was asked for since it was last let go (see `settle`). */
  let menuHeld = false;

  /** The parts that could not be loaded (a damaged or missing Storage file), each told once. */
  const missing: { [name: string]: boolean } = {};

  /**
   * A part (parts.ts), or null when it cannot be loaded: then what it does is left undone (the voice leaves its words
   * to the buzzer) and the reason is told once, in the log and on the display, instead of stopping the clock.
   */
  function part<N extends PartName>(name: N): PartTypes[N] | null {
    try {
      return config.parts.get(name);
    } catch (e) {
      if (!missing[name]) {
        missing[name] = true;
        const why = String((e as Error).message || e);
        notices.push('no ' + name + ' part');
        showNotices = true;
        logNote('storage', why);
      }
      return null;
    }
  }

  /** What says what (voice-clips.ts), from the voice part: asked for only while the voice is on. */
  const clips = () => part('voice');

  /** Says `tracks` (voice-clips.ts) due at game time `atMs`; a count is dropped rather than said late. */
  function say(tracks: number[], atMs: number, count: boolean): void {
    const voice = clips();
    if (hal.voice && voice && settings.voice !== 'off') hal.voice.say({ folder: voice.folders[settings.voice], tracks: tracks, atMs: atMs - offsetMs, count: count });
  }

  /** The runtime's own words ("paused", "game restored"), when the voice is on. */
  function sayWords(words: string, atMs: number): void {
    if (!voiceOn()) return;
    const tracks = (clips() as PartTypes['voice']).tracksFor(words);
    if (tracks) say(tracks, atMs, false);
  }

  /**
   * Appends lines to the game's record; the first time they do not all fit (its cap, or the flash full), logs it once:
   * nothing more of the game is recorded (record-store.ts), while the journal keeps the game itself.
   */
  function record(lines: string[], atMs: number): void {
    if (lines.length === 0) return;
    if (!(/*#__NOINLINE__*/ recordAppend(hal.storage, lines)) && !recordEndTold) {
      recordEndTold = true;
      logNote('storage', 'record stopped: full, missing or flash full?', atMs);
    }
    recorded += lines.length;
  }

  /** Plays a step's effects that were not played before (see played-once.ts), and shows them to the hosts listening. */
  function play(effects: ClockEffect[]): void {
    const fresh = playedOnce.fresh(effects);
    const voice = voiceOn();
    for (let i = 0; i < fresh.length; i++) {
      const effect = fresh[i];
      // What the voice can say, it says; the rest (beeps, a period used) stays the buzzer's.
      const tracks = voice ? (clips() as PartTypes['voice']).effectTracks(effect) : null;
      const tones: Tone[] | null = settings.sound && !tracks ? soundFor(effect) : null;
      if (tracks && effect.type !== 'log') say(tracks, effect.atMs, effect.type === 'announce' && effect.kind === 'count');
      if (tones) hal.buzzer.play(tones, settings.volume);
    }
    for (let i = 0; i < effectHandlers.length; i++) effectHandlers[i](fresh);
  }

  function feed(event: ClockEvent, atMs: number): ClockEffect[] {
    if (hal.watchdog) hal.watchdog.kick(); // every wake-up and every edge: arm() may keep pushing the timer back
    // An edge can reach the firmware after a timer that fell due after it (a count, a flag): take back what was
    // committed after the edge's instant, so the press is charged at its own instant (12.8) and a press made before
    // the flag beats it. What was already said or shown stays said; the clock's times are what they must be.
    if (event.type !== 'tick' && atMs < state.atMs) takeBackAfter(atMs, false);
    const before = state.status;
    if (before === 'ready') startMs = null; // a new game, or a start a chord took back
    const result = step(state, event, atMs);
    const effects = result.effects;
    // What the step brought: log entries (kept, recorded, journaled) and what sounds (played). A move brings a log
    // entry alone; a count (a second of the period said) an announcement alone.
    let logs = false;
    let sounding = effectHandlers.length > 0;
    for (let i = 0; i < effects.length; i++) {
      if (effects[i].type === 'log') logs = true;
      else sounding = true;
    }
    // A tick that changed nothing visible is not kept, so an edge stamped before it still counts at its own instant.
    if (event.type !== 'tick' || effects.length > 0) {
      // Committed (written here: a function used once, terser would make it one Espruino reads twice a press).
      const previous = state;
      recent.push({ atMs: atMs, before: state, records: records, logged: logged, recorded: recorded });
      // Kept while a take-back may still reach it: a chord reaches back to its first press (at most chordWindowMs +
      // chordMs before it is known), a late edge as far as the firmware was held up; older states only hold RAM.
      while (recent.length > UNDO_DEPTH || (recent.length > 1 && recent[0].atMs < atMs - TAKE_BACK_MS)) recent.shift();
      // A take-back goes at most to the oldest kept commit: what was played before its state can never come again.
      playedOnce.forgetUpTo(recent[0].before.atMs);
      state = result.state;
      // (Once the record stopped, nothing more is written to it: its lines are not even made.)
      if (logs && !recordEndTold) record(/*#__NOINLINE__*/ recordLines(previous, event, state, effects, atMs), atMs);
    }
    if (before !== state.status && (event.type === 'pause' || event.type === 'resume')) sayWords(event.type === 'pause' ? 'paused' : 'resumed', atMs);
    const heartbeat = event.type === 'tick' && state.status === 'running' && atMs - journaledAtMs >= HEARTBEAT_MS;
    const journaled = heartbeat || (effects.length > 0 && /*#__NOINLINE__*/ worthJournaling(event, effects));
    if (logs) {
      logged += keepPacked(effects, log, logLimit);
      if (startMs === null) startMs = packedStart(log);
    }
    if (sounding) /*#__NOINLINE__*/ play(effects);
    // After the log took this step's entries: a compaction that the record brings writes them in its snapshot.
    if (journaled) journalRecord(atMs, true, (at) => journalEvent(hal.storage, at, atMs, event, wallMs()));
    return effects;
  }

  /** Takes back every commit after `atMs` (and at it, when `inclusive`), with its journal records and log lines. */
  function takeBackAfter(atMs: number, inclusive: boolean): void {
    let first = -1;
    for (let i = recent.length - 1; i >= 0 && (recent[i].atMs > atMs || (inclusive && recent[i].atMs === atMs)); i--) first = i;
    if (first < 0) return;
    const back = recent[first];
    state = back.before;
    const undo = records - back.records;
    records = back.records;
    const dropped = logged - back.logged;
    log.splice(Math.max(0, log.length - dropped), dropped); // Espruino: an array's length cannot be assigned
    logged = back.logged;
    if (recorded > back.recorded) record([recordUndoLine(recorded - back.recorded)], back.atMs);
    recorded = back.recorded;
    recent = recent.slice(0, first);
    // Then the journal, with the log as taken back (a compaction writes it). Presses inside the last snapshot cannot
    // be undone by a record: the game as it is now is written afresh.
    if (back.records < snapshotRecords) compact(back.atMs);
    else if (undo > 0) journalRecord(back.atMs, false, (at) => journalUndo(hal.storage, at, undo));
  }

  /** The chord's pause (12.13): the clock as it was at `atMs`, presses and flags since then taken back, paused. */
  function pauseAsOf(atMs: number): void {
    takeBackAfter(atMs, true);
    if (state.status === 'running') feed({ type: 'pause' }, atMs);
    // Nothing can take the game back behind the chord's first edge any more: edges come in the order they were
    // made, so every later edge, and the first edge of any later chord, is after it. The commits kept before it
    // only held RAM (in a quick game up to UNDO_DEPTH states, when the menu's part is loaded); what was played
    // before them is forgotten at the next commit.
    recent = recent.filter((c) => c.atMs >= atMs);
  }

  function obey(command: MenuCommand, atMs: number): void {
    // What a command does (a correction journaled, recorded and said, settings saved, a game begun) is done without
    // the menu's code in RAM: that was the game's memory peak. A menu still open loads it again to draw its rows.
    menuHeld = false;
    config.parts.drop('menu');
    if (command.type === 'settings') {
      settings = command.settings;
      if (hal.voice) hal.voice.setVolume(settings.volume);
      const ok = saveSettings(hal.storage, settings);
      if (state.status === 'ready' || state.status === 'over') beginGame();
      setSaved('settings', ok); // after a new game's start, so its log has it
    } else if (command.type === 'adjust') {
      feed(command.event, atMs);
    } else if (command.type === 'resume') {
      feed({ type: 'resume' }, atMs);
    } else if (command.type === 'newGame') {
      beginGame();
    }
  }

  const host: ControllerHost = {
    clock: () => state,
    sideOf: (button: ButtonName) => (button === 'left' ? settings.leftSide : otherSide(settings.leftSide)),
    offsetMs: () => offsetMs,
    press(side, atMs) {
      showNotices = false;
      feed({ type: 'press', side: side }, atMs);
    },
    pauseAsOf: pauseAsOf,
    resume: (atMs) => {
      feed({ type: 'resume' }, atMs);
    },
    menuContext: () => ({
      settings: settings,
      game: state.status === 'ready' || state.status === 'over' ? state.status : 'paused',
      view: view(state, gameNow()),
      clock: state,
      log: log,
      unpack: unpackLogEntry,
      startMs: state.status === 'ready' ? null : startMs,
    }),
    menu: () => {
      // Opening it: the chord that opened it was its last chance to take a commit back (edges come in the order
      // they were made), so the states kept for that, and what they played, only hold RAM beside the menu's part.
      if (!controller.menuOpen()) {
        recent = [];
        playedOnce.forgetUpTo(Infinity);
      }
      menuHeld = true;
      return part('menu');
    },
    obey: obey,
  };
  const controller = createController(host, config.timing);

  /** What the display shows at HAL instant `now`. */
  function screen(now: number): Screen {
    const shown: Screen = {
      view: view(state, now + offsetMs),
      controls: state.controls,
      leftSide: settings.leftSide,
      batteryPercent: hal.battery ? hal.battery.percent() : undefined,
    };
    const menu = controller.menuRows(layout.menuColumns);
    if (menu) shown.menu = menu;
    const hint = controller.hint();
    if (hint) shown.hint = hint;
    if (showNotices) {
      const turn = Math.floor((now - noticesSinceMs) / NOTICE_TURN_MS);
      shown.notice = notices[turn % notices.length];
    } else if (unsavedNoticeAt(now)) {
      shown.notice = UNSAVED_NOTICE;
    }
    return shown;
  }

  /**
   * Whether the wake-ups until the next event may be display ticks (see `wake`): the last screen drawn was the clock
   * running, with no menu, hint or notice on it, and nothing but the running side's own time will move: not in
   * hourglass (the waiting side's time rises), not while a simple delay counts down (it has a line of its own).
   */
  let timeTicks = false;
  /** What the screen was last drawn from, so that an edge or a gesture that changed none of it draws nothing. */
  let drawnState: ClockState | null = null;
  let drawnHint: string | undefined = undefined;
  let drawnMenu = false;

  function render(now: number): void {
    const shown = screen(now);
    layout.draw(shown);
    drawnState = state;
    drawnHint = shown.hint;
    drawnMenu = shown.menu !== undefined;
    const running = shown.view.running;
    const runner = running === null ? null : shown.view.sides[running];
    // (Nor while something is unsaved: its notice comes and goes.)
    timeTicks =
      running !== null && runner !== null && !shown.menu && !shown.hint && !shown.notice && saved.game && saved.settings &&
      state.controls[running].system !== 'hourglass' && !(runner.graceMs > 0 && !runner.inBreak);
  }

  /** The HAL instant the display next changes (the core's next deadline when the timer was last set). */
  let displayAtMs = Infinity;
  /**
   * The gestures' deadline when the timer was last set. The recogniser's state changes only on an edge or a tick
   * given to the controller, and each is followed by `arm` (or leaves the deadline as it was), so a display tick reads
   * it here rather than asking the controller (on Espruino a call).
   */
  let gestureAtMs: number | null = null;

  /**
   * One timer: the core's next change (game time), the next time-based gesture, or the watchdog's kick. One function
   * with what works out the instants: split, terser writes the part used once in place, which Espruino reads twice.
   */
  function arm(now: number): void {
    // While the time ticks (`render` said so, for the state it drew), the core's next change is the display tick's
    // arithmetic on the runner (`runnerAt`, which the next tick takes on from), not a whole `nextDeadline`.
    const game = now + offsetMs;
    const runner = timeTicks ? runnerAt(state, game) : null;
    const coreAtMs = runner !== null && runner.nextAtMs <= MAX_INSTANT_MS ? runner.nextAtMs : /*#__NOINLINE__*/ nextDeadline(state, game);
    const gesture = controller.deadline();
    gestureAtMs = gesture;
    displayAtMs = coreAtMs === null ? Infinity : coreAtMs - offsetMs;
    let atMs = now + kickEveryMs;
    if (coreAtMs !== null && coreAtMs - offsetMs < atMs) atMs = coreAtMs - offsetMs;
    if (gesture !== null && gesture < atMs) atMs = gesture;
    if (showNotices && notices.length > 1) {
      const nextTurn = noticesSinceMs + (Math.floor((now - noticesSinceMs) / NOTICE_TURN_MS) + 1) * NOTICE_TURN_MS;
      if (nextTurn < atMs) atMs = nextTurn;
    }
    if (!showNotices && (!saved.game || !saved.settings) && state.status === 'running') {
      const inCycle = now % UNSAVED_EVERY_MS;
      const change = now - inCycle + (inCycle < UNSAVED_SHOWN_MS ? UNSAVED_SHOWN_MS : UNSAVED_EVERY_MS);
      if (change < atMs) atMs = change;
    }
    if (atMs === Infinity) hal.timer.stop();
    else hal.timer.start(atMs, wake);
  }

  /**
   * After anything happened: show it, set the timer, and let go of the menu's part once the menu is closed (a settle
   * with no menu asked for since the last only reads `menuHeld`); all as of HAL instant `now`, read once by the caller
   * (on Espruino each reading of the clock is two calls).
   */
  function settle(now: number): void {
    /*#__NOINLINE__*/ render(now); // not a function expression made at every settle (see `wake`)
    arm(now);
    if (menuHeld && !controller.menuOpen()) {
      menuHeld = false;
      config.parts.drop('menu');
    }
  }

  /**
   * Whether the screen must be drawn again after a gesture: the clock's state, the menu (shown before, or now) or the
   * hint changed, or the screen shows something that comes and goes (boot notices, the unsaved notice). A confirmed
   * release or a press that the core ignored without a word change none of it: they only set the timer (the
   * gestures' next deadline), which on Espruino is a small part of a whole settle.
   */
  function changed(now: number): boolean {
    return (
      state !== drawnState || drawnMenu || controller.menuOpen() || controller.hint() !== drawnHint || showNotices || !saved.game ||
      !saved.settings || now >= displayAtMs
    );
  }

  /**
   * A wake-up; `fired`: the clock as the timer read it (on Espruino each reading is a call), if it did. Most wake-ups
   * of a game are display ticks: before anything but the running side's shown time is due (no boundary of the core,
   * no heartbeat, no gesture), which redraw just that time (the layout's `drawTime`) from the runner's clock alone,
   * and set the timer for its next change. Anything else is the whole of one (`wakeWhole`), a function of its own so
   * that a display tick does not read through it (Espruino reads a function's whole text at every call); the tick is
   * written here, not a function of its own, as it is every wake-up's path (a call costs about as much as its lines).
   */
  function wake(fired?: number): void {
    if (hal.watchdog) hal.watchdog.kick();
    const now = fired === undefined ? hal.clock.nowMs() : fired;
    const game = now + offsetMs;
    const gesture = gestureAtMs;
    const heartbeatAtMs = journaledAtMs + HEARTBEAT_MS;
    const runner = timeTicks && game < heartbeatAtMs && (gesture === null || gesture > now) ? /*#__NOINLINE__*/ runnerAt(state, game) : null;
    if (runner === null) {
      /*#__NOINLINE__*/ wakeWhole(now);
      return;
    }
    layout.drawTime(state.toMove, runner.view);
    // `arm`'s way, written out less what cannot be while the time ticks (a boot notice or the unsaved one is on the
    // screen then, and `timeTicks` is false with either).
    const coreAtMs = Math.min(runner.nextAtMs, heartbeatAtMs) - offsetMs;
    displayAtMs = coreAtMs;
    let atMs = now + kickEveryMs < coreAtMs ? now + kickEveryMs : coreAtMs;
    if (gesture !== null && gesture < atMs) atMs = gesture;
    hal.timer.start(atMs, wake);
  }

  /**
   * The gestures' tick if one is due, the core's tick if a boundary or the heartbeat is due, then the display and
   * the timer. A tick before its due instant does nothing (the recogniser and the core say so themselves), so it is
   * skipped: on Espruino it is most of a wake-up's cost.
   */
  function wakeWhole(now: number): void {
    const gesture = controller.deadline();
    const gestureDue = gesture !== null && gesture <= now;
    if (gestureDue) controller.onTick(now);
    const game = now + offsetMs;
    const heartbeatAtMs = state.status === 'running' ? journaledAtMs + HEARTBEAT_MS : Infinity;
    const coreDue = game >= quietUntil(state) || game >= heartbeatAtMs;
    const effects = coreDue ? feed({ type: 'tick' }, game) : [];
    // A count alone (a second of the period said or beeped, one wake-up in ten in its last 10 s) changes nothing on
    // the screen but the running time: while the time ticks, it is drawn as a display tick is, not the whole screen.
    let counts = timeTicks && !gestureDue && effects.length > 0;
    for (let i = 0; i < effects.length && counts; i++) counts = effects[i].type === 'announce' && (effects[i] as { kind: string }).kind === 'count';
    const runner = counts ? runnerAt(state, game) : null;
    if (runner !== null) {
      layout.drawTime(state.toMove, runner.view);
      arm(now);
      return;
    }
    // Woken for a gesture alone (a release confirmed, a hold that fired nothing): `changed` says if the screen moved.
    if (!gestureDue || coreDue || changed(now)) settle(now);
    else arm(now);
  }

  if (hal.voice) hal.voice.setVolume(settings.volume);
  // Said even before the module has answered (it starts with the board): the driver keeps it until it does.
  if (game && hal.voice && settings.sound && settings.voice !== 'off') {
    const voice = clips();
    if (voice) say([voice.words['game restored']], hal.clock.nowMs() + offsetMs, false);
  }
  hal.buttons.onEdge((edge) => {
    if (hal.watchdog) hal.watchdog.kick();
    // An edge that made no gesture (a press's up edge, a bounce) changes nothing on the screen: only the gestures'
    // deadline may have moved (`gestureAtMs` is the one the timer was last set for).
    const said = controller.onEdge(edge);
    const now = hal.clock.nowMs();
    if (said && changed(now)) settle(now);
    else if (controller.deadline() !== gestureAtMs) arm(now);
  });
  settle(hal.clock.nowMs());

  const runtime = (): Runtime => ({
    state: () => state,
    view: () => view(state, gameNow()),
    screen: () => screen(hal.clock.nowMs()),
    nowMs: gameNow,
    startMs: () => (state.status === 'ready' ? null : startMs),
    feed: (event, atMs) => {
      const effects = feed(event, atMs);
      settle(hal.clock.nowMs());
      return effects;
    },
    newGame: () => {
      beginGame();
      settle(hal.clock.nowMs());
    },
    settings: () => settings,
    log: () => unpackLog(log),
    packedLog: () => log,
    menuOpen: () => controller.menuOpen(),
    gestureDeadlineMs: () => controller.deadline(),
    notices: notices,
    onEffects: (handler) => {
      effectHandlers.push(handler);
    },
    apply: (command) => {
      obey(command, gameNow());
      settle(hal.clock.nowMs());
    },
    note: (text) => {
      logNote('adjust', text);
      settle(hal.clock.nowMs());
    },
  });
  return { notices: notices, runtime: runtime };
}
