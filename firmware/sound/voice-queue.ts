/**
 * The voice's queue: says utterances (voice-clips.ts) one clip after another on a clip player (the DFPlayer Mini's
 * driver on the device, an audio element in the browser, a system player in the terminal), and never blocks: `say`
 * returns at once, and the player tells when a clip ended.
 *
 * What a timekeeper would do when words pile up:
 * - A count is never said late. One that cannot start within STALE_MS of its instant is dropped (a late wake-up, or
 *   words still being said), and a count being said is cut short by whatever comes next: the newer words are the
 *   true ones.
 * - Words ("overtime", "flag", "paused") are said whole; what comes meanwhile waits, newest count only.
 * - A player that never says a clip ended (the module's report not wired) is taken to have ended after
 *   CLIP_FALLBACK_MS, so the voice never falls silent for good.
 */
import { ClipPlayer, Utterance, Voice } from '../../hal/hal';

export type { ClipPlayer } from '../../hal/hal';

/** The clock and timers the queue runs on (the HAL's monotonic milliseconds; Espruino's or the host's timers). */
export interface VoiceQueueTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A count that cannot start within this long after its instant is not said. */
export const STALE_MS = 500;
/** A clip whose end the player did not report is taken to have ended after this long. */
export const CLIP_FALLBACK_MS = 2000;
/** Utterances waiting behind the one being said; beyond this the oldest is forgotten. */
const MAX_WAITING = 4;

export function createVoiceQueue(player: ClipPlayer, timers: VoiceQueueTimers): Voice {
  let current: Utterance | null = null;
  /** The index in `current.tracks` of the clip playing. */
  let index = 0;
  let waiting: Utterance[] = [];
  let fallback: unknown = undefined;

  function clearFallback(): void {
    // Espruino's clearTimeout(undefined) would clear every timer of the program.
    if (fallback !== undefined) timers.clearTimeout(fallback);
    fallback = undefined;
  }

  function late(utterance: Utterance): boolean {
    return utterance.count && timers.now() > utterance.atMs + STALE_MS;
  }

  function playClip(): void {
    const said = current as Utterance;
    player.play(said.folder, said.tracks[index]);
    clearFallback();
    fallback = timers.setTimeout(clipEnded, CLIP_FALLBACK_MS);
  }

  function begin(utterance: Utterance): void {
    current = utterance;
    index = 0;
    playClip();
  }

  /** The clip playing ended: the next clip of the utterance, else the next utterance still worth saying. */
  function clipEnded(): void {
    clearFallback();
    if (current === null) return;
    index++;
    if (index < current.tracks.length) {
      playClip();
      return;
    }
    current = null;
    while (waiting.length > 0) {
      const next = waiting.shift() as Utterance;
      if (!late(next)) {
        begin(next);
        return;
      }
    }
  }

  player.onEnded(clipEnded);

  return {
    say(utterance) {
      if (utterance.tracks.length === 0 || late(utterance)) return;
      if (current === null || current.count) {
        begin(utterance);
        return;
      }
      // Only the newest count is worth waiting for.
      if (utterance.count) waiting = waiting.filter((u) => !u.count);
      waiting.push(utterance);
      if (waiting.length > MAX_WAITING) waiting.shift();
    },
    setVolume(level) {
      player.setVolume(level);
    },
    ready() {
      return player.ready ? player.ready() : true;
    },
    stop() {
      clearFallback();
      current = null;
      waiting = [];
      player.stop();
    },
  };
}
