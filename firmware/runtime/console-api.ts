/**
 * The arbiter's console on the device: one global `goclock` (hal/espruino/boot.ts) whose calls read the clock and,
 * once unlocked with the arbiter's code, change it. Every call answers a plain object, `{ error: "one line" }` when it
 * is refused; a refused call changes nothing, and every input is checked by the code the menu and the scripted
 * simulator use (control-validate.ts, options.ts, adjust.ts). Version `CONSOLE_API_VERSION`.
 *
 * Access: reading is open; changing needs `unlock(code)` with the arbiter's code (Options › Arbiter code in the menu,
 * kept in flash with the settings). With no code set, nothing can be changed from the console. The unlock holds until
 * `lock()`, a reboot, or UNLOCK_IDLE_MS without a call; after MAX_WRONG_CODES wrong codes in a row, `unlock` is
 * refused for LOCKOUT_MS (four digits: 10,000 codes, at most one guess every ten seconds on average).
 */
import type { Runtime } from './shell';
import { gameControlError, parseGameControl } from '../clock/control-validate';
import { describeGameControl } from '../clock/control-describe';
import { DEFAULT_OPTIONS, optionsError } from '../clock/options';
import { adjustError } from '../clock/adjust';
import { AdjustEvent } from '../clock/clock-types';
import { formatClock, formatOverdue } from '../display/format-time';
import { presets } from '../clock/presets';
import { sideFacts, SideFacts, SideView } from '../display/view';
import { PLAIN_COPY_LIMIT, plainCopy } from '../clock/text';
// (ASCII: on Espruino strings are bytes, and the console's answers are read as UTF-8: "3x30 s", not "3×30 s".)
import { asciiText } from '../storage/game-record';
import { unpackLogEntry } from './packed-log';

export const CONSOLE_API_VERSION = 1;
export const UNLOCK_IDLE_MS = 30 * 60000;
export const MAX_WRONG_CODES = 3;
export const LOCKOUT_MS = 30000;
/** The most log entries one `log` call returns. */
export const LOG_PAGE = 20;
export const LOCKED = "locked: unlock with the arbiter's code";

export type ConsoleResult = { [key: string]: unknown };

export interface ConsoleApi {
  v: number;
  status(): ConsoleResult;
  log(from?: unknown, count?: unknown): ConsoleResult;
  presets(): ConsoleResult;
  unlock(code: unknown): ConsoleResult;
  lock(): ConsoleResult;
  setControl(control: unknown, options?: unknown): ConsoleResult;
  adjust(correction: unknown): ConsoleResult;
  pause(): ConsoleResult;
  resume(): ConsoleResult;
  newGame(): ConsoleResult;
}

/**
 * What the console's access holds between calls: until when it is unlocked, wrong codes in a row, until when unlock is
 * refused. Kept by the caller (on the device the console is a part loaded on use, and its access must outlive it).
 */
export interface ConsoleLock {
  unlockedUntilMs: number;
  wrong: number;
  lockedOutUntilMs: number;
}

/** A console that is locked and has seen no wrong code. */
export function freshConsoleLock(): ConsoleLock {
  return { unlockedUntilMs: -1, wrong: 0, lockedOutUntilMs: -1 };
}

/**
 * `runtimeOf`: the clock's Runtime, asked for by the first call that needs it (the shell makes it on asking, some 160
 * JsVars: a console line that only prints the record never makes it); `clockMs`: the HAL's monotonic milliseconds
 * (the unlock's idle time and the lockout run on it); `lock`: the access as the last console left it (a fresh one if
 * none).
 */
