/**
 * What the clock remembers between games: the last control and options, which button is Black's, the sound and the
 * voice.
 * Kept in Storage as JSON and checked on the way in: corrupt or foreign data falls back to the defaults with a
 * message, and nothing crashes.
 */
import { TimeControl } from '../clock/control';
import { gameControlCopy, gameControlError } from '../clock/control-validate';
import { ClockOptions, defaultOptions, optionsError } from '../clock/options';
import { PerSide, Side } from '../clock/side';
import { KeyValueStorage } from '../../hal/hal';
import { hasProtoKey, oneLine } from '../clock/text';
import { VOICE_CHOICES, VoiceSetting } from '../sound/voice-clips';

export interface Settings {
  control: PerSide<TimeControl>;
  options: ClockOptions;
  /** The side whose button is on the left (12.4: the arbiter decides where the clock stands). */
  leftSide: Side;
  sound: boolean;
  /** Buzzer and voice volume, 0–1. */
  volume: number;
  /** The voice module's language, or off (the buzzer plays every announcement); boards without one ignore it. */
  voice: VoiceSetting;
  /** Four digits that unlock the arbiter's console (console-api.ts); '' for none, and then the console only reads. */
  arbiterCode: string;
}

export const SETTINGS_RECORD = 'gcsettings';

/**
 * A sensible first control: 60 min + 5×30 s, the commonest tournament control (a valid one: test/fuzz/loaders.test.ts
 * pins it, so it is copied per side, not checked at every boot).
 */
export function defaultSettings(): Settings {
  const control: TimeControl = { system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 };
  return {
    control: gameControlCopy(control),
    options: defaultOptions(),
    leftSide: 'black',
    sound: true,
    volume: 0.5,
    voice: 'ru',
    arbiterCode: '',
  };
}

/** Four digits, or '' (no code). */
export function isArbiterCode(value: unknown): boolean {
  if (value === '') return true;
  if (typeof value !== 'string' || value.length !== 4) return false;
  for (let i = 0; i < 4; i++) if ('0123456789'.indexOf(value.charAt(i)) < 0) return false;
  return true;
}

/** One line naming what is wrong with stored settings, or undefined when they can be used. */
export function settingsError(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'settings: not an object';
  const v = value as { [key: string]: unknown };
  const control = gameControlError(v.control, 'settings.control');
  if (control) return control;
  const options = optionsError(v.options, 'settings.options');
  if (options) return options;
  if (v.leftSide !== 'black' && v.leftSide !== 'white') return 'settings.leftSide: must be "black" or "white"';
  if (typeof v.sound !== 'boolean') return 'settings.sound: must be true or false';
  if (typeof v.volume !== 'number' || !(v.volume >= 0 && v.volume <= 1)) return 'settings.volume: must be between 0 and 1';
  // Settings saved before the voice came have none: the default is used.
  if (v.voice !== undefined && VOICE_CHOICES.indexOf(v.voice as VoiceSetting) < 0) return 'settings.voice: must be one of ' + VOICE_CHOICES.join(', ');
  if (v.arbiterCode !== undefined && !isArbiterCode(v.arbiterCode)) return 'settings.arbiterCode: must be four digits, or "" for none';
  return undefined;
}

export interface LoadedSettings {
  settings: Settings;
  /** Why the defaults were used instead of what was stored; undefined when stored settings were read. */
  problem?: string;
}

/**
 * The longest settings file read: what the firmware writes is a few hundred characters (a control of ten stages a side
 * under 1,500). A longer one is not parsed (a crafted file of a few thousand array items ran a board out of memory at
 * every boot, before its first frame): it is left unused, with a notice, until the next save writes over it.
 */
export const MAX_SETTINGS_CHARS = 2048;

export function loadSettings(storage: KeyValueStorage): LoadedSettings {
  const text = storage.read(SETTINGS_RECORD);
  if (text === undefined) return { settings: defaultSettings() };
  if (text.length > MAX_SETTINGS_CHARS) return { settings: defaultSettings(), problem: 'settings too long (' + text.length + ' bytes), defaults used' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { settings: defaultSettings(), problem: 'settings unreadable, defaults used' };
  }
  if (hasProtoKey(value, 8)) return { settings: defaultSettings(), problem: 'settings: a "__proto__" field; defaults used' };
  const error = settingsError(value);
  if (error !== undefined) return { settings: defaultSettings(), problem: oneLine(error) + '; defaults used' };
  const v = value as Settings;
  return {
    settings: {
      // Checked just above (`settingsError`): each side gets its own copy of the known fields.
      control: gameControlCopy(v.control),
      options: Object.assign(defaultOptions(), v.options),
      leftSide: v.leftSide,
      sound: v.sound,
      volume: v.volume,
      voice: v.voice !== undefined ? v.voice : defaultSettings().voice,
      arbiterCode: v.arbiterCode !== undefined ? v.arbiterCode : '',
    },
  };
}

export function saveSettings(storage: KeyValueStorage, settings: Settings): boolean {
  return storage.write(SETTINGS_RECORD, JSON.stringify(settings));
}
