/**
 * Fuzzing what the clock reads from flash at boot: the game journal (`readRecords`, `restoreGame`) and the
 * settings (`loadSettings`). Whatever the flash holds — random bytes, a real journal cut at every byte (the power
 * failing mid-append), a real journal with bytes flipped, foreign JSON under valid checksums, huge numbers, deep
 * nesting, keys such as "constructor" — the loaders recover or fall back with a one-line message and never throw;
 * a cut journal keeps its valid prefix (the restored game is the game as of the last intact record); then the
 * runtime boots and a press works.
 */
import fc from 'fast-check';
import { spawn } from 'child_process';
import * as path from 'path';
import { appendRecord, crc32, readRecords } from '../../firmware/storage/journal';
import { JOURNAL_FILES, JOURNAL_READ_LIMIT, JOURNAL_RECORD, restoreGame, RestoreResult } from '../../firmware/storage/game-journal';
import { journalAtBudget, legacyJournalAtBudget } from '../../sim/espruino/crafted-journal';
import { KeyValueStorage } from '../../hal/hal';
import { defaultSettings, loadSettings, MAX_SETTINGS_CHARS, saveSettings, SETTINGS_RECORD, settingsError } from '../../firmware/storage/settings';
import { MAX_STAGES } from '../../firmware/clock/control-validate';
import { view, ClockView } from '../../firmware/display/view';
import { otherSide } from '../../firmware/clock/side';
import { startRuntime, Runtime } from '../../firmware/runtime/runtime';
import { createVirtualHal, MemoryStorage, VirtualHal } from '../../sim/virtual-hal';
import { buttonOf, checkRuntime, JournalMirror, SCALE, setupArb, Setup, SpyStorage, storageWith, Times, times, watchTimer } from './harness';
import { Step, streamArb, volleyArb } from './streams';
import { deepJson as deep, junkValueArb, mutatedArb, OddNames } from './junk';
import { layoutFor } from '../../firmware/display/layouts';

const junkValue = junkValueArb('none');
const ROOT = path.resolve(__dirname, '..', '..');

// ---------------------------------------------------------------- booting and pressing

/** A press of `button` (60 ms, then a second); the view right after its down edge, when the clock acted on it. */
function tap(hal: VirtualHal, runtime: Runtime, button: 'left' | 'right', check: (where: string) => void): ClockView {
  hal.edge(button, true);
  check(button + ' down');
  const atDown = runtime.view();
  hal.advanceTo(hal.nowMs() + 60);
  hal.edge(button, false);
  check(button + ' up');
  hal.advanceTo(hal.nowMs() + 1000);
  check('after a ' + button + ' press');
  return atDown;
}

/**
 * Boots a runtime on `storage` (which must not throw), then shows that the clock works: from ready the second
 * mover's press starts the clock; a paused (restored) game resumes with both buttons held 2 s; a running clock
 * then takes a move from the side to move, at the press's down edge. A game that is over stays over.
 * Invariants throughout.
 */
function bootAndPress(storage: MemoryStorage): Runtime {
  const hal = createVirtualHal({ storage: storage });
  let runtime: Runtime | undefined;
  const watch = watchTimer(hal, () => {
    if (runtime) checkRuntime(hal, runtime, watch, 64, 'wake-up');
  });
  hal.advanceTo(777);
  let booted: Runtime;
  try {
    booted = startRuntime(hal, { layout: layoutFor(hal.display) });
  } catch (e) {
    throw new Error('the runtime does not boot: ' + String(e));
  }
  runtime = booted;
  const check = (where: string) => checkRuntime(hal, booted, watch, 64, 'after boot, ' + where);
  check('boot');
  for (const notice of booted.notices) if (/[\n\r]/.test(notice)) throw new Error('a notice of more than one line: ' + JSON.stringify(notice));
  const start = booted.view();
  if (start.status === 'ready') {
    const v = tap(hal, booted, buttonOf(booted, otherSide(start.toMove)), check);
    if (v.status === 'ready') throw new Error('a press did not start the clock: ' + JSON.stringify(v));
  } else if (start.status === 'paused') {
    hal.edge('left', true);
    hal.advanceTo(hal.nowMs() + 20);
    hal.edge('right', true);
    hal.advanceTo(hal.nowMs() + 2100);
    check('both held 2 s');
    hal.edge('left', false);
    hal.edge('right', false);
    hal.advanceTo(hal.nowMs() + 50);
    check('both let go');
    const v = booted.view();
    if (v.status !== 'running' && v.status !== 'over') throw new Error('both held 2 s did not resume the restored game: ' + JSON.stringify(v));
  } else {
    tap(hal, booted, 'left', check);
    if (booted.view().status !== 'over') throw new Error('a press changed a game that was over');
  }
  hal.advanceTo(hal.nowMs() + 500);
  const before = booted.view();
  if (before.status === 'running') {
    const mover = before.toMove;
    const v = tap(hal, booted, buttonOf(booted, mover), check);
    if (!(v.sides[mover].moves === before.sides[mover].moves + 1 && (v.status !== 'running' || v.running === otherSide(mover)))) {
      throw new Error('a press by the side to move was not a move: before ' + JSON.stringify(before) + ', after ' + JSON.stringify(v));
    }
  }
  return booted;
}

