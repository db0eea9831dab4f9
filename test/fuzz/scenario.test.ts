/**
 * Fuzzing the scripted simulator (docs/scenarios.md): near-valid scenarios — a valid one with fields set to junk (wrong
 * types, huge numbers, fractions), fields dropped, unknown keys added, events swapped out of order, button events
 * with junk — and JSON text cut or garbled. `parseScenario` / `runScenario` must either return a report or throw a
 * ScenarioError with a one-line message; any other exception is a bug. A report must be sane (docs/scenarios.md shape,
 * nothing negative). Then a few runs of the CLI itself: one clear line on stderr, no stack trace, non-zero exit.
 */
import fc from 'fast-check';
import { spawn } from 'child_process';
import * as path from 'path';
import { parseScenario, runChecked, runScenario, ScenarioError, ScenarioReport } from '../../sim/scenario';
import { MAX_DURATION_MS } from '../../firmware/clock/control-validate';
import { controlArb, gameControlArb, optionsArb, SCALE } from './harness';
import { fieldNameArb, junkValueArb, mutatedArb, OddNames } from './junk';

const ROOT = path.resolve(__dirname, '..', '..');

// ---------------------------------------------------------------- valid scenarios

type Json = { [key: string]: unknown };

const sideArb = fc.constantFrom('black', 'white');

/** One event (without atMs) of every kind a scenario may hold, valid. */
const eventArb: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: sideArb.map((side) => ({ type: 'press', side })) },
  { weight: 1, arbitrary: fc.constantFrom<Json>({ type: 'pause' }, { type: 'pause', side: 'black' }, { type: 'resume' }, { type: 'start' }) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.record({ side: sideArb, deltaMs: fc.oneof(fc.integer({ min: -600000, max: -1 }), fc.integer({ min: 1, max: 600000 })) }),
      fc.record({ side: sideArb, remainingMs: fc.integer({ min: 0, max: 600000 }) }),
      fc.record({ side: sideArb, periodsLeft: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ side: sideArb, movesLeft: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ side: sideArb, moves: fc.integer({ min: 0, max: 50 }) }),
      fc.record({ side: fc.option(sideArb, { nil: undefined }), control: controlArb }, { requiredKeys: ['control'] }),
    ).map((fields) => Object.assign({ type: 'adjust' }, fields) as Json),
  },
  { weight: 4, arbitrary: fc.record({ button: fc.constantFrom('left', 'right'), down: fc.boolean() }).map((b) => Object.assign({ type: 'button' }, b) as Json) },
);

const gapArb = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 30000 }));

const scenarioArb: fc.Arbitrary<Json> = fc
  .record({
    control: gameControlArb,
    options: fc.option(optionsArb, { nil: undefined }),
    events: fc.array(fc.tuple(gapArb, eventArb), { maxLength: 20 }),
    tail: fc.option(fc.integer({ min: 0, max: 120000 }), { nil: undefined }),
    name: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
  })
  .map((r) => {
    let t = 0;
    const events = r.events.map(([gap, e]) => {
      t += gap;
      return Object.assign({ atMs: t }, e);
    });
    const out: Json = { control: r.control, events: events };
    if (r.options !== undefined) out.options = r.options;
    if (r.tail !== undefined) out.untilMs = t + r.tail;
    if (r.name !== undefined) out.name = r.name;
    return out;
  });

// ---------------------------------------------------------------- near-valid scenarios

const TOP_KEYS = ['control', 'options', 'events', 'untilMs', 'name', 'description', 'comment'];
const EVENT_KEYS = ['atMs', 'type', 'side', 'button', 'down', 'deltaMs', 'remainingMs', 'periodsLeft', 'movesLeft', 'moves', 'control'];

/** Numbers that break things: huge, negative, fractional, just above the limits, the limits themselves. */
const hugeArb = fc.constantFrom(1e300, -1e300, 1e21, 2 ** 53, 2 ** 53 + 2, MAX_DURATION_MS, MAX_DURATION_MS + 1, -1, 0.5, -0, 1001, 100001, 1e-300);

type Edit =
  | { k: 'top'; key: string; value: unknown; drop: boolean }
  | { k: 'event'; at: number; key: string; value: unknown; drop: boolean }
  | { k: 'swap'; a: number; b: number }
  | { k: 'replaceEvent'; at: number; value: unknown }
  | { k: 'control'; value: unknown }
  | { k: 'options'; value: unknown };

