/**
 * The real interpreter on virtual time: a board booted from Storage as `npm run flash` leaves it, whose clock,
 * timers and button interrupts are driven by a script instead of the wall clock, so that a run does exactly the same
 * work whatever the machine is doing. That is what lets callgrind's instruction counts and the JsVars a game needs be
 * gated on (bench/budgets.json, test/budget/): the same run gives the same count, to the instruction.
 *
 * How: Espruino runs the Storage files `.boot0` … `.boot3` before `.bootcde` at every boot. The test's `.boot0`
 * (VIRTUAL_TIME, below; never part of a bundle) defines `getTime`, `setTimeout`, `clearTimeout`, `setWatch` and
 * `analogRead` as globals of its own before the firmware boots, and a global root variable comes before the
 * interpreter's built-in of the same name, so the firmware's HAL (hal/espruino/env.ts) takes them as it takes the real
 * ones. Time then stands still until the script moves it: `VT.run(ms)` fires every timer due up to that instant, in
 * order of their instants (equal ones in the order they were set), with the clock at each one's instant; `VT.edge`
 * is a button edge at the current instant, through the console board's `button()` or the ESP32 boards' pin watches
 * (active low, as the boards are wired). The script runs as the interpreter's `-e` code, after the boot and before
 * the interpreter's own idle loop ever runs, so no wall-clock time enters the run. Long scripts are played from a
 * Storage file of their own (`VT.play`), a line at a time, so that they take no RAM.
 *
 * What it costs: the shim's timers are JavaScript, about 0.2 M host instructions per firing where Espruino's own are
 * native; `shimCosts` measures that on an empty Storage so that the figures can leave it out (bench/board-figures.ts).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FlashImage, freshBoard } from './flash-image';
import { failureLines, Interpreter, Pool } from './interpreter';
import { jsString, PrintingBoard, transcriptOf } from './console-board';

/** The Storage file Espruino runs first at boot, before `.bootcde`. */
export const VIRTUAL_TIME_FILE = '.boot0';

/**
 * The shim, as stored in `.boot0`. Kept small and flat: it is interpreted on every firing. `VT.q` holds the pending
 * timers as `{i: id, a: instant ms, f: callback}`; `VT.w` the watch callbacks in the order they were set (the ESP32
 * boards watch the left button first). `VT.fired` counts firings, `VT.edges` edges.
 */
export const VIRTUAL_TIME = [
  'var VT={t:0,n:0,q:[],w:[],fired:0,edges:0};',
  'var getTime=function(){return VT.t/1000;};',
  'var setTimeout=function(f,ms){VT.n++;VT.q.push({i:VT.n,a:VT.t+(ms>0?Math.round(ms):0),f:f});return VT.n;};',
  'var clearTimeout=function(id){var q=VT.q;for(var i=0;i<q.length;i++)if(q[i].i===id){q.splice(i,1);return;}};',
  'var setWatch=function(f){VT.w.push(f);return VT.w.length;};',
  // The battery's divider at 3.9 V on a 3.3 V, 11 dB ADC: the host build has no ADC (it prints an error instead).
  'var analogRead=function(){return 0.59;};',
  'VT.run=function(u){var q=VT.q;while(q.length){var b=0;for(var i=1;i<q.length;i++)if(q[i].a<q[b].a)b=i;var e=q[b];if(e.a>u)break;q.splice(b,1);if(e.a>VT.t)VT.t=e.a;VT.fired++;e.f();}if(u>VT.t)VT.t=u;};',
  'VT.edge=function(n,d){VT.edges++;if(typeof button==="function")button(n,d);else VT.w[n==="left"?0:1]({state:!d,time:VT.t/1000});};',
  // Code of a script line runs in a function of its own: its variables are not the player's.
  'VT.x=function(c){eval(c);};',
  // A script file: lines "<atMs> L|R 1|0" (an edge) or "<atMs> X <code>" (code run at that instant), read 96 chars at a time.
  'VT.play=function(f){var S=require("Storage"),o=0;for(;;){var s=S.read(f,o,96);if(!s)return;var n=s.indexOf("\\n");if(n<0)return;o+=n+1;' +
    'var a=s.indexOf(" "),at=+s.substr(0,a),op=s.charAt(a+1);VT.run(at);if(op==="X")VT.x(s.substring(a+3,n));else VT.edge(op==="L"?"left":"right",s.charAt(a+3)==="1");}};',
].join('\n');