function restored(result: RestoreResult): Times | null {
  return result.game ? times(view(result.game.state, result.game.atMs)) : null;
}

function oneLine(result: { problem?: string }, what: string): void {
  if (result.problem !== undefined && (typeof result.problem !== 'string' || /[\n\r]/.test(result.problem) || result.problem.length === 0)) {
    throw new Error(what + ': not a one-line message: ' + JSON.stringify(result.problem));
  }
}

function withJournal(text: string, settings?: string): MemoryStorage {
  const storage = new MemoryStorage();
  storage.write(JOURNAL_RECORD, text);
  if (settings !== undefined) storage.write(SETTINGS_RECORD, settings);
  return storage;
}

/** restoreGame never throws and says why when it found no game in a journal that was not empty. */
function restoreSafely(storage: MemoryStorage, what: string): RestoreResult {
  let result: RestoreResult;
  try {
    result = restoreGame(storage);
  } catch (e) {
    throw new Error(what + ': restoreGame threw ' + String(e));
  }
  oneLine(result, what);
  return result;
}

/**
 * Runs a TypeScript file with tsx's loader, `input` on its stdin; once it prints "ready" (its modules loaded) it has
 * `limitMs` to finish, else it is killed (a hang).
 */
function runChild(file: string, input: string, limitMs: number): Promise<{ stdout: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    // one process (no tsx wrapper in between), so that killing it really ends the work
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (timer === undefined && stdout.indexOf('ready\n') >= 0) {
        timer = setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, limitMs);
      }
    });
    child.on('close', () => {
      if (timer !== undefined) clearTimeout(timer);
      resolve({ stdout: stdout, timedOut: timedOut });
    });
    child.stdin.end(input);
  });
}

// ---------------------------------------------------------------- real journals

interface Recorded {
  text: string;
  history: (Times | null)[];
  ends: number[];
}

/** A game played on the device from a random stream; its journal and, per record, the times a reset must restore. */
function record(setup: Setup, steps: Step[]): Recorded {
  const storage = storageWith(new SpyStorage(), setup);
  const hal = createVirtualHal({ storage: storage });
  let runtime: Runtime | undefined;
  const mirror = new JournalMirror(() => (runtime ? runtime.state() : undefined));
  mirror.attach(storage);
  runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  for (const step of steps) {
    if (step.k === 'w') hal.advanceTo(hal.nowMs() + step.ms);
    else {
      hal.advanceTo(hal.nowMs() + step.gap);
      hal.edge(step.b, step.down);
    }
  }
  hal.advanceTo(hal.nowMs() + 5000);
  // The journal's file: the first, or the other one if the game's journal compacted itself (the old one is erased).
  const text = JOURNAL_FILES.map((name) => storage.read(name)).filter((t) => t !== undefined)[0] as string;
  if (mirror.ends[mirror.ends.length - 1] !== text.length) throw new Error('the mirror lost track of the journal');
  return { text: text, history: mirror.history, ends: mirror.ends };
}

/** A game: anything at all, then a run of moves (so the journal has records to cut), then anything again. */
const gameArb = fc.record({
  setup: setupArb,
  steps: fc.tuple(streamArb(15), volleyArb, volleyArb, streamArb(15)).map((parts) => ([] as Step[]).concat(...parts)),
});

