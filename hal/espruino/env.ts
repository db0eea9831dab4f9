/**
 * Everything the drivers need from the Espruino interpreter, as one object, and `espruinoEnv()` that collects it
 * from the interpreter's globals. This file is the only place that reads globals (and defines one: the console
 * board's `button`); every driver gets what it needs as a parameter, so tests pass fakes.
 */
import { BufferedCanvas } from './ssd1306';
import { SerialPort } from './dfplayer';
import { EspruinoStorage } from './storage';
import { I2cBus, PinHandle, SetTimeoutFn, ClearTimeoutFn, WatchEvent, WatchOptions } from './types';

/** Espruino's `I2C1`: an I²C master, set up once with its pins. */
export interface EspruinoI2c extends I2cBus {
  setup(options: { scl: PinHandle; sda: PinHandle; bitrate: number }): void;
}

/** Espruino's `E`, the parts the drivers use. */
export interface EspruinoE {
  enableWatchdog(timeoutSeconds: number, isAuto: boolean): void;
  kickWatchdog(): void;
  /** The standard CRC-32 of bytes (or of a string's bytes). */
  CRC32(data: string | Uint8Array): number;
  /** Each `bits`-bit element of `from` looked up in `map`, written to `to` (the LCD backpack's port bytes). */
  mapInPlace(from: ArrayBuffer | Uint8Array, to: Uint16Array, map: Uint16Array, bits: number): void;
  /** A string's bytes as an ArrayBuffer, by reference. */
  toArrayBuffer(text: string): ArrayBuffer;
}

/** Espruino's `Graphics` class: only the array-buffer constructor is used. */
export interface EspruinoGraphicsClass {
  createArrayBuffer(width: number, height: number, bpp: number, options: { vertical_byte: boolean; msb: boolean }): BufferedCanvas;
}

/** An Espruino serial port (`Serial2`): set up with its baud rate and pins, then written and listened to. */
export interface EspruinoSerial extends SerialPort {
  setup(baud: number, options: { tx: PinHandle; rx: PinHandle }): void;
}

export interface EspruinoEnv {
  /** Seconds since boot (float). */
  getTime(): number;
  setTimeout: SetTimeoutFn;
  clearTimeout: ClearTimeoutFn;
  setWatch(callback: (event: WatchEvent) => void, pin: PinHandle, options: WatchOptions): unknown;
  pinMode(pin: PinHandle, mode: string): void;
  analogWrite(pin: PinHandle, value: number, options: { freq: number }): void;
  digitalWrite(pin: PinHandle, value: number): void;
  /** 0–1 of the ADC's full scale. */
  analogRead(pin: PinHandle): number;
  I2C1: EspruinoI2c;
  Graphics: EspruinoGraphicsClass;
  E: EspruinoE;
  Storage: EspruinoStorage;
  /** Prints a line on the console. */
  print(text: string): void;
  /** The pin called `name` ("D22"); throws for a name the chip does not have. */
  pin(name: string): PinHandle;
  /** The serial port called `name` ("Serial2"), or undefined when the build has none. */
  serial(name: string): EspruinoSerial | undefined;
  /** Makes `value` a global of the interpreter (the console board's `button`). */
  defineGlobal(name: string, value: unknown): void;
  /** Makes `name` a global whose value is `get()` at each read (the console's `goclock`, made when it is used). */
  defineGetter(name: string, get: () => unknown): void;
  /**
   * The value of the JavaScript `code` (an expression), evaluated in the interpreter's global scope: it sees the
   * interpreter's globals and nothing of the bundle's own scope. Code from a Storage string stays in flash.
   */
  evaluate(code: string): unknown;
}

/* The interpreter's globals, as seen from here only. */
declare const getTime: () => number;
declare const I2C1: EspruinoI2c;
declare const Graphics: EspruinoGraphicsClass;
declare const E: EspruinoE;
declare const Pin: new (name: string) => PinHandle;
declare const print: (text: string) => void;
declare const require: (name: string) => unknown;
declare const global: Record<string, unknown>;
declare const Function: new (parameter: string, body: string) => (code: string) => unknown;

/**
 * Espruino's `clearTimeout` for a handle that may be undefined: `clearTimeout()` without an id clears every timeout
 * and interval. A function of the module, not a closure made in `espruinoEnv`: the drivers keep it for as long as the
 * clock runs, and a closure would keep the scope it was made in (the boot's, with the board's data).
 */
function clearTimer(handle: unknown): void {
  if (handle !== undefined) clearTimeout(handle as ReturnType<typeof setTimeout>);
}

/** The Espruino environment of the running interpreter. Call it on Espruino only. */
export function espruinoEnv(): EspruinoEnv {
  return {
    // The interpreter's own functions, not wrappers around them: a wrapper is one more call each time it is used, and
    // a closure of ~9 JsVars for as long as a driver keeps it (a built-in takes no `this`, so it runs as well from
    // here as from the global).
    getTime: getTime,
    setTimeout: setTimeout as SetTimeoutFn,
    clearTimeout: clearTimer,
    // Read from `global`: a host without pins (the console board's smoke run on Node) has none of these, and a name
    // that is not defined would throw; on Espruino `global.setWatch` is the built-in itself.
    setWatch: global.setWatch as EspruinoEnv['setWatch'],
    pinMode: global.pinMode as EspruinoEnv['pinMode'],
    analogWrite: global.analogWrite as EspruinoEnv['analogWrite'],
    digitalWrite: global.digitalWrite as EspruinoEnv['digitalWrite'],
    analogRead: global.analogRead as EspruinoEnv['analogRead'],
    // Hardware globals may be missing on a host build or an emulator (the console board): read them only if present.
    I2C1: typeof I2C1 !== 'undefined' ? I2C1 : (undefined as unknown as EspruinoI2c),
    Graphics: typeof Graphics !== 'undefined' ? Graphics : (undefined as unknown as EspruinoGraphicsClass),
    E: E,
    Storage: require('Storage') as EspruinoStorage,
    print: print,
    pin: (name) => {
      // new Pin("D22") is undefined for a name the chip does not have.
      const pin = new Pin(name);
      if (pin === undefined || pin === null) throw new Error('no pin ' + name);
      return pin;
    },
    serial: (name) => global[name] as EspruinoSerial | undefined,
    defineGlobal: (name, value) => {
      global[name] = value;
    },
    defineGetter: (name, get) => {
      Object.defineProperty(global, name, { get: get, configurable: true });
    },
    // A function made by the Function constructor has the global scope as its only scope (an eval here, inside the
    // bundle, would let the code see the bundle's minified names: a part's `Math` could be one of ours).
    evaluate: new Function('c', 'return eval(c)'),
  };
}
