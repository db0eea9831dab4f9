/**
 * "Read the log" (12.12, 12.13, 3.19): the flags first, in the order they fell, then every entry newest first.
 * Instants are on the game's time line as every log for people has them (display/log-text.ts): from the game's start,
 * to the tenth ("3:07.4"), a power cut moving nothing. Amounts read as format-time.ts `timeText` writes them ("+2:00").
 * Items are computed from the index on the fly: the log is never copied, only the entry shown is unpacked.
 */
import { LogEntry } from '../../clock/game-log';
import { MenuContext } from './menu-types';
import { sideLetter, sideName } from './menu-text';
import { hasText, numberAfter } from '../../clock/text';
import { timeText } from '../../display/format-time';
import { gameText, startIn } from '../../display/log-text';

const ORDINALS = ['1st', '2nd', '3rd'];

function ordinal(n: number): string {
  return n <= 3 ? ORDINALS[n - 1] : n + 'th';
}

/** Flags, then entries: how many lines the log has (at least 1: "Log is empty"). */
export function logCount(context: MenuContext): number {
  return Math.max(1, context.view.flags.length + context.log.length);
}

/** A signed amount the arbiter gave or took: "+2:00", "-0:30". */
function deltaText(ms: number): string {
  return (ms < 0 ? '' : '+') + timeText(ms, false);
}

/** What an adjustment did, from the core's words ("arbiter adjust white time +120000 ms, 300000 ms left"). */
function adjustText(entry: LogEntry): string {
  const who = 'Adj ' + (entry.side === null ? 'B+W' : sideLetter(entry.side)) + ' ';
  const text = entry.text;
  if (hasText(text, ' control ')) return who + 'control';
  if (hasText(text, 'time set')) return who + '=' + timeText(Number(numberAfter(text, 'time set')), false);
  if (hasText(text, ' time ')) return who + deltaText(Number(numberAfter(text, ' time ')));
  if (hasText(text, 'periods left')) return who + 'periods ' + numberAfter(text, 'periods left');
  if (hasText(text, 'moves left')) return who + 'mv left ' + numberAfter(text, 'moves left');
  if (hasText(text, 'move counter')) return who + 'count ' + numberAfter(text, 'move counter');
  return who;
}

/** One entry in 16 characters or fewer where it can: "B move 12 0:04.2", "Pause by W", "Adj W +2:00". */
export function entryText(entry: LogEntry): string {
  const who = sideLetter(entry.side);
  switch (entry.kind) {
    case 'start':
      return 'Start' + (who ? ' by ' + who : '');
    case 'move': {
      const text = who + ' move ' + numberAfter(entry.text, ' move ');
      const used = text + ' ' + timeText(Number(numberAfter(entry.text, '(')), true);
      return used.length <= 16 ? used : text;
    }
    case 'pause':
      return 'Pause by ' + (who || 'arbiter');
    case 'resume':
      return 'Resume';
    case 'adjust':
      return adjustText(entry);
    case 'flag':
      return who + ' flag';
    case 'pass':
      return who ? who + ' forced pass' : 'Forced passes'; // no side: the summary of rounds leapt over
    case 'ignored': {
      // "white press ignored: ..." -> "W press ignored"
      const words = entry.text.split(' ');
      return (who || 'Arb') + ' ' + (words.length > 1 ? words[1] : '') + ' ignored';
    }
    case 'refused':
      return 'Adj refused' + (who ? ' ' + who : '');
    case 'storage':
      // "game not saved: flash full?", "settings saved again", "record stopped: …": what is (not) saved, in 16 characters
      if (hasText(entry.text, 'record')) return 'Record stopped';
      return (hasText(entry.text, 'settings') ? 'Settings' : 'Game') + (hasText(entry.text, 'not saved') ? ' unsaved' : ' saved');
    default:
      return entry.text;
  }
}

/** Line `index` of the log: its text and its instant. */
export function logLine(context: MenuContext, index: number): { text: string; at: string } {
  const flags = context.view.flags;
  const start = context.startMs !== undefined ? context.startMs : startIn(context.log.map(context.unpack));
  if (index < flags.length) {
    return { text: ordinal(index + 1) + ' flag ' + sideName(flags[index].side), at: gameText(flags[index].atMs, start) };
  }
  const i = context.log.length - 1 - (index - flags.length);
  if (i < 0 || i >= context.log.length) return { text: 'Log is empty', at: '' };
  const entry = context.unpack(context.log[i]);
  return { text: entryText(entry), at: gameText(entry.atMs, start) };
}
