/**
 * The firmware's parts: code it needs only sometimes (the arbiter's console, the voice, …), kept apart so that at rest only the
 * clock's own code holds RAM. On the device each part is a Storage file of its own, loaded when it is used and let go
 * as soon as it cannot be needed (boards/device/storage-parts.ts); the simulators and tests take the same modules
 * directly (firmware/parts/direct.ts). Either way the firmware reaches a part only through `Parts.get`.
 */
import type { ConsolePart } from '../parts/console-part';
import type { MenuPart } from '../parts/menu-part';
import type { RestorePart } from '../parts/restore-part';
import type { VoicePart } from '../parts/voice-part';

/** Every part, by name, and what it is. */
export interface PartTypes {
  console: ConsolePart;
  menu: MenuPart;
  restore: RestorePart;
  voice: VoicePart;
}
export type PartName = keyof PartTypes;

/** Where parts come from: `load` gives the part, or throws an Error whose message says why it cannot (one line). */
export interface PartSource {
  load<N extends PartName>(name: N): PartTypes[N];
}

export interface Parts {
  /** The part, loaded if it is not; throws as `PartSource.load` does. */
  get<N extends PartName>(name: N): PartTypes[N];
  /**
   * Lets go of one part; whoever still holds it (a call under way) keeps it until done, the next `get` loads it
   * afresh. The shell lets the menu go at every settle that finds it closed, and the restore's once the game is
   * back at boot; the console's part goes once its line has run (boards/device/boot.ts: a settle in the middle of a
   * console call must not make its next call load it again); the voice's stays once loaded: the voice's queue is
   * made from it and holds its code anyway, and every effect asks it what to say.
   */
  drop(name: PartName): void;
}

/**
 * Parts from `source`, each held from its first use until `drop` lets it go: as soon as it cannot be needed,
 * not a while after (a game's journal compacting a minute after the menu closed must not find the menu in RAM).
 */
export function createParts(source: PartSource): Parts {
  const held: { [name: string]: unknown } = {};
  return {
    get(name) {
      let part = held[name];
      if (part === undefined) {
        part = source.load(name);
        held[name] = part;
      }
      return part as PartTypes[typeof name];
    },
    drop(name) {
      delete held[name];
    },
  };
}
