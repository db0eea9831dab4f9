/**
 * Journal files written by hand, record by record as firmware/storage/journal.ts writes them (a line each, with its
 * checksum): crafted ones for the boot tests, and the longest legitimate one — a game's journal at its budget — for
 * the worst boot that the tests check and the bench measures.
 */
import { crc32 } from '../../firmware/storage/journal';
import { COMPACT_AT_CHARS } from '../../firmware/storage/game-journal';

/** A journal file's text holding these records. */
export function journalOf(records: unknown[]): string {
  return records.map((r) => {
    const text = JSON.stringify(r);
    return '\n' + text + '*' + (0x100000000 + crc32(text)).toString(16).slice(1);
  }).join('');
}

/**
 * A ten-hour absolute game's journal grown to the compaction's threshold: a heartbeat tick every 20 s, and a move
 * every third record. The firmware never keeps a longer one (it compacts first), so no legitimate boot reads more.
 */
export function journalAtBudget(): string {
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
