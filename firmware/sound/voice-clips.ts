/**
 * What the voice says, as clips on the voice module's card: every announcement of the core, and the runtime's own
 * "paused", "resumed" and "game restored", maps to a short list of tracks of one language's folder. The card's
 * layout is the DFPlayer Mini's (folders 01–99, tracks 001–255 in each, played by folder and track number), one
 * folder per language, so one card holds every language and the menu picks one. The words of each track are the
 * tools' business (the clip renderer, the simulators); the firmware only knows the numbers.
 *
 * Tracks of every folder:
 * - 1–99: the numbers 1–99; 100–108: 100, 200 … 900; 109–117: 1000, 2000 … 9000. A number up to 9999 is said in at
 *   most three clips ("150" is 100 then 50), as the three languages all say it; the counts that come one second
 *   apart (10 and below) are one clip each.
 * - 200 and up: the words (VOICE_WORDS below).
 */
import { ClockEffect } from '../clock/clock-types';

export type { Utterance } from '../../hal/hal';

export type VoiceLanguage = 'ru' | 'en' | 'ja';
/** The setting: a language, or `off` (the buzzer plays every announcement). */
export type VoiceSetting = VoiceLanguage | 'off';

export const VOICE_CHOICES: VoiceSetting[] = ['ru', 'en', 'ja', 'off'];

/** The card's folder of each language. */
export const VOICE_FOLDERS: { [language: string]: number } = { ru: 1, en: 2, ja: 3 };

/** The words' tracks, by the name the announcements and the runtime use. */
export const VOICE_WORDS: { [words: string]: number } = {
  overtime: 200,
  'last period': 201,
  break: 202,
  '5 minutes': 203,
  '1 minute': 204,
  '10 seconds': 205,
  flag: 206,
  paused: 207,
  'game restored': 208,
  pass: 209,
  resumed: 210,
};

/** The largest number the voice says; a larger count is left to the buzzer. */
export const VOICE_MAX_NUMBER = 9999;

/** The tracks that say a whole number 1–VOICE_MAX_NUMBER, or null. */
export function numberTracks(n: number): number[] | null {
  if (!(n >= 1 && n <= VOICE_MAX_NUMBER) || Math.floor(n) !== n) return null;
  const tracks: number[] = [];
  const thousands = Math.floor(n / 1000);
  const hundreds = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  if (thousands > 0) tracks.push(108 + thousands);
  if (hundreds > 0) tracks.push(99 + hundreds);
  if (rest > 0) tracks.push(rest);
  return tracks;
}

/** The tracks of a word or a number as text ("overtime", "15"), or null when the card has no clip for it. */
export function tracksFor(text: string): number[] | null {
  const word = VOICE_WORDS[text];
  if (word !== undefined && Object.prototype.hasOwnProperty.call(VOICE_WORDS, text)) return [word];
  return /^[0-9]+$/.test(text) ? numberTracks(Number(text)) : null;
}

/**
 * The tracks an effect is said with, or null when the voice has nothing to say for it (the beep profile's beeps, a
 * period used, the log): then the buzzer plays it as before.
 */
export function effectTracks(effect: ClockEffect): number[] | null {
  if (effect.type === 'flag') return tracksFor('flag');
  if (effect.type === 'pass') return tracksFor('pass');
  if (effect.type !== 'announce') return null;
  return tracksFor(effect.text);
}
