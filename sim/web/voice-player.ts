/**
 * The page's voice module: the card's clips (sim/web-server.ts serves them at voice/FF/TTT.wav, rendered by
 * scripts/voice.ts) played with an HTMLAudioElement, one clip at a time, as the DFPlayer Mini plays them. The runtime
 * decides what is said exactly as on the device (firmware/sound/voice-queue.ts orders the clips); this only plays them.
 *
 * Until voice/index.json says the clips are there the player is not ready, so the runtime gives every announcement
 * to the buzzer and the page speaks them with speechSynthesis (speech.ts), as a clock without the module would;
 * without clips (a 404: espeak-ng missing, `--no-voice`, a static copy of the page) it stays so.
 */
import { ClipPlayer } from '../../firmware/sound/voice-queue';

export type ClipsState = 'loading' | 'ready' | 'none';

export interface WebClipPlayer extends ClipPlayer {
  /** Whether the server has the clips. */
  state(): ClipsState;
  /** Called once the state is known (ready or none). */
  onState(handler: (state: ClipsState) => void): void;
  /** The clips are there and `enabled`. */
  ready(): boolean;
  /** The page's "speak the announcements": off, the player is not ready (the buzzer plays, as without a module). */
  enabled: boolean;
  /** The clips started, newest last (the last 50), as paths ("voice/01/207.wav"): for the browser tests. */
  played(): string[];
}

export function clipUrl(folder: number, track: number): string {
  return 'voice/' + (folder < 10 ? '0' : '') + folder + '/' + (track < 10 ? '00' : track < 100 ? '0' : '') + track + '.wav';
}

export function createWebClipPlayer(): WebClipPlayer {
  let state: ClipsState = 'loading';
  let stateHandler: ((state: ClipsState) => void) | undefined;
  let endedHandler: (() => void) | undefined;
  let current: HTMLAudioElement | null = null;
  let volume = 1;
  const played: string[] = [];

  function settle(next: ClipsState): void {
    state = next;
    if (stateHandler) stateHandler(next);
  }
  fetch('voice/index.json', { cache: 'no-store' }).then(
    (response) => settle(response.ok ? 'ready' : 'none'),
    () => settle('none'),
  );

  /** The clip `audio` ended, failed or could not start: once, and only if it is still the one playing. */
  function finished(audio: HTMLAudioElement): void {
    if (audio !== current) return;
    current = null;
    if (endedHandler) endedHandler();
  }

  function silence(): void {
    const audio = current;
    current = null;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
  }

  const player: WebClipPlayer = {
    enabled: true,
    play(folder, track) {
      silence();
      const url = clipUrl(folder, track);
      const audio = new Audio(url);
      audio.volume = volume;
      current = audio;
      played.push(url);
      if (played.length > 50) played.shift();
      audio.addEventListener('ended', () => finished(audio));
      audio.addEventListener('error', () => finished(audio));
      // Refused (no press on the page yet: the browser's autoplay rule) or failed: the queue goes on.
      audio.play().catch(() => finished(audio));
    },
    stop: silence,
    onEnded(handler) {
      endedHandler = handler;
    },
    setVolume(level) {
      volume = Math.max(0, Math.min(1, level));
      if (current) current.volume = volume;
    },
    ready: () => state === 'ready' && player.enabled,
    state: () => state,
    onState(handler) {
      stateHandler = handler;
      if (state !== 'loading') handler(state);
    },
    played: () => played.slice(),
  };
  return player;
}
