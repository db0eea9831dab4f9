/**
 * The page's one way to the clock: @espruino-tools/core, loaded as its browser build (the global `ESPT_core`).
 *
 * What of the library is used, and how:
 * - `new DeviceController()` and its `eval(code)`: the library sends `\x10eval(process.env.CONSOLE).println(
 *   JSON.stringify(code))` over its UART and resolves with `{ data, log }`, `log` "success" when the first line that
 *   came back was JSON, "failed" when it was not (the board printed something else first).
 * - Its UART (`controller.UART`, the library's Web Bluetooth / Web Serial link): the first write opens the
 *   library's chooser ("Web Bluetooth"), then `navigator.bluetooth.requestDevice` with the Nordic UART service;
 *   `write(text, done)` sends text in chunks of 20 bytes, honouring XON/XOFF; `getConnection()` is the open link
 *   (`isOpen`), whose `ondata` handler this file chains to read what the board prints (the record); `close()`.
 *
 * What of the library is not used, and why:
 * - `DeviceController.connect()`: after its first eval it pulses LED2 (not defined on an ESP32 or the console
 *   board: an error on the console) and runs `E.dumpStr()` to list the device's functions, which on a clock booted
 *   from Storage runs the interpreter out of memory (measured on espruino-12k, the console board: "OUT OF MEMORY",
 *   LOW_MEMORY); `disconnect()` pulses LED1. The page connects by its first eval and disconnects with `UART.close()`.
 * - `loadCode()`/`upload()`: they `reset(true)` the board and send the whole code as one line (`E.setBootCode(`…`)`),
 *   which cannot fit in the board's RAM (DESIGN §4: only a Storage boot fits) and breaks on a backquote in the code.
 *   The page uploads with `UART.write` in chunks of Storage writes instead (upload.ts).
 *
 * The library answers one call at a time (it queues the others); a call it never answers (the link gone while it
 * waited) is given up after a timeout here, and its busy flag cleared before the next connection.
 */
import type { DeviceController } from '@espruino-tools/core';

/** The library's link object as its source defines it (not in its .d.ts). */
interface UartConnection {
  isOpen: boolean;
  isOpening: boolean;
  ondata?: (data: string) => void;
}

interface LibraryUart {
  isBusy: boolean;
  write(data: string, callback?: (received: string | null) => void, callbackNewline?: boolean): unknown;
  getConnection(): UartConnection | undefined;
  isConnected(): boolean;
  close(): void;
}

export interface EspruinoToolsCore {
  DeviceController: new () => DeviceController;
}

declare const ESPT_core: EspruinoToolsCore | undefined;

/** The library as loaded by the page (espruino-tools-core.js), or null when it did not load. */
export function loadedLibrary(): EspruinoToolsCore | null {
  return typeof ESPT_core === 'object' && ESPT_core !== null && typeof ESPT_core.DeviceController === 'function' ? ESPT_core : null;
}

export type LinkPhase = 'not connected' | 'connecting' | 'connected' | 'connection lost';

export type EvalResult<T> = { ok: true; value: T } | { ok: false; problem: string };

/** What a call that got no answer is told. */
const NO_ANSWER = 'the clock did not answer';

export class Link {
  phase: LinkPhase = 'not connected';
  private readonly controller: DeviceController;
  private readonly uart: LibraryUart;
  private listeners: Array<(text: string) => void> = [];
  private chained: UartConnection | null = null;
  private watcher: ReturnType<typeof setInterval> | null = null;
  /** Calls in order: the library queues them too, but a timed-out one must not overtake. */
  private chain: Promise<unknown> = Promise.resolve();
  private counter = 0;
  onPhase: (phase: LinkPhase, why?: string) => void = () => undefined;

  constructor(library: EspruinoToolsCore) {
    this.controller = new library.DeviceController();
    this.uart = this.controller.UART as unknown as LibraryUart;
  }

