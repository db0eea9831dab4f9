/**
 * The words of every clip on the voice module's card, per language, as espeak-ng is given them (scripts/voice.ts
 * renders them; firmware/sound/voice-clips.ts says which track is which). Numbers are spelled out here rather than left
 * to espeak-ng's own reading of digits, so that what each track says can be read and corrected in one place.
 *
 * Japanese is written in kana: espeak-ng's ja voice reads kana, and reads kanji as "Chinese letter" (check a word
 * with `espeak-ng -v ja -x 'びょうよみ'`). Russian stresses are espeak-ng's own; a word it stresses wrongly can be
 * written with a hyphen or a space between syllables ("бё-ёми").
 */
import { VOICE_WORDS, VoiceLanguage } from '../firmware/sound/voice-clips';

export const VOICE_LANGUAGES: VoiceLanguage[] = ['ru', 'en', 'ja'];

export interface LanguageWords {
  /** espeak-ng's voice (`espeak-ng --voices`). */
  espeakVoice: string;
  /** Words per minute (`espeak-ng -s`) of the numbers 1–99: the counts of the last seconds come 1 s apart. */
  numberSpeed: number;
  /**
   * Words per minute of the hundreds and thousands: faster, so that a Japanese-style count of a long period ("590"
   * at 10 s left: two clips) is said before "1" a second later.
   */
  bigNumberSpeed: number;
  /** Words per minute of the words. */
  wordSpeed: number;
  /** 1–19 (index 0 unused). */
  ones: string[];
  /** 20, 30 … 90 (index = tens; 0 and 1 unused). */
  tens: string[];
  /** How a ten and a one are joined ("twenty-one", "двадцать один", "にじゅういち"). */
  join: string;
  /** 100, 200 … 900 (index = hundreds). */
  hundreds: string[];
  /** 1000, 2000 … 9000 (index = thousands). */
  thousands: string[];
  /** Every word of VOICE_WORDS. */
  words: { [name: string]: string };
}

export const LANGUAGE_WORDS: { [language: string]: LanguageWords } = {
  ru: {
    espeakVoice: 'ru',
    numberSpeed: 260,
    bigNumberSpeed: 340,
    wordSpeed: 210,
    ones: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять', 'десять',
      'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать',
      'восемнадцать', 'девятнадцать'],
    tens: ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'],
    join: ' ',
    hundreds: ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'],
    thousands: ['', 'тысяча', 'две тысячи', 'три тысячи', 'четыре тысячи', 'пять тысяч', 'шесть тысяч', 'семь тысяч',
      'восемь тысяч', 'девять тысяч'],
    words: {
      overtime: 'бё-ёми',
      'last period': 'последний период',
      break: 'перерыв',
      '5 minutes': 'пять минут',
      '1 minute': 'одна минута',
      '10 seconds': 'десять секунд',
      flag: 'время',
      paused: 'пауза',
      'game restored': 'партия восстановлена',
      pass: 'пас',
      resumed: 'продолжаем',
    },
  },
  en: {
    espeakVoice: 'en-us',
    numberSpeed: 260,
    bigNumberSpeed: 340,
    wordSpeed: 200,
    ones: ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
      'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'],
    tens: ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'],
    join: '-',
    hundreds: ['', 'one hundred', 'two hundred', 'three hundred', 'four hundred', 'five hundred', 'six hundred',
      'seven hundred', 'eight hundred', 'nine hundred'],
    thousands: ['', 'one thousand', 'two thousand', 'three thousand', 'four thousand', 'five thousand',
      'six thousand', 'seven thousand', 'eight thousand', 'nine thousand'],
    words: {
      overtime: 'overtime',
      'last period': 'last period',
      break: 'break',
      '5 minutes': 'five minutes',
      '1 minute': 'one minute',
      '10 seconds': 'ten seconds',
      flag: 'time',
      paused: 'paused',
      'game restored': 'game restored',
      pass: 'pass',
      resumed: 'resumed',
    },
  },
  ja: {
    espeakVoice: 'ja',
    numberSpeed: 260,
    bigNumberSpeed: 340,
    wordSpeed: 200,
    ones: ['', 'いち', 'に', 'さん', 'よん', 'ご', 'ろく', 'なな', 'はち', 'きゅう', 'じゅう',
      'じゅういち', 'じゅうに', 'じゅうさん', 'じゅうよん', 'じゅうご', 'じゅうろく', 'じゅうなな', 'じゅうはち', 'じゅうきゅう'],
    tens: ['', '', 'にじゅう', 'さんじゅう', 'よんじゅう', 'ごじゅう', 'ろくじゅう', 'ななじゅう', 'はちじゅう', 'きゅうじゅう'],
    join: '',
    // The sound changes: さんびゃく, ろっぴゃく, はっぴゃく; さんぜん, はっせん.
    hundreds: ['', 'ひゃく', 'にひゃく', 'さんびゃく', 'よんひゃく', 'ごひゃく', 'ろっぴゃく', 'ななひゃく', 'はっぴゃく', 'きゅうひゃく'],
    thousands: ['', 'せん', 'にせん', 'さんぜん', 'よんせん', 'ごせん', 'ろくせん', 'ななせん', 'はっせん', 'きゅうせん'],
    words: {
      overtime: 'びょうよみ',
      'last period': 'さいごの びょうよみ',
      break: 'きゅうけい',
      '5 minutes': 'のこり ごふん',
      '1 minute': 'のこり いっぷん',
      '10 seconds': 'のこり じゅうびょう',
      flag: 'じかんぎれ',
      paused: 'いちじ ていし',
      'game restored': 'たいきょくを ふくげんしました',
      pass: 'パス',
      resumed: 'さいかい',
    },
  },
};

/** Every track of a folder: the numbers (1–117, voice-clips.ts) and the words (200 and up). */
export function allTracks(): number[] {
  const tracks: number[] = [];
  for (let track = 1; track <= 117; track++) tracks.push(track);
  for (const name of Object.keys(VOICE_WORDS)) tracks.push(VOICE_WORDS[name]);
  return tracks.sort((a, b) => a - b);
}

/** Whether a track is a number (said fast) rather than a word. */
export function isNumberTrack(track: number): boolean {
  return track >= 1 && track <= 117;
}

/** What a track says in a language, as given to espeak-ng, or null when the card has no such track. */
export function trackText(language: string, track: number): string | null {
  if (!Object.prototype.hasOwnProperty.call(LANGUAGE_WORDS, language)) return null;
  const words = LANGUAGE_WORDS[language];
  if (track >= 1 && track <= 19) return words.ones[track];
  if (track >= 20 && track <= 99) {
    const ten = words.tens[Math.floor(track / 10)];
    return track % 10 === 0 ? ten : ten + words.join + words.ones[track % 10];
  }
  if (track >= 100 && track <= 108) return words.hundreds[track - 99];
  if (track >= 109 && track <= 117) return words.thousands[track - 108];
  for (const name of Object.keys(VOICE_WORDS)) {
    if (VOICE_WORDS[name] === track) return Object.prototype.hasOwnProperty.call(words.words, name) ? words.words[name] : null;
  }
  return null;
}
