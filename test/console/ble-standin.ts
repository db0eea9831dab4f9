/**
 * A stand-in for Web Bluetooth in a playwright page, for the console page's tests: `navigator.bluetooth` is replaced,
 * before the page's scripts run, by one that offers a single device with the Nordic UART service, and the bytes the
 * page writes to its RX characteristic are relayed to Node, where a `UartBackend` takes them: the real Espruino
 * interpreter running a flashed board (`InterpreterUart`), or a fake device (test/console/fake-device.ts). What the
 * backend prints comes back as notifications of the TX characteristic, at most 20 bytes each as over a real BLE link
 * (the default MTU), in order.
 *
 *   const uart = await InterpreterUart.boot({ dir: freshBoard(await flashImage('console')) });
 *   const ble = await BluetoothStandIn.install(page, uart);
 *   await page.goto(url);                 // the page's requestDevice() now finds "Espruino goclock"
 *   ble.written();                        // what the page sent, as text
 *   await ble.drop();                     // the radio link lost (gattserverdisconnected)
 *
 * What a real Chromium does and the stand-in does too: `requestDevice` needs a user gesture (else SecurityError) and
 * a filter or optionalServices naming the service; `getPrimaryService`/`getCharacteristic` reject unknown UUIDs;
 * `writeValue` rejects more than 512 bytes and any write once disconnected (NetworkError); notifications only flow
 * after `startNotifications()`; `device.gatt.disconnect()` and a lost link fire `gattserverdisconnected`.
 * What the backend prints while no page is subscribed is dropped, as a board's console output is when nothing is
 * connected to it.
 */
import { ChildProcess, spawn } from 'child_process';
import type { Page } from 'playwright-core';
import { cleanOutput, interpreterPath, interpreterProblem, Pool } from '../../sim/espruino/interpreter';

export const NORDIC_UART_SERVICE = '6e400001-b5a3-f393-e0a9-e50e24dcca9e';
/** The device's RX: the page writes it. */
export const NORDIC_UART_RX = '6e400002-b5a3-f393-e0a9-e50e24dcca9e';
/** The device's TX: it notifies the page. */
export const NORDIC_UART_TX = '6e400003-b5a3-f393-e0a9-e50e24dcca9e';
/** The payload of one notification with BLE's default MTU (23 bytes less 3 of ATT header). */
export const NOTIFY_BYTES = 20;

/** A board's console, byte for byte. */
export interface UartBackend {
  /** Bytes from the page (the device's RX). */
  write(bytes: Buffer): void;
  /** `listener` gets every byte the board prints (the device's TX). */
  onOutput(listener: (bytes: Buffer) => void): void;
  /** `listener` is called once when the board has gone (exited, crashed, powered off). */
  onClose(listener: () => void): void;
  close(): Promise<void>;
}

