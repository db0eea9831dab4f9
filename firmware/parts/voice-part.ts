/**
 * The voice (firmware/sound/): what each announcement is said with, and the queue that says it over the module's clip
 * player, as a part (firmware/runtime/parts.ts). On the device it is loaded only once a voice module has answered and
 * something is to be said: a board without one never holds it.
 */
import { createVoiceQueue } from '../sound/voice-queue';
import { effectTracks, tracksFor, VOICE_FOLDERS, VOICE_WORDS } from '../sound/voice-clips';

export interface VoicePart {
  createVoiceQueue: typeof createVoiceQueue;
  effectTracks: typeof effectTracks;
  tracksFor: typeof tracksFor;
  folders: typeof VOICE_FOLDERS;
  words: typeof VOICE_WORDS;
}

const part: VoicePart = {
  createVoiceQueue: createVoiceQueue,
  effectTracks: effectTracks,
  tracksFor: tracksFor,
  folders: VOICE_FOLDERS,
  words: VOICE_WORDS,
};

export default part;
