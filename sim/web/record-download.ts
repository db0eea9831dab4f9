/**
 * The game's record from the page, as a download: the panel's "Download record: SGF / CSV" buttons and its choice
 * of game (the current one, or the 1st/2nd/3rd finished one, newest first: record-store.ts RECORD_NAMES).
 *
 * The record is read from the runtime's own storage — the page's flash, the MemoryStorage the runtime writes — and
 * written by firmware/storage/record-export.ts `exportRecord`, the device's exporter (`goclock.record()` on the board): the
 * page has no exporter of its own. The file ("goclock-20250314-1907.sgf", the local time of the download) is a Blob
 * behind an `<a download>`. An export error ("no game record") is shown on the page in words, and nothing is
 * downloaded.
 */
import { KeyValueStorage } from '../../hal/hal';
import { exportRecord } from '../../firmware/storage/record-export';
import { RECORD_NAMES, recordReader } from '../../firmware/storage/record-store';

export type RecordFormat = 'sgf' | 'csv';

/** The games by their place in RECORD_NAMES, as the choice names them. */
export const RECORD_GAMES = ['current game', '1st finished game', '2nd finished game', '3rd finished game'];

const MIME: { [format in RecordFormat]: string } = {
  sgf: 'application/x-go-sgf',
  csv: 'text/csv',
};

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** "goclock-YYYYMMDD-HHMM.sgf", in local time. */
export function recordFileName(at: Date, format: RecordFormat): string {
  return (
    'goclock-' + at.getFullYear() + pad2(at.getMonth() + 1) + pad2(at.getDate()) + '-' + pad2(at.getHours()) +
    pad2(at.getMinutes()) + '.' + format
  );
}

/** Whether the storage holds the record of game `index` (0: the current one): read as the export reads it. */
export function recordExists(storage: KeyValueStorage, index: number): boolean {
  try {
    return recordReader(storage, index)(() => {});
  } catch (e) {
    return true; // it is there but does not read: the export says why
  }
}

/** The record of game `index` as the device exports it: its text, or the export's one-line error. */
export function exportForDownload(storage: KeyValueStorage, index: number, format: RecordFormat): { text: string } | { error: string } {
  const parts: string[] = [];
  const error = exportRecord(recordReader(storage, index), format, (text) => {
    parts.push(text);
  });
  return error === null ? { text: parts.join('') } : { error: error };
}

/** Hands `text` to the browser as a file named `name`: a Blob behind an `<a download>`, clicked. */
export function downloadText(name: string, text: string, format: RecordFormat): void {
  const url = URL.createObjectURL(new Blob([text], { type: MIME[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  document.body.removeChild(link);
  // Revoked once the browser has taken the file (at once, some browsers would lose it).
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export interface RecordDownloadOptions {
  /** The runtime's storage (the page's flash: its HAL's, the same across a power cut or a board switch). */
  storage: () => KeyValueStorage;
  /** The choice of game: an option per RECORD_NAMES place, value "0".."3". */
  select: HTMLSelectElement;
  sgf: HTMLButtonElement;
  csv: HTMLButtonElement;
  /** Where the outcome is told: the file downloaded, or the error. */
  message: HTMLElement;
  /** Default: new Date(). */
  now?: () => Date;
}

export interface RecordDownload {
  /** Follows the storage: a game without a record cannot be chosen. Cheap when nothing changed. */
  refresh(): void;
}

/** Wires the panel's record controls. */
export function attachRecordDownload(options: RecordDownloadOptions): RecordDownload {
  const select = options.select;
  const now = options.now || ((): Date => new Date());
  let shown = '';

  function refresh(): void {
    let exists = '';
    for (let i = 0; i < RECORD_NAMES.length; i++) exists += recordExists(options.storage(), i) ? '1' : '0';
    if (exists === shown) return;
    shown = exists;
    for (let i = 0; i < select.options.length; i++) {
      const option = select.options[i];
      const index = Number(option.value);
      const there = exists.charAt(index) === '1';
      option.disabled = !there && index > 0; // the current game is always there to choose (and to say it has none)
      option.textContent = RECORD_GAMES[index] + (there ? '' : ' (none)');
    }
    if (select.selectedIndex < 0 || select.options[select.selectedIndex].disabled) select.value = '0';
  }

  function tell(text: string, isError: boolean): void {
    options.message.textContent = text;
    options.message.classList.toggle('error', isError);
  }

  function download(format: RecordFormat): void {
    refresh();
    const index = Number(select.value);
    const game = RECORD_GAMES[index] || 'game ' + select.value;
    const result = exportForDownload(options.storage(), index, format);
    if ('error' in result) {
      tell('No ' + format.toUpperCase() + ' of the ' + game + ': ' + result.error + '.', true);
      return;
    }
    const name = recordFileName(now(), format);
    try {
      downloadText(name, result.text, format);
    } catch (e) {
      tell('No ' + format.toUpperCase() + ' of the ' + game + ': the browser refused the download (' + String((e as Error).message) + ').', true);
      return;
    }
    tell('Downloaded ' + name + ' (the ' + game + ').', false);
  }

  options.sgf.addEventListener('click', () => download('sgf'));
  options.csv.addEventListener('click', () => download('csv'));
  refresh();
  return { refresh: refresh };
}