/** The script run in the page before its own: defines navigator.bluetooth. Serialised: it uses only its argument. */
function pageStandIn(config: { service: string; rx: string; tx: string; name: string; id: string }): void {
  type Binding = (...args: unknown[]) => Promise<unknown>;
  const w = window as unknown as { [name: string]: Binding };
  const domError = (name: string, message: string) => new DOMException(message, name);
  const lower = (uuid: unknown) => String(uuid).toLowerCase();
  let notifying = false;
  let connected = false;

  // As in Chromium, the objects' attributes are getters on their prototypes, not own properties: the library
  // JSON.stringify()s a characteristic (which gives "{}" in a browser, and must not meet a cycle here).
  const fields = new WeakMap<object, { uuid: string; service: unknown; value: DataView | null }>();

  /** Whether `c` is an attribute of the current connection. */
  const live = (c: StandInCharacteristic): boolean => connected && attributes !== null && attributes.characteristics[c.uuid] === c;

  class StandInCharacteristic extends EventTarget {
    get uuid(): string {
      return fields.get(this)!.uuid;
    }
    get service(): unknown {
      return fields.get(this)!.service;
    }
    get value(): DataView | null {
      return fields.get(this)!.value;
    }
    get properties(): { [p: string]: boolean } {
      const rx = this.uuid === config.rx;
      return { write: rx, writeWithoutResponse: rx, notify: !rx, read: false };
    }
    async writeValue(value: BufferSource): Promise<void> {
      if (this.uuid !== config.rx) throw domError('NotSupportedError', 'GATT operation not permitted.');
      if (!live(this)) throw domError('NetworkError', 'GATT Server is disconnected. Cannot perform GATT operations.');
      const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      if (bytes.length > 512) throw domError('InvalidModificationError', 'Value can\'t exceed 512 bytes.');
      await w.__goclockBleWrite(Array.prototype.slice.call(bytes));
    }
    writeValueWithResponse(value: BufferSource): Promise<void> {
      return this.writeValue(value);
    }
    writeValueWithoutResponse(value: BufferSource): Promise<void> {
      return this.writeValue(value);
    }
    async startNotifications(): Promise<StandInCharacteristic> {
      if (this.uuid !== config.tx) throw domError('NotSupportedError', 'GATT operation not permitted.');
      if (!live(this)) throw domError('NetworkError', 'GATT Server is disconnected. Cannot perform GATT operations.');
      notifying = true;
      await w.__goclockBleSubscribe(true);
      return this;
    }
    async stopNotifications(): Promise<StandInCharacteristic> {
      notifying = false;
      await w.__goclockBleSubscribe(false);
      return this;
    }
    async readValue(): Promise<DataView> {
      throw domError('NotSupportedError', 'GATT operation not permitted.');
    }
  }
  const device = new EventTarget() as EventTarget & { [key: string]: unknown };
  const serviceProto = {
    get uuid() {
      return config.service;
    },
    get isPrimary() {
      return true;
    },
    get device() {
      return device;
    },
  };
  /**
   * The service and its characteristics of the current connection. As the Web Bluetooth spec says and Chromium
   * does, a disconnection clears the page's attribute objects: a new connection gets new ones, and listeners left
   * on the old characteristics hear nothing more.
   */
  interface Attributes {
    service: { [key: string]: unknown };
    characteristics: { [uuid: string]: StandInCharacteristic };
  }
  let attributes: Attributes | null = null;
  const makeAttributes = (): Attributes => {
    const service = Object.create(serviceProto) as { [key: string]: unknown };
    const characteristics: { [uuid: string]: StandInCharacteristic } = {};
    for (const uuid of [config.rx, config.tx]) {
      const made = new StandInCharacteristic();
      fields.set(made, { uuid: uuid, service: service, value: null });
      characteristics[uuid] = made;
    }
    service.getCharacteristic = async (uuid: unknown) => {
      if (!connected || attributes === null || attributes.service !== service) throw domError('NetworkError', 'GATT Server is disconnected. Cannot retrieve characteristics.');
      const found = characteristics[lower(uuid)];
      if (!found) throw domError('NotFoundError', 'No Characteristics matching UUID ' + lower(uuid) + ' found in Service.');
      return found;
    };
    service.getCharacteristics = async () => [characteristics[config.rx], characteristics[config.tx]];
    return { service: service, characteristics: characteristics };
  };

  /** The link is gone (from either end): no more notifications, and the page is told. */
  function lose(): void {
    if (!connected) return;
    connected = false;
    notifying = false;
    attributes = null;
    device.dispatchEvent(new Event('gattserverdisconnected'));
  }
  const gatt = {
    get device() {
      return device;
    },
    get connected() {
      return connected;
    },
    async connect() {
      if (!(await w.__goclockBleConnect())) throw domError('NetworkError', 'Connection failed for unknown reason.');
      connected = true;
      attributes = makeAttributes();
      return gatt;
    },
    disconnect() {
      if (!connected) return;
      void w.__goclockBleDisconnect();
      lose();
    },
    async getPrimaryService(uuid: unknown) {
      if (!connected) throw domError('NetworkError', 'GATT Server is disconnected. Cannot retrieve services.');
      if (lower(uuid) !== config.service) throw domError('NotFoundError', 'No Services matching UUID ' + lower(uuid) + ' found in Device.');
      return (attributes as Attributes).service;
    },
    async getPrimaryServices() {
      if (!connected) throw domError('NetworkError', 'GATT Server is disconnected. Cannot retrieve services.');
      return [(attributes as Attributes).service];
    },
  };
  Object.defineProperty(device, 'id', { get: () => config.id });
  Object.defineProperty(device, 'name', { get: () => config.name });
  Object.defineProperty(device, 'gatt', { get: () => gatt });

  const bluetooth = {
    async getAvailability() {
      return true;
    },
    async requestDevice(options: { filters?: Array<{ services?: unknown[]; namePrefix?: string; name?: string }>; optionalServices?: unknown[]; acceptAllDevices?: boolean }) {
      const activation = (navigator as unknown as { userActivation?: { isActive: boolean } }).userActivation;
      if (activation && !activation.isActive) {
        throw domError('SecurityError', 'Failed to execute \'requestDevice\' on \'Bluetooth\': Must be handling a user gesture to show a permission request.');
      }
      const opts = options || {};
      const filters = opts.filters || [];
      const matches = opts.acceptAllDevices === true || filters.some((f) =>
        (f.services ? f.services.map(lower).indexOf(config.service) >= 0 : true) &&
        (f.namePrefix !== undefined ? config.name.indexOf(f.namePrefix) === 0 : true) &&
        (f.name !== undefined ? config.name === f.name : true) &&
        (f.services !== undefined || f.namePrefix !== undefined || f.name !== undefined));
      const services = filters.reduce((all: string[], f) => all.concat((f.services || []).map(lower)), (opts.optionalServices || []).map(lower));
      if (!matches || services.indexOf(config.service) < 0) throw domError('NotFoundError', 'User cancelled the requestDevice() chooser.');
      await w.__goclockBleRequested();
      return device;
    },
  };
  Object.defineProperty(navigator, 'bluetooth', { value: bluetooth, configurable: true });

  (window as unknown as { __goclockBle: unknown }).__goclockBle = {
    /** Chunks of at most 20 bytes from Node, each one notification, in order. */
    notify(chunks: number[][]) {
      if (attributes === null) return;
      const tx = attributes.characteristics[config.tx];
      for (const chunk of chunks) {
        if (!connected || !notifying || attributes === null) return;
        fields.get(tx)!.value = new DataView(new Uint8Array(chunk).buffer);
        tx.dispatchEvent(new Event('characteristicvaluechanged'));
      }
    },
    lose: lose,
  };
}

