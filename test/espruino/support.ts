/**
 * Shared by the real-interpreter tests: they run where the Espruino host builds are (../shared/espruino/bin beside
 * the clone, as in CI, or ESPRUINO_BIN); without them the tests fail under CI and are skipped, loudly, elsewhere.
 */
import { interpreterProblem } from '../../sim/espruino/interpreter';

export const PROBLEM = interpreterProblem('espruino-12k');

if (PROBLEM && !process.env.CI) {
  // eslint-disable-next-line no-console
  console.warn('test/espruino: SKIPPED: ' + PROBLEM);
}

/** `describe` where the interpreter can run (and always under CI, where a missing one must fail). */
export const describeOnEspruino: jest.Describe = PROBLEM && !process.env.CI ? describe.skip : describe;

/** Real time on a real interpreter: a boot, a game of a few seconds, and slack for a loaded machine. */
export const GAME_TIMEOUT_MS = 120000;
