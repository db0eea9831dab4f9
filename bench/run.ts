/**
 * `npm run bench`: every figure of the issue "Measured and hardened" (item 1), measured in one run, printed as a
 * Markdown table on stdout (progress on stderr) and written with the machine, Node's version and the date to
 * reports/bench/results.json (ignored by git: a run leaves the tree as it found it). `--update` writes the committed
 * bench/results.json instead and rewrites the table in docs/performance.md from it (bench/docs-table.ts); `--docs`
 * only rewrites that table from the committed results, measuring nothing. Figures only: nothing here asserts
 * anything about timing. USAGE below lists the options.
 *
 * First the timing-sensitive measurements, alone in this process (core throughput, the 10-hour games), then the
 * rest in child processes, `--jobs` at a time (default: one per core): the exactness games in shards, the bundle
 * builds, the allocation counts (which need their own node flags); last, alone, the firmware on the real interpreter
 * (bench/espruino.ts: the board's budget figures on espruino-12k, beside their budgets; skipped, with a line saying so, when
 * the interpreter or valgrind is missing).
 */
import { spawn } from 'child_process';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stepThroughput, longGameRuns } from './throughput';
import { wakeUps } from './wakeups';
import { plusTwoMinutes } from './arbiter';
import { Delivery, describeGame, ExactnessResult, makeGame, mergeResults, setups, shrink } from './exactness';
import type { AllocFigures } from './alloc';
import type { BundleSize } from './bundle';
import { markdownTable, Row } from './table';
import { espruinoFigures, EspruinoFigures } from './espruino';
import { FIGURE_TEXT } from './board-figures';
import { COMMITTED_RESULTS, PERFORMANCE_DOC, TABLE_BEGIN, TABLE_END, updateDocsTable } from './docs-table';
import { printedHelp } from '../scripts/cli-help';

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_OUT = path.join(ROOT, 'reports', 'bench', 'results.json');

const USAGE = `usage: npm run bench -- [options]   (about 11 minutes on two cores; progress on stderr, the table on stdout)
  --games N       random games for the exactness figures (default 10000)
  --race-games N  games for the variant with edges racing the timer (default: as --games)
  --jobs N        child processes at a time (default: one per core)
  --seed S        the games' seed (default 20261129)
  --out FILE      where the results go (default reports/bench/results.json, ignored by git)
  --update        write the committed bench/results.json and rewrite the table in docs/performance.md
                  (between ${TABLE_BEGIN} and ${TABLE_END}) from it
  --docs          measure nothing: rewrite docs/performance.md's table from the committed bench/results.json
  --help, -h      this text`;

if (printedHelp(process.argv.slice(2), USAGE)) process.exit(0);

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf('--' + name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const UPDATE = process.argv.indexOf('--update') >= 0;
const DOCS_ONLY = process.argv.indexOf('--docs') >= 0;

const GAMES = Number(option('games', '10000'));
/** The race variant: the same games again, some edges handled late after a timer (as many games as above). */
const RACE_GAMES = Number(option('race-games', String(GAMES)));
const SEED = Number(option('seed', '20261129'));
const JOBS = Math.max(1, Number(option('jobs', String(os.cpus().length))));
const OUT = UPDATE ? COMMITTED_RESULTS : path.resolve(option('out', DEFAULT_OUT));

const started = Date.now();
const LOAD_AT_START = Math.round(os.loadavg()[0] * 100) / 100;
function progress(text: string): void {
  process.stderr.write('[' + ((Date.now() - started) / 1000).toFixed(0).padStart(4) + ' s] ' + text + '\n');
}

interface Job {
  name: string;
  task: string;
  args: object;
  nodeFlags: string[];
}

function runChild(job: Job): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, job.nodeFlags.concat(['--import', 'tsx', path.join(__dirname, 'child.ts'), job.task, JSON.stringify(job.args)]), {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => {
      err += d;
      const lines = err.split('\n');
      err = lines.pop() as string;
      for (const line of lines) if (line.trim() && !/disabling flag --expose_wasm/.test(line)) progress('  ' + job.name + ': ' + line);
    });
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(job.name + ' failed (exit ' + code + ')' + (err ? ': ' + err : '')));
      const lines = out.trim().split('\n');
      resolve(JSON.parse(lines[lines.length - 1]));
    });
  });
}

