/**
 * The device's composition root: turns a board (data) into a HAL, wires the firmware's parts to the board's Storage
 * and starts the runtime. Each bundle dist/<board>.js is this function called with one board, the screen module for
 * its display (board-screen.ts), the IO module of its kind (hal/espruino/board-io.ts: pins or the console) and what
 * the build says about the parts built with it (their manifest, and the registry of what `.bootcde` shares with them:
 * scripts/bundle-config.cjs); the console's `goclock` global is defined here and made from the console part when it
 * is read.
 */
import { Board } from '../board';
import { createEspruinoHal } from '../../hal/espruino/create-hal';
import { IoMaker } from '../../hal/espruino/board-io';
import { espruinoEnv, EspruinoEnv } from '../../hal/espruino/env';
import { Shell, startShell } from '../../firmware/runtime/shell';
import { ScreenMaker } from './board-screen';
import { Parts } from '../../firmware/runtime/parts';
import { ClipPlayer, Hal, MonotonicClock, Voice } from '../../hal/hal';
import { ConsoleContext } from '../../firmware/parts/console-part';
import { PartsInfo, partsInStorage } from './storage-parts';
import { ClearTimeoutFn, SetTimeoutFn } from '../../hal/espruino/types';
import { lazyVoice } from '../../firmware/sound/lazy-voice';

/**
 * Starts the clock from a timer, once the boot code has run to its end, not from the boot code itself: while the
 * boot code runs, Espruino is reading the whole of `.bootcde` from flash, and a write to a full Storage compacts it,
 * which moves that file; the interpreter then copies what it is reading into RAM, and runs out of it (measured on
 * espruino-12k: LOW_MEMORY, the boot interrupted). From a timer only the functions being run are read.
 */
export function boot(board: Board, makeScreen: ScreenMaker, makeIo: IoMaker, parts: PartsInfo): void {
  const env = espruinoEnv();
  env.setTimeout(() => start(board, makeScreen, makeIo, parts, env), 0);
}

/*
 * Nothing the clock keeps is made in `start` or `boot`, nor in what terser writes into them (a function called once
 * is written where it is called): a closure holds every scope around it, and theirs hold the board's data (the LCD
 * board's alone is 87 JsVars) and the environment's object (about 60), which nothing needs once the clock runs. So
 * the closures kept are made in functions of their own (NOINLINE), each given only what it keeps, never `env`.
 */
function start(board: Board, makeScreen: ScreenMaker, makeIo: IoMaker, info: PartsInfo, env: EspruinoEnv): void {
  const device = createEspruinoHal(board, env, makeScreen, makeIo);
  const hal = device.hal;
  const parts = /*#__NOINLINE__*/ partsInStorage(env.Storage, env.E, env.evaluate, info);
  if (device.clips) hal.voice = /*#__NOINLINE__*/ voiceFromPart(device.clips, hal.clock, parts, env.setTimeout, env.clearTimeout);
  const shell = startShell(hal, { layout: device.screen.layout, watchdogMs: board.watchdogMs, parts: parts });
  for (let i = 0; i < shell.notices.length; i++) env.print('goclock: ' + shell.notices[i]);
  env.defineGetter('goclock', /*#__NOINLINE__*/ consoleGetter(hal, parts, shell, env.setTimeout, env.print));
}

/** The voice module's queue, from the voice part, made the first time something is to be said. */
function voiceFromPart(clips: ClipPlayer, clock: MonotonicClock, parts: Parts, setTimeoutFn: SetTimeoutFn, clearTimeoutFn: ClearTimeoutFn): Voice {
  return lazyVoice(clips, () =>
    parts.get('voice').createVoiceQueue(clips, { now: () => clock.nowMs(), setTimeout: setTimeoutFn, clearTimeout: clearTimeoutFn }),
  );
}

/**
 * The arbiter's console (firmware/runtime/console-api.ts) and the record printed on request (`npm run record` calls
 * goclock.record): what a read of the `goclock` global gives, made from the console part and let go once the
 * console's line has run (a timer due at once fires after it), so a game in progress holds none of it. The console's
 * access (unlocked, wrong codes) outlives the part, in `context`, made at the first read.
 */
function consoleGetter(hal: Hal, parts: Parts, shell: Shell, setTimeoutFn: SetTimeoutFn, print: (text: string) => void): () => unknown {
  let context: ConsoleContext | null = null;
  let dropping = false;
  const drop = (): void => {
    dropping = false;
    parts.drop('console');
  };
  return () => {
    if (!dropping) {
      dropping = true;
      setTimeoutFn(drop, 0);
    }
    if (context === null) {
      context = { runtime: shell.runtime, clock: hal.clock, storage: hal.storage, print: print };
    }
    return parts.get('console').api(context);
  };
}