/** The expected game after the journal's first `cut` characters: the last record that is wholly there. */
function expectedAt(game: Recorded, cut: number): Times | null {
  let expected: Times | null = null;
  for (let i = 0; i < game.ends.length && game.ends[i] <= cut; i++) expected = game.history[i];
  return expected;
}

const stats = { games: 0, cuts: 0, records: 0, flips: 0 };

describe('the journal after a power cut', () => {
  test('cut at every byte: the valid prefix is kept, the game is the one at the last intact record, the clock works', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(), ({ setup, steps }, pick) => {
        const game = record(setup, steps);
        stats.games++;
        stats.records += game.ends.length;
        // Every cut is checked with restoreGame; a few of them also boot the runtime and press (they cost more).
        for (let cut = 0; cut <= game.text.length; cut++) {
          const text = game.text.slice(0, cut);
          const storage = withJournal(text);
          const what = 'journal cut after ' + cut + ' of ' + game.text.length + ' characters';
          const read = readRecords(storage, JOURNAL_RECORD);
          const whole = game.ends.filter((end) => end <= cut).length;
          if (read.records.length !== whole) throw new Error(what + ': ' + read.records.length + ' records read, ' + whole + ' are whole');
          if (read.skipped > 1) throw new Error(what + ': ' + read.skipped + ' lines skipped, at most the cut one may be');
          const result = restoreSafely(storage, what);
          const expected = expectedAt(game, cut);
          const got = restored(result);
          if (JSON.stringify(got) !== JSON.stringify(expected)) {
            throw new Error(what + ': restored\n  ' + JSON.stringify(got) + '\ninstead of the game at the last intact record\n  ' + JSON.stringify(expected) + '\n' + JSON.stringify(text));
          }
          if (expected === null && read.skipped + read.records.length > 0 && result.problem === undefined) throw new Error(what + ': no game and no message');
          stats.cuts++;
          if (cut === game.text.length || cut === 0 || (cut + pick) % 97 === 0) bootAndPress(storage);
        }
      }),
      { numRuns: 20 * SCALE },
    );
  });

  test('bytes flipped: never throws, and a record damaged at the end only loses that record', () => {
    fc.assert(
      fc.property(
        gameArb,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        ({ setup, steps }, flips, lastAt, lastByte) => {
          const game = record(setup, steps);
          const flip = (text: string, at: number, code: number): string => text.slice(0, at) + String.fromCharCode(code) + text.slice(at + 1);
          // anywhere: recover or fall back, and the clock works
          let text = game.text;
          for (const [at, code] of flips) text = flip(text, at % text.length, code);
          const storage = withJournal(text);
          restoreSafely(storage, 'flipped ' + JSON.stringify(flips));
          bootAndPress(storage);
          stats.flips++;
          // inside the last record (after its line break): that record is lost, nothing else
          const n = game.ends.length;
          if (n >= 2) {
            const from = game.ends[n - 2] + 1;
            const at = from + (lastAt % (game.ends[n - 1] - from));
            if (game.text.charCodeAt(at) !== lastByte) {
              const damaged = withJournal(flip(game.text, at, lastByte));
              const got = restored(restoreSafely(damaged, 'last record flipped'));
              const expected = game.history[n - 2];
              if (JSON.stringify(got) !== JSON.stringify(expected)) {
                throw new Error('byte ' + at + ' of the last record set to ' + lastByte + ': restored\n  ' + JSON.stringify(got) + '\ninstead of the game before that record\n  ' + JSON.stringify(expected));
              }
            }
          }
        },
      ),
      { numRuns: 60 * SCALE },
    );
  });
});

// ---------------------------------------------------------------- junk in the journal

const CONTROL = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 10000 };
const HEADER = { v: 1, control: CONTROL, options: { announce: 'ru', onExpire: 'stop', firstToMove: 'black', warnings: false, breakBeforeOvertime: false } };

/** Headers with a junk version, control or wall time (their options are the next property's). */
const headerArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(HEADER),
  mutatedArb(HEADER, ['v', 'control', 'w'], 'none'),
  mutatedArb(CONTROL, ['system', 'mainMs', 'periods', 'periodMs'], 'none').map((control) => Object.assign({}, HEADER, { control })),
);

