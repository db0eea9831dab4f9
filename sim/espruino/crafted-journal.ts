/**
 * Journal files written by hand, record by record as firmware/storage/journal.ts writes them (a line each, with its
 * checksum): crafted ones for the boot tests, and the longest legitimate one — a game's journal at its budget — for
 * the worst boot that the tests check and the bench measures.
 */
import { crc32 } from '../../firmware/storage/journal';
import { COMPACT_AT_CHARS, COMPACT_AT_RECORDS, JOURNAL_RECORD, journalEvent, journalSnapshot } from '../../firmware/storage/game-journal';
import { keepPacked } from '../../firmware/storage/packed-log';
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEvent } from '../../firmware/clock/clock-types';
import { MemoryStorage } from '../virtual-hal';

/** A journal file's text holding these records. */
export function journalOf(records: unknown[]): string {
  return records.map((r) => {
    const text = JSON.stringify(r);
    return '\n' + text + '*' + (0x100000000 + crc32(text)).toString(16).slice(1);
  }).join('');
}

/** The device's in-memory log (runtime.ts logLimit): what a snapshot carries at most on a board. */
const DEVICE_LOG = 64;

/**
 * The longest journal the firmware keeps, as it writes it: a ten-hour absolute game compacted after 100 moves (the
 * snapshot, its log of 64 entries), then moves up to the journal's budget in records (COMPACT_AT_RECORDS), the last
 * of which the firmware follows by the next compaction (a power cut during it leaves this file whole). The budget
 * holds whatever the records are, so no legitimate boot replays more: a move is the costliest record to replay for
 * its share of the budget (a heartbeat's tick is only read, for a quarter of a move's share; an undo takes records
 * back), and a snapshot with a longer log does not come from a board.
 */
export function journalAtBudget(): string {
  const control = { system: 'absolute' as const, mainMs: 36000000 };
  let state = createClock({ black: control, white: control }, {});
  const log: string[] = [];
  let logged = 0;
  const play = (event: ClockEvent, atMs: number) => {
    const result = step(state, event, atMs);
    state = result.state;
    logged += keepPacked(result.effects, log, DEVICE_LOG);
  };
  play({ type: 'press', side: 'white' }, 0);
  let t = 0;
  for (let n = 0; n < 100; n++) play({ type: 'press', side: state.toMove }, (t += 20000));
  const storage = new MemoryStorage();
  const place = journalSnapshot(storage, { name: '', generation: 0, chars: 0, records: 0 }, { state: state, atMs: t, log: log, logged: logged });
  if (place === null) throw new Error('the snapshot could not be written');
  while (place.records < COMPACT_AT_RECORDS) {
    t += 20000;
    const event: ClockEvent = { type: 'press', side: state.toMove };
    play(event, t);
    journalEvent(storage, place, t, event);
  }
  return storage.read(JOURNAL_RECORD) as string;
}

/**
 * The longest journal older firmware kept (format 2, before the journal compacted by records): a ten-hour absolute
 * game grown to the compaction's threshold in characters, a heartbeat tick every 20 s and a move every third record.
 * The firmware still restores it (it may meet one after an update), record by record.
 */
export function legacyJournalAtBudget(): string {
  const control = { system: 'absolute', mainMs: 36000000 };
  let text = journalOf([{ v: 2, g: 0, control: { black: control, white: control }, options: {} }, { t: 0, e: { type: 'press', side: 'white' } }]);
  let t = 0;
  for (let n = 0; text.length < COMPACT_AT_CHARS; n++) {
    t += 20000;
    const side = Math.floor(n / 3) % 2 === 0 ? 'black' : 'white';
    text += journalOf([n % 3 === 2 ? { t: t, e: { type: 'press', side: side } } : { t: t, e: { type: 'tick' } }]);
  }
  return text;
}
