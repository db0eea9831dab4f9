/**
 * The journal at boot, bounded whatever flash holds: the game is restored (game-journal.ts `restoreGame`, the
 * watchdog kicked at every record through `progress`); a journal that does not restore is set aside, not replayed
 * at every boot; and a restore that never ended — the board reset in the middle of it (watchdog, out of memory) —
 * is known at the next boot by the marker it left, and its journal is set aside without being replayed again.
 */
import { KeyValueStorage } from '../../hal/hal';
import { clearJournal } from './journal';
import { JOURNAL_FILES, restoreGame, RestoreResult, RESTORING_RECORD, setAsideJournal } from './game-journal';

export interface BootJournal {
  restored: RestoreResult;
  /** What the clock must say about the journal (besides "game restored"): why there is no game, what was kept. */
  notices: string[];
}

function setAside(storage: KeyValueStorage, names: string[], notices: string[]): void {
  notices.push(setAsideJournal(storage, names) ? 'bad journal kept' : 'bad journal lost');
}

export function bootJournal(storage: KeyValueStorage, logLimit: number, progress: () => void): BootJournal {
  const notices: string[] = [];
  if (storage.read(RESTORING_RECORD) !== undefined) {
    notices.push('last boot failed');
    setAside(storage, JOURNAL_FILES, notices);
    storage.erase(RESTORING_RECORD);
    return { restored: { others: [] }, notices: notices };
  }
  // Without the marker (flash full) the restore still runs: it is bounded anyway; the marker is a second guard.
  storage.write(RESTORING_RECORD, 'restoring');
  const restored = restoreGame(storage, logLimit, progress);
  if (restored.problem !== undefined) {
    notices.push(restored.problem);
    setAside(storage, restored.others, notices);
  } else {
    // Left over from a compaction cut by a power cut: the game is in the other file.
    for (let i = 0; i < restored.others.length; i++) clearJournal(storage, restored.others[i]);
  }
  storage.erase(RESTORING_RECORD);
  return { restored: restored, notices: notices };
}
