/**
 * The hardware the firmware needs, as a few narrow interfaces named by intent (docs/architecture.md). The runtime gets
 * them as one object; the Espruino drivers (hal/espruino/) and the simulator's host each provide one.
 * Times are integer milliseconds on one monotonic clock, converted once at this boundary.
 */

/** Integer milliseconds from one monotonic source (never set during a game). */
export interface MonotonicClock {
  nowMs(): number;
}

/** The runtime's single one-shot timer, set at an absolute instant of the monotonic clock. */
export interface Timer {
  /**
   * Fires `onFire` once at or after `atMs` (late is allowed; early is not); replaces any pending timer. A timer that
   * read the clock to know it is not early may hand `onFire` that reading (`nowMs`), so it need not read it again.
   */
  start(atMs: number, onFire: (nowMs?: number) => void): void;
  stop(): void;
}

export type ButtonName = 'left' | 'right';

/** One button edge, stamped with the instant the pin changed (not when the handler ran). */
export interface ButtonEdge {
  button: ButtonName;
  down: boolean;
  atMs: number;
}

export interface Buttons {
  /** Debounced edges of both buttons, in order. */
  onEdge(handler: (edge: ButtonEdge) => void): void;
}

/**
 * A character LCD (HD44780 16×2): the driver writes only what changed (each row from its first changed cell to its
 * last).
 */
export interface CharacterDisplay {
  kind: 'character';
  columns: number;
  rows: number;
  /** Up to 8 custom glyphs (codes 0–7), each 8 rows of 5 bits, top row first. */
  defineGlyph(code: number, rows: number[]): void;
  /** The whole screen, one string per row, each exactly `columns` characters. */
  show(lines: string[]): void;
  /**
   * `text` over the cells of `row` from `column` on (one character a cell, within the row), the rest of the screen as
   * last shown: a display tick changes one time cell, and on Espruino taking in a whole frame costs the driver
   * several times what writing those few cells does. `plain`: the caller knows every character is one the display
   * shows as itself (printable ASCII but "\\" and "~", or a glyph code 0–7), so a driver that encodes need not look.
   */
  write(row: number, column: number, text: string, plain?: boolean): void;
}

/** `lines` with `text` written over row `row` from `column` on: what `write` leaves on a display that keeps rows. */
export function withText(lines: string[], row: number, column: number, text: string): string[] {
  const next = lines.slice();
  const line = next[row] || '';
  next[row] = line.substring(0, column) + text + line.substring(column + text.length);
  return next;
}

/** The subset of Espruino's `Graphics` that the layouts draw with; the simulator implements the same subset. */
export interface Canvas {
  getWidth(): number;
  getHeight(): number;
  clear(): void;
  setColor(color: number): void;
  fillRect(x1: number, y1: number, x2: number, y2: number): void;
  drawRect(x1: number, y1: number, x2: number, y2: number): void;
  /** A bitmap font (Espruino's `setFontCustom`): columns of `height` bits, `widths` one char code per glyph. */
  setFontCustom(bitmap: string, firstChar: number, widths: string, height: number): void;
  drawString(text: string, x: number, y: number): void;
  stringWidth(text: string): number;
}

/** A pixel display (SSD1306 128×64): draw on `canvas`, then `flip` sends the frame. */
export interface GraphicsDisplay {
  kind: 'graphics';
  canvas: Canvas;
  flip(): void;
}

export type Display = CharacterDisplay | GraphicsDisplay;

/** One tone of a buzzer pattern; `hz` 0 is a rest. */
export interface Tone {
  hz: number;
  ms: number;
}

export interface Buzzer {
  /** Plays the pattern without blocking (a new pattern replaces the one playing); `volume` 0–1. */
  play(tones: Tone[], volume: number): void;
  stop(): void;
}

/** The battery-backed real-time clock: wall time for the log and for how long the power was off. */
export interface RealTimeClock {
  /** Milliseconds since 1970 UTC, or undefined when the clock lost its time (oscillator stopped, no battery). */
  readWallMs(): number | undefined;
  writeWallMs(wallMs: number): void;
}

/** Named records in flash (Espruino `Storage`): settings and the game journal. */
export interface KeyValueStorage {
  read(name: string): string | undefined;
  /**
   * Reads a record piece by piece, in order, without holding all of it in RAM at once (the journal of a long game);
   * `each` returning false reads no more; false when there is no such record. Storages that keep records in RAM
   * anyway may leave it out (`read` is used).
   */
  readChunks?(name: string, each: (chunk: string) => boolean | void): boolean;
  /**
   * Whether the record exists, without reading it (at boot: is there a journal to restore at all). Storages that keep
   * records in RAM anyway may leave it out (`read` is used).
   */
  has?(name: string): boolean;
  /** Replaces the record; false when it could not be written (flash full). */
  write(name: string, data: string): boolean;
  /** Adds to the end of a record that only grows (the journal); false when it could not be written. */
  append(name: string, data: string): boolean;
  erase(name: string): void;
  /**
   * The standard CRC-32 of a text's bytes, done natively (Espruino's `E.CRC32`); storages without one leave it out and
   * the journal computes it in JavaScript (firmware/storage/journal.ts `crc32`, the same value).
   */
  crc32?(text: string): number;
}

/** What a voice is asked to say: tracks of one folder, due at an instant, and whether it may be dropped when late. */
export interface Utterance {
  folder: number;
  tracks: number[];
  /** The instant it is due, on the clock of whoever queues it. */
  atMs: number;
  /** A count: said late it would mislead (the next count is near), so a late one is dropped, never said late. */
  count: boolean;
}

/** A player of a card's clips by folder and track (the DFPlayer Mini's driver, an audio element, a system player). */
export interface ClipPlayer {
  /** Starts a clip at once, cutting short the one playing. */
  play(folder: number, track: number): void;
  stop(): void;
  /** `handler` is called when a clip started by `play` ends by itself (once per clip). */
  onEnded(handler: () => void): void;
  /** 0–1. */
  setVolume(level: number): void;
  /** Whether there is a player to hear (the module answered); absent means always. */
  ready?(): boolean;
}

/**
 * A voice: says utterances (firmware/sound/voice-clips.ts: tracks of one language's folder of the card) without blocking;
 * firmware/sound/voice-queue.ts orders them over a clip player such as the DFPlayer Mini's driver.
 */
export interface Voice {
  /** Says `utterance` now, or after what is being said; a count that could only be said late is dropped. */
  say(utterance: Utterance): void;
  /** 0–1 (0 is silence). */
  setVolume(level: number): void;
  /** Stops what is said and forgets what waits. */
  stop(): void;
  /** Whether anyone will hear it: false while the module has not answered (not fitted), and the buzzer plays. */
  ready(): boolean;
}

export interface Battery {
  /** Charge left, 0–100, estimated from the cell voltage. */
  percent(): number;
}

export interface Watchdog {
  kick(): void;
}

/** Everything the runtime gets from its host. Optional parts are absent on boards that lack them. */
export interface Hal {
  clock: MonotonicClock;
  timer: Timer;
  buttons: Buttons;
  display: Display;
  buzzer: Buzzer;
  storage: KeyValueStorage;
  rtc?: RealTimeClock;
  battery?: Battery;
  watchdog?: Watchdog;
  /** A voice module (the DFPlayer Mini); absent, the buzzer plays every announcement. */
  voice?: Voice;
}
