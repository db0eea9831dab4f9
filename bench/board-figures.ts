/**
 * The board's budget figures (bench/budgets.json), measured on the real interpreter (`espruino-12k`, a fixed pool of
 * 12,000 JsVars packed as on the ESP32), every board booted from Storage as `npm run flash` leaves it and driven on
 * virtual time (sim/espruino/virtual-time.ts), so that every figure is the same from one run to the next, on any
 * machine, however busy: the gate (test/budget/) and `npm run bench` both take them from here.
 *
 * - Instructions are callgrind's count of the whole interpreter process. A figure is the difference between two runs
 *   that differ only in the part measured, less what the virtual timers themselves cost (`shimCosts`: a firing and
 *   its re-arming, an edge; measured the same way on an empty Storage), so that what is left is the firmware's work.
 *   - per wake-up: Black's clock run 10 s against 40 s (main time; 30 wake-ups, one a second) and 11 s against 19 s
 *     into the last 10 s of a 20 s byo-yomi period (tenths: 80 wake-ups); divided by the difference in firings.
 *   - per press: 20 moves (each a down edge and, 40 ms later, the up edge; 1.5 s apart) against the same time with
 *     none; everything the presses cause is theirs (the edges, the release's confirmation, the move, the display, the
 *     journal and the record).
 *   - boot: the board's Storage against the same with no code, each run to the firmware's first idle.
 *   - boot with the journal at its budget: the same with the longest journal the firmware keeps (the restore).
 * - JsVars after boot: `process.memory().usage` once the firmware is up (1.5 s), less the shim's own (measured on an
 *   empty Storage), so it is what a flashed board holds.
 * - The game's pool: the smallest pool of JsVars in which a whole 400-move game runs with no memory error (pauses,
 *   the menu twice for +2:00, the log read through the menu, the voice module answering, console calls, the record
 *   printed), found by bisection with a fixed ballast that takes the rest of the 12,000.
 * - Bytes: `.bootcde`, and every file of code the firmware has in Storage.
 */
import * as fs from 'fs';
import { flashImage } from '../sim/espruino/flash-image';
import { failureLines, interpreterProblem } from '../sim/espruino/interpreter';
import { runVirtual, scriptText, ScriptStep, virtualBoard, VirtualRun } from '../sim/espruino/virtual-time';
import { journalAtBudget } from '../sim/espruino/crafted-journal';
import { Hands } from '../sim/hands';
import { defaultSettings } from '../firmware/storage/settings';
import { parseGameControl } from '../firmware/clock/control-validate';
import { TimeControl } from '../firmware/clock/control';
import { spawnSync } from 'child_process';

export const BOARDS = ['console', 'esp32-lcd1602', 'esp32-oled'];

/** Every figure the budget holds, in the order the budget file and the tables list them. */
export const FIGURES = [
  'jsVarsAfterBoot',
  'gamePoolJsVars',
  'pressInstructions',
  'wakeMainInstructions',
  'wakeLast10sInstructions',
  'bootInstructions',
  'bootFullJournalInstructions',
  'bootcdeBytes',
  'codeBytes',
] as const;
export type Figure = (typeof FIGURES)[number];
export type BoardFigures = { [F in Figure]?: number };

/** What each figure is, in a line (the gate's messages and the tables). */
export const FIGURE_TEXT: { [F in Figure]: string } = {
  jsVarsAfterBoot: 'JsVars after boot',
  gamePoolJsVars: 'smallest pool (JsVars) in which a whole 400-move game runs with no memory error',
  pressInstructions: 'host instructions per press (a move: edges to display drawn, journal and record written)',
  wakeMainInstructions: 'host instructions per wake-up in main time',
  wakeLast10sInstructions: 'host instructions per wake-up in the last 10 s of a period',
  bootInstructions: 'host instructions to boot, empty journal',
  bootFullJournalInstructions: 'host instructions to boot, the journal at its budget',
  bootcdeBytes: '.bootcde bytes, minified and stored pretokenised',
  codeBytes: 'bytes of all code in Storage',
};

/** Why the figures cannot be measured here, or null. */
export function figuresProblem(): string | null {
  const problem = interpreterProblem('espruino-12k');
  if (problem) return problem;
  const run = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? null : 'valgrind is not installed (Debian: apt-get install -y valgrind)';
}

/** The settings file of a board whose game is played with `control` (also bench/call-map.ts). */
export function settingsText(control: TimeControl): string {
  const settings = defaultSettings();
  settings.control = parseGameControl(control);
  return JSON.stringify(settings);
}

