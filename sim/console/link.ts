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
 *   which cannot fit in the board's RAM (docs/firmware.md: only a Storage boot fits) and breaks on a backquote in the code.
 *   The page uploads with `UART.write` in chunks of Storage writes instead (upload.ts).
 *
 * The library answers one call at a time (it queues the others); a call it never answers (the link gone while it
 * waited) is given up after a timeout here, and a new connection waits until the library has given it up too.
 *
 * A board whose Espruino console is locked (`E.setPassword("pw"); E.lockConsole();`) runs nothing typed until the
 * password is given: every line, the library's evals too, is answered `\r\n  Invalid password\r\npassword>`; the
 * password and Enter, `\r\n  Logged in.\r\n>` (measured on the host build, espruino-12k). A board prints
 * `password>` by itself when its console moves to the Bluetooth link (Espruino's jsiSetConsoleDevice, then the prompt
 * returned), but not always before the first bytes reach it, and the host build behind the tests prints it before the
 * page listens. So the link is opened with one bare line end, which runs nothing either way, ends any half-typed line
 * (a password typed after one would be wrong), and makes the board show its prompt: `>` (open) or, after
 * "Invalid password", `password>` (locked). Only then, and only when the board asked, is the console password sent,
 * without DLE (a DLE would be read as part of the password). A console the page logged in to is locked again
 * (`E.lockConsole()`) when the page disconnects; a link lost leaves it logged in until then, or until the board
 * restarts.
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

/** 'locked': the link is open, but the board's console is locked (it answered `password>`): nothing is evaluated. */
export type LinkPhase = 'not connected' | 'connecting' | 'locked' | 'connected' | 'connection lost';

export type EvalResult<T> = { ok: true; value: T } | { ok: false; problem: string };

/** What a call that got no answer is told. */
const NO_ANSWER = 'the clock did not answer';

/** What the page says of a locked console, in words. */
export const LOCKED_NO_PASSWORD = 'the board\'s console is locked: enter its console password';
export const LOCKED_WRONG_PASSWORD = 'console password wrong: the board answered "Invalid password" and stays locked';
export const LOCKED_AGAIN = 'the board\'s console is locked again (did it restart?): enter its console password';

/** What a call on a locked console is told. */
const CONSOLE_LOCKED = 'the board\'s console is locked';
/** A locked console's answer to a line that was not its password. */
const INVALID_PASSWORD = /Invalid password/;
/** How long the board may take to show its prompt after the link opened. */
const PROMPT_WAIT_MS = 3000;
/** How long the board may take to answer a console password. */
const LOGIN_WAIT_MS = 10000;

/**
 * Why `password` cannot be typed into the console as it is, or null: a line end would end it early, other control
 * codes are line editing (backspace, cursor keys) on the board, and the link sends one byte per character.
 */
export function consolePasswordProblem(password: string): string | null {
  if (password === '') return 'the console password is empty';
  for (let i = 0; i < password.length; i++) {
    const code = password.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return 'the console password holds a control character (a line end, a tab…), which the console would not take as typed';
    if (code > 0xff) return 'the console password holds a character the link cannot send as one byte (' + password.charAt(i) + ')';
  }
  return null;
}

