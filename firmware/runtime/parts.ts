/**
 * The firmware's parts: code it needs only sometimes (the arbiter's console, the voice, …), kept apart so that at rest only the
 * clock's own code holds RAM. On the device each part is a Storage file of its own, loaded when it is used and let go
 * when it has not been for a while (boards/device/storage-parts.ts); the simulators and tests take the same modules
 * directly (firmware/parts/direct.ts). Either way the firmware reaches a part only through `Parts.get`.
 */
import type { ConsolePart } from '../parts/console-part';
import type { MenuPart } from '../parts/menu-part';
import type { VoicePart } from '../parts/voice-part';

/** Every part, by name, and what it is. */
export interface PartTypes {
  console: ConsolePart;
  menu: MenuPart;
  voice: VoicePart;
}
export type PartName = keyof PartTypes;

/** Where parts come from: `load` gives the part, or throws an Error whose message says why it cannot (one line). */
export interface PartSource {
  load<N extends PartName>(name: N): PartTypes[N];
}

export interface Parts {
  /** The part, loaded if it is not; throws as `PartSource.load` does. `nowMs`: on the HAL's clock, for `tidy`. */
  get<N extends PartName>(name: N, nowMs: number): PartTypes[N];
  /** Lets go of every part not asked for in the last `PART_KEEP_MS` (whoever still holds one keeps it). */
  tidy(nowMs: number): void;
}

/** A part not asked for this long is let go: the console's calls come in bursts, seconds apart. */
export const PART_KEEP_MS = 60000;

/** Parts from `source`, each kept after its last use for PART_KEEP_MS. */
export function createParts(source: PartSource): Parts {
  const held: { [name: string]: { part: unknown; usedMs: number } } = {};
  return {
    get(name, nowMs) {
      let entry = held[name];
      if (entry === undefined) {
        entry = { part: source.load(name), usedMs: nowMs };
        held[name] = entry;
      }
      entry.usedMs = nowMs;
      return entry.part as PartTypes[typeof name];
    },
    tidy(nowMs) {
      const idle: string[] = [];
      for (const name in held) if (nowMs - held[name].usedMs >= PART_KEEP_MS) idle.push(name);
      for (let i = 0; i < idle.length; i++) delete held[idle[i]];
    },
  };
}
