/**
 * Where a press or a wake-up goes on the real interpreter, function by function. Espruino reads a function's whole
 * text at every call (about 350 host instructions a character, taken branches or not, and about 20 k a call), so
 * what a run costs is mostly which functions it calls, how often, and how long their text is. This tool counts it:
 * every function of the board's bundle gets a counter at its entry (`__P[i]++`, acorn on the minified bundle), the
 * counted bundle is flashed as `.bootcde` beside the board's parts, and two scripts are run on virtual time, one with
 * what is measured and one without (as bench/board-figures.ts does); the difference in calls, per press or per
 * wake-up, times the function's length, says where the text read goes. Estimates only (the figures are callgrind's).
 *
 *   npx tsx bench/call-map.ts console press        (after npm run build: dist/<board>.js and its .map)
 *   npx tsx bench/call-map.ts esp32-oled wake      (main time)   …  wake10 (the last 10 s of a period)
 *   npx tsx bench/call-map.ts esp32-lcd1602 boot   (the boot's work from its first timer on, empty Storage)
 *   npx tsx bench/call-map.ts console press --cold (text read but not run: see `instrumentRegions`)
 */
import * as fs from 'fs';
import * as path from 'path';
import * as acorn from 'acorn';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import MagicString from 'magic-string';
import { flashImage, partFilesIn, writeFlash, FlashImage } from '../sim/espruino/flash-image';
import { runVirtual, virtualBoard } from '../sim/espruino/virtual-time';
import { MAIN_CONTROL, PERIOD_CONTROL, pressLoop, settingsText, START } from './board-figures';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { tokenise } = require('../scripts/pretokenise.cjs') as { tokenise(code: string): string };

type Node = acorn.Node & { [key: string]: any };

interface Fn {
  start: number;
  end: number;
  where: string;
}

function walk(node: Node, visit: (n: Node, parent: Node | null) => void, parent: Node | null): void {
  visit(node, parent);
  for (const key of Object.keys(node)) {
    const v = node[key];
    if (Array.isArray(v)) for (const c of v) if (c && typeof c.type === 'string') walk(c, visit, node);
    if (v && typeof v.type === 'string' && key !== 'loc') walk(v, visit, node);
  }
}

function instrument(code: string, map: TraceMap): { code: string; fns: Fn[] } {
  const program = acorn.parse(code, { ecmaVersion: 2020, locations: true }) as Node;
  const fns: Fn[] = [];
  const edits: Array<{ at: number; text: string }> = [];
  walk(program, (n) => {
    if (n.type !== 'FunctionDeclaration' && n.type !== 'FunctionExpression' && n.type !== 'ArrowFunctionExpression') return;
    const id = fns.length;
    const at = originalPositionFor(map, { line: n.loc!.start.line, column: n.loc!.start.column });
    const src = (at.source || '?').replace(/^.*?((firmware|hal|boards|sim)\/)/, '$1');
    fns.push({ start: n.start, end: n.end, where: src + ':' + at.line + (at.name ? ' ' + at.name : '') });
    if (n.body.type === 'BlockStatement') edits.push({ at: n.body.start + 1, text: '__P[' + id + ']++;' });
    else {
      edits.push({ at: n.body.start, text: '(__P[' + id + ']++,' });
      edits.push({ at: n.body.end, text: ')' });
    }
  }, null);
  edits.sort((a, b) => b.at - a.at);
  let out = code;
  for (const e of edits) out = out.slice(0, e.at) + e.text + out.slice(e.at);
  return { code: 'var __P=new Uint32Array(' + fns.length + ');' + out, fns: fns };
}

/** A stretch of the bundle's text with a counter of its own: a function's body, a block, a branch, a case. */
interface Region {
  start: number;
  end: number;
  /** The enclosing region (-1: none) and the function the region is read with (its own index for a function). */
  parent: number;
  fn: number;
  where: string;
}

/**
 * `--cold`: a counter at the start of every function body, block, branch of an `if`, `?:`, `&&`/`||`, and `case`, so
 * that a run says which of the text a called function's reading passes over was never run. Espruino reads a
 * function's whole text at every call, run or skipped (a skipped statement costs about as much a character as a run
 * one on the host build: measured, ~290 host instructions a character of flash), so text skipped on a hot path is
 * the first thing to move out of it, into a function of its own that only the rare case calls.
 */