/** What the board showed after the link opened: its console open, locked, or no prompt at all. */
export type ConsoleLock = 'open' | 'locked' | 'unknown';

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
  /** Whether the page logged in to the board's console: Disconnect then locks it again. */
  private loggedIn = false;
  /** The last lines the board printed (a locked console's answer may come in two notifications). */
  private tail = '';
  /** A link being closed (after `E.lockConsole()` is sent): a new connection waits for it. */
  private closing: Promise<void> = Promise.resolve();
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
   * Connects through the library (its chooser, then the browser's), opening the link with a bare line end and
   * reading the board's prompt: a locked console (`password>`) is sent `password` when one is given, else nothing
   * more. Then checks the link with `1+2`. Resolves with null when connected, else why not: the phase says which
   * ('locked' when the link stays open to a locked console, 'not connected' else).
   */
  async connect(password?: string): Promise<string | null> {
    if (this.phase === 'connecting' || this.phase === 'connected' || this.phase === 'locked') return null;
    this.setPhase('connecting');
    await this.closing;
    // A call still waiting on a lost link keeps the library busy until its timer gives up (10 s without data); a
    // new link opened before then would have that timer clear the new call's answer. So wait for it first. (A call
    // whose sending failed has no timer and stays busy for good: after the 10 s the flag is cleared here.)
    if (this.uart.isBusy) this.setPhase('connecting', 'waiting for the library to give up the lost link (up to 10 s)…');
    for (let waited = 0; this.uart.isBusy && waited < 10500; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    this.setPhase('connecting');
    this.uart.isBusy = false;
    const opened = await this.openLink();
    if (!opened.ok) return this.end(opened.problem);
    this.chainData();
    this.watch();
    const lock = await this.consoleLock(opened.received);
    if (lock === 'locked') {
      if (password === undefined || password === '') return this.locked(LOCKED_NO_PASSWORD);
      const problem = consolePasswordProblem(password);
      if (problem) return this.locked(problem);
      this.setPhase('connecting', 'the board\'s console is locked: sending its console password…');
      return this.logIn(password);
    }
    return this.check();
  }

  /**
   * On a link open to a locked console ('locked'): sends `password` (after the same checks as `connect`), then
   * checks the link. Resolves with null when connected, else why not (the phase stays 'locked' when the board
   * refused the password).
   */
  async login(password: string): Promise<string | null> {
    if (this.phase === 'connected') return null;
    if (this.phase !== 'locked' || !this.open()) return 'not connected';
    const problem = password === '' ? LOCKED_NO_PASSWORD : consolePasswordProblem(password);
    if (problem) return this.locked(problem);
    this.setPhase('connecting', 'sending the board\'s console password…');
    return this.logIn(password);
  }

  /** Whether the page logged in to the board's console (it locks it again on Disconnect). */
  isLoggedIn(): boolean {
    return this.loggedIn;
  }

  /**
   * Opens the library's link by writing one bare line end (it runs nothing, locked or not). Resolves with what the
   * board printed until the library called back (100 ms after the write), or why no link opened.
   */
  private openLink(): Promise<{ ok: true; received: string } | { ok: false; problem: string }> {
    const notConnected = 'no clock was connected (the choice was cancelled or the connection failed)';
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: { ok: true; received: string } | { ok: false; problem: string }) => {
        if (settled) return;
        settled = true;
        clearInterval(poll);
        clearTimeout(timer);
        resolve(result);
      };
      const poll = setInterval(() => {
        const connection = this.uart.getConnection();
        // The chooser closed, the browser's chooser cancelled, or the link failed before it opened.
        if (!connection || (!connection.isOpen && !connection.isOpening)) finish({ ok: false, problem: notConnected });
      }, 250);
      const timer = setTimeout(() => finish({ ok: false, problem: 'no answer from the clock within 60 s' }), 60000);
      this.uart.write('\n', (received) => {
        if (received === null || !this.open()) finish({ ok: false, problem: notConnected });
        else finish({ ok: true, received: received });
      });
    });
  }

  /**
   * Reads the board's prompt after the opening line end: `>` at a line's start is an open console; a locked one
   * answers "Invalid password" then `password>` (a `password>` alone, printed as the console moved to the link,
   * counts once the board has been quiet a moment: the answer to the line end must not be taken for the answer to
   * the password). No prompt within PROMPT_WAIT_MS (echo off, or not an Espruino): 'unknown', and the `1+2` says.
   */
  private consoleLock(initial: string): Promise<ConsoleLock> {
    return new Promise((resolve) => {
      let text = initial;
      let quiet: ReturnType<typeof setTimeout> | null = null;
      let settled = false;
      const finish = (lock: ConsoleLock) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (quiet) clearTimeout(quiet);
        this.listeners = this.listeners.filter((l) => l !== listen);
        resolve(lock);
      };
      const look = () => {
        if (/Invalid password[\s\S]*password>/.test(text)) finish('locked');
        else if (/(^|\n)>/.test(text)) finish('open');
        else if (text.indexOf('password>') >= 0) {
          if (quiet) clearTimeout(quiet);
          quiet = setTimeout(() => finish('locked'), 600);
        }
      };
      const listen = (data: string) => {
        text += data;
        look();
      };
      const timer = setTimeout(() => finish(text.indexOf('password>') >= 0 ? 'locked' : 'unknown'), PROMPT_WAIT_MS);
      this.listeners.push(listen);
      look();
    });
  }

  /** Types `password` and Enter into the locked console; resolves with the board's answer. */
  private sendPassword(password: string): Promise<'in' | 'wrong' | 'no answer'> {
    return new Promise((resolve) => {
      let text = '';
      let settled = false;
      const finish = (answer: 'in' | 'wrong' | 'no answer') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listen);
        resolve(answer);
      };
      const listen = (data: string) => {
        text += data;
        if (/Logged in\./.test(text)) finish('in');
        else if (INVALID_PASSWORD.test(text)) finish('wrong');
      };
      const timer = setTimeout(() => finish('no answer'), LOGIN_WAIT_MS);
      this.listeners.push(listen);
      // Without DLE: a DLE would be taken as the password's first character.
      this.uart.write(password + '\n', () => undefined);
    });
  }

  private async logIn(password: string): Promise<string | null> {
    const answer = await this.sendPassword(password);
    if (!this.open()) return this.end('the Bluetooth link was lost while logging in to the board\'s console');
    if (answer === 'in') {
      this.loggedIn = true;
      return this.check();
    }
    return this.locked(answer === 'wrong' ? LOCKED_WRONG_PASSWORD : 'the board did not answer its console password within ' + LOGIN_WAIT_MS / 1000 + ' s');
  }

  /** The link stays open to a locked console: nothing more is sent until a password is. */
  private locked(why: string): string {
    this.setPhase('locked', why);
    return why;
  }

  /** Checks the open link with `1+2` (the library's eval) and enters 'connected', or ends the link. */
  private async check(): Promise<string | null> {
    this.setPhase('connecting');
    // The board may print other lines at the same moment (the console board prints its display), so an answer that
    // could not be read is asked for again.
    const answer = (this.controller.eval<unknown>('1+2') as unknown as Promise<{ data: unknown; log: string }>).then(async (first) => {
      let result = first;
      for (let i = 0; i < 3 && result && result.log !== 'success' && this.open(); i++) {
        result = await (this.controller.eval<unknown>('1+2') as unknown as Promise<{ data: unknown; log: string }>);
      }
      return result;
    });
    const outcome = await new Promise<string | null>((resolve) => {
      const poll = setInterval(() => {
        if (!this.open()) finish('the Bluetooth link was lost while connecting');
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
    if (outcome !== null) return this.end(outcome);
    this.tail = '';
    this.setPhase('connected');
    return null;
  }

  /** Watches the open link: its loss while connected or locked is 'connection lost'. */
  private watch(): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = setInterval(() => {
      if ((this.phase === 'connected' || this.phase === 'locked') && !this.open()) this.lost('the Bluetooth link was lost');
    }, 300);
  }

  /** Ends a connection that did not come about: closed (the console locked again if the page logged in). */
  private end(why: string): string {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    if (this.open()) this.closeLink();
    this.setPhase('not connected', why);
    return why;
  }

  private lost(why: string): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    this.setPhase('connection lost', why);
  }

  /** Ends the link on purpose; a console the page logged in to is locked again first. */
  disconnect(): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    const relocked = this.loggedIn && this.open();
    this.closeLink();
    this.setPhase('not connected', relocked ? 'The board\'s console was locked again (E.lockConsole()).' : undefined);
  }

  /**
   * Closes the library's link. After a login the board is sent `E.lockConsole()` first (typed, not led by DLE: the
   * host build is steadier with echo on) and the link closed once the library has sent it, or after 3 s.
   */
  private closeLink(): void {
    const relock = this.loggedIn && this.open();
    this.loggedIn = false;
    if (!relock) {
      this.uart.close();
      return;
    }
    this.closing = new Promise<void>((resolve) => {
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        this.uart.close();
        resolve();
      };
      const timer = setTimeout(close, 3000);
      // Closed on the next turn: the library goes on using the link after its callback returns.
      this.uart.write('E.lockConsole()\n', () => setTimeout(close, 0));
    });
  }

  /** Chains the link's data handler (the library's own stays first) so that printed output can be read. */
  private chainData(): void {
    const connection = this.uart.getConnection();
    if (!connection || connection === this.chained) return;
    const own = connection.ondata;
    connection.ondata = (data: string) => {
      if (own) own.call(connection, data);
      for (const listener of this.listeners.slice()) listener(data);
      // A console that answers "Invalid password" while connected was locked again (a restart that runs
      // E.lockConsole() from .boot0, or code that called it): nothing more runs until the password is given.
      this.tail = (this.tail + data).slice(-40);
      if (this.phase === 'connected' && INVALID_PASSWORD.test(this.tail)) {
        this.tail = '';
        this.loggedIn = false;
        this.locked(LOCKED_AGAIN);
      }
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
    if (this.phase === 'locked') return Promise.resolve({ ok: false, problem: CONSOLE_LOCKED });
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
        // The console was locked again: the call did not run.
        if (INVALID_PASSWORD.test(text)) {
          finish({ ok: false, problem: CONSOLE_LOCKED });
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
          if (!this.open() || this.phase === 'locked') {
            resolve({ ok: false, problem: this.open() ? CONSOLE_LOCKED : 'not connected' });
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
              if (INVALID_PASSWORD.test(line)) {
                finish({ ok: false, problem: CONSOLE_LOCKED });
                return;
              }
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
        if (this.phase === 'locked') return { ok: false, problem: CONSOLE_LOCKED + ' (after ' + i + ' of ' + lines.length + ' lines)' } as EvalResult<number>;
        await new Promise<void>((resolve) => {
          this.uart.write(lines[i] + '\n', () => resolve());
        });
        progress(i + 1, lines.length);
      }
      return { ok: true, value: lines.length } as EvalResult<number>;
    });
  }
}
