/**
 * Named records in flash over Espruino's `require("Storage")`, as a hal `KeyValueStorage`.
 *
 * Espruino has two kinds of file and they must not be mixed:
 * - `write`/`read`/`erase` use plain files (`Storage.write(name, data)` replaces the file; `Storage.read` returns a
 *   string mapped from flash, or undefined). Names: at most 28 characters (Espruino 2v05 and later).
 * - `append` uses a StorageFile (`Storage.open(name, "a").write(data)`), which Espruino keeps in numbered chunks
 *   `name\x01`, `name\x02`, … so it can grow. The chunk number takes the last character of the name, so a
 *   StorageFile name has at most 27 characters (7 before 2v05). A longer name is refused here (Espruino would cut it
 *   and the chunks of two journals could collide). The end of a StorageFile is the first 0xFF byte (erased flash),
 *   so data containing "\xFF" is refused too.
 * `read` returns the plain file if there is one, else the whole StorageFile read back chunk by chunk, else
 * undefined; `readChunks` hands the StorageFile over chunk by chunk instead, so a long journal never sits whole in
 * RAM; `has` says whether either kind exists, reading neither. `erase` removes both kinds. A record name is meant
 * for one kind only: settings are written, the journal is appended. Every failure (flash full, a bad name, an exception from the interpreter) is `false`, never a throw.
 * Every appended file stays open until it is erased, so an append does not rescan its chunks to find the end (Espruino
 * reads through them at every `open(name, "a")`: a cost that grows with the file, and a game appends to two files, its
 * journal and its record, at every move).
 */
import { KeyValueStorage } from '../hal';

/** Espruino's `StorageFile`, as `Storage.open` returns it. */
export interface EspruinoStorageFile {
  /** Appends; throws when the flash is full. */
  write(data: string): void;
  /** Up to `length` bytes, or undefined at the end. */
  read(length: number): string | undefined;
  erase(): void;
}

/** Espruino's `require("Storage")`. */
export interface EspruinoStorage {
  read(name: string): string | undefined;
  write(name: string, data: string): boolean;
  erase(name: string): void;
  open(name: string, mode: 'r' | 'w' | 'a'): EspruinoStorageFile;
}

export interface StorageOptions {
  storage: EspruinoStorage;
  /** Espruino's `E.CRC32`, when the build has it: the journal's checksum done natively. */
  crc32?: (text: string) => number;
}

/**
 * The longest names Espruino's Storage takes: a file's, and a StorageFile's (its chunks add a character). Each call
 * checks `!name || name.length > MAX…` itself, not through a helper: Espruino reads a function's text at every call,
 * and a boot makes some twenty Storage calls, a press two.
 */
export const MAX_NAME_LENGTH = 28;
export const MAX_APPEND_NAME_LENGTH = 27;
/** How much of a StorageFile `read` asks for at a time. */
const READ_CHUNK = 256;

export function createStorage(options: StorageOptions): KeyValueStorage {
  const storage = options.storage;
  /**
   * The files appended to, open, by name: a game's journal and its record. A file erased is let go, and so are both
   * when a third is opened (a new game's record moves the finished ones along once), so at most two are held.
   */
  let open: { [name: string]: EspruinoStorageFile | undefined } = {};

  /** Calls `each` with the StorageFile's contents READ_CHUNK bytes at a time, until it says false; false when it has none. */
  function readStorageFile(name: string, each: (chunk: string) => boolean | void): boolean {
    if (!name || name.length > MAX_APPEND_NAME_LENGTH) return false;
    const file = storage.open(name, 'r');
    let any = false;
    let part = file.read(READ_CHUNK);
    while (part !== undefined && part.length > 0) {
      any = true;
      if (each(part) === false) break;
      part = file.read(READ_CHUNK);
    }
    return any;
  }

  const storageApi: KeyValueStorage = {
    read(name) {
      if (!name || name.length > MAX_NAME_LENGTH) return undefined;
      try {
        const plain = storage.read(name);
        if (plain !== undefined) return plain;
        let text: string | undefined = undefined;
        readStorageFile(name, (part) => {
          text = text === undefined ? part : text + part;
        });
        return text;
      } catch (error) {
        return undefined;
      }
    },
    readChunks(name, each) {
      if (!name || name.length > MAX_NAME_LENGTH) return false;
      try {
        // A plain file is mapped from flash: handing it over whole costs no RAM.
        const plain = storage.read(name);
        if (plain !== undefined) {
          each(plain);
          return true;
        }
        return readStorageFile(name, each);
      } catch (error) {
        return false;
      }
    },
    has(name) {
      if (!name || name.length > MAX_NAME_LENGTH) return false;
      try {
        // A plain file, or a StorageFile's first chunk (its name with "\x01" after it): both mapped, not read.
        return storage.read(name) !== undefined || (name.length <= MAX_APPEND_NAME_LENGTH && storage.read(name + '\x01') !== undefined);
      } catch (error) {
        return false;
      }
    },
    write(name, data) {
      if (!name || name.length > MAX_NAME_LENGTH) return false;
      try {
        return storage.write(name, data) === true;
      } catch (error) {
        return false;
      }
    },
    append(name, data) {
      if (!name || name.length > MAX_APPEND_NAME_LENGTH || data.indexOf('\xff') >= 0) return false;
      if (data.length === 0) return true;
      // The open file may be stale (erased behind our back, the flash compacted): a second try opens it again.
      // (One function: every press appends twice, and on Espruino a call costs as much as some 60 characters.)
      for (let tries = 0; tries < 2; tries++) {
        try {
          let file = open[name];
          if (file === undefined) {
            if (Object.keys(open).length >= 2) open = {};
            file = storage.open(name, 'a');
            open[name] = file;
          }
          file.write(data);
          return true;
        } catch (error) {
          delete open[name];
        }
      }
      return false;
    },
    erase(name) {
      delete open[name];
      try {
        if (!name || name.length > MAX_NAME_LENGTH) return;
        storage.erase(name);
        if (name.length <= MAX_APPEND_NAME_LENGTH) storage.open(name, 'r').erase();
      } catch (error) {
        // Nothing to erase, or the interpreter refused: the record is gone or never was.
      }
    },
  };
  if (options.crc32) storageApi.crc32 = options.crc32;
  return storageApi;
}
