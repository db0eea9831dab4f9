/**
 * One game of the whole device in virtual time, as a pure function that runs the same in V8 and, bundled by
 * differential-bundle.ts, on the real Espruino interpreter: the firmware runtime (firmware/runtime/runtime.ts) on the virtual
 * HAL (sim/virtual-hal.ts) with the console board's own display and buzzer drivers (or a 128×64 canvas the host
 * gives, for the OLED layout), Storage as the game says (settings, and maybe junk), the game's button edges played at
 * their instants, power cut where it says, then time advanced to `untilMs`. Everything it shows or says goes out
 * through `print` as it happens, one item at a time (nothing is accumulated: the interpreter has 12,000 JsVars):
 * each frame (an OLED frame as its checksum), each buzzer line, each boot notice, each effect the core sent; at the
 * end the committed state, the view, the log and the Storage records. differential.test.ts compares the two
 * engines' items to the character.
 *
 * This file is device code (it is bundled for Espruino): the Espruino subset of docs/firmware.md applies.
 */
import { ButtonName, Canvas, GraphicsDisplay } from '../../hal/hal';
import { createVirtualHal, MemoryStorage, VirtualHal } from '../../sim/virtual-hal';
import { startRuntime, Runtime } from '../../firmware/runtime/runtime';
import { layoutFor } from '../../firmware/display/layouts';
import { createConsoleDisplay } from '../../hal/espruino/console-display';
import { createConsoleBuzzer } from '../../hal/espruino/console-buzzer';
import { formatLogEntry } from '../../firmware/clock/game-log';
import { saveSettings, Settings } from '../../firmware/storage/settings';

export interface DiffEdge {
  atMs: number;
  button: ButtonName;
  down: boolean;
}

export interface DiffGame {
  /** Stored before the first boot, as the menu would have saved them. */
  settings: Settings;
  /** Button edges at instants of the game's timeline (non-decreasing). */
  edges: DiffEdge[];
  /** Power cuts at these instants (increasing): the board boots again from the same Storage, its clock from 0. */
  cutsAtMs?: number[];
  /** The timeline's end: time is advanced to it after the last edge. */
  untilMs: number;
  /** Storage records written as they are after the settings (corrupt settings, a crafted or damaged journal). */
  storage?: { [name: string]: string };
  /** The display: the console board's 16×2 (default), or the OLED board's 128×64 canvas (see `Pixels`). */
  display?: 'lcd' | 'oled';
  /** The runtime's configuration (a watchdog makes the virtual HAL have one). */
  config?: { logLimit?: number; watchdogMs?: number };
}

/**
 * A 128×64 1-bpp canvas in the vertical_byte layout and a checksum of its pixels: Espruino's own
 * `Graphics.createArrayBuffer` on the interpreter (what the OLED board draws on), sim/canvas.ts's `SimCanvas` in V8.
 */
export interface Pixels {
  canvas: Canvas;
  checksum(): string;
}

/** What the run cost (for the test's budget): timer firings and boots. */
export interface DiffCost {
  wakeUps: number;
  boots: number;
}

/** Items as one printable ASCII line each: `\` `\n` and anything outside 0x20–0x7E escaped. */
export function encodeItem(item: string): string {
  // The usual case, at the speed of the interpreter's regular expressions (a loop costs about 1 ms per frame there).
  if (!/[^\n\x20-\x7e]|\\/.test(item)) return item.replace(/\n/g, '\\n');
  let out = '';
  for (let i = 0; i < item.length; i++) {
    const code = item.charCodeAt(i);
    if (code === 0x5c) out += '\\\\';
    else if (code === 0x0a) out += '\\n';
    else if (code >= 0x20 && code < 0x7f) out += item.charAt(i);
    else out += '\\u' + ('000' + code.toString(16)).slice(-4);
  }
  return out;
}

function summary(runtime: Runtime, print: (item: string) => void): void {
  print('state ' + JSON.stringify(runtime.state()));
  print('view ' + JSON.stringify(runtime.view()));
  print('menu ' + (runtime.menuOpen() ? 'open' : 'closed'));
  const log = runtime.log();
  for (let i = 0; i < log.length; i++) print('log ' + formatLogEntry(log[i]) + ' [' + log[i].kind + ' ' + log[i].side + ']');
}

/** Plays `game` from boot and prints what the board shows and says (see the top of this file). */
export function runGame(game: DiffGame, print: (item: string) => void, pixels?: () => Pixels): DiffCost {
  const storage = new MemoryStorage();
  saveSettings(storage, game.settings);
  const records = game.storage || {};
  const recordNames = Object.keys(records);
  for (let i = 0; i < recordNames.length; i++) storage.write(recordNames[i], records[recordNames[i]]);
  const cuts = game.cutsAtMs || [];
  const config = game.config || {};
  let hal: VirtualHal;
  let runtime: Runtime;
  let bootAtMs = 0;
  let wakeUps = 0;
  let boots = 0;
  const boot = (atMs: number): void => {
    if (boots > 0) {
      wakeUps += hal.wakeUps;
      print('cut ' + atMs);
    }
    boots++;
    bootAtMs = atMs;
    hal = createVirtualHal({ storage: storage, watchdog: config.watchdogMs !== undefined });
    if (game.display === 'oled') {
      if (!pixels) throw new Error('an OLED game needs a canvas');
      const drawn = pixels();
      let last = '';
      // Each frame that differs from the last, as its checksum (as the console display prints only changes).
      const oled: GraphicsDisplay = {
        kind: 'graphics',
        canvas: drawn.canvas,
        flip() {
          const sum = drawn.checksum();
          if (sum !== last) print('oled ' + sum);
          last = sum;
        },
      };
      hal.display = oled as unknown as VirtualHal['display'];
    } else hal.display = createConsoleDisplay({ print: print, columns: 16, rows: 2 }) as unknown as VirtualHal['display'];
    hal.buzzer = createConsoleBuzzer({ print: print });
    runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: config.logLimit, watchdogMs: config.watchdogMs });
    for (let i = 0; i < runtime.notices.length; i++) print('goclock: ' + runtime.notices[i]);
    runtime.onEffects((effects) => {
      for (let i = 0; i < effects.length; i++) {
        if (effects[i].type !== 'log') print('effect ' + JSON.stringify(effects[i]));
      }
    });
  };
  /** Advances the timeline to `atMs`, cutting the power on the way where asked. */
  let nextCut = 0;
  const advanceTo = (atMs: number): void => {
    while (nextCut < cuts.length && cuts[nextCut] <= atMs) {
      hal.advanceTo(cuts[nextCut] - bootAtMs);
      boot(cuts[nextCut]);
      nextCut++;
    }
    hal.advanceTo(atMs - bootAtMs);
  };
  boot(0);
  for (let i = 0; i < game.edges.length; i++) {
    const edge = game.edges[i];
    advanceTo(edge.atMs);
    hal!.edge(edge.button, edge.down);
  }
  advanceTo(game.untilMs);
  summary(runtime!, print);
  const names = Object.keys(storage.records).sort();
  for (let i = 0; i < names.length; i++) print('storage ' + names[i] + ' ' + storage.records[names[i]]);
  wakeUps += hal!.wakeUps;
  return { wakeUps: wakeUps, boots: boots };
}