const editArb = (odd: OddNames): fc.Arbitrary<Edit> => {
  const junk = fc.oneof(junkValueArb(odd), hugeArb);
  const names = (known: string[]) => fieldNameArb(known, odd);
  return fc.oneof(
    fc.record({ k: fc.constant<'top'>('top'), key: names(TOP_KEYS), value: junk, drop: fc.boolean() }),
    { weight: 3, arbitrary: fc.record({ k: fc.constant<'event'>('event'), at: fc.nat(), key: names(EVENT_KEYS), value: junk, drop: fc.boolean() }) },
    fc.record({ k: fc.constant<'swap'>('swap'), a: fc.nat(), b: fc.nat() }),
    fc.record({ k: fc.constant<'replaceEvent'>('replaceEvent'), at: fc.nat(), value: junk }),
    fc.record({ k: fc.constant<'control'>('control'), value: fc.oneof(junk, mutatedArb({ system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 10000 }, ['system', 'mainMs', 'periods', 'periodMs'], odd), mutatedArb({ black: { system: 'absolute', mainMs: 1000 }, white: { system: 'absolute', mainMs: 1000 } }, ['black', 'white'], odd)) }),
    fc.record({ k: fc.constant<'options'>('options'), value: fc.oneof(junk, mutatedArb({ announce: 'ru', onExpire: 'stop', firstToMove: 'black', warnings: false, breakBeforeOvertime: false }, ['announce', 'onExpire', 'firstToMove', 'warnings', 'breakBeforeOvertime'], odd)) }),
  );
};

function setField(target: Json, key: string, value: unknown, drop: boolean): void {
  if (drop) delete target[key];
  else Object.defineProperty(target, key, { value: value, enumerable: true, writable: true, configurable: true });
}

function applyEdits(base: Json, edits: Edit[]): Json {
  const s = JSON.parse(JSON.stringify(base)) as Json;
  for (const edit of edits) {
    const events = Array.isArray(s.events) ? (s.events as unknown[]) : null;
    if (edit.k === 'top') setField(s, edit.key, edit.value, edit.drop);
    else if (edit.k === 'control') s.control = edit.value;
    else if (edit.k === 'options') s.options = edit.value;
    else if (events && events.length > 0) {
      if (edit.k === 'swap') {
        const a = edit.a % events.length;
        const b = edit.b % events.length;
        const x = events[a];
        events[a] = events[b];
        events[b] = x;
      } else if (edit.k === 'replaceEvent') {
        events[edit.at % events.length] = edit.value;
      } else {
        const e = events[edit.at % events.length];
        if (typeof e === 'object' && e !== null) setField(e as Json, edit.key, edit.value, edit.drop);
      }
    }
  }
  return s;
}

/**
 * A scenario with raw button events runs the whole device in virtual time, about one wake-up per displayed second
 * while a clock runs: its instants are kept to an hour so a run stays fast (400 days would take minutes).
 */
function affordable(s: Json): boolean {
  const events = Array.isArray(s.events) ? (s.events as unknown[]) : [];
  const device = events.some((e) => typeof e === 'object' && e !== null && (e as Json).type === 'button');
  if (!device) return true;
  const big = (v: unknown) => typeof v === 'number' && v > 3600000 && v <= MAX_DURATION_MS;
  return !big(s.untilMs) && !events.some((e) => typeof e === 'object' && e !== null && big((e as Json).atMs));
}

// ---------------------------------------------------------------- the property

const SIDE_FIELDS = ['phase', 'remainingMs', 'periodsLeft', 'movesLeft', 'moves', 'flaggedAtMs'];

