/**
 * A differential game in V8, as the interpreter's lines are compared with it: every item encoded as the bundle
 * encodes it, then the wake-up count. An OLED game draws on sim/canvas.ts's `SimCanvas` (the simulator's copy of
 * Espruino's Graphics) and prints each new frame's CRC-32, as `E.CRC32` computes it on the interpreter.
 */
import * as zlib from 'zlib';
import { SimCanvas } from '../../sim/canvas';
import { DiffGame, encodeItem, Pixels, runGame } from './differential-run';

export function simPixels(): Pixels {
  const canvas = new SimCanvas(128, 64);
  return { canvas: canvas, checksum: () => String(zlib.crc32(canvas.buffer)) };
}

/** V8's items for `game`; an exception (the firmware throwing in V8 too) ends them with an item that says so. */
export function v8Items(game: DiffGame): { items: string[]; wakeUps: number } {
  const items: string[] = [];
  try {
    const cost = runGame(game, (item) => items.push(encodeItem(item)), simPixels);
    items.push('wake-ups ' + cost.wakeUps);
    return { items: items, wakeUps: cost.wakeUps };
  } catch (e) {
    items.push('V8 threw: ' + (e instanceof Error ? e.message : String(e)));
    return { items: items, wakeUps: 0 };
  }
}
