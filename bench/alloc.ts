/**
 * Memory churn per wake-up, on the host, as a proxy for Espruino's JsVars: what one timer wake-up of the runtime
 * (gesture tick, core tick, render, re-arm) allocates. Run in its own process (bench/run.ts starts it) with
 * `--expose-gc --min-semi-space-size=128 --max-semi-space-size=128`, once with `--jitless` (an interpreter, like
 * Espruino: every object the code asks for is made) and once with the optimizing JIT (escape analysis may remove
 * some).
 *
 * Two independent methods over the same kind of wake-ups:
 * 1. Heap growth: a full GC, then the heap spaces' used bytes (v8.getHeapSpaceStatistics) before and after a run
 *    of wake-ups. With a 128 MB young generation no scavenge runs in between (checked with a `gc`
 *    PerformanceObserver: a window with a GC in it is not counted), so the young generation's growth is exactly
 *    the bytes the code allocated there. (The old space also moves by a few hundred bytes per wake-up after a
 *    forced GC, the sweeper's bookkeeping rather than the code's objects: method 2 does not see it. It is
 *    reported apart, as `heapUsedPerWakeUp`.)
 * 2. V8's sampling heap profiler (node:inspector, HeapProfiler.startSampling) at a 1-byte sampling interval,
 *    keeping objects collected by minor and major GCs: every allocation is sampled, so the number of samples is
 *    the number of objects, and their sizes add up to the bytes (a check on method 1).
 *
 * The HAL is a lean one written here (no copies of the display lines, appends only counted), so what is measured
 * is the firmware's own allocation, not the simulator's.
 */
import * as inspector from 'node:inspector';
import * as v8 from 'node:v8';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { startRuntime } from '../firmware/runtime/runtime';
import { layoutFor } from '../firmware/display/layouts';
import { defaultSettings, saveSettings } from '../firmware/storage/settings';
import { parseGameControl } from '../firmware/clock/control-validate';
import { TimeControl } from '../firmware/clock/control';
import { ButtonEdge, Hal, KeyValueStorage, withText } from '../hal/hal';

interface Lean {
  hal: Hal;
  /** Fires the pending timer (at its instant); false when none is set. */
  wake(): boolean;
  /** The pending timer's instant. */
  timerAt(): number | null;
  edge(button: 'left' | 'right', down: boolean, atMs: number): void;
}

function leanHal(): Lean {
  let now = 0;
  let at: number | null = null;
  let fire: (() => void) | null = null;
  let onEdge: ((edge: ButtonEdge) => void) | null = null;
  const records: { [name: string]: string } = {};
  const appended: { [name: string]: number } = {};
  const storage: KeyValueStorage = {
    read: (name) => records[name],
    write: (name, data) => {
      records[name] = data;
      appended[name] = 0;
      return true;
    },
    append: (name, data) => {
      appended[name] = (appended[name] || 0) + data.length;
      return true;
    },
    erase: (name) => {
      delete records[name];
    },
  };
  let lines: string[] = [];
  const hal: Hal = {
    clock: { nowMs: () => now },
    timer: {
      start(atMs, onFire) {
        at = atMs < now ? now : atMs;
        fire = onFire;
      },
      stop() {
        at = null;
        fire = null;
      },
    },
    buttons: {
      onEdge(handler) {
        onEdge = handler;
      },
    },
    display: {
      kind: 'character',
      columns: 16,
      rows: 2,
      defineGlyph() {},
      show(shown) {
        lines = shown;
      },
      write(row, column, text) {
        lines = withText(lines, row, column, text);
      },
    },
    buzzer: { play() {}, stop() {} },
    storage,
    watchdog: { kick() {} },
  };
  void lines;
  return {
    hal,
    wake() {
      if (at === null || fire === null) return false;
      const f = fire;
      now = at;
      at = null;
      fire = null;
      f();
      return true;
    },
    timerAt: () => at,
    edge(button, down, atMs) {
      now = Math.max(now, atMs);
      if (onEdge) onEdge({ button, down, atMs });
    },
  };
}