/** What a played script does: an edge of a button, or code evaluated at an instant. */
export type ScriptStep = { atMs: number; button: 'left' | 'right'; down: boolean } | { atMs: number; code: string };

/** A script as `VT.play` reads it (see VIRTUAL_TIME). Throws on a line too long for its reader or out of order. */
export function scriptText(steps: ScriptStep[]): string {
  let last = 0;
  let text = '';
  for (const step of steps) {
    if (step.atMs < last || !Number.isInteger(step.atMs)) throw new Error('script steps must be in time order, in whole ms: ' + JSON.stringify(step));
    last = step.atMs;
    const line = 'code' in step ? step.atMs + ' X ' + step.code : step.atMs + ' ' + (step.button === 'left' ? 'L' : 'R') + ' ' + (step.down ? 1 : 0);
    if (line.length > 90 || line.indexOf('\n') >= 0) throw new Error('a script line must be one line of at most 90 characters: ' + line);
    text += line + '\n';
  }
  return text;
}

export interface VirtualBoardOptions {
  /** Settings stored before the boot, as the menu saves them (JSON). */
  settingsText?: string;
  /** A journal (the file's text) stored before the boot. */
  journalText?: string;
  /** Scripts for `VT.play`, by Storage name. */
  scripts?: { [name: string]: string };
  /** Leave the shim out (a boot on real time, for the JsVars a flashed board holds). */
  realTime?: boolean;
}

/** How much of a file one statement of the preparing script writes (a piece at a time: the script is parsed in RAM). */
const PIECE = 512;

function fileStatements(name: string, text: string): string[] {
  const lines = ['require("Storage").erase(' + JSON.stringify(name) + ');'];
  if (text.length === 0) return lines;
  // Storage.write(name, data, offset, size): the first piece sets the file's size, the others fill it in.
  for (let at = 0; at < text.length; at += PIECE) {
    const piece = jsString(text.slice(at, at + PIECE));
    lines.push('require("Storage").write(' + JSON.stringify(name) + ',' + piece + ',' + at + (at === 0 ? ',' + text.length : '') + ');');
  }
  return lines;
}

/**
 * A fresh folder holding `image`'s Storage (or an empty one, for `image` null), with the shim and what `options`
 * ask for written into it by the interpreter itself.
 */
export async function virtualBoard(image: FlashImage | null, options?: VirtualBoardOptions): Promise<string> {
  const o = options || {};
  const dir = image ? freshBoard(image) : fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-board-'));
  const statements: string[] = [];
  if (!o.realTime) statements.push(...fileStatements(VIRTUAL_TIME_FILE, VIRTUAL_TIME));
  if (o.settingsText !== undefined) statements.push(...fileStatements('gcsettings', o.settingsText));
  if (o.journalText !== undefined) {
    statements.push('require("Storage").open("gcjrnl","r").erase();require("Storage").open("gcjrn2","r").erase();require("Storage").erase("gcboot");');
    const lines = ['var journalFile=require("Storage").open("gcjrnl","a");'];
    for (let at = 0; at < o.journalText.length; at += PIECE) lines.push('journalFile.write(' + jsString(o.journalText.slice(at, at + PIECE)) + ');');
    statements.push(...lines);
  }
  for (const name of Object.keys(o.scripts || {})) statements.push(...fileStatements(name, (o.scripts as { [name: string]: string })[name]));
  if (statements.length === 0) return dir;
  // Written by a script run from a file: in that mode the interpreter does not boot `.bootcde`, so the firmware
  // neither runs nor writes anything while its Storage is prepared, and every preparation lays the files out alike.
  const script = path.join(dir, 'prepare.js');
  fs.writeFileSync(script, statements.join('\n') + '\nprint("@@"+"prepared "+require("Storage").getFree());\n', 'latin1');
  // The build whose pool grows: the script is read whole, and a crafted journal may be longer than a board's RAM.
  const prepare = new Interpreter({ dir: dir, pool: 'espruino', args: [script] });
  let output = '';
  try {
    await prepare.waitForText('@@prepared', 60000);
  } finally {
    output = await prepare.stop();
    fs.rmSync(script, { force: true });
  }
  const bad = failureLines(output);
  if (bad.length) throw new Error('preparing the board failed: ' + bad.join(' | '));
  return dir;
}

