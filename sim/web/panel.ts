/**
 * The side panel's lists: the game log (newest first, flags highlighted, the order the flags fell on top: 12.12)
 * and the announcements as spoken. Each list is rebuilt only when its content changed.
 */
import { Flag } from '../../firmware/clock/clock-types';
import { LogEntry } from '../../firmware/clock/game-log';
import { Side } from '../../firmware/clock/side';
import { gameText, peopleWords } from '../../firmware/display/log-text';

export interface Announcement {
  atMs: number;
  side: Side;
  text: string;
}

/**
 * An instant of the runtime's time line as the page shows it: from the game's start (`startMs`, the runtime's), to
 * the tenth, "0:04.2", "12:00.0", "1:02:03.4" (display/log-text.ts, as the device's menu and the terminal show it).
 */
export function gameTime(atMs: number, startMs: number | null): string {
  return gameText(atMs, startMs);
}

function item(className: string, time: string, text: string): HTMLLIElement {
  const li = document.createElement('li');
  li.className = className;
  const when = document.createElement('span');
  when.className = 'when';
  when.textContent = time;
  const what = document.createElement('span');
  what.className = 'what';
  what.textContent = text;
  li.appendChild(when);
  li.appendChild(what);
  return li;
}

function replaceChildren(list: HTMLElement, children: HTMLElement[], empty: string): void {
  while (list.firstChild) list.removeChild(list.firstChild);
  if (children.length === 0) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = empty;
    list.appendChild(li);
  }
  children.forEach((child) => list.appendChild(child));
}

const ORDINAL = ['1st', '2nd'];

export class LogList {
  private shown = '';
  constructor(private readonly list: HTMLElement) {}

  /** The log's entries as people read them (their times from the game's start `startMs`, never "4200 ms"). */
  update(entries: LogEntry[], flags: Flag[], startMs: number | null): void {
    const key = JSON.stringify([entries.length, entries[0], entries[entries.length - 1], flags, startMs]);
    if (key === this.shown) return;
    this.shown = key;
    const items: HTMLElement[] = [];
    flags.forEach((flag, i) => {
      items.push(item('flag-order', gameTime(flag.atMs, startMs), (ORDINAL[i] || i + 1 + 'th') + ' flag: ' + flag.side));
    });
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i];
      items.push(item('kind-' + entry.kind, gameTime(entry.atMs, startMs), peopleWords(entry.text, startMs)));
    }
    replaceChildren(this.list, items, 'no entries yet');
  }
}

export class AnnouncementList {
  private shown = '';
  constructor(private readonly list: HTMLElement) {}

  update(announcements: Announcement[], startMs: number | null): void {
    const key = announcements.length + ' ' + startMs;
    if (key === this.shown) return;
    this.shown = key;
    const items: HTMLElement[] = [];
    for (let i = announcements.length - 1; i >= 0 && items.length < 100; i--) {
      const a = announcements[i];
      items.push(item('side-' + a.side, gameTime(a.atMs, startMs), a.side + ': ' + a.text));
    }
    replaceChildren(this.list, items, 'none yet');
  }
}