export interface StandInOptions {
  /** The advertised name (default "Espruino goclock": the library's chooser filters on the "Espruino" prefix). */
  name?: string;
}

/** The stand-in's Node side for one page and one backend. */
export class BluetoothStandIn {
  private sent: Buffer[] = [];
  private got: Buffer[] = [];
  private subscribed = false;
  private linked = false;
  private boardGone = false;
  private delivering: Promise<void> = Promise.resolve();
  private pendingChunks: number[][] = [];
  /** How many times the page asked for a device, connected, and lost or closed the link. */
  readonly counts = { requested: 0, connected: 0, disconnected: 0 };

  private constructor(readonly page: Page, readonly backend: UartBackend) {}

  /** Installs the stand-in in `page` (before it loads) in front of `backend`. */
  static async install(page: Page, backend: UartBackend, options?: StandInOptions): Promise<BluetoothStandIn> {
    const standIn = new BluetoothStandIn(page, backend);
    await page.exposeBinding('__goclockBleWrite', (_source, bytes: number[]) => {
      const data = Buffer.from(bytes);
      standIn.sent.push(data);
      if (!standIn.boardGone) backend.write(data);
    });
    await page.exposeBinding('__goclockBleSubscribe', (_source, on: boolean) => {
      standIn.subscribed = on;
    });
    await page.exposeBinding('__goclockBleRequested', () => {
      standIn.counts.requested++;
    });
    await page.exposeBinding('__goclockBleConnect', () => {
      if (standIn.boardGone) return false;
      standIn.counts.connected++;
      standIn.linked = true;
      return true;
    });
    await page.exposeBinding('__goclockBleDisconnect', () => {
      standIn.linked = false;
      standIn.subscribed = false;
      standIn.counts.disconnected++;
    });
    backend.onOutput((bytes) => standIn.deliver(bytes));
    backend.onClose(() => {
      standIn.boardGone = true;
      void standIn.drop();
    });
    await page.addInitScript(pageStandIn, {
      service: NORDIC_UART_SERVICE,
      rx: NORDIC_UART_RX,
      tx: NORDIC_UART_TX,
      name: (options && options.name) || 'Espruino goclock',
      id: 'goclock-standin-1',
    });
    return standIn;
  }

  /** What the board printed is sent on as notifications of at most 20 bytes, in order, while the page listens. */
  private deliver(bytes: Buffer): void {
    if (!this.linked || !this.subscribed) return;
    this.got.push(bytes);
    for (let i = 0; i < bytes.length; i += NOTIFY_BYTES) {
      this.pendingChunks.push(Array.prototype.slice.call(bytes.subarray(i, i + NOTIFY_BYTES)));
    }
    // One evaluate carries everything that came while the last one was under way; each chunk is its own event.
    this.delivering = this.delivering.then(() => {
      const chunks = this.pendingChunks.splice(0, this.pendingChunks.length);
      if (chunks.length === 0 || this.page.isClosed()) return;
      return this.page
        .evaluate((all) => (window as unknown as { __goclockBle: { notify(c: number[][]): void } }).__goclockBle.notify(all), chunks)
        .catch(() => undefined);
    });
  }

  /** The radio link lost (the board out of range, or gone): the page gets `gattserverdisconnected`. */
  async drop(): Promise<void> {
    const wasLinked = this.linked;
    this.linked = false;
    this.subscribed = false;
    if (wasLinked) this.counts.disconnected++;
    await this.delivering;
    if (!this.page.isClosed()) {
      await this.page.evaluate(() => (window as unknown as { __goclockBle: { lose(): void } }).__goclockBle.lose()).catch(() => undefined);
    }
  }

  /** Resolves once everything the board printed so far has reached the page. */
  flushed(): Promise<void> {
    return this.delivering;
  }

  isLinked(): boolean {
    return this.linked;
  }