export interface VirtualRun {
  /** Everything printed, cleaned. */
  output: string;
  /** callgrind's total for the whole process, when counted. */
  instructions: number | null;
  /** What the script's end reported: timers fired, edges made, the virtual instant, `process.memory()`. */
  end: { fired: number; edges: number; t: number; usage: number; free: number; total: number; flags: string } | null;
}

const VALGRIND = ['valgrind', '--tool=callgrind', '--callgrind-out-file=/dev/null'];
const END = '@@' + 'vt-end@@';

/**
 * Boots a copy of the board in `dir` (its Storage is left as it was) and runs `code` as the interpreter's `-e` code,
 * then reports; under callgrind with `count`. `code` is JavaScript run on the interpreter: `VT.run(ms)`,
 * `VT.edge("left", true)`, `VT.play("file")`, anything else.
 */
export async function runVirtual(dir: string, code: string, options?: { count?: boolean; pool?: Pool; timeoutMs?: number }): Promise<VirtualRun> {
  const o = options || {};
  const work = fs.mkdtempSync(dir + '-run-');
  if (fs.existsSync(path.join(dir, 'espruino.flash'))) fs.copyFileSync(path.join(dir, 'espruino.flash'), path.join(work, 'espruino.flash'));
  // The report is built in the interpreter (the marker is never typed as it is printed), in one print.
  const report =
    'print("@@"+"vt-end@@"+JSON.stringify({fired:typeof VT==="object"?VT.fired:0,edges:typeof VT==="object"?VT.edges:0,' +
    't:typeof VT==="object"?VT.t:0,usage:process.memory().usage,free:process.memory().free,total:process.memory().total,' +
    'flags:E.getErrorFlags().join(",")}));';
  const interpreter = new Interpreter({ dir: work, pool: o.pool, args: ['-e', code + ';' + report], wrapper: o.count ? VALGRIND : undefined });
  try {
    const timeoutMs = o.timeoutMs || 600000;
    let ended = true;
    await interpreter.waitFor((out) => out.indexOf(END) >= 0 && out.indexOf('\n', out.indexOf(END)) >= 0, timeoutMs, 'the script to end').catch(() => {
      ended = false;
    });
    const output = await interpreter.stop(o.count ? 300000 : 10000);
    const at = output.indexOf(END);
    const end = ended && at >= 0 ? JSON.parse(output.slice(at + END.length, output.indexOf('\n', at))) : null;
    const counted = /Collected : (\d+)/.exec(output);
    return { output: output, instructions: counted ? Number(counted[1]) : null, end: end };
  } finally {
    interpreter.kill();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A Hands' edges as script steps, each `startMs` after the instant 0 of the virtual clock (the board's boot). */
export function handsSteps(hands: { events: Array<{ atMs: number; button: 'left' | 'right'; down: boolean }> }, startMs: number): ScriptStep[] {
  return hands.events.map((e) => ({ atMs: startMs + e.atMs, button: e.button, down: e.down }) as ScriptStep);
}

/** The Storage name `playVirtual` stores its script under. */
export const HANDS_SCRIPT = 'vthands';

/**
 * Plays `steps` on a board prepared by `virtualBoard` (the hands' script stored as HANDS_SCRIPT, played by `VT.play`),
 * then runs the virtual clock on to `untilMs`; the same run on any machine, however busy. Returns the run.
 */
export async function playVirtual(image: FlashImage, steps: ScriptStep[], untilMs: number, options?: VirtualBoardOptions & { timeoutMs?: number }): Promise<VirtualRun> {
  const o = options || {};
  const scripts = Object.assign({}, o.scripts || {});
  scripts[HANDS_SCRIPT] = scriptText(steps);
  const dir = await virtualBoard(image, Object.assign({}, o, { scripts: scripts }));
  try {
    return await runVirtual(dir, 'VT.run(0);VT.play(' + JSON.stringify(HANDS_SCRIPT) + ');VT.run(' + untilMs + ')', { timeoutMs: o.timeoutMs });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The console board on virtual time, live: what `ConsoleBoard` (console-board.ts) does on the interpreter's own time,
 * with the clock standing still between the test's calls. `play` moves it through the hands' edges, `wait` on;
 * `evaluate` and `send` run at the instant it stands at; `reboot` is a power cut at that instant (the interpreter
 * is idle at its prompt, nothing is half done) and a boot from the same Storage. Each boot stands one second, as a
 * board that has been up a moment when the hands begin (the V8 twins of test/espruino/twin.ts assume the same).
 */
export class VirtualConsoleBoard extends PrintingBoard {
  protected interpreter: Interpreter;
  private marks = 0;

  private constructor(readonly dir: string, readonly pool: Pool | undefined) {
    super();
    this.interpreter = VirtualConsoleBoard.boot(dir, pool);
  }

  // A real interval (the shim leaves setInterval alone, the firmware does not use it) keeps the host build at its
  // prompt; the virtual clock then runs to 1 s.
  private static boot(dir: string, pool: Pool | undefined): Interpreter {
    return new Interpreter({ dir: dir, pool: pool, args: ['-e', 'setInterval(function(){},2147483647);VT.run(1000);'] });
  }

  /** A fresh board: the flashed image with the given Storage contents (see `virtualBoard`), booted, up for 1 s. */
  static async start(image: FlashImage, options?: VirtualBoardOptions & { pool?: Pool }): Promise<VirtualConsoleBoard> {
    const o = options || {};
    const dir = await virtualBoard(image, o);
    const board = new VirtualConsoleBoard(dir, o.pool);
    await board.ready();
    return board;
  }

  private async ready(): Promise<void> {
    await this.interpreter.evaluate('VT.t', 60000);
  }

  /**
   * Plays the hands' edges, each at its instant from the virtual clock's now, and runs on to their end; resolves
   * with the transcript of the whole run up to that instant.
   */
  async play(hands: { atMs: number; events: Array<{ atMs: number; button: 'left' | 'right'; down: boolean }> }, timeoutMs?: number): Promise<string[]> {
    const marker = '@@vt-hands-' + ++this.marks + '@@';
    const edges = hands.events.map((e) => '[' + e.atMs + ',"' + e.button + '",' + (e.down ? 1 : 0) + ']').join(',');
    this.interpreter.send(
      '(function(){var s=VT.t;[' + edges + '].forEach(function(e){VT.run(s+e[0]);VT.edge(e[1],!!e[2]);});VT.run(s+' + hands.atMs + ');})();' +
        Interpreter.printMarker(marker),
    );
    await this.interpreter.waitForText(marker, timeoutMs || 60000);
    const out = this.output();
    return transcriptOf(out.slice(0, out.lastIndexOf(marker)));
  }

  /** Runs the virtual clock `ms` on. */
  async wait(ms: number): Promise<string[]> {
    return this.play({ atMs: ms, events: [] });
  }

  /** Types one line into the REPL, run at the virtual clock's now. */
  send(line: string): void {
    this.interpreter.send(line);
  }

  evaluate(expression: string): Promise<string> {
    return this.interpreter.evaluate(expression);
  }

  memory(): Promise<{ usage: number; free: number; total: number }> {
    return this.interpreter.memory();
  }

  /** A power cut at the virtual clock's now and a boot from the same Storage, up for 1 s again. */
  async reboot(): Promise<void> {
    this.interpreter.kill();
    await this.interpreter.exited;
    this.earlier += this.interpreter.output() + '\n';
    this.interpreter = VirtualConsoleBoard.boot(this.dir, this.pool);
    await this.ready();
  }

  /** Ends the run (`quit()`), removes the board's folder, and returns everything printed. */
  async stop(): Promise<string> {
    await this.interpreter.stop();
    const out = this.output();
    fs.rmSync(this.dir, { recursive: true, force: true });
    return out;
  }
}