function instrumentRegions(code: string, map: TraceMap): { code: string; regions: Region[] } {
  const program = acorn.parse(code, { ecmaVersion: 2020, locations: true }) as Node;
  const regions: Region[] = [];
  const out = new MagicString(code);
  const whereOf = (n: Node): string => {
    const at = originalPositionFor(map, { line: n.loc!.start.line, column: n.loc!.start.column });
    return (at.source || '?').replace(/^.*?((firmware|hal|boards|sim)\/)/, '$1') + ':' + at.line;
  };
  const region = (n: Node, parent: number, fn: number, kind: 'block' | 'statement' | 'expression' | 'case'): number => {
    const id = regions.length;
    const start = kind === 'case' ? n.consequent[0].start : n.start;
    const end = kind === 'case' ? n.consequent[n.consequent.length - 1].end : n.end;
    regions.push({ start: start, end: end, parent: parent, fn: fn < 0 ? id : fn, where: whereOf(kind === 'case' ? n.consequent[0] : n) });
    const count = '__P[' + id + ']++';
    if (kind === 'block') out.appendRight(n.start + 1, count + ';');
    else if (kind === 'case') out.appendRight(start, count + ';');
    else if (kind === 'statement') {
      out.appendRight(n.start, '{' + count + ';');
      out.prependLeft(n.end, '}');
    } else {
      out.appendRight(n.start, '(' + count + ',');
      out.prependLeft(n.end, ')');
    }
    return id;
  };
  const visit = (n: Node, parent: number, fn: number): void => {
    if (!n || typeof n.type !== 'string') return;
    let here = parent;
    let inFn = fn;
    if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') {
      if (n.body.type === 'BlockStatement') {
        here = region(n.body, parent, -1, 'block');
        inFn = here;
        for (const c of n.body.body) visit(c, here, inFn);
      } else {
        here = region(n.body, parent, -1, 'expression');
        visit(n.body, here, here);
      }
      return;
    }
    if (n.type === 'IfStatement') {
      visit(n.test, parent, fn);
      for (const branch of [n.consequent, n.alternate]) {
        if (!branch) continue;
        if (branch.type === 'BlockStatement') {
          const id = region(branch, parent, fn, 'block');
          for (const c of branch.body) visit(c, id, fn);
        } else if (branch.type === 'IfStatement') visit(branch, parent, fn);
        else visit(branch, region(branch, parent, fn, 'statement'), fn);
      }
      return;
    }
    if (n.type === 'BlockStatement') {
      const id = region(n, parent, fn, 'block');
      for (const c of n.body) visit(c, id, fn);
      return;
    }
    if (n.type === 'ConditionalExpression') {
      visit(n.test, parent, fn);
      visit(n.consequent, region(n.consequent, parent, fn, 'expression'), fn);
      visit(n.alternate, region(n.alternate, parent, fn, 'expression'), fn);
      return;
    }
    if (n.type === 'LogicalExpression') {
      visit(n.left, parent, fn);
      visit(n.right, region(n.right, parent, fn, 'expression'), fn);
      return;
    }
    if (n.type === 'SwitchCase' && n.consequent.length > 0) {
      if (n.test) visit(n.test, parent, fn);
      const id = region(n, parent, fn, 'case');
      for (const c of n.consequent) visit(c, id, fn);
      return;
    }
    for (const key of Object.keys(n)) {
      if (key === 'loc') continue;
      const v = n[key];
      if (Array.isArray(v)) for (const c of v) visit(c, parent, fn);
      else if (v && typeof v.type === 'string') visit(v, parent, fn);
    }
  };
  visit(program, -1, -1);
  return { code: 'var __P=new Uint32Array(' + regions.length + ');' + out.toString(), regions: regions };
}

