/**
 * A HAL in real (optionally fast-forwarded) time, for the interactive simulators: the terminal one on Node and the
 * browser one. Time is the host's monotonic clock times `speed`, in integer milliseconds; the one timer is the
 * host's setTimeout; button edges come from the keyboard, mouse or touch, stamped when they happen. Display, buzzer
 * and storage are the host's own.
 */
import { ButtonEdge, ButtonName, Buzzer, Display, Hal, KeyValueStorage } from '../hal/hal';

export interface RealtimeHalOptions {
  display: Display;
  buzzer: Buzzer;
  storage: KeyValueStorage;
  /** Fast-forward factor (1 = real time). */
  speed?: number;
  /** The host's monotonic clock in (fractional) milliseconds; default performance.now(). */
  hostNowMs?: () => number;
  /** Battery level to report, if the simulated board has a gauge. */
  batteryPercent?: () => number;
}

export interface RealtimeHal extends Hal {
  /**
   * A button edge (the simulator's keyboard, mouse or touch): now, or at `atMs` when it was made earlier than it is
   * delivered (never later than now).
   */
  edge(button: ButtonName, down: boolean, atMs?: number): void;
  setSpeed(speed: number): void;
  speed(): number;
  /** Stops the timer (the simulator is closing). */
  close(): void;
}

export function createRealtimeHal(options: RealtimeHalOptions): RealtimeHal {
  const hostNow = options.hostNowMs || (() => performance.now());
  let speed = options.speed && options.speed > 0 ? options.speed : 1;
  // Virtual time = baseMs + (host now - hostBaseMs) * speed; rebased whenever the speed changes.
  let baseMs = 0;
  let hostBaseMs = hostNow();
  let handle: ReturnType<typeof setTimeout> | undefined;
  /** The pending timer, kept so a change of speed can set it again at the new rate. */
  let pending: { atMs: number; onFire: () => void } | undefined;
  let edgeHandler: ((edge: ButtonEdge) => void) | undefined;

  const nowMs = (): number => Math.floor(baseMs + (hostNow() - hostBaseMs) * speed);

  function stop(): void {
    if (handle !== undefined) clearTimeout(handle);
    handle = undefined;
    pending = undefined;
  }

  function start(atMs: number, onFire: () => void): void {
    stop();
    pending = { atMs: atMs, onFire: onFire };
    const fire = (): void => {
      // A host timer may fire a little early in virtual terms (rounding, speed changes): wait out the rest.
      if (nowMs() < atMs) handle = setTimeout(fire, Math.max(1, (atMs - nowMs()) / speed));
      else {
        handle = undefined;
        pending = undefined;
        onFire();
      }
    };
    handle = setTimeout(fire, Math.max(0, (atMs - nowMs()) / speed));
  }

  const hal: RealtimeHal = {
    clock: { nowMs: nowMs },
    timer: { start: start, stop: stop },
    buttons: {
      onEdge(handler) {
        edgeHandler = handler;
      },
    },
    display: options.display,
    buzzer: options.buzzer,
    storage: options.storage,
    battery: options.batteryPercent ? { percent: options.batteryPercent } : undefined,
    edge(button, down, atMs) {
      const now = nowMs();
      if (edgeHandler) edgeHandler({ button: button, down: down, atMs: atMs === undefined || atMs > now ? now : atMs });
    },
    setSpeed(next: number) {
      if (!(next > 0)) return;
      baseMs = nowMs();
      hostBaseMs = hostNow();
      speed = next;
      if (pending) start(pending.atMs, pending.onFire);
    },
    speed: () => speed,
    close: stop,
  };
  return hal;
}
