/**
 * `npx tsx bench/flash-wear.ts [--games N] [--hours H]`: how much of the ESP32's Storage a game uses up, for the flash
 * wear paragraph of docs/firmware.md. The real runtime plays 400-move games (moves evenly spread over H hours, so the
 * minute heartbeats are as in a real game) on V8 against a model of Espruino's Storage on the ESP32:
 *
 * - a file appended to (a StorageFile: the journal, the record) takes its flash in chunks of a whole 4,096-byte page
 *   (4,064 bytes of data after the chunk's header), each chunk taken when the data first reaches it;
 * - a plain file (the settings) takes its header and its data rounded up to 4 bytes at each write;
 * - an erase frees nothing: Espruino only marks the file deleted, and its flash comes back at the next compaction of
 *   Storage, which erases the pages from the first holding a deleted file to the end and copies the live files down.
 *
 * So what a game "uses up" is the flash it takes between two compactions; divided into Storage's free space it gives
 * how often Storage is compacted, and so how often each page is erased.
 */
import { startRuntime } from '../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../firmware/storage/settings';
import { parseGameControl } from '../firmware/clock/control-validate';
import { createVirtualHal, MemoryStorage } from '../sim/virtual-hal';
import { layoutFor } from '../firmware/display/layouts';
import { printedHelp } from '../scripts/cli-help';

/** The ESP32's flash page (boards/ESP32.py in Espruino: 'page_size' 4096) and Espruino's file header (JsfFileHeader). */
export const PAGE_BYTES = 4096;
export const HEADER_BYTES = 32;
/** What one StorageFile chunk holds (jswrap_storage.c STORAGEFILE_CHUNKSIZE: the page less the header). */
export const CHUNK_DATA_BYTES = PAGE_BYTES - HEADER_BYTES;

/** A MemoryStorage that counts the flash each write takes on the ESP32, by file (a name's trailing digit folded). */
export class Esp32StorageModel extends MemoryStorage {
  taken = 0;
  takenBy: { [name: string]: number } = {};
  /** The length of each file erased, in the order erased. */
  erased: { name: string; bytes: number }[] = [];
  private take(name: string, bytes: number): void {
    const key = name.replace(/\d$/, '#');
    this.taken += bytes;
    this.takenBy[key] = (this.takenBy[key] || 0) + bytes;
  }
  erase(name: string): void {
    const text = this.read(name);
    if (text !== undefined) this.erased.push({ name: name, bytes: text.length });
    super.erase(name);
  }
  write(name: string, data: string): boolean {
    this.take(name, HEADER_BYTES + Math.ceil(data.length / 4) * 4);
    return super.write(name, data);
  }
  append(name: string, data: string): boolean {
    const before = (this.read(name) || '').length;
    const chunksBefore = Math.ceil(before / CHUNK_DATA_BYTES);
    const chunksAfter = Math.ceil((before + data.length) / CHUNK_DATA_BYTES);
    if (chunksAfter > chunksBefore) this.take(name, (chunksAfter - chunksBefore) * PAGE_BYTES);
    return super.append(name, data);
  }
}

export interface GameWear {
  moves: number;
  /** Bytes of flash the game took, in all and by file ('gcjrnl', 'gcjrn#', 'gcrec#', ...), its New game included. */
  taken: number;
  takenBy: { [name: string]: number };
  /** Journal files the game started (a compaction moves the journal to a fresh file). */
  journalFiles: number;
  /** The largest a journal file grew, in bytes. */
  largestJournal: number;
}

/** `games` 400-move games one after the other, each ended by New game; what each took. */
export function flashWear(games: number, gameMs: number): GameWear[] {
  const storage = new Esp32StorageModel();
  const settings = defaultSettings();
  settings.control = parseGameControl({ system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 });
  saveSettings(storage, settings);
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  const tap = (button: 'left' | 'right') => {
    hal.edge(button, true);
    hal.advanceTo(hal.nowMs() + 60);
    hal.edge(button, false);
  };
  const out: GameWear[] = [];
  for (let g = 0; g < games; g++) {
    const takenBefore = storage.taken;
    const byBefore = Object.assign({}, storage.takenBy);
    const erasedBefore = storage.erased.length;
    tap('right'); // White starts Black's clock
    const start = hal.nowMs();
    for (let i = 0; i < 400; i++) {
      hal.advanceTo(start + Math.round(((i + 1) * gameMs) / 400));
      tap(i % 2 === 0 ? 'left' : 'right');
    }
    const sides = runtime.view().sides;
    runtime.newGame();
    hal.advanceTo(hal.nowMs() + 1000);
    const takenBy: { [name: string]: number } = {};
    for (const name of Object.keys(storage.takenBy)) {
      const bytes = storage.takenBy[name] - (byBefore[name] || 0);
      if (bytes > 0) takenBy[name] = bytes;
    }
    const journals = storage.erased.slice(erasedBefore).filter((e) => /^gcjrn/.test(e.name)).map((e) => e.bytes);
    out.push({
      moves: sides.black.moves + sides.white.moves,
      taken: storage.taken - takenBefore,
      takenBy,
      journalFiles: journals.length,
      largestJournal: Math.max(0, ...journals),
    });
  }
  return out;
}

const USAGE = `usage: npx tsx bench/flash-wear.ts [--games N] [--hours H]
  the flash a 400-move game takes of the ESP32's Storage (journal, record, settings), game after game
  --games N   games in a row (default 5: the record's shift reaches its steady state at the fourth)
  --hours H   how long each game lasts (default 3)`;

if (require.main === module) {
  const args = process.argv.slice(2);
  if (!printedHelp(args, USAGE)) {
    const option = (name: string, fallback: number) => {
      const i = args.indexOf('--' + name);
      return i >= 0 ? Number(args[i + 1]) : fallback;
    };
    const games = option('games', 5);
    const hours = option('hours', 3);
    if (!(games >= 1 && games <= 50) || !(hours > 0 && hours <= 100)) {
      console.error(USAGE);
      process.exit(2);
    }
    flashWear(games, hours * 3600000).forEach((g, i) => {
      console.log('game ' + (i + 1) + ': ' + g.moves + ' moves, ' + Math.round(g.taken / 1024) + ' KB taken (' +
        Object.keys(g.takenBy).map((k) => k + ' ' + Math.round(g.takenBy[k] / 1024) + ' KB').join(', ') + '); ' +
        g.journalFiles + ' journal files, the largest ' + g.largestJournal + ' bytes');
    });
  }
}
