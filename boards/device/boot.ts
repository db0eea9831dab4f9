/**
 * The device's composition root: turns a board (data) into a HAL, wires the firmware's parts to the board's Storage
 * and starts the runtime. Each bundle dist/<board>.js is this function called with one board, the screen module for
 * its display (board-screen.ts) and the manifest of the parts built with it (scripts/bundle-config.cjs);
 * the console's `goclock` global is defined here and made from the console part when it is first read.
 */
import { Board } from '../board';
import { createEspruinoHal } from '../../hal/espruino/create-hal';
import { espruinoEnv, EspruinoEnv } from '../../hal/espruino/env';
import { startShell } from '../../firmware/runtime/shell';
import { ScreenMaker } from './board-screen';
import { createParts } from '../../firmware/runtime/parts';
import { freshConsoleLock } from '../../firmware/runtime/console-api';
import { ConsoleContext } from '../../firmware/parts/console-part';
import { PartManifest, storageParts } from './storage-parts';
import { lazyVoice } from '../../firmware/sound/lazy-voice';

/**
 * Starts the clock from a timer, once the boot code has run to its end, not from the boot code itself: while the
 * boot code runs, Espruino is reading the whole of `.bootcde` from flash, and a write to a full Storage compacts it,
 * which moves that file; the interpreter then copies what it is reading into RAM, and runs out of it (measured on
 * espruino-12k: LOW_MEMORY, the boot interrupted). From a timer only the functions being run are read.
 */
export function boot(board: Board, makeScreen: ScreenMaker, manifest: PartManifest): void {
  const env = espruinoEnv();
  env.setTimeout(() => start(board, makeScreen, manifest, env), 0);
}

function start(board: Board, makeScreen: ScreenMaker, manifest: PartManifest, env: EspruinoEnv): void {
  const device = createEspruinoHal(board, env, makeScreen);
  const hal = device.hal;
  const parts = createParts(storageParts(env, manifest));
  // The voice module's queue comes from the voice part, made the first time something is to be said.
  const clips = device.clips;
  if (clips) {
    const timers = { now: () => hal.clock.nowMs(), setTimeout: env.setTimeout, clearTimeout: env.clearTimeout };
    hal.voice = lazyVoice(clips, () => parts.get('voice', hal.clock.nowMs()).createVoiceQueue(clips, timers));
  }
  const shell = startShell(hal, { layout: device.screen.layout, watchdogMs: board.watchdogMs, parts: parts });
  for (let i = 0; i < shell.notices.length; i++) env.print('goclock: ' + shell.notices[i]);
  // The arbiter's console (firmware/runtime/console-api.ts) and the record printed on request (`npm run record` calls
  // goclock.record), made from the console part at the first read of `goclock` and let go a minute after the last.
  const context: ConsoleContext = {
    runtime: shell.runtime,
    clockMs: () => hal.clock.nowMs(),
    lock: freshConsoleLock(),
    storage: hal.storage,
    print: env.print,
  };
  env.defineGetter('goclock', () => parts.get('console', context.clockMs()).api(context));
}
