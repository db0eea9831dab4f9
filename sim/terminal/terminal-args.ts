/**
 * The terminal simulator's command line: `--board`, `--control`, `--speed`, `--storage`, `--bell`, `--voice`,
 * `--exit-after`, `--help`. A bad argument is one line naming it (the caller prints it and exits 1).
 */
import { PerSide } from '../../firmware/clock/side';
import { TimeControl } from '../../firmware/clock/control';
import { parsePerSideNotation } from '../control-notation';
import { BOARDS, DEFAULT_BOARD } from './terminal-session';
import { keyLegend, OTHER_KEYS } from './terminal-keys';
import { hasOwn } from '../../firmware/clock/text';
import { cut, quotedCut, withoutBom } from '../input-limits';

/** The longest `--control` text: a time control is written in a few characters, time odds in some 50. */
export const MAX_CONTROL_CHARS = 200;

export interface TerminalArgs {
  help: boolean;
  board: string;
  control?: PerSide<TimeControl>;
  /** The notation as given, for messages. */
  controlText?: string;
  speed: number;
  storageFile?: string;
  bell: boolean;
  /** `--voice`: say the announcements with the voice module's clips (set only when given). */
  voice?: boolean;
  /** Quit after this much clock (virtual) time, in ms. */
  exitAfterMs?: number;
}

export const USAGE = `goclock terminal simulator: the clock's firmware, running in this terminal

usage: npm start -- [options]        (or: npx tsx sim/terminal/terminal.ts [options])

  --board NAME      esp32-lcd1602 (the 16×2 LCD; default), esp32-oled (the 128×64 OLED), console
  --control TEXT    start a new game with this time control (it becomes the setting), e.g.
                      10m   60m+5x30s   30m+20/5m   3m+15s   3m+15s<10m   25m+10s bronstein
                      25m+5s delay   1m hourglass   40/2h+20/1h   "B:60m+5x30s W:30m+5x30s" (time odds)
                    units d h m s ms; without it: the stored control (default 60m+5x30s)
  --speed N         the clock runs N times faster (e.g. 10, or 0.5 for slower); + and - change it
  --storage FILE    keep settings and the game journal in FILE (JSON), like the clock's flash: quit
                    mid-game, start again with the same FILE, and the game is restored
  --bell            ring the terminal bell whenever the buzzer sounds
  --voice           say the announcements with the voice module's clips, as the clock with a DFPlayer does:
                    rendered once into .cache/voice/ with espeak-ng and sox (apt-get install espeak-ng sox),
                    played with paplay, sox's play or aplay; the menu's Voice picks the language or turns it
                    off. Without a player or the clips the buzzer plays, as without the module (the log says why)
  --exit-after MS   quit by itself after MS ms of clock time (speed included)
  --help, -h        this text

keys (a terminal has no key-up, so each key plays a whole gesture with realistic timing; Black on the left)
${keyLegend('Black', 'White').join('\n')}
  ${OTHER_KEYS}

Without a terminal (a pipe, CI) the same keys are read from stdin, as characters or lines, and each changed
frame is printed as text; the run ends when stdin ends and its keys are played (or at --exit-after).
`;

const OPTIONS_WITH_VALUE = ['--board', '--control', '--speed', '--storage', '--exit-after'];
const FLAGS = ['--bell', '--voice', '--help', '-h'];

function positiveNumber(option: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !(value > 0) || !isFinite(value)) throw new Error(option + ': must be a number above 0 (got ' + quotedCut(text) + ')');
  return value;
}

/** The time control of `--control TEXT`; its messages quote the text, cut. */
function controlOption(given: string): PerSide<TimeControl> {
  const text = withoutBom(given);
  if (text.length > MAX_CONTROL_CHARS) {
    throw new Error('--control: longer than ' + MAX_CONTROL_CHARS + ' characters (a time control is written in a few, e.g. 60m+5x30s)');
  }
  try {
    return parsePerSideNotation(text);
  } catch (e) {
    // The notation's messages start with the whole text in quotes: show it cut, like every echoed value.
    const message = (e as Error).message;
    const whole = '"' + text.trim() + '": ';
    throw new Error('--control ' + (message.indexOf(whole) === 0 ? quotedCut(text.trim()) + ': ' + message.substring(whole.length) : message));
  }
}

export function parseTerminalArgs(argv: string[]): TerminalArgs {
  const args: TerminalArgs = { help: false, board: DEFAULT_BOARD, speed: 1, bell: false };
  for (let i = 0; i < argv.length; i++) {
    let option = argv[i];
    let value: string | undefined;
    const equals = option.indexOf('=');
    if (option.startsWith('--') && equals > 0) {
      value = option.substring(equals + 1);
      option = option.substring(0, equals);
    }
    if (FLAGS.indexOf(option) >= 0) {
      if (value !== undefined) throw new Error(option + ': takes no value');
      if (option === '--bell') args.bell = true;
      else if (option === '--voice') args.voice = true;
      else args.help = true;
      continue;
    }
    if (OPTIONS_WITH_VALUE.indexOf(option) < 0) throw new Error('unknown option ' + quotedCut(argv[i]) + ' (see --help)');
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new Error(option + ': needs a value (see --help)');
      value = argv[++i];
    }
    if (option === '--board') {
      if (!hasOwn(BOARDS, value)) throw new Error('--board: unknown board ' + quotedCut(value) + ' (boards: ' + Object.keys(BOARDS).join(', ') + ')');
      args.board = value;
    } else if (option === '--control') {
      args.control = controlOption(value);
      args.controlText = withoutBom(value);
    } else if (option === '--speed') {
      args.speed = positiveNumber(option, value);
      if (args.speed > 10000) throw new Error('--speed: at most 10000 (got ' + cut(value.trim()) + ')');
    } else if (option === '--storage') {
      if (value === '') throw new Error('--storage: needs a file name');
      args.storageFile = value;
    } else {
      args.exitAfterMs = Math.round(positiveNumber(option, value));
    }
  }
  return args;
}
