/**
 * The firmware measured on the real interpreter (Espruino 2v29's host build with a fixed pool of 12,000 JsVars packed
 * as on the ESP32, `espruino-12k`), every bundle booted from Storage as `npm run flash` leaves it (sim/espruino/).
 *
 * - Instructions: valgrind's callgrind counts every instruction of the interpreter process, the same count for the
 *   same run on any machine. A figure is the difference between two runs that differ only in the part measured:
 *   per wake-up, two runs of the console board whose clock runs 10 s and 40 s (main time) or 1 s and 9 s into the
 *   last 10 s of a byo-yomi period, divided by the difference in wake-ups (each prints exactly one frame: the shown
 *   second or tenth changes), less the host's idle loop over the same wall time (measured by the same pair with the
 *   clock paused); per press, a run with presses against one without; to boot, a boot against the interpreter
 *   starting on an empty Storage. The host build reads its "flash" from a file, 16 bytes at a time: that is in the
 *   figures, and makes them proportional to the code a wake-up runs (on the ESP32 it is memory-mapped instead).
 * - JsVars: `process.memory().usage` after boot, for every board; over a 400-move game (console board, real time:
 *   moves 80 ms apart, a chord pause and a resume every 50 moves, the menu twice for +2:00, the log read, so the log
 *   is full) the highest live `process.memory().usage` (garbage collected first) sampled every 0.5 s, and the same
 *   game again with all but BUDGET_JSVARS of the pool taken by ballast: it must end with no memory error.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import { flashImage, freshBoard } from '../sim/espruino/flash-image';
import { failureLines, Interpreter, interpreterProblem } from '../sim/espruino/interpreter';
import { framesIn, journalStatements, jsString, playStreamed } from '../sim/espruino/console-board';
import { journalAtBudget } from '../sim/espruino/crafted-journal';
import { Hands } from '../sim/hands';
import { defaultSettings } from '../firmware/storage/settings';
import { parseGameControl } from '../firmware/clock/control-validate';
import { TimeControl } from '../firmware/clock/control';

export const BUDGET_JSVARS = 6000;
const VALGRIND = ['valgrind', '--tool=callgrind', '--callgrind-out-file=/dev/null'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BoardFigures {
  board: string;
  bundleBytes: number;
  bootInstructions: number;
  jsVarsAfterBoot: number;
  /** The worst legitimate boot: the journal at its budget (console board only). */
  budgetJournalBootInstructions?: number;
}

export interface EspruinoFigures {
  interpreter: string;
  boards: BoardFigures[];
  /** The idle loop's cost, median of three measurements, and their range. */
  idleInstructionsPerSecond: number;
  idleRange: number[];
  /** `withIdle`: the same before the idle loop is subtracted (an upper bound). */
  mainWakeUp: { instructions: number; wakeUps: number; withIdle: number };
  last10sWakeUp: { instructions: number; wakeUps: number; withIdle: number };
  press: { instructions: number; presses: number };
  game: {
    moves: number;
    peakJsVars: number;
    afterGameJsVars: number;
    budget: number;
    withinBudget: boolean;
    budgetProblem: string | null;
    /** In the budget's pool Espruino had to collect garbage early (a warning, not a failure). */
    budgetCollected: boolean;
    seconds: number;
  };
}

/** Settings as the menu would store them, for `control`. */
function settingsText(control: TimeControl): string {
  const settings = defaultSettings();
  settings.control = parseGameControl(control);
  return JSON.stringify(settings);
}

/** A fresh console board (or `board`) whose Storage holds these settings and no journal. */
async function boardDir(board: string, control?: TimeControl): Promise<string> {
  const image = await flashImage(board);
  const dir = freshBoard(image);
  if (control) {
    const prepare = Interpreter.boot({ dir: dir });
    prepare.send('require("Storage").write("gcsettings",' + jsString(settingsText(control)) + ');require("Storage").open("gcjrnl","r").erase();');
    await prepare.evaluate('"stored"');
    await prepare.stop();
  }
  return dir;
}

function collected(output: string): number {
  const m = /Collected : (\d+)/.exec(output);
  if (!m) throw new Error('callgrind printed no total:\n' + output.slice(-2000));
  return Number(m[1]);
}

