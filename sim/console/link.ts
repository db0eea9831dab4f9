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
 *   (`isOpen`), whose `ondata` handler this file chains to read what the board prints (the record, and an eval's
 *   answer that came after another line: each call is sent as `{gc:ID,r:…}` and found by its ID); `close()`.
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
 * waited) is given up after a timeout here, and a new connection waits until the library has given it up too.
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
    this.setPhase('connecting');
    // A call still waiting on a lost link keeps the library busy until its timer gives up (10 s without data); a
    // new link opened before then would have that timer clear the new call's answer. So wait for it first. (A call
    // whose sending failed has no timer and stays busy for good: after the 10 s the flag is cleared here.)
    if (this.uart.isBusy) this.setPhase('connecting', 'waiting for the library to give up the lost link (up to 10 s)…');
    for (let waited = 0; this.uart.isBusy && waited < 10500; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    this.setPhase('connecting');
    this.uart.isBusy = false;
    // The first eval opens the library's link; the board may print other lines at the same moment (the console
    // board prints its display), so an answer that could not be read is asked for again on the open link.
    const answer = (this.controller.eval<unknown>('1+2') as unknown as Promise<{ data: unknown; log: string }>).then(async (first) => {
      let result = first;
      for (let i = 0; i < 3 && result && result.log !== 'success' && this.open(); i++) {
        result = await (this.controller.eval<unknown>('1+2') as unknown as Promise<{ data: unknown; log: string }>);
      }
      return result;
    });
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
    if (outcome === null) this.chainData();
    if (outcome !== null) {
      if (this.open()) this.uart.close();
      this.setPhase('not connected', outcome);
      return outcome;
    }
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

  /**
   * Evaluates `code` once through the library's eval, as `{gc:ID,r:code}`: the library reads its answer from the
   * first line the board prints after the call, which is not the answer when the board printed something else at
   * that moment (the console board prints its display; any board prints errors). Then the answer is found, by its
   * ID, among the lines that came (the link's data, chained above): the call is never run twice.
   */
  private tagged<T>(code: string, timeoutMs: number): Promise<EvalResult<T>> {
    if (!this.open()) return Promise.resolve({ ok: false, problem: 'not connected' });
    const id = (Date.now() % 1e8) * 100 + (this.counter++ % 100);
    const mark = '{"gc":' + id;
    return new Promise((resolve) => {
      let text = '';
      let failed: string | null = null;
      let settled = false;
      let grace: ReturnType<typeof setTimeout> | null = null;
      const finish = (result: EvalResult<T>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (grace) clearTimeout(grace);
        this.listeners = this.listeners.filter((l) => l !== listen);
        resolve(result);
      };
      const look = () => {
        const at = text.indexOf(mark);
        if (at >= 0) {
          const end = text.indexOf('\n', at);
          if (end < 0) return;
          try {
            const answer = JSON.parse(text.slice(at, end).replace(/\r$/, '')) as { gc: number; r: T };
            finish({ ok: true, value: answer.r });
          } catch (error) {
            finish({ ok: false, problem: 'the clock\'s answer could not be read' });
          }
          return;
        }
        const uncaught = /(^|\n)[>\r]*(\x1b\[J)?(Uncaught [^\r\n]*)\r?\n/.exec(text);
        if (uncaught && failed === null) {
          failed = 'the clock failed: ' + uncaught[3];
          // The answer may still come (the error was another's): a moment's grace.
          grace = setTimeout(() => finish({ ok: false, problem: failed as string }), 400);
        }
      };
      const listen = (data: string) => {
        text += data;
        look();
      };
      const timer = setTimeout(() => finish({ ok: false, problem: this.open() ? NO_ANSWER : 'not connected' }), timeoutMs);
      this.listeners.push(listen);
      (this.controller.eval<{ gc: number; r: T }>('{gc:' + id + ',r:' + code + '}') as unknown as Promise<{ data: { gc: number; r: T } | null; log: string }>).then(
        (result) => {
          if (result && result.log === 'success' && result.data && result.data.gc === id) finish({ ok: true, value: result.data.r });
          else if (!this.open()) finish({ ok: false, problem: 'not connected' });
          // Else the answer is among the lines, or still to come: `look` finds it.
        },
        () => undefined,
      );
    });
  }

  /** Evaluates a reading expression; resolves with its value or why there is none. */
  read<T>(code: string, timeoutMs?: number): Promise<EvalResult<T>> {
    return this.serial(() => this.tagged<T>(code, timeoutMs || 8000));
  }

  /** Evaluates a changing expression, exactly once (an answer lost among other lines is found, never asked again). */
  change<T>(code: string, timeoutMs?: number): Promise<EvalResult<T>> {
    return this.serial(() => this.tagged<T>(code, timeoutMs || 8000));
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