  private setPhase(phase: LinkPhase, why?: string): void {
    this.phase = phase;
    this.onPhase(phase, why);
  }

  private open(): boolean {
    const connection = this.uart.getConnection();
    return connection !== undefined && connection.isOpen === true;
  }

  /**
   * Connects through the library (its chooser, then the browser's) and checks the link with `1+2`. Resolves with
   * null when connected, else why not.
   */
  async connect(): Promise<string | null> {
    if (this.phase === 'connecting' || this.phase === 'connected') return null;
    // A call the library never answered on a lost link leaves it busy: it would queue this one behind it forever.
    if (!this.open()) this.uart.isBusy = false;
    this.setPhase('connecting');
    const answer = this.controller.eval<unknown>('1+2') as unknown as Promise<{ data: unknown; log: string }>;
    const outcome = await new Promise<string | null>((resolve) => {
      const poll = setInterval(() => {
        const connection = this.uart.getConnection();
        // The chooser closed, the browser's chooser cancelled, or the link failed before it opened.
        if (!connection || (!connection.isOpen && !connection.isOpening)) finish('no clock was connected (the choice was cancelled or the connection failed)');
      }, 250);
      const timer = setTimeout(() => finish('no answer from the clock within 60 s'), 60000);
      const finish = (why: string | null) => {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(why);
      };
      answer.then(
        (result) => {
          if (result && result.log === 'success' && result.data === 3) finish(null);
          else if (this.open()) finish('the device answered, but not as an Espruino console does (1+2 gave ' + JSON.stringify(result && result.data) + ')');
          else finish('no clock was connected');
        },
        (error: Error) => finish('the connection failed: ' + error.message),
      );
    });
    if (outcome !== null) {
      if (this.open()) this.uart.close();
      this.setPhase('not connected', outcome);
      return outcome;
    }
    this.chainData();
    this.watcher = setInterval(() => {
      if (this.phase === 'connected' && !this.open()) this.lost('the Bluetooth link was lost');
    }, 300);
    this.setPhase('connected');
    return null;
  }