function reportProblem(r: ScenarioReport): string | null {
  if (['ready', 'running', 'paused', 'over'].indexOf(r.state) < 0) return 'state ' + r.state;
  if ((r.state === 'running') !== (r.running === 'black' || r.running === 'white')) return 'running ' + r.running + ' with state ' + r.state;
  for (const side of ['black', 'white'] as const) {
    const x = r.sides[side] as unknown as Json;
    if (JSON.stringify(Object.keys(x)) !== JSON.stringify(SIDE_FIELDS)) return side + ' fields ' + Object.keys(x).join(',');
    if (x.phase !== 'main' && x.phase !== 'overtime') return side + '.phase ' + x.phase;
    for (const f of ['remainingMs', 'periodsLeft', 'movesLeft', 'moves', 'flaggedAtMs']) {
      const v = x[f];
      if (v !== null && !(typeof v === 'number' && Number.isInteger(v) && v >= 0)) return side + '.' + f + ' = ' + v;
    }
  }
  if (!Array.isArray(r.log) || r.log.some((l) => typeof l !== 'string')) return 'log is not a list of lines';
  if (!Array.isArray(r.flags) || !Array.isArray(r.announcements)) return 'flags or announcements not lists';
  for (let i = 1; i < r.announcements.length; i++) if (r.announcements[i].atMs < r.announcements[i - 1].atMs) return 'announcements out of order';
  if (JSON.parse(JSON.stringify(r)).atMs !== r.atMs) return 'not JSON';
  return null;
}

const outcomes = { reports: 0, rejected: 0 };

/** Either a sane report or a one-line ScenarioError; anything else is thrown as a failure. */
function judge(run: () => ScenarioReport, what: string): void {
  let report: ScenarioReport;
  try {
    report = run();
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw new Error(what + ': not a ScenarioError but ' + String(e) + '\n' + (e instanceof Error ? e.stack : ''));
    if (e.message.length === 0 || /[\n\r]/.test(e.message)) throw new Error(what + ': not a one-line message: ' + JSON.stringify(e.message));
    outcomes.rejected++;
    return;
  }
  const problem = reportProblem(report);
  if (problem) throw new Error(what + ': a report with ' + problem);
  outcomes.reports++;
}

function bothWays(s: Json): void {
  const text = JSON.stringify(s);
  const what = 'scenario ' + text;
  judge(() => runScenario(s), what);
  judge(() => runChecked(parseScenario(text)), what + ' (as text)');
}

const nearValid = (odd: OddNames) => fc.tuple(scenarioArb, fc.array(editArb(odd), { minLength: odd === 'none' ? 0 : 1, maxLength: 3 })).map(([base, edits]) => applyEdits(base, edits)).filter(affordable);

