/**
 * The firmware's parts (firmware/runtime/parts.ts) from the board's Storage: each is a file of its own, written by
 * `npm run flash` beside `.bootcde`, whose length and CRC-32 the bundle knows from its build (the manifest the entry
 * passes to `boot`). A part is checked against the manifest before it is run, so a missing one, a damaged one or one
 * of another build is refused with a message saying to flash the clock again, never run. The part is evaluated in
 * the interpreter's global scope (env.evaluate); its code stays in flash, only its functions take RAM while loaded.
 */
import { PartName, PartSource, PartTypes } from '../../firmware/runtime/parts';
import { EspruinoEnv } from '../../hal/espruino/env';

/** Each part's Storage file, its length and its CRC-32, as the build wrote them. */
export type PartManifest = { [name: string]: { file: string; bytes: number; crc: number } };

export function storageParts(env: EspruinoEnv, manifest: PartManifest): PartSource {
  return {
    load<N extends PartName>(name: N): PartTypes[N] {
      const entry = manifest[name];
      if (entry === undefined) throw new Error('goclock: this build has no ' + name + ' part');
      const code = env.Storage.read(entry.file);
      if (code === undefined) throw new Error('goclock: the ' + name + ' part (' + entry.file + ') is missing: flash the clock again');
      if (code.length !== entry.bytes || (env.E.CRC32(code) >>> 0) !== entry.crc) {
        throw new Error('goclock: the ' + name + ' part (' + entry.file + ') is damaged or of another build: flash the clock again');
      }
      return env.evaluate(code) as PartTypes[N];
    },
  };
}
