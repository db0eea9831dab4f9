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

/**
 * What the build says about one part, by its name (undefined for a part it did not build): its Storage file's
 * (`gcp.<name>`) length and CRC-32, and the registry of the exports of `.bootcde` it takes (those alone: the part
 * holds it as long as it is loaded). The entry passes it as a function whose text stays in flash: both are made only
 * when the part is loaded, and let go with it.
 */
export type PartsInfo = (name: string) => { entry: [number, number]; shared: { [key: string]: unknown } } | undefined;

/**
 * The parts (firmware/runtime/parts.ts) from Storage: each file checked against the manifest, then evaluated in the
 * global scope by `evaluate` (env.evaluate). Given only what it keeps (not the whole environment, which the clock
 * lets go after its boot).
 */
export function partsInStorage(storage: EspruinoStorage, E: { CRC32(data: string): number }, evaluate: (code: string) => unknown, info: PartsInfo): Parts {
  const source: PartSource = {
    load<N extends PartName>(name: N): PartTypes[N] {
      const built = info(name);
      const code = built === undefined ? undefined : storage.read('gcp.' + name);
      if (built === undefined || code === undefined || code.length !== built.entry[0] || (E.CRC32(code) >>> 0) !== built.entry[1]) {
        const why = built === undefined ? 'not in this build' : code === undefined ? 'missing' : 'damaged or of another build';
        throw new Error('goclock: gcp.' + name + ' is ' + why + ': flash the clock again');
      }
      return (evaluate(code) as (shared: unknown) => PartTypes[N])(built.shared);
    },
  };
  return createParts(source);
}