/** Headers whose options are junk: a wrong value, a missing one, an unknown name, not an object at all. */
const optionsHeaderArb = (odd: OddNames): fc.Arbitrary<unknown> => fc.oneof(
  mutatedArb(HEADER.options, ['announce', 'onExpire', 'firstToMove', 'warnings', 'breakBeforeOvertime'], odd).map((options) => Object.assign({}, HEADER, { options })),
  junkValueArb(odd).map((options) => Object.assign({}, HEADER, { options })),
);

const eventArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ type: fc.constantFrom('press'), side: fc.constantFrom('black', 'white') }),
  fc.constantFrom({ type: 'pause' }, { type: 'resume' }, { type: 'tick' }, { type: 'start' }, { type: 'pause', side: 'white' }),
  fc.record({ type: fc.constant('adjust'), side: fc.constantFrom('black', 'white') }).chain((base) => mutatedArb(base, ['deltaMs', 'remainingMs', 'periodsLeft', 'movesLeft', 'moves', 'control', 'side'], 'proto')),
  fc.record({ type: fc.constantFrom('press', 'pause', 'resume', 'adjust', 'tick', 'start', 'explode') }).chain((base) => mutatedArb(base, ['side', 'type'], 'proto')),
);

/** Instants as a journal could hold them after some firmware bug, or another device's: in order, or not at all. */
const tArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 600000 }) },
  // junk, but no instant that is a fraction or beyond 2^53 ms: those have their own two properties below
  { weight: 1, arbitrary: junkValue.filter((v) => !(typeof v === 'number' && !(Number.isInteger(v) && Math.abs(v) <= 2 ** 53))) },
);

const recordArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: headerArb },
  { weight: 6, arbitrary: fc.record({ t: tArb, e: eventArb }) },
  { weight: 1, arbitrary: fc.record({ t: tArb, e: eventArb, w: junkValue }) },
  { weight: 1, arbitrary: fc.record({ u: fc.oneof(fc.integer({ min: -1, max: 10 }), junkValue) }) },
  { weight: 1, arbitrary: junkValueArb('proto') },
);

/** Checksummed lines of `records` (sorted by `t` when `sorted`), starting with a valid header when `header`. */
function journalOf(records: unknown[], header: boolean, sorted: boolean): string {
  const list = records.slice();
  if (sorted) {
    const tOf = (r: unknown) => (typeof r === 'object' && r !== null && typeof (r as { t?: unknown }).t === 'number' ? (r as { t: number }).t : 0);
    list.sort((a, b) => tOf(a) - tOf(b));
  }
  const storage = new MemoryStorage();
  if (header) appendRecord(storage, JOURNAL_RECORD, JSON.stringify(HEADER));
  for (const r of list) {
    const text = JSON.stringify(r);
    if (text !== undefined) appendRecord(storage, JOURNAL_RECORD, text);
  }
  return storage.read(JOURNAL_RECORD) || '';
}

/** Text that looks a little like a journal: line breaks, stars, hex digits, braces, bits of records, any byte. */
const journalish: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom('\n', '*', '{', '}', '"v":1', '"t":', '"e":{"type":"press","side":"white"}', '"u":1', ',', ':', '00000000', 'deadbeef', '\r', '\u0000', '\u00ff'),
      fc.string({ maxLength: 8 }),
      fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

function journalSurvives(records: unknown[], header: boolean, sorted?: boolean): void {
  const text = journalOf(records, header, sorted === true);
  const storage = withJournal(text);
  const what = 'journal ' + JSON.stringify(text);
  const result = restoreSafely(storage, what);
  if (!result.game && result.problem === undefined && text !== '') throw new Error(what + ': no game and no message');
  try {
    bootAndPress(storage);
  } catch (e) {
    throw new Error(what + ': ' + String(e instanceof Error ? e.message : e));
  }
}

