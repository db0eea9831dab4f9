/**
 * Fakes of the Espruino built-ins for driver tests: a recording I²C bus that can also play register devices, a
 * virtual-time setTimeout, and an in-memory `require("Storage")` with StorageFile behaviour.
 */
import { EspruinoStorage, EspruinoStorageFile } from '../../hal/espruino/storage';
import { I2cBus } from '../../hal/espruino/types';
import { NativeBytes } from '../../hal/espruino/pcf8574';

export interface I2cWrite {
  address: number;
  bytes: number[];
}

/** A register-mapped device on the bus (DS3231-style: the first written byte sets the pointer, which then advances). */
export interface RegisterDevice {
  registers: number[];
  pointer: number;
}

export interface RecordingBus extends I2cBus {
  writes: I2cWrite[];
  reads: { address: number; count: number }[];
  devices: Record<number, RegisterDevice>;
  /** When set, every call throws like Espruino does when nothing ACKs. */
  failing: boolean;
  /** The write log as hex strings, one per transaction, e.g. "27: 08 3c 38". */
  log(): string[];
  clear(): void;
}

function hex(byte: number): string {
  return (byte < 16 ? '0' : '') + byte.toString(16);
}

/**
 * Espruino's `E.mapInPlace` and `E.toArrayBuffer` as the interpreter does them (test/espruino/lcd-driver.test.ts
 * compares the bytes with the interpreter's own): elements of `bits` bits, most significant first, each looked up in
 * `map`, until `from` or `to` ends; a string's characters as bytes (a character above 0xFF is a bug in the caller:
 * on Espruino strings are bytes).
 */
export function fakeNativeBytes(): NativeBytes {
  return {
    mapInPlace(from, to, map, bits) {
      const bytes = from instanceof Uint8Array ? from : new Uint8Array(from);
      let out = 0;
      for (let i = 0; i < bytes.length && out < to.length; i++) {
        for (let shift = 8 - bits; shift >= 0 && out < to.length; shift -= bits) to[out++] = map[(bytes[i] >> shift) & ((1 << bits) - 1)];
      }
    },
    toArrayBuffer(text) {
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) {
        if (text.charCodeAt(i) > 0xff) throw new Error('not a byte string: ' + JSON.stringify(text));
        bytes[i] = text.charCodeAt(i);
      }
      return bytes.buffer;
    },
  };
}

export function createRecordingBus(): RecordingBus {
  const bus: RecordingBus = {
    writes: [],
    reads: [],
    devices: {},
    failing: false,
    writeTo(address, data, more) {
      if (bus.failing) throw new Error("jshI2CWrite: slave doesn't ACK the transfer");
      const bytes: number[] = [];
      if (typeof data === 'number') bytes.push(data);
      else for (let i = 0; i < data.length; i++) bytes.push(data[i]);
      if (more) for (let i = 0; i < more.length; i++) bytes.push(more[i]);
      bus.writes.push({ address: address, bytes: bytes });
      const device = bus.devices[address];
      if (device && bytes.length > 0) {
        device.pointer = bytes[0];
        for (let i = 1; i < bytes.length; i++) {
          device.registers[device.pointer] = bytes[i];
          device.pointer = (device.pointer + 1) % device.registers.length;
        }
      }
    },
    readFrom(address, count) {
      if (bus.failing) throw new Error("jshI2CRead: slave doesn't ACK the transfer");
      bus.reads.push({ address: address, count: count });
      const device = bus.devices[address];
      if (!device) throw new Error("jshI2CRead: slave doesn't ACK the transfer");
      const result = new Uint8Array(count);
      for (let i = 0; i < count; i++) {
        result[i] = device.registers[device.pointer];
        device.pointer = (device.pointer + 1) % device.registers.length;
      }
      return result;
    },
    log() {
      return bus.writes.map((write) => hex(write.address) + ': ' + write.bytes.map(hex).join(' '));
    },
    clear() {
      bus.writes.length = 0;
      bus.reads.length = 0;
    },
  };
  return bus;
}

interface PendingTimeout {
  id: number;
  atMs: number;
  callback: () => void;
}

export interface FakeTimers {
  nowMs: number;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: unknown): void;
  /** Seconds, as Espruino's getTime(). */
  getTime(): number;
  /** Runs every timeout due up to now + ms, in order, advancing the time to each. */
  advance(ms: number): void;
  pending(): number;
  /** Every delay passed to setTimeout, in order. */
  delays: number[];
}