/** 60 min + 5×30 s (the default) and a control whose first period starts at once (20 s periods). */
export const MAIN_CONTROL: TimeControl = { system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 };
export const PERIOD_CONTROL: TimeControl = { system: 'byoyomi', mainMs: 0, periods: 5, periodMs: 20000 };

function checked(run: VirtualRun, what: string): VirtualRun & { instructions: number; end: NonNullable<VirtualRun['end']> } {
  const bad = failureLines(run.output).filter((line) => !/Analog is not supported|No path defined for device/.test(line));
  if (bad.length) throw new Error(what + ': the firmware failed: ' + bad.slice(0, 3).join(' | '));
  if (!run.end) throw new Error(what + ': the script did not end:\n' + run.output.slice(-1500));
  if (run.end.flags !== '') throw new Error(what + ': error flags ' + run.end.flags);
  return run as VirtualRun & { instructions: number; end: NonNullable<VirtualRun['end']> };
}

async function counted(dir: string, code: string, what: string) {
  const run = checked(await runVirtual(dir, code, { count: true }), what);
  if (run.instructions === null) throw new Error(what + ': callgrind printed no total');
  return run;
}

/** What the virtual timers cost themselves, measured on an empty Storage with the shim alone. */
export interface ShimCosts {
  /** Instructions of one firing whose callback sets the next timer (what the runtime's timer does). */
  firing: number;
  /** Instructions of one `VT.edge` into a callback that does nothing. */
  edge: number;
  /** JsVars the shim holds. */
  jsVars: number;
}

let shimCache: Promise<ShimCosts> | null = null;

export function shimCosts(): Promise<ShimCosts> {
  if (!shimCache) shimCache = measureShim();
  return shimCache;
}

async function measureShim(): Promise<ShimCosts> {
  const bare = await virtualBoard(null, { realTime: true });
  const shim = await virtualBoard(null);
  try {
    const chain = 'var h;function f(){h=setTimeout(f,1000);}f();';
    const a = await counted(shim, chain + 'VT.run(0)', 'shim: no firing');
    const b = await counted(shim, chain + 'VT.run(30000)', 'shim: 30 firings');
    const edges = 'var button=function(){};';
    const c = await counted(shim, edges + 'for(var i=0;i<0;i++)VT.edge("left",i%2==0)', 'shim: no edge');
    const d = await counted(shim, edges + 'for(var i=0;i<40;i++)VT.edge("left",i%2==0)', 'shim: 40 edges');
    const withShim = checked(await runVirtual(shim, 'VT.run(1500)'), 'shim: memory');
    const without = checked(await runVirtual(bare, ''), 'bare: memory');
    return {
      firing: Math.round((b.instructions - a.instructions) / (b.end.fired - a.end.fired)),
      edge: Math.round((d.instructions - c.instructions) / 40),
      jsVars: withShim.end.usage - without.end.usage,
    };
  } finally {
    fs.rmSync(bare, { recursive: true, force: true });
    fs.rmSync(shim, { recursive: true, force: true });
  }
}

/** Starts Black's clock at 0 (White's button down and up). */
export const START = 'VT.run(0);VT.edge("right",true);VT.edge("right",false);';