describe('junk in the journal', () => {
  test('a journal longer than the firmware writes is read no further than JOURNAL_READ_LIMIT, and not restored', () => {
    let text = legacyJournalAtBudget();
    const tail = text.substring(text.indexOf('\n', 200));
    while (text.length < 200000) text += tail;
    for (const pieces of [true, false]) {
      // Read in pieces as the board's StorageFiles are, or whole as a plain file is.
      let handed = 0;
      const storage = new MemoryStorage();
      storage.write(JOURNAL_RECORD, text);
      const reading: KeyValueStorage = {
        read: (name) => storage.read(name),
        has: (name) => storage.read(name) !== undefined,
        write: (name, data) => storage.write(name, data),
        append: (name, data) => storage.append(name, data),
        erase: (name) => storage.erase(name),
      };
      if (pieces) {
        reading.readChunks = (name, each) => {
          const whole = storage.read(name);
          if (whole === undefined) return false;
          for (let at = 0; at < whole.length; at += 256) {
            handed += Math.min(256, whole.length - at);
            if (each(whole.slice(at, at + 256)) === false) break;
          }
          return true;
        };
      }
      const restored = restoreGame(reading, 64);
      expect(restored).toEqual({ problem: 'journal too long; ignored', others: [JOURNAL_RECORD] });
      if (pieces) expect(handed).toBeLessThanOrEqual(JOURNAL_READ_LIMIT + 256);
    }
    // The longest journals the firmware writes are read whole.
    expect(legacyJournalAtBudget().length).toBeLessThanOrEqual(JOURNAL_READ_LIMIT);
    expect(journalAtBudget().length).toBeLessThanOrEqual(JOURNAL_READ_LIMIT);
  });

  test('random text: readRecords keeps only lines with a valid checksum; restoreGame never throws; the clock works', () => {
    fc.assert(
      fc.property(fc.oneof(journalish, fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 200 })), (text) => {
        const storage = withJournal(text);
        const read = readRecords(storage, JOURNAL_RECORD);
        const lines = text.split('\n');
        for (const r of read.records) {
          const line = r + '*' + (0x100000000 + crc32(r)).toString(16).slice(1);
          if (lines.indexOf(line) < 0) throw new Error('a record that is no line of the file: ' + JSON.stringify(r));
        }
        if (read.records.length + read.skipped !== lines.filter((l) => l !== '').length) throw new Error('lines lost or counted twice: ' + JSON.stringify(read));
        restoreSafely(storage, 'random text ' + JSON.stringify(text));
        bootAndPress(storage);
      }),
      { numRuns: 300 * SCALE },
    );
  });

  test('foreign JSON under valid checksums (junk events, instants, undo counts, headers with a junk control or version): recover or fall back; the clock works', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 12 }), fc.boolean(), fc.boolean(), journalSurvives),
      { numRuns: 400 * SCALE },
    );
  });

  /*
   * A journal header's options are checked before the game is rebuilt from them (restoreGame refuses a header whose
   * options fail `optionsError`: "journal has impossible options; ignored"), so junk options never become the
   * restored game's: no side to move that is no side, no throw at boot. Inputs that once got through (fast-check,
   * shrunk): the one record {"v":1,"control":{"system":"byoyomi","mainMs":60000,"periods":3,"periodMs":10000},
   * "options":{"announce":"ru","onExpire":"stop","firstToMove":"","warnings":false,"breakBeforeOvertime":false}}
   * (toMove "", 0 likewise), and "firstToMove":"purple" with {"system":"absolute","mainMs":60000} (startRuntime
   * threw). Names every object has ("constructor"…) as option names are among them.
   */
  test('headers with junk options: the same, never a game whose side to move is no side', () => {
    fc.assert(
      fc.property(optionsHeaderArb('proto'), fc.array(fc.record({ t: tArb, e: eventArb }), { maxLength: 5 }), (header, events) => journalSurvives([header as unknown].concat(events), false, true)),
      { numRuns: 400 * SCALE, seed: 7 },
    );
  });

  test('deep nesting and huge records: no stack overflow, no throw', () => {
    for (const depth of [10, 1000, 100000]) {
      for (const kind of ['array', 'object'] as const) {
        const storage = new MemoryStorage();
        appendRecord(storage, JOURNAL_RECORD, deep(depth, kind));
        appendRecord(storage, JOURNAL_RECORD, '{"v":1,"control":' + deep(depth, kind) + '}');
        appendRecord(storage, JOURNAL_RECORD, '{"t":5,"e":{"type":"adjust","side":"black","control":' + deep(depth, kind) + '}}');
        restoreSafely(storage, 'nesting ' + depth);
        bootAndPress(storage);
      }
    }
    const storage = new MemoryStorage();
    appendRecord(storage, JOURNAL_RECORD, JSON.stringify(HEADER));
    appendRecord(storage, JOURNAL_RECORD, JSON.stringify({ t: 1, e: { type: 'press', side: 'white', pad: 'x'.repeat(1000000) } }));
    restoreSafely(storage, 'a megabyte record');
    bootAndPress(storage);
  });

  /*
   * A record's instant `t` must be whole milliseconds from 0 to MAX_INSTANT_MS (clock.ts `isInstant`); a record
   * with any other is skipped as damaged, so the restored times stay whole milliseconds (docs/architecture.md). The
   * input that once gave 59999.5 ms left (fast-check, shrunk): a valid header (byo-yomi 60 s + 3x10 s),
   * {"t":0.5,"e":{"type":"press","side":"white"}}, {"t":1,"e":{"type":"pause"}}.
   */
  test('fractional instants in the journal: the restored times stay whole milliseconds', () => {
    const fraction = fc.double({ min: 0, max: 600000, noNaN: true }).filter((t) => !Number.isInteger(t));
    // a start and a pause at fractional instants, other events between
    const game = fc.tuple(fraction, fraction, fc.array(fc.record({ t: fc.oneof(fraction, fc.integer({ min: 0, max: 600000 })), e: eventArb }), { maxLength: 6 }))
      .map(([a, b, between]) => [{ t: Math.min(a, b), e: { type: 'press', side: 'white' } }].concat(between as { t: number; e: { type: string; side: string } }[], [{ t: Math.max(a, b), e: { type: 'pause' } } as { t: number; e: { type: string; side: string } }]));
    fc.assert(fc.property(game, (records) => journalSurvives(records, true, true)), { numRuns: 200 * SCALE, seed: 7 });
  });

  /*
   * Instants beyond 2^53 ms: the journal skips such records (`isInstant`) and the core's `step` reads an instant
   * that is not whole milliseconds on a sane time line as the latest one, so nothing reaches the boundary loop with
   * an instant where adding an offset no longer changes it (beyond about 1e20 ms the core's `catchUp` once found the
   * same boundary due again and again, pushing announcements until memory ran out). The journals checked: the
   * header of byo-yomi 60 s + 3x10 s then {"t":1e21,"e":{"type":"press","side":"white"}} (restoreGame never
   * returned: a hang at every boot), and {"t":3.0223949231378298e+54,"e":{"type":"resume"}} (the first press never
   * returned). Run in a child process, since a hang cannot be caught in-process.
   */
  test('instants beyond 2^53 ms in the journal: the clock boots and a press returns (child process, 4 s limit)', async () => {
    const journals = [
      [HEADER, { t: 1e21, e: { type: 'press', side: 'white' } }],
      [HEADER, { t: 3.0223949231378298e54, e: { type: 'resume' } }],
    ].map((records) => journalOf(records, false, false));
    const out = await runChild(path.join(__dirname, 'boot-child.ts'), JSON.stringify(journals), 4000);
    expect(out).toEqual({ stdout: expect.stringMatching(/all ok\n$/), timedOut: false });
  }, 30000);
});