export function createFakeTimers(startMs = 0): FakeTimers {
  let nextId = 1;
  let queue: PendingTimeout[] = [];
  const timers: FakeTimers = {
    nowMs: startMs,
    delays: [],
    setTimeout(callback, ms) {
      timers.delays.push(ms);
      const id = nextId++;
      queue.push({ id: id, atMs: timers.nowMs + Math.max(0, ms), callback: callback });
      return id;
    },
    clearTimeout(handle) {
      // On Espruino, clearTimeout() without an id clears every timer: a driver must never do it.
      if (handle === undefined) throw new Error('clearTimeout(undefined) would clear every timer on Espruino');
      queue = queue.filter((timeout) => timeout.id !== handle);
    },
    getTime() {
      return timers.nowMs / 1000;
    },
    advance(ms) {
      const endMs = timers.nowMs + ms;
      for (;;) {
        let next: PendingTimeout | undefined = undefined;
        for (const timeout of queue) if (timeout.atMs <= endMs && (!next || timeout.atMs < next.atMs)) next = timeout;
        if (!next) break;
        const due = next;
        queue = queue.filter((timeout) => timeout !== due);
        timers.nowMs = Math.max(timers.nowMs, due.atMs);
        due.callback();
      }
      timers.nowMs = endMs;
    },
    pending() {
      return queue.length;
    },
  };
  return timers;
}

export interface FakeEspruinoStorage extends EspruinoStorage {
  files: Record<string, string>;
  storageFiles: Record<string, string>;
  /** Bytes left; a write that does not fit fails (false from write, an exception from StorageFile.write). */
  freeBytes: number;
  opened: { name: string; mode: string }[];
}

/**
 * `require("Storage")` in memory, with Espruino's rules: names up to 28 characters (StorageFile: 27, longer names
 * are cut as Espruino does), a StorageFile ends at the first "\xFF", StorageFile.write throws when the flash is full,
 * a handle whose file was erased throws "File deleted while writing!".
 */
export function createFakeEspruinoStorage(): FakeEspruinoStorage {
  const storage: FakeEspruinoStorage = {
    files: {},
    storageFiles: {},
    freeBytes: 100000,
    opened: [],
    read(name) {
      if (name.length > 28) throw new Error('File name too long');
      // A StorageFile's chunks are files named with their number after the name: "\x01" is the first (the fake
      // keeps a StorageFile as one chunk).
      const chunkOf = name.slice(0, -1);
      if (name.charAt(name.length - 1) === '\x01' && Object.prototype.hasOwnProperty.call(storage.storageFiles, chunkOf)) return storage.storageFiles[chunkOf];
      return Object.prototype.hasOwnProperty.call(storage.files, name) ? storage.files[name] : undefined;
    },
    write(name, data) {
      if (name.length > 28) throw new Error('File name too long');
      const old = storage.files[name] ? storage.files[name].length : 0;
      if (data.length - old > storage.freeBytes) return false;
      storage.freeBytes -= data.length - old;
      storage.files[name] = data;
      return true;
    },
    erase(name) {
      if (storage.files[name] !== undefined) storage.freeBytes += storage.files[name].length;
      delete storage.files[name];
    },
    open(fullName, mode) {
      const name = fullName.slice(0, 27);
      storage.opened.push({ name: name, mode: mode });
      let offset = 0;
      let live = Object.prototype.hasOwnProperty.call(storage.storageFiles, name);
      if (mode === 'w') {
        delete storage.storageFiles[name];
        live = false;
      }
      const file: EspruinoStorageFile = {
        write(data) {
          if (mode === 'r') throw new Error("Can't write in this mode");
          const exists = Object.prototype.hasOwnProperty.call(storage.storageFiles, name);
          if (live && !exists) throw new Error('File deleted while writing!');
          if (data.length > storage.freeBytes) throw new Error('Unable to find or create file');
          storage.freeBytes -= data.length;
          storage.storageFiles[name] = (exists ? storage.storageFiles[name] : '') + data;
          live = true;
        },
        read(length) {
          if (mode !== 'r') throw new Error("Can't read in this mode");
          const whole = storage.storageFiles[name];
          if (whole === undefined) return undefined;
          const end = whole.indexOf('\xff');
          const content = end >= 0 ? whole.slice(0, end) : whole;
          if (offset >= content.length) return undefined;
          const part = content.slice(offset, offset + length);
          offset += part.length;
          return part;
        },
        erase() {
          if (storage.storageFiles[name] !== undefined) storage.freeBytes += storage.storageFiles[name].length;
          delete storage.storageFiles[name];
          live = false;
        },
      };
      return file;
    },
  };
  return storage;
}