async function wakeFigure(image: Awaited<ReturnType<typeof flashImage>>, control: TimeControl, fromMs: number, toMs: number, costs: ShimCosts, what: string): Promise<number> {
  const dir = await virtualBoard(image, { settingsText: settingsText(control) });
  try {
    const a = await counted(dir, START + 'VT.run(' + fromMs + ')', what + ' to ' + fromMs + ' ms');
    const b = await counted(dir, START + 'VT.run(' + toMs + ')', what + ' to ' + toMs + ' ms');
    const firings = b.end.fired - a.end.fired;
    if (firings <= 0) throw new Error(what + ': no wake-ups between ' + fromMs + ' and ' + toMs + ' ms');
    return Math.round((b.instructions - a.instructions - firings * costs.firing) / firings);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const PRESSES = 20;

/** The first press, then `n` moves 1.5 s apart (a down edge, its up edge 40 ms later), or the same run without edges. */
export function pressLoop(withEdges: boolean, n: number = PRESSES): string {
  const edge = (down: boolean) => (withEdges ? 'VT.edge(i%2?"right":"left",' + down + ');' : '');
  return START + 'VT.run(2500);for(var i=0;i<' + n + ';i++){VT.run(4000+i*1500);' + edge(true) + 'VT.run(4040+i*1500);' + edge(false) + '}VT.run(' + (4000 + n * 1500) + ')';
}

async function pressFigure(image: Awaited<ReturnType<typeof flashImage>>, costs: ShimCosts): Promise<number> {
  const dir = await virtualBoard(image, { settingsText: settingsText(MAIN_CONTROL) });
  try {
    const quiet = await counted(dir, pressLoop(false), 'presses: none');
    const busy = await counted(dir, pressLoop(true), 'presses: ' + PRESSES);
    const firings = busy.end.fired - quiet.end.fired;
    const edges = busy.end.edges - quiet.end.edges;
    return Math.round((busy.instructions - quiet.instructions - firings * costs.firing - edges * costs.edge) / PRESSES);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function bootFigures(image: Awaited<ReturnType<typeof flashImage>>, costs: ShimCosts, wanted: (f: Figure) => boolean): Promise<BoardFigures> {
  const empty = await virtualBoard(null);
  const dir = await virtualBoard(image);
  const full = wanted('bootFullJournalInstructions') ? await virtualBoard(image, { journalText: journalAtBudget() }) : null;
  try {
    const figures: BoardFigures = {};
    const bare = wanted('bootInstructions') || full ? await counted(empty, 'VT.run(0)', 'an empty Storage') : null;
    if (bare && wanted('bootInstructions')) {
      const booted = await counted(dir, 'VT.run(0)', 'boot');
      figures.bootInstructions = booted.instructions - bare.instructions - (booted.end.fired - bare.end.fired) * costs.firing;
    }
    if (bare && full) {
      const restored = await counted(full, 'VT.run(0)', 'boot with the journal at its budget');
      figures.bootFullJournalInstructions = restored.instructions - bare.instructions - (restored.end.fired - bare.end.fired) * costs.firing;
    }
    if (wanted('jsVarsAfterBoot')) figures.jsVarsAfterBoot = checked(await runVirtual(dir, 'VT.run(1500)'), 'JsVars after boot').end.usage - costs.jsVars;
    return figures;
  } finally {
    for (const d of [empty, dir, full]) if (d) fs.rmSync(d, { recursive: true, force: true });
  }
}

/** The module's "I am up, with a card" report (0x3F), as the console board's `dfplayer()` and a UART take it. */
const MODULE_ONLINE_BYTES = [0x7e, 0xff, 0x06, 0x3f, 0x00, 0x00, 0x02, 0xfe, 0xba, 0xef];

/**
 * The 400-move game as a script for `VT.play`: moves 80 ms apart, a chord pause and resume every 50 moves, the menu
 * twice for +2:00 to White, console calls every 100 moves, the log read in the menu, the record printed at the end.
 */
export function gameScript(board: string, moves: number): string {
  const hands = new Hands(500).tap('right', 40).wait(200);
  const calls: Array<{ atMs: number; code: string }> = [];
  for (let i = 0; i < moves; i++) {
    const button = i % 2 === 0 ? 'left' : 'right';
    hands.events.push({ atMs: hands.atMs, type: 'button', button: button, down: true });
    hands.events.push({ atMs: hands.atMs + 40, type: 'button', button: button, down: false });
    hands.atMs += 80;
    if (i % 50 === 49) hands.wait(200).both(600).wait(500).both(2150).wait(300);
    if (i % 100 === 99) {
      calls.push({ atMs: hands.atMs + 20, code: 'goclock.status();goclock.log(0,20);goclock.presets();' });
      hands.wait(100);
    }
    if (i === 199 || i === 349) hands.wait(200).both(4100).tap('left').tap('right').tap('right').wait(300);
  }
  hands.wait(200).both(4100);
  for (let i = 0; i < 10; i++) hands.tap('left');
  hands.tap('right');
  for (let i = 0; i < 20; i++) hands.tap('left');
  hands.tap('left', 1100).wait(300).tap('left', 1100).wait(300);
  hands.wait(1000);
  const online = board === 'console'
    ? 'dfplayer([' + MODULE_ONLINE_BYTES.join(',') + ']);'
    : 'Serial2.emit("data",String.fromCharCode(' + MODULE_ONLINE_BYTES.join(',') + '));';
  const steps: ScriptStep[] = [{ atMs: 100, code: online }];
  const edges = hands.events.map((e) => ({ atMs: e.atMs, button: e.button, down: e.down }) as ScriptStep);
  const merged = edges.concat(calls).sort((x, y) => x.atMs - y.atMs);
  steps.push(...merged);
  steps.push({ atMs: hands.atMs, code: 'goclock.record("sgf");' });
  steps.push({ atMs: hands.atMs + 10, code: 'var S=goclock.status().sides;print("@@"+"moves "+(S.black.moves+S.white.moves));' });
  return scriptText(steps);
}

/** Whether the game runs in a pool of `pool` JsVars; the problem when it does not. */
async function gameIn(dir: string, pool: number, moves: number, costs: ShimCosts): Promise<string | null> {
  // After the boot, ballast takes all of the 12,000 but `pool` (and the shim's own JsVars, which a board does not
  // hold), in flat strings of up to 500 blocks (the free list has gaps).
  const ballast =
    'var BALLAST=[];(function(){var m=process.memory(),want=m.total-' + pool + '-' + costs.jsVars + ';' +
    'for(var got=0,start=m.usage,k=0;want-got>4&&k<500;k++){var s=E.toFlatString(new Uint8Array(Math.min(500,want-got-4)*14));if(s)BALLAST.push(s);got=process.memory().usage-start;}})();';
  const run = await runVirtual(dir, 'VT.run(0);' + ballast + 'VT.play("vtgame")', { timeoutMs: 900000 });
  const failures = failureLines(run.output).filter((line) => !/Analog is not supported|No path defined for device/.test(line));
  if (failures.length) return failures.slice(0, 3).join(' | ');
  if (!run.end) return 'the game did not end';
  const flags = run.end.flags.split(',').filter((f) => f !== '' && f !== 'LOW_MEMORY');
  if (flags.length) return 'error flags: ' + flags.join(',');
  const m = /@@moves (\d+)/.exec(run.output);
  if (!m || Number(m[1]) !== moves) return 'the game ended with ' + (m ? m[1] : 'no') + ' moves instead of ' + moves;
  return null;
}

export const GAME_MOVES = 400;

/** A board ready for the game (its script in Storage). */
export async function gameBoard(board: string): Promise<string> {
  const image = await flashImage(board);
  return virtualBoard(image, { settingsText: settingsText(MAIN_CONTROL), scripts: { vtgame: gameScript(board, GAME_MOVES) } });
}

/** The game in a pool of exactly `pool` JsVars: null when it runs, else what went wrong. */
export async function gameInPool(board: string, pool: number): Promise<string | null> {
  const dir = await gameBoard(board);
  try {
    return await gameIn(dir, pool, GAME_MOVES, await shimCosts());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The resolution of the game's pool figure: `smallestPool` bisects to it (the true smallest is at most this much less). */
export const POOL_STEP = 25;

/** The smallest pool the game runs in, to `step` JsVars, between `low` (fails) and `high` (runs). */
export async function smallestPool(board: string, step: number, progress?: (text: string) => void): Promise<number> {
  const dir = await gameBoard(board);
  const costs = await shimCosts();
  try {
    let high = 12000 - costs.jsVars - 200;
    const top = await gameIn(dir, high, GAME_MOVES, costs);
    if (top !== null) throw new Error(board + ': the game does not run even in ' + high + ' JsVars: ' + top);
    let low = 1000;
    while (high - low > step) {
      const mid = Math.round((low + high) / 2);
      const problem = await gameIn(dir, mid, GAME_MOVES, costs);
      if (progress) progress(board + ': the game in ' + mid + ' JsVars: ' + (problem === null ? 'runs' : problem));
      if (problem === null) high = mid;
      else low = mid;
    }
    return high;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every figure but the pool for `board` (the pool is `smallestPool` or, for the gate, `gameInPool`), or only those
 * `only` names.
 */
export async function boardFigures(board: string, only?: Figure[]): Promise<BoardFigures> {
  const wanted = (f: Figure) => !only || only.indexOf(f) >= 0;
  const image = await flashImage(board);
  const costs = await shimCosts();
  // Each group is its own interpreter processes, on its own Storage: they run side by side (the counts do not
  // depend on what else runs), which halves the gate's time on two cores.
  const none = Promise.resolve(undefined);
  const measured = await Promise.all([
    bootFigures(image, costs, wanted),
    wanted('wakeMainInstructions') ? wakeFigure(image, MAIN_CONTROL, 10000, 40000, costs, 'wake-ups in main time') : none,
    wanted('wakeLast10sInstructions') ? wakeFigure(image, PERIOD_CONTROL, 11000, 19000, costs, 'wake-ups in the last 10 s') : none,
    wanted('pressInstructions') ? pressFigure(image, costs) : none,
  ]);
  const figures: BoardFigures = measured[0];
  if (measured[1] !== undefined) figures.wakeMainInstructions = measured[1];
  if (measured[2] !== undefined) figures.wakeLast10sInstructions = measured[2];
  if (measured[3] !== undefined) figures.pressInstructions = measured[3];
  figures.bootcdeBytes = image.bundleBytes;
  figures.codeBytes = image.bundleBytes + Object.values(image.partBytes).reduce((a, b) => a + b, 0);
  return figures;
}