/** A running game on the lean HAL: White's button starts Black's clock at 1000. */
function runningGame(control: TimeControl): Lean {
  const lean = leanHal();
  const settings = defaultSettings();
  settings.control = parseGameControl(control);
  saveSettings(lean.hal.storage, settings);
  startRuntime(lean.hal, { layout: layoutFor(lean.hal.display), watchdogMs: 5000 });
  lean.edge('right', true, 1000);
  lean.edge('right', false, 1080);
  return lean;
}

function wakeUntil(lean: Lean, untilMs: number): number {
  let n = 0;
  while (lean.timerAt() !== null && (lean.timerAt() as number) <= untilMs && lean.wake()) n++;
  return n;
}

function post<T>(session: inspector.Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params || {}, (error, result) => (error ? reject(error) : resolve(result as T)));
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children: ProfileNode[];
}

interface SamplingProfile {
  head: ProfileNode;
  samples: { size: number; nodeId: number; ordinal: number }[];
}

/** "view (firmware/display/view.ts)" for a profile node; "assign (built-in)" for the engine's own functions. */
function frameName(node: ProfileNode): string {
  const url = node.callFrame.url.replace(/^file:\/\//, '');
  const name = node.callFrame.functionName || '(anonymous)';
  if (!url) return name + ' (built-in)';
  const i = url.lastIndexOf('/firmware/');
  return name + ' (' + (i >= 0 ? url.slice(i + 1) : url.split('/').slice(-2).join('/')) + ')';
}

export interface AllocFigures {
  /** main: main time, a wake-up a second; tenths: the last 10 s of byo-yomi periods, ten a second. */
  kind: 'main' | 'tenths';
  jit: boolean;
  wakeUps: number;
  /** Method 1: young-generation growth per wake-up (bytes), over windows with no GC. */
  bytesPerWakeUp: number;
  /** process.memoryUsage().heapUsed growth per wake-up (young and old), same windows. */
  heapUsedPerWakeUp: number;
  windows: number;
  windowsWithGc: number;
  /** Method 1's growth per wake-up by heap space (all windows). */
  bySpace: { [space: string]: number };
  /** Method 2: sampled allocations per wake-up (objects), and their bytes. */
  objectsPerWakeUp: number;
  sampledBytesPerWakeUp: number;
  /** Where the objects are made (the function that allocated them, per wake-up), most first. */
  topFunctions: { name: string; objectsPerWakeUp: number; bytesPerWakeUp: number }[];
}

/** Windows of wake-ups: [fromMs, toMs] instants of the game, measured one after another. */
function windowsFor(kind: 'main' | 'tenths'): { control: TimeControl; warmUntilMs: number; windows: [number, number][] } {
  if (kind === 'main') {
    // 60 min + 5×30 s: warm up for 10 minutes, then 15 windows of one minute (all in main time)
    const windows: [number, number][] = [];
    for (let m = 11; m < 26; m++) windows.push([1000 + m * 60000, 1000 + (m + 1) * 60000]);
    return { control: { system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 }, warmUntilMs: 1000 + 600000, windows };
  }
  // Straight into byo-yomi (no main time), 30 s periods: the last 10 s of periods 11–25 (the first ten warm up)
  const windows: [number, number][] = [];
  for (let p = 10; p < 25; p++) windows.push([1000 + p * 30000 + 20000, 1000 + (p + 1) * 30000]);
  return { control: { system: 'byoyomi', mainMs: 0, periods: 1000, periodMs: 30000 }, warmUntilMs: 1000 + 300000, windows };
}

export async function measureAlloc(kind: 'main' | 'tenths'): Promise<AllocFigures> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const jit = !process.execArgv.includes('--jitless');
  const gcs: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });

  // Method 1: heap growth.
  const plan = windowsFor(kind);
  let lean = runningGame(plan.control);
  wakeUntil(lean, plan.warmUntilMs);
  const spans: { start: number; end: number; bytes: number; young: number; wakes: number }[] = [];
  const bySpace: { [space: string]: number } = {};
  for (const [fromMs, toMs] of plan.windows) {
    wakeUntil(lean, fromMs);
    gc();
    const spaceBefore = v8.getHeapSpaceStatistics();
    const start = performance.now();
    const before = process.memoryUsage().heapUsed;
    const wakes = wakeUntil(lean, toMs);
    const bytes = process.memoryUsage().heapUsed - before;
    const spaceAfter = v8.getHeapSpaceStatistics();
    let young = 0;
    for (let i = 0; i < spaceAfter.length; i++) {
      const name = spaceAfter[i].space_name;
      const grown = spaceAfter[i].space_used_size - spaceBefore[i].space_used_size;
      bySpace[name] = (bySpace[name] || 0) + grown;
      if (name === 'new_space' || name === 'new_large_object_space') young += grown;
    }
    spans.push({ start, end: performance.now(), bytes, young, wakes });
  }
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 10));
  observer.disconnect();
  const clean = spans.filter((s) => !gcs.some((g) => g.end > s.start && g.start < s.end));
  const heapUsed = clean.reduce((a, s) => a + s.bytes, 0);
  const bytes = clean.reduce((a, s) => a + s.young, 0);
  const wakes = clean.reduce((a, s) => a + s.wakes, 0);

  // Method 2: the sampling heap profiler, every allocation sampled, on a fresh game warmed up the same way.
  lean = runningGame(plan.control);
  wakeUntil(lean, plan.warmUntilMs);
  const session = new inspector.Session();
  session.connect();
  await post(session, 'HeapProfiler.enable');
  let objects = 0;
  let sampledBytes = 0;
  const byFunction: { [name: string]: { objects: number; bytes: number } } = {};
  let sampledWakes = 0;
  for (const [fromMs, toMs] of plan.windows.slice(0, 6)) {
    wakeUntil(lean, fromMs);
    await post(session, 'HeapProfiler.startSampling', { samplingInterval: 1, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    sampledWakes += wakeUntil(lean, toMs);
    const { profile } = await post<{ profile: SamplingProfile }>(session, 'HeapProfiler.stopSampling');
    objects += profile.samples.length;
    sampledBytes += profile.samples.reduce((a, s) => a + s.size, 0);
    const nodes = new Map<number, ProfileNode>();
    const walk = (n: ProfileNode) => {
      nodes.set(n.id, n);
      n.children.forEach(walk);
    };
    walk(profile.head);
    for (const sample of profile.samples) {
      const name = frameName(nodes.get(sample.nodeId) as ProfileNode);
      const entry = (byFunction[name] = byFunction[name] || { objects: 0, bytes: 0 });
      entry.objects++;
      entry.bytes += sample.size;
    }
  }
  session.disconnect();
  return {
    kind,
    jit,
    wakeUps: wakes,
    bytesPerWakeUp: wakes ? bytes / wakes : NaN,
    heapUsedPerWakeUp: wakes ? heapUsed / wakes : NaN,
    windows: spans.length,
    windowsWithGc: spans.length - clean.length,
    bySpace: Object.fromEntries(Object.entries(bySpace).filter((e) => e[1] !== 0).map((e) => [e[0], e[1] / wakes])),
    objectsPerWakeUp: objects / sampledWakes,
    sampledBytesPerWakeUp: sampledBytes / sampledWakes,
    topFunctions: Object.entries(byFunction)
      .sort((a, b) => b[1].objects - a[1].objects)
      .slice(0, 8)
      .map(([name, e]) => ({ name, objectsPerWakeUp: e.objects / sampledWakes, bytesPerWakeUp: e.bytes / sampledWakes })),
  };
}
