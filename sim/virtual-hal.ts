/**
 * A HAL in virtual time, for tests and the simulators: time moves only when the host says so, the one timer fires
 * when virtual time reaches it (optionally late, or not at all, to prove that lateness changes nobody's time),
 * and the display, buzzer and storage record what the firmware did.
 */
import {
  ButtonEdge, ButtonName, CharacterDisplay, Hal, KeyValueStorage, Tone, withText,
} from '../hal/hal';

export interface TimerPolicy {
  /** Extra delay for a timer set to fire at `atMs` (0: on time). */
  lateByMs(atMs: number): number;
  /** Whether this firing is lost altogether (a missed timer). */
  missed(atMs: number): boolean;
}

export const ON_TIME: TimerPolicy = { lateByMs: () => 0, missed: () => false };

export class MemoryStorage implements KeyValueStorage {
  records: { [name: string]: string } = {};
  read(name: string): string | undefined {
    return Object.prototype.hasOwnProperty.call(this.records, name) ? this.records[name] : undefined;
  }
  write(name: string, data: string): boolean {
    this.records[name] = data;
    return true;
  }
  append(name: string, data: string): boolean {
    this.records[name] = (this.read(name) || '') + data;
    return true;
  }
  erase(name: string): void {
    delete this.records[name];
  }
}

export class RecordingDisplay implements CharacterDisplay {
  readonly kind = 'character' as const;
  lines: string[] = [];
  frames = 0;
  constructor(readonly columns = 16, readonly rows = 2) {}
  defineGlyph(): void {}
  show(lines: string[]): void {
    if (lines.join('\n') !== this.lines.join('\n')) this.frames++;
    this.lines = lines.slice();
  }
  write(row: number, column: number, text: string): void {
    this.show(withText(this.lines, row, column, text));
  }
}

export interface VirtualHal extends Hal {
  display: RecordingDisplay;
  storage: MemoryStorage;
  /** Moves virtual time to `atMs`, firing the timer on the way whenever it falls due. */
  advanceTo(atMs: number): void;
  /**
   * Moves virtual time to `atMs` at once: a timer due on the way fires once, late, at `atMs`, and the wake-ups it
   * would have had until then are skipped. Only for a host that knows they change nothing a late one would not (the
   * scripted simulator, while no gesture waits: Runtime.gestureDeadlineMs).
   */
  skipTo(atMs: number): void;
  /** A button edge at the current virtual instant (stamped `stampMs` if given: an edge the HAL saw earlier). */
  edge(button: ButtonName, down: boolean, stampMs?: number): void;
  nowMs(): number;
  tones: { atMs: number; tones: Tone[] }[];
  /** Number of timer firings so far. */
  wakeUps: number;
  kicks: number;
  pendingTimerMs(): number | null;
}

export function createVirtualHal(options?: { policy?: TimerPolicy; storage?: MemoryStorage; watchdog?: boolean }): VirtualHal {
  const policy = (options && options.policy) || ON_TIME;
  let now = 0;
  let timerAt: number | null = null;
  let timerFn: (() => void) | null = null;
  let edgeHandler: ((edge: ButtonEdge) => void) | null = null;
  /** Fires the pending timer now (it is disarmed first: the firmware sets it again). */
  const fireTimer = (): void => {
    const fire = timerFn as () => void;
    timerAt = null;
    timerFn = null;
    hal.wakeUps++;
    fire();
  };
  const hal: VirtualHal = {
    clock: { nowMs: () => now },
    timer: {
      start(atMs: number, onFire: () => void) {
        timerAt = policy.missed(atMs) ? null : Math.max(now, atMs) + policy.lateByMs(atMs);
        timerFn = onFire;
      },
      stop() {
        timerAt = null;
        timerFn = null;
      },
    },
    buttons: {
      onEdge(handler) {
        edgeHandler = handler;
      },
    },
    display: new RecordingDisplay(),
    buzzer: {
      play(tones: Tone[]) {
        hal.tones.push({ atMs: now, tones: tones });
      },
      stop() {},
    },
    storage: (options && options.storage) || new MemoryStorage(),
    watchdog: options && options.watchdog ? { kick: () => { hal.kicks++; } } : undefined,
    tones: [],
    wakeUps: 0,
    kicks: 0,
    nowMs: () => now,
    pendingTimerMs: () => timerAt,
    advanceTo(atMs: number) {
      while (timerAt !== null && timerAt <= atMs) {
        now = Math.max(now, timerAt);
        fireTimer();
      }
      now = Math.max(now, atMs);
    },
    skipTo(atMs: number) {
      now = Math.max(now, atMs);
      if (timerAt !== null && timerAt <= now) fireTimer();
    },
    edge(button: ButtonName, down: boolean, stampMs?: number) {
      if (edgeHandler) edgeHandler({ button: button, down: down, atMs: stampMs === undefined ? now : stampMs });
    },
  };
  return hal;
}
