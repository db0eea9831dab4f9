/**
 * Shared by the real-interpreter tests: they run where the Espruino host builds are (../shared/espruino/bin beside
 * the clone, as in CI, or ESPRUINO_BIN); without them the tests fail under CI and are skipped, loudly, elsewhere.
 */
import { interpreterProblem } from '../../sim/espruino/interpreter';
import { ConsoleBoard } from '../../sim/espruino/console-board';
import { Hands } from '../../sim/hands';
import { GameControl } from '../../firmware/clock/control';
import { ClockOptions } from '../../firmware/clock/options';
import { expectAwayFromBoundaries, expectSameShow, settingsFor } from './twin';

export const PROBLEM = interpreterProblem('espruino-12k');

if (PROBLEM && !process.env.CI) {
  // eslint-disable-next-line no-console
  console.warn('test/espruino: SKIPPED: ' + PROBLEM);
}

/** `describe` where the interpreter can run (and always under CI, where a missing one must fail). */
export const describeOnEspruino: jest.Describe = PROBLEM && !process.env.CI ? describe.skip : describe;

/** Real time on a real interpreter: a boot, a game of a few seconds, and slack for a loaded machine. */
export const GAME_TIMEOUT_MS = 120000;

/** Plays `hands` on a console board with `control` stored; returns its transcript after checking it against V8's. */
export async function playChecked(control: GameControl, hands: Hands, options?: Partial<ClockOptions>): Promise<string[]> {
  const settings = settingsFor(control, options);
  const expected = expectAwayFromBoundaries(settings, hands);
  const board = await ConsoleBoard.start({ settings: settings });
  let transcript: string[];
  try {
    transcript = await board.play(hands);
  } finally {
    await board.stop();
  }
  expect(board.failures()).toEqual([]);
  expectSameShow(transcript, expected);
  return transcript;
}

/** The frames of a transcript, without its buzzer and notice lines. */
export const framesOf = (transcript: string[]): string[] => transcript.filter((item) => !/^(buzzer|goclock):/.test(item));
