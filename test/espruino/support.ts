/**
 * Shared by the real-interpreter tests: they run where the Espruino host builds are (../shared/espruino/bin beside
 * the clone, as in CI, or ESPRUINO_BIN); without them the tests fail under CI and are skipped, loudly, elsewhere.
 */
import { failureLines, interpreterProblem } from '../../sim/espruino/interpreter';
import { transcriptOf } from '../../sim/espruino/console-board';
import { flashImage } from '../../sim/espruino/flash-image';
import { handsSteps, playVirtual, VirtualBoardOptions, VirtualConsoleBoard, VirtualRun } from '../../sim/espruino/virtual-time';
import { Hands } from '../../sim/hands';
import { GameControl } from '../../firmware/clock/control';
import { ClockOptions } from '../../firmware/clock/options';
import { expectAwayFromBoundaries, settingsFor } from './twin';

export const PROBLEM = interpreterProblem('espruino-12k');

if (PROBLEM && !process.env.CI) {
  // eslint-disable-next-line no-console
  console.warn('test/espruino: SKIPPED: ' + PROBLEM);
}

/** `describe` where the interpreter can run (and always under CI, where a missing one must fail). */
export const describeOnEspruino: jest.Describe = PROBLEM && !process.env.CI ? describe.skip : describe;

/** Real time on a real interpreter: a boot, a game of a few seconds, and slack for a loaded machine. */
export const GAME_TIMEOUT_MS = 120000;

/**
 * A virtual run ended with nothing failed: no failure line, and no error flag but LOW_MEMORY, a warning (Espruino ran
 * a collection because its free list was empty: a virtual run is one long script, with no idle for the usual one).
 */
export function expectCleanRun(run: VirtualRun): void {
  expect(failureLines(run.output)).toEqual([]);
  expect(run.end === null ? ['the script did not end'] : run.end.flags.split(',').filter((f) => f !== '' && f !== 'LOW_MEMORY')).toEqual([]);
}

/** The hands begin this long after the boot (as in the V8 twin, test/espruino/twin.ts). */
const HANDS_START_MS = 1000;

/**
 * Plays `hands` on a console board with `control` stored; returns its transcript after checking it against V8's.
 * The board runs on virtual time (sim/espruino/virtual-time.ts): its clock, timers and edges are the script's, so
 * every edge lands at its instant whatever else the machine is doing, and the interpreter must print exactly what V8
 * prints, frame for frame. (On real time a press that reached a loaded interpreter late could cross a boundary.)
 */
export async function playChecked(control: GameControl, hands: Hands, options?: Partial<ClockOptions>): Promise<string[]> {
  const settings = settingsFor(control, options);
  const expected = expectAwayFromBoundaries(settings, hands);
  const image = await flashImage('console');
  const run = await playVirtual(image, handsSteps(hands, HANDS_START_MS), HANDS_START_MS + hands.atMs, { settingsText: JSON.stringify(settings) });
  expectCleanRun(run);
  const transcript = transcriptOf(run.output);
  expect({ interpreter: transcript }).toEqual({ interpreter: expected });
  return transcript;
}


/** The frames of a transcript, without its buzzer and notice lines. */
export const framesOf = (transcript: string[]): string[] => transcript.filter((item) => !/^(buzzer|goclock):/.test(item));

/** The console board on virtual time, live (sim/espruino/virtual-time.ts): booted with `options`' Storage, up 1 s. */
export async function virtualConsole(options?: VirtualBoardOptions): Promise<VirtualConsoleBoard> {
  return VirtualConsoleBoard.start(await flashImage('console'), options);
}