// ---------------------------------------------------------------- settings

const SETTINGS = JSON.parse(JSON.stringify(defaultSettings())) as { [key: string]: unknown };

const settingsTextArb = (odd: OddNames): fc.Arbitrary<string> => fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  mutatedArb(SETTINGS, ['control', 'options', 'leftSide', 'sound', 'volume'], odd).map((v) => JSON.stringify(v)),
  mutatedArb(SETTINGS.options as { [key: string]: unknown }, Object.keys(SETTINGS.options as object), odd).map((options) => JSON.stringify(Object.assign({}, SETTINGS, { options }))),
  mutatedArb((SETTINGS.control as { black: { [key: string]: unknown } }).black, ['system', 'mainMs', 'periods', 'periodMs'], odd).map((black) => JSON.stringify(Object.assign({}, SETTINGS, { control: { black: black, white: black } }))),
  fc.tuple(fc.constant(JSON.stringify(SETTINGS)), fc.nat()).map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
  fc.constantFrom(deep(100000, 'array'), deep(100000, 'object'), '{"control":' + deep(5000, 'object') + '}', '1e999', '-0', 'null', '"x"'),
);

function settingsSurvive(text: string): void {
  const storage = new MemoryStorage();
  storage.write(SETTINGS_RECORD, text);
  const what = 'settings ' + JSON.stringify(text.length > 300 ? text.slice(0, 300) + '...' : text);
  let loaded: ReturnType<typeof loadSettings>;
  try {
    loaded = loadSettings(storage);
  } catch (e) {
    throw new Error(what + ': loadSettings threw ' + String(e));
  }
  oneLine(loaded, what);
  const unusable = settingsError(JSON.parse(JSON.stringify(loaded.settings)));
  if (unusable) throw new Error(what + ': loaded settings that are not valid: ' + unusable);
  if (loaded.problem === undefined && text !== JSON.stringify(SETTINGS)) {
    // accepted: it must have been valid settings
    const parsed = JSON.parse(text);
    if (settingsError(parsed) !== undefined) throw new Error(what + ': accepted although ' + settingsError(parsed));
  }
  try {
    bootAndPress(storage);
  } catch (e) {
    throw new Error(what + ': ' + String(e instanceof Error ? e.message : e));
  }
  // and what was loaded survives a save and a load
  const again = new MemoryStorage();
  saveSettings(again, loaded.settings);
  const reread = loadSettings(again);
  if (reread.problem !== undefined || JSON.stringify(reread.settings) !== JSON.stringify(loaded.settings)) throw new Error(what + ': loaded settings do not survive a save');
}