  private lost(why: string): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    this.setPhase('connection lost', why);
  }

  /** Ends the link on purpose. */
  disconnect(): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    this.uart.close();
    this.setPhase('not connected');
  }

  /** Chains the link's data handler (the library's own stays first) so that printed output can be read. */
  private chainData(): void {
    const connection = this.uart.getConnection();
    if (!connection || connection === this.chained) return;
    const own = connection.ondata;
    connection.ondata = (data: string) => {
      if (own) own.call(connection, data);
      for (const listener of this.listeners.slice()) listener(data);
    };
    this.chained = connection;
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The library's eval, given up after `timeoutMs`. */
  private libraryEval<T>(code: string, timeoutMs: number): Promise<EvalResult<T>> {
    if (!this.open()) return Promise.resolve({ ok: false, problem: 'not connected' });
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, problem: NO_ANSWER }), timeoutMs);
      (this.controller.eval<T>(code) as unknown as Promise<{ data: T; log: string }>).then(
        (result) => {
          clearTimeout(timer);
          if (result && result.log === 'success') resolve({ ok: true, value: result.data });
          else resolve({ ok: false, problem: this.open() ? 'garbled' : 'not connected' });
        },
        (error: Error) => {
          clearTimeout(timer);
          resolve({ ok: false, problem: error.message });
        },
      );
    });
  }

  /**
   * Evaluates a reading expression. An answer lost among other lines the board printed at the same moment (the
   * console board prints its display; any board prints errors) is asked again, up to `tries` times.
   */
  read<T>(code: string, tries?: number, timeoutMs?: number): Promise<EvalResult<T>> {
    return this.serial(async () => {
      let result: EvalResult<T> = { ok: false, problem: NO_ANSWER };
      for (let i = 0; i < (tries || 3); i++) {
        result = await this.libraryEval<T>(code, timeoutMs || 8000);
        if (result.ok || result.problem !== 'garbled') break;
      }
      if (!result.ok && result.problem === 'garbled') result = { ok: false, problem: 'the clock\'s answer could not be read' };
      return result;
    });
  }

  /**
   * Evaluates a changing expression exactly once. Its answer is also kept on the device (a global `__gcr` with this
   * call's number), so that an answer lost among other printed lines is read back from there instead of running
   * the call again.
   */
  change<T>(code: string, timeoutMs?: number): Promise<EvalResult<T>> {
    return this.serial(async () => {
      const id = Date.now() % 1e9 * 100 + (this.counter++ % 100);
      const result = await this.libraryEval<T>('(function(r){__gcr=[' + id + ',r];return r})(' + code + ')', timeoutMs || 8000);
      if (result.ok || result.problem !== 'garbled') return result;
      for (let i = 0; i < 3; i++) {
        const kept = await this.libraryEval<[number, T] | null>('typeof __gcr==="undefined"?null:__gcr', 8000);
        if (kept.ok) {
          if (kept.value && kept.value[0] === id) return { ok: true, value: kept.value[1] } as EvalResult<T>;
          return { ok: false, problem: 'the clock did not run the call' } as EvalResult<T>;
        }
        if (kept.problem !== 'garbled') return kept as EvalResult<T>;
      }
      return { ok: false, problem: 'the clock\'s answer could not be read: look at its state before trying again' } as EvalResult<T>;
    });
  }

  /**
   * Runs `statement` (its value is not printed) and collects the lines the board prints until `done(line)` holds
   * for one: resolves with the lines up to and including it, or a problem after `timeoutMs` without a new line.
   */
  printed(statement: string, done: (line: string) => boolean, timeoutMs?: number): Promise<EvalResult<string[]>> {
    return this.serial(
      () =>
        new Promise<EvalResult<string[]>>((resolve) => {
          if (!this.open()) {
            resolve({ ok: false, problem: 'not connected' });
            return;
          }
          const lines: string[] = [];
          let partial = '';
          let timer: ReturnType<typeof setTimeout>;
          const finish = (result: EvalResult<string[]>) => {
            clearTimeout(timer);
            this.listeners = this.listeners.filter((l) => l !== listen);
            resolve(result);
          };
          const arm = () => {
            clearTimeout(timer);
            timer = setTimeout(() => finish({ ok: false, problem: this.open() ? NO_ANSWER : 'not connected' }), timeoutMs || 10000);
          };
          const listen = (data: string) => {
            arm();
            partial += data;
            let end = partial.indexOf('\n');
            while (end >= 0) {
              // Without the line end and the console's prompt erasures ("\r\x1b[J"); a prompt ">" stays (record.ts).
              const line = partial.slice(0, end).replace(/\r$/, '').replace(/^(>*\r?\x1b\[J)+/, '');
              partial = partial.slice(end + 1);
              lines.push(line);
              if (done(line)) {
                finish({ ok: true, value: lines });
                return;
              }
              end = partial.indexOf('\n');
            }
          };
          this.listeners.push(listen);
          arm();
          // Led by DLE: the board does not echo the line, nor print its value.
          this.uart.write('\x10' + statement + '\n');
        }),
    );
  }

  /** Types `lines` one after another (echoed, as typed), `progress(done, total)` after each. */
  typeLines(lines: string[], progress: (done: number, total: number) => void): Promise<EvalResult<number>> {
    return this.serial(async () => {
      for (let i = 0; i < lines.length; i++) {
        if (!this.open()) return { ok: false, problem: 'the link was lost after ' + i + ' of ' + lines.length + ' lines' } as EvalResult<number>;
        await new Promise<void>((resolve) => {
          this.uart.write(lines[i] + '\n', () => resolve());
        });
        progress(i + 1, lines.length);
      }
      return { ok: true, value: lines.length } as EvalResult<number>;
    });
  }
}