/** What `--cold` prints: per function called, the text its calls read and what of it never ran, by region. */
function coldReport(title: string, regions: Region[], calls: number[], per: number): void {
  const fns = regions.filter((r, i) => r.fn === i && calls[i] > 0);
  const rows = fns.map((f) => {
    const id = regions.indexOf(f);
    // The cold regions read with this function: counted 0, in a region of the same function that ran.
    const cold = regions
      .map((r, i) => ({ r: r, i: i }))
      .filter((x) => x.r.fn === id && x.i !== id && calls[x.i] === 0 && calls[x.r.parent] > 0)
      .map((x) => ({ where: x.r.where, len: x.r.end - x.r.start }));
    const coldLen = cold.reduce((a, c) => a + c.len, 0);
    return { where: f.where, calls: calls[id] / per, len: f.end - f.start, coldLen: coldLen, cold: cold.sort((a, b) => b.len - a.len) };
  }).sort((a, b) => b.calls * b.coldLen - a.calls * a.coldLen);
  const read = rows.reduce((a, r) => a + r.calls * r.len, 0);
  const coldRead = rows.reduce((a, r) => a + r.calls * r.coldLen, 0);
  console.log(title + ': ' + Math.round(read) + ' chars read, ' + Math.round(coldRead) + ' of them never run (' + (100 * coldRead / read).toFixed(0) + ' %)');
  // By module: the text run (about 800 host instructions a character on the host build) and skipped (about 290).
  const modules: { [m: string]: { run: number; cold: number } } = {};
  for (const r of rows) {
    const m = r.where.replace(/:.*$/, '');
    const t = modules[m] || (modules[m] = { run: 0, cold: 0 });
    t.run += r.calls * (r.len - r.coldLen);
    t.cold += r.calls * r.coldLen;
  }
  console.log('  run chars  cold chars  module');
  for (const m of Object.keys(modules).sort((a, b) => modules[b].run - modules[a].run)) {
    console.log(String(Math.round(modules[m].run)).padStart(11) + String(Math.round(modules[m].cold)).padStart(12) + '  ' + m);
  }
  console.log('  calls    len   cold  cold read  function   (cold regions: length at source line)');
  for (const r of rows) {
    if (r.coldLen === 0) continue;
    console.log(r.calls.toFixed(2).padStart(7) + ' ' + String(r.len).padStart(6) + ' ' + String(r.coldLen).padStart(6) + ' ' +
      String(Math.round(r.calls * r.coldLen)).padStart(10) + '  ' + r.where + '   ' + r.cold.slice(0, 6).map((c) => c.len + '@' + c.where.replace(/^.*\//, '')).join(' '));
  }
}

async function main(): Promise<void> {
  const board = process.argv[2] || 'console';
  const what = process.argv[3] || 'press';
  const bundleFile = path.join('dist', board + '.js');
  const code = fs.readFileSync(bundleFile, 'latin1');
  const cold = process.argv.indexOf('--cold') >= 0;
  const sourceMap = new TraceMap(JSON.parse(fs.readFileSync(bundleFile + '.map', 'utf8')));
  const regions = cold ? instrumentRegions(code, sourceMap) : null;
  const counted = regions ? { code: regions.code, fns: [] as Fn[] } : instrument(code, sourceMap);
  const image = await flashImage(board);
  // The counted bundle as .bootcde, the board's parts as they are.
  const dir = fs.mkdtempSync(path.join(path.dirname(image.dir), board + '.counted-'));
  const stream = fs.readFileSync(image.uploadFile, 'latin1').split('\n').filter((l) => /^require\("Storage"\)\.write\("gcp\./.test(l));
  const bytes = Buffer.from(tokenise(counted.code), 'latin1'); // pretokenised, as the board stores its bundle
  for (let at = 0; at < bytes.length; at += 1024) {
    const piece = bytes.subarray(at, at + 1024).toString('base64');
    stream.push('require("Storage").write(".bootcde",atob("' + piece + '"),' + at + (at === 0 ? ',' + bytes.length : '') + ')');
  }
  stream.push('load(".bootcde")');
  await writeFlash(dir, stream.join('\n'), bytes, 'espruino', false, partFilesIn(image.dir));
  const countedImage: FlashImage = Object.assign({}, image, { dir: dir, flashFile: path.join(dir, 'espruino.flash') });
  const control = what === 'wake10' ? PERIOD_CONTROL : MAIN_CONTROL;
  // `boot`: the boot's own work (`start`, run from a timer once the boot code's statements have run) against none.
  const scripts: [string, string, number] =
    what === 'press' ? [pressLoop(false, 20), pressLoop(true, 20), 20]
    : what === 'boot' ? ['VT.fired=0', 'VT.run(1500)', 1]
    : what === 'wake' ? [START + 'VT.run(10000)', START + 'VT.run(40000)', 0]
    : [START + 'VT.run(11000)', START + 'VT.run(19000)', 0];
  const report = ';print("@@P"+[].join.call(__P,",")+"@@F"+VT.fired)';
  if (what === 'phases') return phases(countedImage, counted.fns, dir);
  const b = await virtualBoard(countedImage, what === 'boot' ? {} : { settingsText: settingsText(control) });
  const runs: { calls: number[]; fired: number }[] = [];
  for (const s of scripts.slice(0, 2) as string[]) {
    const run = await runVirtual(b, s + report, { pool: 'espruino' });
    const m = /@@P([0-9,]*)@@F(\d+)/.exec(run.output);
    if (!m) throw new Error('no counts:\n' + run.output.slice(-2000));
    runs.push({ calls: m[1].split(',').map(Number), fired: Number(m[2]) });
  }
  fs.rmSync(b, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  const per = what === 'press' || what === 'boot' ? scripts[2] : runs[1].fired - runs[0].fired;
  if (regions) {
    const calls = runs[1].calls.map((c, i) => c - runs[0].calls[i]);
    return coldReport(board + ' ' + what + ' (per ' + (what === 'press' ? 'press' : what === 'boot' ? 'boot' : 'wake-up') + ', over ' + per + ')', regions.regions, calls, per);
  }
  const rows = counted.fns.map((f, i) => {
    const calls = (runs[1].calls[i] - runs[0].calls[i]) / per;
    const len = f.end - f.start;
    return { where: f.where, calls: calls, len: len, chars: calls * len, est: calls * (20000 + 350 * len) };
  }).filter((r) => r.calls !== 0).sort((x, y) => y.est - x.est);
  const total = rows.reduce((a, r) => a + r.est, 0);
  const chars = rows.reduce((a, r) => a + r.chars, 0);
  const callsTotal = rows.reduce((a, r) => a + r.calls, 0);
  console.log(board + ' ' + what + ': per ' + (what === 'press' ? 'press' : what === 'boot' ? 'boot' : 'wake-up') + ' (over ' + per + '): ' + callsTotal.toFixed(1) + ' calls, ' + Math.round(chars) + ' chars read, estimate ' + (total / 1e6).toFixed(2) + ' M');
  for (const r of rows) console.log(r.calls.toFixed(2).padStart(7) + ' x ' + String(r.len).padStart(5) + ' = ' + String(Math.round(r.chars)).padStart(6) + '  ' + (r.est / 1e6).toFixed(2).padStart(6) + ' M  ' + r.where);
}

/** One press, the calls of each step apart: the down edge, the up edge 40 ms later, the wake-ups until 1.5 s later. */
async function phases(image: FlashImage, fns: Fn[], dir: string): Promise<void> {
  const b = await virtualBoard(image, { settingsText: settingsText(MAIN_CONTROL) });
  const snap = 'print("@@P"+[].join.call(__P,",")+"@@F"+VT.fired);';
  const steps = ['VT.run(4000)', 'VT.edge("left",true)', 'VT.run(4040)', 'VT.edge("left",false)', 'VT.run(5000)', 'VT.run(5500)'];
  const run = await runVirtual(b, START + 'VT.run(2500);' + steps.map((s) => s + ';' + snap).join(''), { pool: 'espruino' });
  fs.rmSync(b, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  const re = /@@P([0-9,]*)@@F(\d+)/g;
  const snaps: number[][] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(run.output))) snaps.push(m[1].split(',').map(Number));
  for (let k = 1; k < snaps.length; k++) {
    const rows = fns.map((f, i) => ({ where: f.where, calls: snaps[k][i] - snaps[k - 1][i], len: f.end - f.start }))
      .filter((r) => r.calls > 0).map((r) => Object.assign(r, { est: r.calls * (20000 + 350 * r.len) })).sort((x, y) => y.est - x.est);
    const total = rows.reduce((a, r) => a + r.est, 0);
    console.log('== ' + steps[k] + ': ' + rows.reduce((a, r) => a + r.calls, 0) + ' calls, estimate ' + (total / 1e6).toFixed(2) + ' M');
    for (const r of rows) console.log(String(r.calls).padStart(4) + ' x ' + String(r.len).padStart(5) + '  ' + (r.est / 1e6).toFixed(2).padStart(6) + ' M  ' + r.where);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
