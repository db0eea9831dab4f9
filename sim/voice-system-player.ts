/**
 * The terminal simulator's voice module: the card's clips (sim/voice-cache.ts) played by the system's player —
 * paplay (PulseAudio, PipeWire), sox's play, or ALSA's aplay — one process per clip, the previous one killed when
 * a clip cuts it short or the voice stops. The queue (firmware/sound/voice-queue.ts) decides what is said, as on the device.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ClipPlayer } from '../firmware/sound/voice-queue';
import { clipPath } from '../scripts/voice';
import { ensureVoiceClips } from './voice-cache';

export interface SystemPlayer {
  name: string;
  /** The executable found on PATH. */
  file: string;
  /** Its arguments for a clip at a volume 0–1. */
  args(clip: string, volume: number): string[];
}

/** The players tried, in order: those that can set the volume first. */
const PLAYERS: { name: string; args: (clip: string, volume: number) => string[] }[] = [
  { name: 'paplay', args: (clip, volume) => ['--volume=' + Math.round(volume * 65536), clip] },
  { name: 'play', args: (clip, volume) => ['-q', '-v', volume.toFixed(2), clip] },
  { name: 'aplay', args: (clip) => ['-q', clip] },
];

export const PLAYER_NAMES = PLAYERS.map((p) => p.name);

/** The first player on PATH, or null. */
export function findSystemPlayer(pathList?: string): SystemPlayer | null {
  const dirs = (pathList !== undefined ? pathList : process.env.PATH || '').split(path.delimiter).filter((d) => d !== '');
  for (const player of PLAYERS) {
    for (const dir of dirs) {
      const file = path.join(dir, player.name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        if (fs.statSync(file).isFile()) return { name: player.name, file: file, args: player.args };
      } catch (e) {
        // not here
      }
    }
  }
  return null;
}

export interface SystemClipPlayer extends ClipPlayer {
  ready(): boolean;
}

/** Plays clips of `clipsDir()` (null: none yet, not ready) with `player`. */
export function createSystemClipPlayer(player: SystemPlayer, clipsDir: () => string | null): SystemClipPlayer {
  let current: ChildProcess | null = null;
  /** Counts the clips started and the stops: only the latest clip's end is reported. */
  let generation = 0;
  let ended: (() => void) | undefined;
  let volume = 1;

  function finished(of: number): void {
    if (of !== generation) return; // cut short by another clip, or stopped
    generation++;
    current = null;
    if (ended) ended();
  }

  function silence(): void {
    generation++;
    const child = current;
    current = null;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }

  return {
    play(folder, track) {
      silence();
      const of = generation;
      const dir = clipsDir();
      const clip = dir === null ? null : clipPath(dir, folder, track);
      if (clip === null || !fs.existsSync(clip)) {
        setTimeout(() => finished(of), 0); // nothing to play: over at once
        return;
      }
      const child = spawn(player.file, player.args(clip, volume), { stdio: 'ignore' });
      current = child;
      child.on('error', () => finished(of));
      child.on('exit', () => finished(of));
    },
    stop: silence,
    onEnded(handler) {
      ended = handler;
    },
    setVolume(level) {
      volume = Math.max(0, Math.min(1, level));
    },
    ready: () => clipsDir() !== null,
  };
}

export interface TerminalVoice {
  player: SystemClipPlayer;
  close(): void;
}

/**
 * The terminal's voice: the system player, and the clips from the cache (rendered first if needed, in the
 * background: until then the buzzer plays). What happens is told with `remark` ("voice: …"); null without a player.
 */
export function startTerminalVoice(remark: (text: string) => void): TerminalVoice | null {
  const system = findSystemPlayer();
  if (!system) {
    remark('voice: no audio player (' + PLAYER_NAMES.join(', ') + '): the buzzer plays');
    return null;
  }
  let dir: string | null = null;
  const stop = new AbortController();
  ensureVoiceClips({ signal: stop.signal }).then((clips) => {
    if (stop.signal.aborted) return;
    if ('dir' in clips) {
      dir = clips.dir;
      const how = clips.renderedMs !== null ? 'rendered in ' + (clips.renderedMs / 1000).toFixed(1) + ' s' : 'ready';
      remark('voice: clips ' + how + ', played with ' + system.name + ' (the menu\'s Voice picks the language)');
    } else {
      remark('voice: no clips (' + clips.missing + '): the buzzer plays');
    }
  });
  const player = createSystemClipPlayer(system, () => dir);
  return {
    player: player,
    close() {
      stop.abort();
      player.stop();
    },
  };
}