/** One callgrind run: boot, `steps` (each a line typed and a wait), quit; the total and the frames printed. */
async function counted(dir: string, steps: Array<{ line?: string; waitMs: number }>, args?: string[]): Promise<{ instructions: number; frames: number; output: string }> {
  const work = fs.mkdtempSync(dir + '-run-');
  if (fs.existsSync(dir + '/espruino.flash')) fs.copyFileSync(dir + '/espruino.flash', work + '/espruino.flash');
  const interpreter = args
    ? new Interpreter({ dir: work, wrapper: VALGRIND, args: args })
    : Interpreter.boot({ dir: work, wrapper: VALGRIND });
  try {
    if (!args) await interpreter.waitFor((out) => framesIn(out).length >= 1, 300000, 'the first frame under valgrind');
    for (const step of steps) {
      if (step.line) interpreter.send(step.line);
      await sleep(step.waitMs);
    }
    const output = await interpreter.stop(300000);
    const bad = failureLines(output).filter((line) => !/Analog is not supported|No path defined for device/.test(line));
    if (bad.length) throw new Error('the firmware failed under valgrind: ' + bad.join(' | '));
    return { instructions: collected(output), frames: framesIn(output).length, output: output };
  } finally {
    interpreter.kill();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function bootFigures(board: string, progress: (text: string) => void): Promise<BoardFigures> {
  progress('espruino: ' + board + ': boot (callgrind) and JsVars after boot');
  const image = await flashImage(board);
  const dir = freshBoard(image);
  const empty = fs.mkdtempSync(dir + '-empty-');
  try {
    // The firmware starts from a timer set by the boot code (hal/espruino/boot.ts): quit from the next one, after it.
    const booted = await counted(dir, [], ['-e', 'setTimeout(quit, 0)']);
    const bare = await counted(empty, [], ['-e', 'setTimeout(quit, 0)']);
    const interpreter = Interpreter.boot({ dir: dir });
    await sleep(1500);
    const memory = await interpreter.memory();
    await interpreter.stop();
    const figures: BoardFigures = { board: board, bundleBytes: image.bundleBytes, bootInstructions: booted.instructions - bare.instructions, jsVarsAfterBoot: memory.usage };
    if (board === 'console') {
      progress('espruino: console: boot with a journal at its budget (callgrind)');
      const prepare = Interpreter.boot({ dir: dir });
      for (const line of journalStatements(journalAtBudget())) prepare.send(line);
      await prepare.evaluate('"stored"');
      await prepare.stop();
      figures.budgetJournalBootInstructions = (await counted(dir, [], ['-e', 'setTimeout(quit, 0)'])).instructions - bare.instructions;
    }
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(empty, { recursive: true, force: true });
  }
}

const START = 'button("right");'; // White's button starts Black's clock
const PAUSE_ON = 'button("left",true);button("right",true);';
const PAUSE_OFF = 'button("left",false);button("right",false);';

/** Instructions per wake-up while Black's clock runs `fromS`..`toS` s into its turn, less the idle loop. */
async function perWakeUp(control: TimeControl, fromS: number, toS: number, idlePerSecond: number, progress: (text: string) => void) {
  const dir = await boardDir('console', control);
  try {
    progress('espruino: wake-ups, ' + fromS + ' s and ' + toS + ' s of running (callgrind)');
    const a = await counted(dir, [{ line: START, waitMs: fromS * 1000 }]);
    const b = await counted(dir, [{ line: START, waitMs: toS * 1000 }]);
    const wakeUps = b.frames - a.frames;
    const raw = (b.instructions - a.instructions) / wakeUps;
    const instructions = raw - (idlePerSecond * (toS - fromS)) / wakeUps;
    return { instructions: Math.round(instructions), wakeUps: wakeUps, withIdle: Math.round(raw) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The idle loop's instructions per second of wall time, with the clock paused (no wake-ups), measured three times:
 * the host build's idle loop costs either about 0.18 M or about 0.8 M per second from one run to the next (the
 * firmware prints nothing meanwhile), so the median is taken and the range kept with the figures.
 */
async function idleRate(control: TimeControl, progress: (text: string) => void): Promise<{ median: number; range: number[] }> {
  const dir = await boardDir('console', control);
  try {
    const rates: number[] = [];
    for (let i = 0; i < 3; i++) {
      progress('espruino: the idle loop, paused 5 s and 25 s (callgrind), ' + (i + 1) + ' of 3');
      const pause: Array<{ line?: string; waitMs: number }> = [{ line: START, waitMs: 1500 }, { line: PAUSE_ON, waitMs: 1000 }, { line: PAUSE_OFF, waitMs: 1000 }];
      const a = await counted(dir, pause.concat([{ waitMs: 5000 }]));
      const b = await counted(dir, pause.concat([{ waitMs: 25000 }]));
      rates.push(Math.round((b.instructions - a.instructions) / 20));
    }
    rates.sort((x, y) => x - y);
    return { median: rates[1], range: [rates[0], rates[2]] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Instructions per press (its down and up edges typed as `button("left")`, the move, the render, the journal). */
async function perPress(control: TimeControl, wake: number, progress: (text: string) => void) {
  const dir = await boardDir('console', control);
  try {
    progress('espruino: presses (callgrind)');
    const presses = 20;
    const quiet: Array<{ line?: string; waitMs: number }> = [{ line: START, waitMs: 2500 }];
    const busy: Array<{ line?: string; waitMs: number }> = [{ line: START, waitMs: 2500 }];
    for (let i = 0; i < presses; i++) {
      quiet.push({ waitMs: 1500 });
      busy.push({ line: i % 2 === 0 ? 'button("left");' : 'button("right");', waitMs: 1500 });
    }
    const a = await counted(dir, quiet);
    const b = await counted(dir, busy);
    // Each press prints its own frame (the turn changes); the other frames are wake-ups, costed at `wake`.
    const extraWakeUps = b.frames - presses - a.frames;
    return { instructions: Math.round((b.instructions - a.instructions - extraWakeUps * wake) / presses), presses: presses };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The 400-move game as hands: moves 80 ms apart, a pause and resume every 50 moves, the menu twice, the log read. */
function longGame(moves: number): Hands {
  const hands = new Hands().tap('right', 40).wait(200);
  for (let i = 0; i < moves; i++) {
    const button = i % 2 === 0 ? 'left' : 'right';
    hands.events.push({ atMs: hands.atMs, type: 'button', button: button, down: true });
    hands.events.push({ atMs: hands.atMs + 40, type: 'button', button: button, down: false });
    hands.atMs += 80;
    if (i % 50 === 49) hands.wait(200).both(600).wait(500).both(2150).wait(300);
    if (i === 199 || i === 349) {
      hands.wait(200).both(4100).tap('left').tap('right').tap('right').wait(300); // +2:00 to White, resume
    }
  }
  // The log, read from the paused menu: both 4 s, down to "Read the log", through it, back out, resume.
  hands.wait(200).both(4100);
  for (let i = 0; i < 10; i++) hands.tap('left');
  hands.tap('right');
  for (let i = 0; i < 20; i++) hands.tap('left');
  hands.tap('left', 1100).wait(300).tap('left', 1100).wait(300);
  return hands.wait(1000);
}

/** The long game, sampling JsVars; with `budget` > 0, in a pool of only that many JsVars (the rest ballast). */
async function memoryGame(control: TimeControl, budget: number, progress: (text: string) => void) {
  const dir = await boardDir('console', control);
  const interpreter = Interpreter.boot({ dir: dir });
  try {
    await interpreter.waitFor((out) => framesIn(out).length >= 1, 20000, 'the first frame');
    if (budget > 0) {
      // All of the pool but `budget` JsVars taken by flat strings (14 bytes a block), in pieces (the free list has
      // gaps): the firmware, the interpreter's own variables and the console history must fit in what is left.
      interpreter.send(
        'var BALLAST=[];(function(){var start=process.memory().usage,want=process.memory().total-' + budget + ';' +
          'for(var got=0;want-got>4;got=process.memory().usage-start){' +
          'BALLAST.push(E.toFlatString(new Uint8Array(Math.min(500,want-got-4)*14)));}})();',
      );
      const memory = await interpreter.memory();
      progress('espruino: the game in ' + (memory.total - memory.free) + ' JsVars used of which ballast, ' + memory.free + ' free');
    }
    // Live JsVars: process.memory() collects garbage first (Espruino frees most garbage at once by reference count,
    // cycles such as closures only when the pool runs low or the clock idles with under 5 % free).
    interpreter.send('var PEAK=0;setInterval(function(){var u=process.memory().usage;if(u>PEAK)PEAK=u;},500);');
    const started = Date.now();
    try {
      await playStreamed(interpreter, longGame(400), '@@game-done@@');
    } catch (e) {
      // The game did not reach its end (out of memory interrupts whatever runs): a figure, not a crash of the bench.
      const failures = failureLines(interpreter.output());
      const problem = 'the game did not end: ' + (failures.length ? failures.slice(0, 3).join(' | ') : (e as Error).message.split('\n')[0]);
      return { peak: -1, after: -1, problem: problem, lowMemory: true, seconds: (Date.now() - started) / 1000 };
    }
    const peak = Number(await interpreter.evaluate('PEAK'));
    const flags = await interpreter.evaluate('E.getErrorFlags().join(",")');
    const after = (await interpreter.memory()).usage;
    const output = await interpreter.stop();
    const failures = failureLines(output);
    // LOW_MEMORY is a warning (Espruino had to collect garbage to go on); MEMORY is running out.
    const errors = flags.split(',').filter((flag) => flag !== '' && flag !== 'LOW_MEMORY');
    const problem = failures.length ? failures.join(' | ') : errors.length ? 'error flags: ' + errors.join(',') : null;
    return { peak: peak, after: after, problem: problem, lowMemory: flags.split(',').indexOf('LOW_MEMORY') >= 0, seconds: (Date.now() - started) / 1000 };
  } finally {
    interpreter.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function valgrindProblem(): string | null {
  const run = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? null : 'valgrind is not installed (Debian: apt-get install -y valgrind)';
}

export type EspruinoPart = 'boot' | 'wake' | 'press' | 'memory';
export const ESPRUINO_PARTS: EspruinoPart[] = ['boot', 'wake', 'press', 'memory'];

/** Every figure (or only `parts`, the rest null: for a quicker look while working on one). */
export async function espruinoFigures(progress: (text: string) => void, parts?: EspruinoPart[]): Promise<EspruinoFigures | { skipped: string }> {
  const problem = interpreterProblem('espruino-12k') || valgrindProblem();
  if (problem) return { skipped: problem };
  const wanted = (part: EspruinoPart) => !parts || parts.indexOf(part) >= 0;
  const boards: BoardFigures[] = [];
  if (wanted('boot')) for (const board of ['console', 'esp32-lcd1602', 'esp32-oled']) boards.push(await bootFigures(board, progress));
  const main: TimeControl = { system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 };
  const needWake = wanted('wake') || wanted('press');
  const idleRates = needWake ? await idleRate(main, progress) : { median: 0, range: [0, 0] };
  const idle = idleRates.median;
  const none = { instructions: 0, wakeUps: 0, withIdle: 0 };
  const mainWakeUp = needWake ? await perWakeUp(main, 10, 40, idle, progress) : none;
  // No main time, 20 s periods: the last 10 s of Black's first period are 10-20 s into its turn.
  const last10sWakeUp = wanted('wake') ? await perWakeUp({ system: 'byoyomi', mainMs: 0, periods: 5, periodMs: 20000 }, 11, 19, idle, progress) : none;
  const press = wanted('press') ? await perPress(main, mainWakeUp.instructions, progress) : { instructions: 0, presses: 0 };
  let game = { peak: 0, after: 0, problem: null as string | null, lowMemory: false, seconds: 0 };
  let budgeted = { problem: null as string | null, lowMemory: false };
  if (wanted('memory')) {
    progress('espruino: the 400-move game (real time), JsVars sampled');
    game = await memoryGame(main, 0, progress);
    progress('espruino: the same game with only ' + BUDGET_JSVARS + ' JsVars of the pool left');
    budgeted = await memoryGame(main, BUDGET_JSVARS, progress);
  }
  return {
    interpreter: 'espruino-12k',
    boards: boards,
    idleInstructionsPerSecond: idle,
    idleRange: idleRates.range,
    mainWakeUp: mainWakeUp,
    last10sWakeUp: last10sWakeUp,
    press: press,
    game: {
      moves: 400,
      peakJsVars: game.peak,
      afterGameJsVars: game.after,
      budget: BUDGET_JSVARS,
      withinBudget: budgeted.problem === null && game.problem === null,
      budgetProblem: budgeted.problem || game.problem,
      budgetCollected: budgeted.lowMemory,
      seconds: Math.round(game.seconds),
    },
  };
}
