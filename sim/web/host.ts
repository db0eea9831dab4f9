/**
 * The page's HAL: sim/realtime-hal.ts (real time, fast-forwardable) with two things a person at a fast-forwarded
 * clock needs.
 *
 * - **Buttons are pressed in real time.** While any button is held the clock runs at 1×, and the chosen speed comes
 *   back when the last button is released. Otherwise, at 60×, a 0.1 s tap would be a 6 s hold (a long press: "back"
 *   in the menu) and no chord could stay shorter than the menu's 4 s. Between presses the game fast-forwards.
 * - **A speed change reaches the pending timer.** The runtime's one timer was set on the host clock at the old speed;
 *   it is set again at the same virtual instant, so the display keeps up at once when the speed goes up.
 *
 * With a clip player (voice-player.ts) the HAL has a voice, firmware/sound/voice-queue.ts on it, as the device's DFPlayer:
 * utterances are due on the (virtual) clock of the HAL; a clip plays for as long as it lasts, in real time.
 */
import { ButtonName, Buzzer, Display, Hal, KeyValueStorage } from '../../hal/hal';
import { ClipPlayer, createVoiceQueue } from '../../firmware/sound/voice-queue';
import { createRealtimeHal, RealtimeHal } from '../realtime-hal';

export interface WebHostOptions {
  display: Display;
  buzzer: Buzzer;
  storage: KeyValueStorage;
  speed: number;
  batteryPercent?: () => number;
  /** The voice module's clips, if the page has them. */
  clips?: ClipPlayer;
}

export interface WebHost {
  hal: Hal;
  /** A button edge now. */
  edge(button: ButtonName, down: boolean): void;
  /** The fast-forward factor between presses. */
  setSpeed(speed: number): void;
  speed(): number;
  /** The speed time runs at right now (1 while a button is held). */
  effectiveSpeed(): number;
  close(): void;
}

export function createWebHost(options: WebHostOptions): WebHost {
  const realtime: RealtimeHal = createRealtimeHal({
    display: options.display,
    buzzer: options.buzzer,
    storage: options.storage,
    speed: options.speed,
    batteryPercent: options.batteryPercent,
  });
  let chosen = options.speed;
  const held: { [button in ButtonName]: boolean } = { left: false, right: false };
  let pending: { atMs: number; onFire: () => void } | null = null;

  const timer = {
    start(atMs: number, onFire: () => void): void {
      pending = { atMs: atMs, onFire: onFire };
      realtime.timer.start(atMs, () => {
        pending = null;
        onFire();
      });
    },
    stop(): void {
      pending = null;
      realtime.timer.stop();
    },
  };

  function runAt(speed: number): void {
    if (speed === realtime.speed()) return;
    realtime.setSpeed(speed);
    const again = pending;
    if (again) timer.start(again.atMs, again.onFire);
  }

  const hal: Hal = {
    clock: realtime.clock,
    timer: timer,
    buttons: realtime.buttons,
    display: realtime.display,
    buzzer: realtime.buzzer,
    storage: realtime.storage,
    battery: realtime.battery,
    voice: options.clips
      ? createVoiceQueue(options.clips, {
          now: realtime.clock.nowMs,
          setTimeout: (fn, ms) => setTimeout(fn, ms),
          clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        })
      : undefined,
  };

  return {
    hal: hal,
    edge(button, down) {
      if (held[button] === down) return;
      held[button] = down;
      // The speed changes first, so that the timer the edge arms is set at the speed time will run at.
      if (down) runAt(1);
      else if (!held.left && !held.right) runAt(chosen);
      realtime.edge(button, down);
    },
    setSpeed(speed) {
      if (!(speed > 0)) return;
      chosen = speed;
      if (!held.left && !held.right) runAt(speed);
    },
    speed: () => chosen,
    effectiveSpeed: () => realtime.speed(),
    close() {
      pending = null;
      if (hal.voice) hal.voice.stop();
      realtime.close();
    },
  };
}