async function pool(jobs: Job[], size: number): Promise<Map<string, unknown>> {
  const results = new Map<string, unknown>();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const t0 = Date.now();
      progress('start ' + job.name);
      results.set(job.name, await runChild(job));
      progress('done  ' + job.name + ' (' + ((Date.now() - t0) / 1000).toFixed(0) + ' s)');
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, jobs.length) }, worker));
  return results;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch (e) {
    return null;
  }
}

const VARIANTS: { [name: string]: Delivery } = {
  stalls: { lateAndStalls: true, raceMs: 0 },
  race: { lateAndStalls: true, raceMs: 20 },
};

async function main(): Promise<void> {
  const cpus = os.cpus();
  progress('goclock bench: ' + GAMES + ' games (and ' + RACE_GAMES + ' racing), ' + JOBS + ' jobs, node ' + process.version + ', ' + cpus.length + ' x ' + (cpus[0] ? cpus[0].model : '?'));

  const commit = git(['rev-parse', 'HEAD']);
  // Tracked sources the figures depend on, changed since that commit (untracked files do not count).
  const dirty = git(['status', '--porcelain', '--untracked-files=no', '--', 'firmware', 'hal', 'boards', 'sim', 'scripts', 'test/properties']);

  progress('core step throughput (alone in this process)');
  const throughput = stepThroughput();
  progress('10-hour games, fast-forwarded through the core');
  const longGames = longGameRuns();
  progress('wake-ups per minute (virtual HAL)');
  const wake = wakeUps();
  progress('the arbiter\'s +2:00 (runScenario with Hands)');
  const arbiter = { white: plusTwoMinutes('white'), black: plusTwoMinutes('black') };

  const jobs: Job[] = [{ name: 'bundles', task: 'bundle', args: {}, nodeFlags: [] }];
  const gamesOf = (variant: string) => (variant === 'race' ? RACE_GAMES : GAMES);
  for (const variant of Object.keys(VARIANTS)) {
    const games = gamesOf(variant);
    const shards = Math.max(2, Math.ceil(games / 1000));
    for (let i = 0; i < shards; i++) {
      const from = Math.floor((games * i) / shards);
      const to = Math.floor((games * (i + 1)) / shards);
      jobs.push({ name: 'exactness ' + variant + ' ' + from + '-' + (to - 1), task: 'exactness', args: { seed: SEED, from, to, total: games, delivery: VARIANTS[variant] }, nodeFlags: [] });
    }
  }
  const allocFlags = ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128'];
  for (const jit of [false, true]) {
    for (const kind of ['main', 'tenths']) {
      jobs.push({ name: 'alloc ' + kind + (jit ? ' jit' : ' jitless'), task: 'alloc', args: { kind }, nodeFlags: jit ? allocFlags : ['--jitless'].concat(allocFlags) });
    }
  }
  const done = await pool(jobs, JOBS);

  const exactness: { [variant: string]: ExactnessResult & { reproductions?: unknown } } = {};
  for (const variant of Object.keys(VARIANTS)) {
    const parts = jobs.filter((j) => j.name.startsWith('exactness ' + variant + ' ')).map((j) => done.get(j.name) as ExactnessResult);
    exactness[variant] = mergeResults(parts);
    // The smallest differing game, shrunk: one where only milliseconds differ, and one whose outcome changed.
    const all = setups(SEED, gamesOf(variant));
    const reproductions: { [kind: string]: unknown } = {};
    for (const outcome of [false, true]) {
      const pick = exactness[variant].worst.find((w) => (w.d.structural.length > 0) === outcome);
      if (!pick) continue;
      progress('shrinking game ' + pick.index + ' of "' + variant + '" (' + (outcome ? 'outcome changed' : 'milliseconds off') + ')');
      const game = shrink(makeGame(pick.index, all[pick.index], SEED, VARIANTS[variant]), VARIANTS[variant], outcome);
      reproductions[outcome ? 'outcomeChanged' : 'millisecondsOff'] = Object.assign({ game: pick.index }, describeGame(game, VARIANTS[variant]));
    }
    if (Object.keys(reproductions).length) exactness[variant].reproductions = reproductions;
  }
  const alloc = {
    jitless: { main: done.get('alloc main jitless') as AllocFigures, tenths: done.get('alloc tenths jitless') as AllocFigures },
    jit: { main: done.get('alloc main jit') as AllocFigures, tenths: done.get('alloc tenths jit') as AllocFigures },
  };
  const bundles = done.get('bundles') as BundleSize[];

  // Last: the real interpreter on virtual time, under callgrind (its counts do not depend on the load).
  progress('the firmware on the real interpreter (espruino-12k, callgrind)');
  const espruino = await espruinoFigures((text) => progress('  ' + text));
  if ('skipped' in espruino) progress('  SKIPPED, no Espruino figures: ' + espruino.skipped);

  const figures = { throughput, longGames, exactness, wakeUps: wake, allocation: alloc, bundles, arbiter, espruino };
  const rows: Row[] = tableRows(figures);
  const table = markdownTable(rows);
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    machine: {
      cpu: cpus[0] ? cpus[0].model : null,
      cores: cpus.length,
      memoryGB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      platform: os.platform(),
      arch: os.arch(),
      release: os.release(),
      /** 1-minute load averages when the run began and ended (other work on the machine slows the timings). */
      loadAverage: { start: LOAD_AT_START, end: Math.round(os.loadavg()[0] * 100) / 100 },
    },
    git: { commit, sourcesModified: dirty === null ? null : dirty.length > 0 },
    command: ['node'].concat(process.execArgv, ['bench/run.ts'], process.argv.slice(2)).join(' '),
    seed: SEED,
    games: { stalls: GAMES, race: RACE_GAMES },
    jobs: JOBS,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    table: rows,
    figures,
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(results, null, 2) + '\n');
  for (const variant of Object.keys(exactness)) {
    type Shown = { control: unknown; inputs: unknown[]; device: unknown; truth: unknown; difference: unknown };
    const r = (exactness[variant].reproductions || {}) as { [kind: string]: Shown };
    for (const kind of Object.keys(r)) {
      const x = r[kind];
      progress('exactness "' + variant + '": smallest game, ' + kind + ': ' + JSON.stringify({ control: x.control, inputs: x.inputs, device: x.device, truth: x.truth, difference: x.difference }));
    }
  }
  progress('wrote ' + path.relative(process.cwd(), OUT) + ' (' + results.seconds + ' s in all)');
  process.stdout.write(table + '\n');
  if (UPDATE) docsTable();
}