export function createConsoleApi(runtimeOf: () => Runtime, clockMs: () => number, lock?: ConsoleLock): ConsoleApi {
  const access = lock || freshConsoleLock();
  let made: Runtime | null = null;
  const runtime = (): Runtime => made || (made = runtimeOf());

  // Every answer is made for its call: nothing reachable from one is the clock's (or another answer's).
  const refuse = (error: string): ConsoleResult => ({ error: error });
  const ok = (): ConsoleResult => ({ ok: true });

  /** What a call was given, as `plainCopy` makes it (checked and used as that copy), or why it is not plain data. */
  function given(value: unknown, depth: number, what: string): { value: unknown } | string {
    const copy = plainCopy(value, depth);
    return copy === undefined ? what + ': only plain data (no functions or "__proto__", at most ' + PLAIN_COPY_LIMIT + ' values)' : { value: copy };
  }

  /** Whether a changing call may go on; each one keeps the unlock alive. */
  function mayChange(): boolean {
    const now = clockMs();
    if (now >= access.unlockedUntilMs) return false;
    access.unlockedUntilMs = now + UNLOCK_IDLE_MS;
    return true;
  }

  /** What a side's display shows: its time rounded up as the clock shows it, or how far past a flag it counts. */
  function shown(side: SideView): string {
    return side.flaggedAtMs !== null && side.overdueMs > 0 ? formatOverdue(side.overdueMs) : formatClock(side.graceMs + side.remainingMs);
  }

  function sideStatus(side: SideView): SideFacts & { shown: string } {
    return Object.assign({ shown: shown(side) }, sideFacts(side));
  }

  /** A correction as the scripted simulator takes it, refused when impossible now (adjust.ts `adjustError`). */
  function correction(value: unknown): AdjustEvent | string {
    const copy = plainCopy(value, 4);
    if (typeof copy !== 'object' || copy === null || Array.isArray(copy)) return 'the correction must be an object of plain data such as {side: "white", deltaMs: 120000}';
    const event = Object.assign(copy, { type: 'adjust' }) as AdjustEvent;
    const state = runtime().state();
    if (state.status !== 'paused' && state.status !== 'running') return 'no game in progress to correct';
    const error = adjustError(state, event);
    return error === undefined ? event : error;
  }

  return {
    v: CONSOLE_API_VERSION,
    status() {
      const view = runtime().view();
      const settings = runtime().settings();
      return {
        v: CONSOLE_API_VERSION,
        state: view.status,
        running: view.running,
        toMove: view.toMove,
        sides: { black: sideStatus(view.sides.black), white: sideStatus(view.sides.white) },
        flags: plainCopy(view.flags, 2),
        control: plainCopy(settings.control, 5),
        controlText: asciiText(describeGameControl(runtime().state().controls)),
        options: plainCopy(settings.options, 2),
        unlocked: clockMs() < access.unlockedUntilMs,
        atMs: view.atMs,
        // The game's start on the same time line (null while ready): people's times count from it (display/log-text.ts).
        startMs: runtime().startMs(),
      };
    },
    log(from, count) {
      // Only the page asked for is unpacked (about 10 JsVars an entry as an object).
      const log = runtime().packedLog();
      const skip = typeof from === 'number' && from > 0 ? Math.floor(from) : 0;
      const take = typeof count === 'number' && count > 0 ? Math.min(LOG_PAGE, Math.floor(count)) : LOG_PAGE;
      const entries = [];
      for (let i = log.length - 1 - skip; i >= 0 && entries.length < take; i--) entries.push(unpackLogEntry(log[i]));
      return { entries: entries, total: log.length };
    },
    presets() {
      return { presets: presets() };
    },
    unlock(code) {
      const now = clockMs();
      if (now < access.lockedOutUntilMs) return refuse('too many wrong codes: wait ' + Math.ceil((access.lockedOutUntilMs - now) / 1000) + ' s');
      const expected = runtime().settings().arbiterCode;
      if (expected === '') return refuse('no arbiter code is set: set one in the menu (Options, Arbiter code)');
      if (typeof code !== 'string' || code !== expected) {
        access.wrong++;
        if (access.wrong >= MAX_WRONG_CODES) {
          access.wrong = 0;
          access.lockedOutUntilMs = now + LOCKOUT_MS;
        }
        return refuse('wrong code');
      }
      access.wrong = 0;
      access.unlockedUntilMs = now + UNLOCK_IDLE_MS;
      return ok();
    },
    lock() {
      access.unlockedUntilMs = -1;
      return ok();
    },
    setControl(controlGiven, optionsGiven) {
      if (!mayChange()) return refuse(LOCKED);
      const status = runtime().state().status;
      if (status === 'running' || status === 'paused') return refuse('a game is in progress: correct it, or start a new game first');
      const control = given(controlGiven, 5, 'control');
      if (typeof control === 'string') return refuse(control);
      const controlProblem = gameControlError(control.value, 'control');
      if (controlProblem !== undefined) return refuse(controlProblem);
      const options = optionsGiven === undefined ? { value: {} } : given(optionsGiven, 2, 'options');
      if (typeof options === 'string') return refuse(options);
      const optionsProblem = optionsError(options.value, 'options');
      if (optionsProblem !== undefined) return refuse(optionsProblem);
      const settings = Object.assign({}, runtime().settings());
      settings.control = parseGameControl(control.value);
      settings.options = Object.assign({}, DEFAULT_OPTIONS, settings.options, options.value);
      runtime().apply({ type: 'settings', settings: settings });
      runtime().note('console: control ' + asciiText(describeGameControl(settings.control)));
      return ok();
    },
    adjust(value) {
      if (!mayChange()) return refuse(LOCKED);
      const event = correction(value);
      if (typeof event === 'string') return refuse(event);
      runtime().apply({ type: 'adjust', event: event });
      return ok();
    },
    pause() {
      if (!mayChange()) return refuse(LOCKED);
      if (runtime().state().status !== 'running') return refuse('the clock is not running');
      runtime().feed({ type: 'pause' }, runtime().nowMs());
      return ok();
    },
    resume() {
      if (!mayChange()) return refuse(LOCKED);
      if (runtime().state().status !== 'paused') return refuse('the clock is not paused');
      runtime().apply({ type: 'resume' });
      return ok();
    },
    newGame() {
      if (!mayChange()) return refuse(LOCKED);
      runtime().apply({ type: 'newGame' });
      return ok();
    },
  };
}
