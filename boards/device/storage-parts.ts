/**
 * The firmware's parts (firmware/runtime/parts.ts) from the board's Storage: each is a file of its own, written by
 * `npm run flash` beside `.bootcde`, whose length and CRC-32 the bundle knows from its build (the manifest in the
 * `PartsInfo` the entry passes to `boot`). A part is checked against the manifest before it is run, so a missing one,
 * a damaged one or one of another build is refused with a message saying to flash the clock again, never run. The
 * part is evaluated in the interpreter's global scope (env.evaluate); its code stays in flash, only its functions take
 * RAM while loaded. A part's file is a function of the registry of what `.bootcde` shares with the parts (the modules
 * both hold, each in Storage once: scripts/bundle-config.cjs `sharedImports`), which gives the part.
 */
import { createParts, PartName, Parts, PartSource, PartTypes } from '../../firmware/runtime/parts';
import { EspruinoStorage } from '../../hal/espruino/storage';

/** Each part's length and CRC-32 as the build wrote them, by name; its Storage file is `gcp.<name>`. */
export type PartManifest = { [name: string]: [number, number] };

/**
 * What the build says about the parts: their manifest and the registry of `.bootcde`'s exports they take. The entry
 * passes it as a function whose text stays in flash: both are made only when a part is loaded, and let go with it.
 */
export type PartsInfo = () => { manifest: PartManifest; shared: { [key: string]: unknown } };

/**
 * The parts (firmware/runtime/parts.ts) from Storage: each file checked against the manifest, then evaluated in the
 * global scope by `evaluate` (env.evaluate). Given only what it keeps (not the whole environment, which the clock
 * lets go after its boot).
 */
export function partsInStorage(storage: EspruinoStorage, E: { CRC32(data: string): number }, evaluate: (code: string) => unknown, info: PartsInfo): Parts {
  const source: PartSource = {
    load<N extends PartName>(name: N): PartTypes[N] {
      const built = info();
      const entry = built.manifest[name];
      const code = entry === undefined ? undefined : storage.read('gcp.' + name);
      if (code === undefined || code.length !== entry[0] || (E.CRC32(code) >>> 0) !== entry[1]) {
        const why = entry === undefined ? 'not in this build' : code === undefined ? 'missing' : 'damaged or of another build';
        throw new Error('goclock: gcp.' + name + ' is ' + why + ': flash the clock again');
      }
      return (evaluate(code) as (shared: unknown) => PartTypes[N])(built.shared);
    },
  };
  return createParts(source);
}
