/**
 * Run as a child process by loaders.test.ts (a hang cannot be caught in-process): reads a JSON array of journal
 * texts from stdin; for each, restores it, boots the runtime on it and presses both buttons, then prints "ok".
 * It prints "ready" once its modules are loaded, so the parent can time the work alone; a hang shows as a timeout.
 */
import { readFileSync } from 'fs';
import { JOURNAL_RECORD, restoreGame } from '../../firmware/storage/game-journal';
import { startRuntime } from '../../firmware/runtime/runtime';
import { createVirtualHal, MemoryStorage } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';

process.stdout.write('ready\n'); // the modules are loaded: from here the parent times the work
const journals = JSON.parse(readFileSync(0, 'utf8')) as string[];
journals.forEach((journal, i) => {
  const storage = new MemoryStorage();
  storage.write(JOURNAL_RECORD, journal);
  const restored = restoreGame(storage);
  process.stdout.write(i + ': restored ' + (restored.game ? restored.game.state.status : restored.problem) + '\n');
  const hal = createVirtualHal({ storage: storage });
  hal.advanceTo(777);
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  process.stdout.write(i + ': booted ' + runtime.view().status + '\n');
  for (const button of ['right', 'left'] as const) {
    hal.edge(button, true);
    hal.advanceTo(hal.nowMs() + 60);
    hal.edge(button, false);
    hal.advanceTo(hal.nowMs() + 2000);
  }
  process.stdout.write(i + ': ok ' + runtime.view().status + '\n');
});
process.stdout.write('all ok\n');