/** `--update`, `--docs`: the table in docs/performance.md from the committed results, or a loud line why not. */
function docsTable(): void {
  try {
    progress(updateDocsTable(COMMITTED_RESULTS, PERFORMANCE_DOC));
  } catch (e) {
    progress('NOT UPDATED: ' + (e as Error).message);
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------- the table

type Figures = {
  throughput: ReturnType<typeof stepThroughput>;
  longGames: ReturnType<typeof longGameRuns>;
  exactness: { [variant: string]: ExactnessResult };
  wakeUps: ReturnType<typeof wakeUps>;
  allocation: { jitless: { main: AllocFigures; tenths: AllocFigures }; jit: { main: AllocFigures; tenths: AllocFigures } };
  bundles: BundleSize[];
  arbiter: { white: ReturnType<typeof plusTwoMinutes>; black: ReturnType<typeof plusTwoMinutes> };
  espruino: EspruinoFigures | { skipped: string };
};

function n(x: number, digits = 0): string {
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function describeControl(c: { system: string; [k: string]: unknown }): string {
  const min = (ms: unknown) => (Number(ms) >= 3600000 && Number(ms) % 3600000 === 0 ? Number(ms) / 3600000 + ' h' : Number(ms) / 60000 + ' min');
  switch (c.system) {
    case 'absolute':
    case 'hourglass':
      return min(c.mainMs);
    case 'byoyomi':
      return min(c.mainMs) + ' + ' + c.periods + '×' + Number(c.periodMs) / 1000 + ' s';
    case 'canadian':
      return min(c.mainMs) + ' + ' + c.moves + '/' + min(c.periodMs);
    case 'fischer':
      return min(c.mainMs) + ' + ' + Number(c.incrementMs) / 1000 + ' s';
    case 'bronstein':
    case 'delay':
      return min(c.mainMs) + ' + ' + Number(c.delayMs) / 1000 + ' s';
    default:
      return (c.stages as { moves: number; ms: number }[]).map((s) => s.moves + '/' + min(s.ms)).join(', then ');
  }
}

function tableRows(f: Figures): Row[] {
  const rows: Row[] = [];
  const t = f.throughput;
  const pct = (k: number) => n((100 * k) / t.events, 1) + ' %';
  rows.push({
    metric: 'core `step` throughput',
    value: n(t.eventsPerSecond),
    unit: 'events/s',
    how: `one core; the eight 10-h games below with a tick at every instant the device wakes for the core (its next deadline), the presses, a pause and resume every 50 moves: ${n(t.events)} events (ticks ${pct(t.mix.ticks)}, presses ${pct(t.mix.presses)}, pauses/resumes ${pct(t.mix.pauses + t.mix.resumes)}), median of ${t.passes} timed passes after a warm-up (${n(t.range[0])}–${n(t.range[1])}; ${n(t.nsPerEvent)} ns/event)`,
  });
  for (const g of f.longGames) {
    rows.push({
      metric: `10-h game, ${g.system} (${describeControl(g.control as never)})`,
      value: n(g.fastForwardMs, 2),
      unit: 'ms',
      how: `${g.moves} moves over ${n(g.hours, 1)} h${g.overtime ? ' (into overtime)' : ''}, no flag, fast-forwarded: the start and 400 presses fed to \`step\` (the core runs every count and period itself); median of ${g.runs}; with the device's ${n(g.wakeTicks)} wake ticks: ${n(g.withWakeTicksMs, 0)} ms`,
    });
  }
  const a = f.exactness.stalls;
  const model = `${n(a.games)} random games (seeded; the 8 systems, time odds, options; taps, quick overlapping replies, chord pauses and resumes, corrections) through the whole device on the virtual HAL; truth: the reference model fed the exact instants (the pure core agrees in ${n(a.games - a.coreVsModel)}/${n(a.games)})`;
  rows.push({
    metric: 'exactness: max \\|charged − true running time\\|',
    value: n(a.maxChargeMs),
    unit: 'ms',
    how: `${model}; timers 0–500 ms late, ${n(a.stalls)} stalls of up to 2 s (timers due in them fire after them; ${n(a.lateEdges)} edges made in them delivered at their end, before those timers, as Espruino's idle loop does); every move's turn time and both sides' time left at the end; ${n(a.moves)} moves, games differing: ${n(a.gamesDiffering)}`,
  });
  rows.push({
    metric: 'exactness: max \\|flag recorded − true instant\\|',
    value: n(a.maxFlagMs),
    unit: 'ms',
    how: `same games, ${n(a.flags)} flags`,
  });
  const b = f.exactness.race;
  rows.push({
    metric: 'exactness, edges racing the timer: max press charged late',
    value: n(b.maxPressMsUnchanged),
    unit: 'ms',
    how: `${n(b.games)} games made the same way (the same seeds), where also 30 % of edges (${n(b.lateEdges)}) handled 1–20 ms late *after* a timer that fell due meanwhile (an order the stalls above never produce); each press's recorded instant against its true one, over the games whose outcome did not change; ${n(b.gamesDiffering)} games differ, ${n(b.outcomeChanged)} in outcome (a press made just before a flag lost to it, or a flag at another instant: up to ${n(b.maxChargeMs)} ms charged, ${n(b.maxFlagMs)} ms flag)`,
  });
  const w = f.wakeUps;
  rows.push({ metric: 'wake-ups in main time', value: n(w.mainPerMinute), unit: 'per minute', how: `virtual HAL's \`wakeUps\`, timer on time, watchdog 5 s; ${describeControl(w.control as never)}, 10 minutes of main time` });
  rows.push({ metric: 'wake-ups in the last 10 s of a period', value: n(w.last10sPerMinute), unit: 'per minute', how: `${w.last10s} in the last 10 s of a 30 s byo-yomi period (tenths shown), × 6; a whole period averages ${n(w.periodPerMinute)}/min` });
  const al = f.allocation;
  for (const kind of ['main', 'tenths'] as const) {
    const j = al.jitless[kind];
    const o = al.jit[kind];
    const where = kind === 'main' ? 'in main time' : 'in the last 10 s of a period';
    rows.push({
      metric: `allocated per wake-up ${where}`,
      value: n(j.bytesPerWakeUp),
      unit: 'bytes',
      how: `host V8 \`--jitless\` (an interpreter like Espruino), lean HAL; young-generation growth between forced GCs with a 128 MB young generation (no GC in the ${j.windows} windows, ${n(j.wakeUps)} wake-ups); sampling heap profiler agrees: ${n(j.sampledBytesPerWakeUp)} B; with the JIT: ${n(o.bytesPerWakeUp)} B`,
    });
    rows.push({
      metric: `objects allocated per wake-up ${where}`,
      value: n(j.objectsPerWakeUp),
      unit: 'objects',
      how: `V8's sampling heap profiler at a 1-byte interval (every allocation sampled), \`--jitless\`; with the JIT: ${n(o.objectsPerWakeUp)}; most from ${j.topFunctions.slice(0, 3).map((x) => x.name.replace(/ \((firmware|bench)\/.*\)$/, '') + ' ' + n(x.objectsPerWakeUp)).join(', ')}`,
    });
  }
  for (const bundle of f.bundles) {
    rows.push({ metric: `bundle dist/${bundle.board}.js, minified`, value: n(bundle.bytes), unit: 'bytes', how: `scripts/bundle-config.cjs buildBundle into a temporary directory (${n(bundle.rawBytes)} bytes before terser, ${bundle.modules} modules)` });
    rows.push({ metric: `bundle dist/${bundle.board}.js, gzipped`, value: n(bundle.gzipBytes), unit: 'bytes', how: 'the minified file, gzip level 9' });
  }
  for (const side of ['white', 'black'] as const) {
    const c = f.arbiter[side];
    rows.push({
      metric: `arbiter: +2:00 to ${side === 'white' ? 'White' : 'Black'} from a running game`,
      value: c.actionCount + ' / ' + n(c.seconds, 1),
      unit: 'actions / s',
      how: `${c.actions.join(', ')}, at 300 ms per action (a hold counts its length), played through runScenario with Hands; ${c.applied ? 'applied once, game running again' : 'NOT APPLIED'}`,
    });
  }
  espruinoRows(f.espruino, rows);
  return rows;
}

/** The real interpreter's figures (bench/espruino.ts), each beside its budget, or one row saying why there are none. */
function espruinoRows(e: EspruinoFigures | { skipped: string }, rows: Row[]): void {
  if ('skipped' in e) {
    rows.push({ metric: 'Espruino figures', value: 'not measured', unit: '', how: e.skipped });
    return;
  }
  for (const v of e.verdicts) {
    const instructions = /Instructions$/.test(v.figure);
    const status = v.status === 'over' ? 'OVER budget' : v.status === 'loose' ? 'more than 10 % under: lower the budget to ' + n(v.lowerTo as number) : 'within budget';
    rows.push({
      metric: 'Espruino: ' + v.board + ': ' + FIGURE_TEXT[v.figure],
      value: instructions ? n(v.measured / 1e6, 2) : n(v.measured),
      unit: instructions ? 'M instructions' : /Bytes$/.test(v.figure) ? 'bytes' : 'JsVars',
      how: 'budget ' + (instructions ? n(v.budget / 1e6, 2) + ' M' : n(v.budget)) + ': ' + status + '; target ' + (instructions ? n((v.target as number) / 1e6, 2) + ' M' : n(v.target as number)) + (v.measured <= (v.target as number) ? ': met' : ': not yet') + ' (bench/board-figures.ts; ' + e.interpreter + ', booted from Storage, virtual time' + (instructions ? ', callgrind' : '') + ')',
    });
  }
}

/** What is wrong with the command line (an unknown option would otherwise cost an 11-minute run), or null. */
function argumentProblem(argv: string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (['--games', '--race-games', '--jobs', '--seed', '--out'].indexOf(arg) >= 0) {
      if (i + 1 >= argv.length) return arg + ' needs a value';
      i++;
    } else if (arg !== '--update' && arg !== '--docs') return 'unknown option ' + JSON.stringify(arg.slice(0, 40));
  }
  if (UPDATE && argv.indexOf('--out') >= 0) return '--update writes bench/results.json: leave out --out';
  if (DOCS_ONLY && argv.some((a) => a !== '--docs')) return '--docs measures nothing and takes no other option';
  return null;
}

const problem = argumentProblem(process.argv.slice(2));
if (problem !== null) {
  process.stderr.write('goclock bench: ' + problem + '\n' + USAGE + '\n');
  process.exit(2);
}

(async () => {
  if (DOCS_ONLY) docsTable();
  else await main();
})().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error) + '\n');
  process.exit(1);
});