  /** Everything the page wrote to RX, as text (latin1: Espruino's strings are bytes). */
  written(): string {
    return Buffer.concat(this.sent).toString('latin1');
  }

  /** Everything delivered to the page as notifications, as text. */
  delivered(): string {
    return Buffer.concat(this.got).toString('latin1');
  }
}

export interface InterpreterUartOptions {
  /** The folder holding the board's `espruino.flash` (sim/espruino/flash-image.ts `freshBoard`). */
  dir: string;
  pool?: Pool;
}

/**
 * The real interpreter as a board's console: `espruino-12k -e …` booted from `dir`'s Storage (docs/firmware.md: boot from Storage), stdin an
 * open pipe until `close`. Bytes written before its first prompt are held back (input while the host build starts
 * can crash it); a far-off timer keeps it alive while the clock waits in "ready" with no timer of its own. It echoes
 * what is typed and prints prompts, as a board's console does.
 */
export class InterpreterUart implements UartBackend {
  private readonly child: ChildProcess;
  private raw = '';
  private held: Buffer[] | null = [];
  private outputs: Array<(bytes: Buffer) => void> = [];
  private closers: Array<() => void> = [];
  private gone = false;
  private readonly exited: Promise<void>;
  private readyWaiters: Array<() => void> = [];
  /** Whether what the page sent so far ends with a whole line. */
  private pageAtLineEnd = true;

  private constructor(options: InterpreterUartOptions) {
    const pool = options.pool || 'espruino-12k';
    const problem = interpreterProblem(pool);
    if (problem) throw new Error(problem);
    this.child = spawn(interpreterPath(pool), ['-e', 'setTimeout(function(){},2147483647);'], { cwd: options.dir, stdio: ['pipe', 'pipe', 'pipe'] });
    const take = (chunk: Buffer) => {
      this.raw += chunk.toString('latin1');
      if (this.held !== null && /(^|\n)>/.test(this.raw)) {
        const held = this.held;
        this.held = null;
        for (const bytes of held) this.child.stdin!.write(bytes);
        for (const waiter of this.readyWaiters.splice(0)) waiter();
      }
      for (const listener of this.outputs) listener(chunk);
    };
    this.child.stdout!.on('data', take);
    this.child.stderr!.on('data', take);
    this.child.stdin!.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.on('close', () => {
        this.gone = true;
        for (const waiter of this.readyWaiters.splice(0)) waiter();
        for (const closer of this.closers) closer();
        resolve();
      });
    });
  }

  /** Boots the board and resolves at its first prompt. */
  static async boot(options: InterpreterUartOptions): Promise<InterpreterUart> {
    const uart = new InterpreterUart(options);
    await new Promise<void>((resolve) => {
      if (uart.held === null || uart.gone) resolve();
      else uart.readyWaiters.push(resolve);
    });
    if (uart.gone) throw new Error('the interpreter exited while booting:\n' + uart.output());
    return uart;
  }

  write(bytes: Buffer): void {
    if (this.gone) return;
    if (bytes.length > 0) this.pageAtLineEnd = bytes[bytes.length - 1] === 0x0a;
    if (this.held !== null) this.held.push(bytes);
    else this.child.stdin!.write(bytes);
  }

  /**
   * Types a line of the test's own into the board's console — on the console board that is how its buttons are
   * pressed (`button("left")`) — between two of the page's lines, never inside one the page is sending.
   */
  async typeLine(line: string): Promise<void> {
    while (!this.pageAtLineEnd && !this.gone) await new Promise((resolve) => setTimeout(resolve, 2));
    this.write(Buffer.from(line + '\n', 'latin1'));
  }

  onOutput(listener: (bytes: Buffer) => void): void {
    this.outputs.push(listener);
  }

  onClose(listener: () => void): void {
    this.closers.push(listener);
  }

  running(): boolean {
    return !this.gone;
  }

  /** Everything printed so far, cleaned (sim/espruino/interpreter.ts `cleanOutput`). */
  output(): string {
    return cleanOutput(this.raw);
  }

  /** Everything printed so far, as printed. */
  rawOutput(): string {
    return this.raw;
  }

  /** Ends the run with `quit()`, SIGKILL if that does not end it; resolves once it has exited. */
  async close(graceMs?: number): Promise<void> {
    if (!this.gone) {
      // A line of garbage the page may have left half-typed is ended first, so that quit() is a line of its own.
      this.child.stdin!.write('\nquit()\n');
      const killer = setTimeout(() => this.child.kill('SIGKILL'), graceMs || 3000);
      await this.exited;
      clearTimeout(killer);
    }
  }

  /** A power cut: SIGKILL at once. */
  kill(): Promise<void> {
    if (!this.gone) this.child.kill('SIGKILL');
    return this.exited;
  }
}
