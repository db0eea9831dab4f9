/**
 * The game's restore at boot as a part (firmware/runtime/parts.ts): the journal replayed or set aside
 * (storage/journal-boot.ts, with the replay and the snapshot's checks it needs), and the game's start read back from
 * its record when the bounded log let that entry go (storage/record-store.ts `recordStartMs`). It runs once a boot,
 * so on the device it is a Storage file of its own, loaded by the shell at boot and let go as soon as the game is
 * back: `.bootcde` carries none of its code and the clock at rest holds none of its functions.
 */
import { bootJournal } from '../storage/journal-boot';
import { recordStartMs } from '../storage/record-store';

export interface RestorePart {
  bootJournal: typeof bootJournal;
  recordStartMs: typeof recordStartMs;
}

const part: RestorePart = { bootJournal: bootJournal, recordStartMs: recordStartMs };

export default part;
