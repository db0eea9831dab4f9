/**
 * The simulators' copy of the voice module's card: every clip of every language (scripts/voice.ts), rendered on
 * demand into .cache/voice/<fingerprint>/ (01/001.wav …, the card's layout). The fingerprint is a hash of the words,
 * the speeds and espeak-ng's version, so a changed word is rendered again and an unchanged cache is used at once.
 * A rendering goes into a temporary folder renamed into place when complete, so two simulators (or test workers)
 * starting together never see half a cache.
 */
import * as fs from 'fs';
import * as path from 'path';
import { VOICE_FOLDERS } from '../firmware/sound/voice-clips';
import { missingTools, renderClips, voiceFingerprint } from '../scripts/voice';
import { VOICE_LANGUAGES } from '../scripts/voice-words';

export const VOICE_CACHE_DIR = path.resolve(__dirname, '..', '.cache', 'voice');

/** Written last into a complete rendering. */
const COMPLETE = 'complete.json';
/** A temporary folder older than this was left by a rendering that died. */
const ABANDONED_MS = 3600000;

export type VoiceClips =
  /** The card's folders are in `dir`; `renderedMs` is how long the rendering took, null when it was cached. */
  | { dir: string; renderedMs: number | null }
  /** No clips, and why (espeak-ng or sox missing: what to install; a rendering that failed). */
  | { missing: string };

/** The cached rendering for today's words, or null. */
export function cachedVoiceClips(cacheDir?: string): string | null {
  const dir = path.join(cacheDir || VOICE_CACHE_DIR, voiceFingerprint());
  return fs.existsSync(path.join(dir, COMPLETE)) ? dir : null;
}

function removeStale(cacheDir: string, keep: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(cacheDir);
  } catch (e) {
    return;
  }
  for (const name of names) {
    const full = path.join(cacheDir, name);
    try {
      if (/^[0-9a-f]{12}$/.test(name) && name !== keep) fs.rmSync(full, { recursive: true, force: true });
      else if (/\.tmp-/.test(name) && Date.now() - fs.statSync(full).mtimeMs > ABANDONED_MS) fs.rmSync(full, { recursive: true, force: true });
    } catch (e) {
      // Another process's: left alone.
    }
  }
}

/** The clips of every language, rendered first when the cache has none for today's words. */
export async function ensureVoiceClips(options?: { cacheDir?: string; signal?: AbortSignal; jobs?: number }): Promise<VoiceClips> {
  const cacheDir = (options && options.cacheDir) || VOICE_CACHE_DIR;
  const missing = missingTools();
  if (missing) return { missing: missing };
  const fingerprint = voiceFingerprint();
  const dir = path.join(cacheDir, fingerprint);
  if (fs.existsSync(path.join(dir, COMPLETE))) return { dir: dir, renderedMs: null };
  const temporary = path.join(cacheDir, fingerprint + '.tmp-' + process.pid + '-' + Math.random().toString(36).substring(2, 8));
  try {
    const result = await renderClips({ languages: VOICE_LANGUAGES, outDir: temporary, signal: options && options.signal, jobs: options && options.jobs });
    const folders: { [language: string]: string } = {};
    for (const language of VOICE_LANGUAGES) folders[language] = String(VOICE_FOLDERS[language]).padStart(2, '0');
    fs.writeFileSync(path.join(temporary, COMPLETE), JSON.stringify({ fingerprint: fingerprint, folders: folders, clips: result.clips.length, ms: result.ms }) + '\n');
    try {
      fs.renameSync(temporary, dir);
    } catch (error) {
      // Another process finished first: its rendering is the same.
      if (!fs.existsSync(path.join(dir, COMPLETE))) throw error;
    }
    removeStale(cacheDir, fingerprint);
    return { dir: dir, renderedMs: result.ms };
  } catch (error) {
    return { missing: 'the clips did not render: ' + (error as Error).message };
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}
