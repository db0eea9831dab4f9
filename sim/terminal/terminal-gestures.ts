/**
 * Plays the keys' gestures (terminal-keys.ts) as button edges on the HAL's own (virtual, fast-forwardable) time
 * line, one gesture after another: a key typed while a gesture is playing waits its turn (and so does every other
 * key when the keys come from a pipe). Timing is virtual, so a
 * press lasts 80 ms of clock time at any speed; the session slows a very fast clock down while a gesture plays
 * (GESTURE_SPEED_LIMIT), because a host timer a millisecond late at ×1000 would hold a "press" for a second.
 *
 * Each edge is stamped with the instant it was scheduled for, and each item starts where the one before it ended (a
 * key that finds the player idle starts now): a host timer that fires late, on a busy machine, delivers its edge late,
 * as a board's button edge can reach the firmware late, but does not move it. So keys from a pipe give the same game
 * however loaded the machine is.
 */
import { ButtonName } from '../../hal/hal';
import { AFTER_GESTURE_MS, GESTURE_EDGES, GestureName } from './terminal-keys';

/** Above this speed, gestures play at this speed (host timers are ~1 ms late: at ×20 that is 20 ms of clock). */
export const GESTURE_SPEED_LIMIT = 20;

export interface GestureHost {
  /** The HAL's time now (virtual ms). */
  nowMs(): number;
  /** The HAL's speed now (virtual ms per real ms). */
  speed(): number;
  /** An edge made at `atMs` of the host's time (now or a little before: its timer may have fired late). */
  edge(button: ButtonName, down: boolean, atMs: number): void;
  /** A gesture starts (true) or ends (false). */
  onPlaying(playing: boolean): void;
}

/** A gesture, a wait, or anything else that must happen in its turn (a piped "q" after the keys before it). */
export type Item = { key: string; gesture: GestureName } | { key: string; waitMs: number } | { key: string; run: () => void };

export interface GesturePlayer {
  /**
   * Queues a gesture (or a wait). With `dropRepeats`, a key that is already queued and not yet started is
   * ignored: a held key's auto-repeat does not pile up presses that would go on long after it is let go.
   */
  queue(item: Item, dropRepeats: boolean): void;
  /** Nothing queued or playing. */
  idle(): boolean;
  /** Items queued or playing (a pipe's reader stops reading while this is high). */
  pending(): number;
  /** Called each time the queue runs empty. */
  onIdle(handler: () => void): void;
  /** Called each time an item is taken from the queue (so `pending` went down), and when it runs empty. */
  onNext(handler: () => void): void;
  stop(): void;
}

/** Calls `then` once the host's virtual time reaches `atMs` (re-checking, since the speed may change meanwhile). */
function at(host: GestureHost, atMs: number, then: () => void, setHandle: (h: ReturnType<typeof setTimeout>) => void): void {
  const check = (): void => {
    const left = atMs - host.nowMs();
    if (left <= 0) then();
    else setHandle(setTimeout(check, Math.max(1, left / host.speed())));
  };
  setHandle(setTimeout(check, Math.max(0, (atMs - host.nowMs()) / host.speed())));
}

export function createGesturePlayer(host: GestureHost): GesturePlayer {
  const queue: Item[] = [];
  let playing = false;
  let stopped = false;
  /** Where the next item starts on the time line: where the last one ended (set to now when the player was idle). */
  let cursorMs = 0;
  let handle: ReturnType<typeof setTimeout> | undefined;
  const idleHandlers: (() => void)[] = [];
  const nextHandlers: (() => void)[] = [];
  const setHandle = (h: ReturnType<typeof setTimeout>): void => {
    handle = h;
  };

  function next(): void {
    let item: Item | undefined;
    // Items that just run (a piped "q") run in a loop, not by recursion: any number of them may be queued.
    for (;;) {
      if (stopped) return;
      item = queue.shift();
      playing = item !== undefined;
      for (const handler of nextHandlers) handler();
      if (!item) {
        // (unless a handler queued something meanwhile)
        if (!playing) for (const handler of idleHandlers) handler();
        return;
      }
      if (!('run' in item)) break;
      item.run();
    }
    if ('waitMs' in item) {
      cursorMs += item.waitMs;
      at(host, cursorMs, next, setHandle);
      return;
    }
    host.onPlaying(true);
    const startMs = cursorMs;
    const steps = GESTURE_EDGES[item.gesture];
    let index = 0;
    const step = (): void => {
      if (stopped) return;
      if (index < steps.length) {
        const s = steps[index++];
        host.edge(s.button, s.down, startMs + s.atMs);
        if (index < steps.length) at(host, startMs + steps[index].atMs, step, setHandle);
        else {
          cursorMs = startMs + s.atMs + AFTER_GESTURE_MS;
          at(host, cursorMs, step, setHandle);
        }
      } else {
        host.onPlaying(false);
        next();
      }
    };
    step();
  }

  return {
    queue(item, dropRepeats) {
      if (stopped) return;
      if (dropRepeats && queue.some((queued) => queued.key === item.key)) return;
      queue.push(item);
      if (!playing) {
        cursorMs = host.nowMs();
        next();
      }
    },
    idle: () => !playing && queue.length === 0,
    pending: () => queue.length + (playing ? 1 : 0),
    onIdle(handler) {
      idleHandlers.push(handler);
    },
    onNext(handler) {
      nextHandlers.push(handler);
    },
    stop() {
      stopped = true;
      queue.length = 0;
      if (handle !== undefined) clearTimeout(handle);
    },
  };
}