/** Scenario text cut short, or with a few characters changed (JSON syntax errors, mostly). */
const garbledText = fc
  .tuple(scenarioArb, fc.nat(), fc.array(fc.tuple(fc.nat(), fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', '\n', '\r', '0', '-', 'e', ' ', '\u0000', '\u2028')), { maxLength: 3 }), fc.boolean())
  .map(([s, cut, changes, shorten]) => {
    let text = JSON.stringify(s);
    if (shorten) text = text.slice(0, cut % (text.length + 1));
    for (const [at, ch] of changes) {
      const i = at % (text.length + 1);
      text = text.slice(0, i) + ch + text.slice(i + 1);
    }
    return text;
  });

const anyText = fc.oneof(garbledText, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
/** A line break in the text, or one JSON puts into a string (an escape), so maybe into a field name. */
const hasLineBreak = (text: string) => /[\n\r]|\\[nr]|\\u000[adAD]/.test(text);

describe('random and malformed scenarios into the scripted simulator', () => {
  test('valid scenarios of every kind give sane reports', () => {
    fc.assert(fc.property(scenarioArb.filter(affordable), (s) => {
      const text = JSON.stringify(s);
      let report: ScenarioReport;
      try {
        report = runScenario(s);
      } catch (e) {
        // a valid scenario may still ask for an impossible correction: that is a ScenarioError, nothing else
        if (!(e instanceof ScenarioError) || !/^events\[\d+\] \(adjust at \d+ ms\): /.test(e.message)) throw new Error('scenario ' + text + ': ' + String(e));
        return;
      }
      const problem = reportProblem(report);
      if (problem) throw new Error('scenario ' + text + ': a report with ' + problem);
    }), { numRuns: 300 * SCALE });
  });

  test('near-valid scenarios (junk values, huge numbers, dropped and unknown fields, events out of order): a report or a one-line ScenarioError', () => {
    fc.assert(fc.property(nearValid('none'), bothWays), { numRuns: 600 * SCALE });
  });

  test('scenario text cut short or garbled (no line breaks in it): a report or a one-line ScenarioError', () => {
    fc.assert(fc.property(anyText.filter((t) => !hasLineBreak(t)), (text) => {
      judge(() => runChecked(parseScenario(text)), 'text ' + JSON.stringify(text));
    }), { numRuns: 400 * SCALE });
  });

  /*
   * The ScenarioError stays one line when the input has line breaks where the message quotes it: parseScenario's
   * messages (the JSON parser's too, which quotes the start of the input: the text "x\n" once gave "scenario is not
   * valid JSON: Unexpected token 'x', \"x\n\" is not valid JSON") pass through text.ts `oneLine`, and odd field
   * names are quoted by `keyText` (scenario-check's checkKeys, options.ts optionsError), e.g.
   * {"control":{"system":"absolute","mainMs":1},"\n":1} -> '"\n": unknown field (known: ...)' and
   * {"control":{"system":"absolute","mainMs":1},"options":{"\n":1}} -> 'options."\n": unknown option ...'.
   */
  test('line breaks in the text or in field names: the same (one line)', () => {
    fc.assert(fc.property(fc.oneof(anyText.filter(hasLineBreak), nearValid('breaks').map((x) => JSON.stringify(x))), (text) => {
      judge(() => runChecked(parseScenario(text)), 'text ' + JSON.stringify(text));
    }), { numRuns: 400 * SCALE, seed: 7 });
  });

  /*
   * Names read from the scenario are looked up by own property only (text.ts `hasOwn`), so an event type or an
   * option named "constructor", "toString", "valueOf", "hasOwnProperty"… is an unknown one, refused with a
   * ScenarioError naming it, not a TypeError ("fields.indexOf is not a function" in checkEvent, "choices.indexOf
   * is not a function" in optionsError, as once). Inputs that once threw (fast-check, shrunk):
   * {"control":{"system":"absolute","mainMs":1000},"events":[{"atMs":0,"type":"constructor"}]} and
   * {"control":{"system":"absolute","mainMs":1000},"options":{"toString":1}}.
   */
  test('names every object has ("constructor", "toString", "__proto__") as event types, keys and options: the same', () => {
    fc.assert(fc.property(nearValid('proto'), bothWays), { numRuns: 600 * SCALE, seed: 7 });
  });
});

// ---------------------------------------------------------------- the CLI, in a few child processes

/** `node --import tsx sim/cli.ts ARGS` with `input` on stdin. */
function cli(args: string[], input?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sim/cli.ts'].concat(args), { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input === undefined ? '' : input);
  });
}

describe('the CLI on malformed scenarios', () => {
  test('one clear line on stderr naming the problem, no stack trace, exit 1', async () => {
    const cases: { args: string[]; input?: string; says: RegExp }[] = [
      { args: ['--script', '-'], input: '{"control": {"system": "byoyomi", "mainMs": 60000, "periods": 3, "periodMs": 10000}, "events": [{"atMs": 0, "type"', says: /not valid JSON/ },
      { args: ['--script', '-'], input: JSON.stringify({ control: { system: 'absolute', mainMs: 1e300 }, events: [] }), says: /control\.mainMs: must be at most/ },
      { args: ['--script', '-'], input: JSON.stringify({ control: { system: 'absolute', mainMs: 60000 }, events: [{ atMs: 5000, type: 'press', side: 'white' }, { atMs: 100, type: 'press', side: 'black' }] }), says: /events\[1\]\.atMs: 100 comes before/ },
      { args: ['--script', '-'], input: JSON.stringify({ control: { system: 'absolute', mainMs: 60000 }, events: [{ atMs: 0, type: 'button', button: 'middle', down: true }] }), says: /events\[0\]\.button/ },
      { args: ['--script', '-'], input: '\u0000\u00ff garbage', says: /not valid JSON/ },
      { args: ['--script', path.join(ROOT, 'test', 'fuzz', 'no-such-scenario.json')], says: /cannot read .*no-such-scenario\.json \(ENOENT\)/ },
    ];
    const results = await Promise.all(cases.map((c) => cli(c.args, c.input)));
    results.forEach((r, i) => {
      const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
      expect({ i, status: r.status, stdout: r.stdout, lines: lines.length, stack: /\n\s+at /.test(r.stderr) }).toEqual({ i, status: 1, stdout: '', lines: 1, stack: false });
      expect(lines[0]).toMatch(/^goclock sim: /);
      expect(lines[0]).toMatch(cases[i].says);
    });
  }, 30000);
});

afterAll(() => {
  // eslint-disable-next-line no-console
  if (process.env.FUZZ_VERBOSE) console.log('scenarios: ' + JSON.stringify(outcomes));
});