describe('settings in flash', () => {
  test('the default settings pass the checks stored settings must pass (they are copied at boot, not checked)', () => {
    expect(settingsError(JSON.parse(JSON.stringify(defaultSettings())))).toBeUndefined();
  });

  test('the longest settings the firmware writes (ten stages a side) are read; a longer file is not parsed', () => {
    const settings = defaultSettings();
    const stages = Array.from({ length: MAX_STAGES }, (_, i) => ({ moves: 100 + i, ms: 3600000 + i }));
    settings.control = { black: { system: 'stages', stages }, white: { system: 'stages', stages } };
    settings.arbiterCode = '2468';
    const storage = new MemoryStorage();
    saveSettings(storage, settings);
    expect((storage.read(SETTINGS_RECORD) as string).length).toBeLessThan(MAX_SETTINGS_CHARS);
    expect(loadSettings(storage)).toEqual({ settings: settings });
    storage.write(SETTINGS_RECORD, '{"a":[' + '1,'.repeat(MAX_SETTINGS_CHARS) + '1]}');
    expect(loadSettings(storage)).toEqual({ settings: defaultSettings(), problem: 'settings too long (' + (MAX_SETTINGS_CHARS * 2 + 9) + ' bytes), defaults used' });
  });

  test('random text, junk values, cuts, deep nesting: loadSettings never throws, gives usable settings, says why in one line; the clock works', () => {
    fc.assert(fc.property(settingsTextArb('none'), settingsSurvive), { numRuns: 400 * SCALE });
  });

  /*
   * Option names every object has ("constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"…) are
   * unknown options like any other: `optionsError` looks names up by own property only (text.ts `hasOwn`), so
   * stored settings with one fall back to the defaults with a message instead of throwing at boot (once "TypeError:
   * choices.indexOf is not a function"). E.g. the default settings with "options":{"constructor":1}. The same
   * lookup serves scenario.test.ts's names test.
   */
  test('names every object has ("constructor", "__proto__", "toString") in stored settings: the same, never a throw', () => {
    fc.assert(fc.property(settingsTextArb('proto'), settingsSurvive), { numRuns: 400 * SCALE, seed: 7 });
  });

  /*
   * An unknown option's name goes into the message quoted when it is odd (text.ts `keyText`: a line break shows as
   * the two characters of its escape), and settings.ts makes the message one line, so stored settings with an option named "\n" give a
   * one-line fallback message (runtime.notices, the boot notice): {"control":{"system":"absolute","mainMs":1},
   * "options":{"\n":1},"leftSide":"black","sound":true,"volume":0.5} -> 'settings.options."\n": unknown option
   * (known: ...); defaults used'. The same as scenario.test.ts's "line breaks" test.
   */
  test('names with line breaks in stored settings: the same, with a one-line message', () => {
    fc.assert(fc.property(settingsTextArb('breaks'), settingsSurvive), { numRuns: 400 * SCALE, seed: 7 });
  });
});

afterAll(() => {
  // eslint-disable-next-line no-console
  if (process.env.FUZZ_VERBOSE) console.log('journals: ' + JSON.stringify(stats));
});
