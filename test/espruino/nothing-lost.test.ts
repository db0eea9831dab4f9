/**
 * Nothing lost, on the real interpreter (espruino-12k, the console board's bundle booted from Storage): crafted
 * journals boot in bounded time with a message or the game, a full flash is told on the display while the clock
 * runs on and is cleared once there is room again, and the longest legitimate journal — one at its budget — boots.
 * Boot times are printed (`FIGURES=1`); the README's worst boot comes from `npm run bench`.
 */
import fc from 'fast-check';
import { ConsoleBoard, transcriptOf } from '../../sim/espruino/console-board';
import { Hands } from '../../sim/hands';
import { journalAtBudget, journalOf, legacyJournalAtBudget } from '../../sim/espruino/crafted-journal';
import { settingsFor } from './twin';
import { describeOnEspruino, framesOf, GAME_TIMEOUT_MS, virtualConsole } from './support';
import { UNSAVED_NOTICE } from '../../firmware/runtime/runtime';

jest.setTimeout(4 * GAME_TIMEOUT_MS);

const notices = (out: string[]) => out.filter((item) => /^goclock: /.test(item));

async function bootTimed(journalText: string, settings?: object): Promise<{ out: string[]; bootMs: number; board: ConsoleBoard }> {
  const started = Date.now();
  const board = await ConsoleBoard.start({ journalText: journalText, settings: settings as never, bootTimeoutMs: 60000 });
  await board.wait(500); // the notices are printed after the first frame
  const bootMs = Date.now() - started;
  // eslint-disable-next-line no-console
  if (process.env.FIGURES) console.log('boot with a journal of ' + journalText.length + ' characters: ' + bootMs + ' ms (image and Storage prepared included)');
  return { out: board.transcript(), bootMs: bootMs, board: board };
}

describeOnEspruino('crafted journals boot in bounded time on the interpreter', () => {
  it('byo-yomi 0 + 1x1 s with forced passes and a tick at the latest instant: the game comes back, paused, at once', async () => {
    const crafted = journalOf([
      { v: 1, control: { black: { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1000 }, white: { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1000 } }, options: { onExpire: 'pass' } },
      { t: 0, e: { type: 'start' } },
      { t: 9007199254740991, e: { type: 'tick' } },
    ]);
    const { out, board } = await bootTimed(crafted);
    try {
      const more = await board.play(new Hands().wait(500));
      expect(board.failures()).toEqual([]);
      // The instant no real game reaches is refused (the record is skipped): the game is as its start left it.
      expect(notices(out.concat(more))).toContain('goclock: game restored');
    } finally {
      await board.stop();
    }
  });

  it('forced passes over a year of a 1 s byo-yomi are counted, not replayed one by one', async () => {
    const year = 365 * 24 * 3600000;
    const crafted = journalOf([
      { v: 1, control: { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1000 }, options: { onExpire: 'pass' } },
      { t: 0, e: { type: 'start' } },
      { t: year, e: { type: 'tick' } },
    ]);
    const { out, board } = await bootTimed(crafted);
    try {
      expect(board.failures()).toEqual([]);
      expect(notices(out)).toContain('goclock: game restored');
    } finally {
      await board.stop();
    }
  });

  it('random crafted journals (extreme instants, periods, counts): each boots to a frame with no failure', async () => {
    const controlArb = fc.oneof(
      fc.record({ system: fc.constant('byoyomi'), mainMs: fc.constantFrom(0, 1, 1000), periods: fc.constantFrom(1, 2, 1000), periodMs: fc.constantFrom(1, 1000, 34560000000) }),
      fc.record({ system: fc.constant('canadian'), mainMs: fc.constantFrom(0, 1), moves: fc.constantFrom(1, 1000), periodMs: fc.constantFrom(1, 1000) }),
      fc.record({ system: fc.constant('fischer'), mainMs: fc.constantFrom(1, 34560000000), incrementMs: fc.constantFrom(1, 34560000000) }),
    );
    const instantArb = fc.constantFrom(0, 1, 999, 1000, 3600000, 34560000000, 315576000000, 9007199254740991, 1e21, -1, 0.5);
    const journalArb = fc.record({
      control: controlArb,
      onExpire: fc.constantFrom('stop', 'pass', 'continue'),
      events: fc.array(fc.record({ t: instantArb, type: fc.constantFrom('start', 'press', 'tick', 'pause', 'resume'), side: fc.constantFrom('black', 'white') }), { maxLength: 6 }),
    });
    const samples = fc.sample(journalArb, { numRuns: 4, seed: 11 });
    for (const sample of samples) {
      const records: unknown[] = [{ v: 1, control: sample.control, options: { onExpire: sample.onExpire } }];
      for (const e of sample.events) records.push({ t: e.t, e: e.type === 'press' ? { type: 'press', side: e.side } : { type: e.type } });
      const { out, board } = await bootTimed(journalOf(records));
      try {
        expect(board.failures()).toEqual([]);
        expect(framesOf(out).length).toBeGreaterThan(0);
      } finally {
        await board.stop();
      }
    }
  });
});

describeOnEspruino('a full flash on the interpreter', () => {
  it('is shown while the clock runs on, cleared by the next compaction when there is room, and the game comes back', async () => {
    const settings = settingsFor({ system: 'absolute', mainMs: 600000 });
    // Another file takes all the room there is before the clock boots: its new game's journal cannot be written.
    // (compacted first: erased files are room the flash takes back when it needs it)
    // On virtual time (`virtualConsole`: the presses land at their instants however busy the machine is): the file is
    // written from the console of a first boot, and the power cut; the clock then boots with the flash full.
    const fill = ['require("Storage").open("gcjrnl","r").erase();', 'require("Storage").compact();', 'require("Storage").write("filler","",0,require("Storage").getFree()-64);'];
    const board = await virtualConsole({ settingsText: JSON.stringify(settings) });
    try {
      for (const line of fill) board.send(line);
      await board.evaluate('"filled"');
      await board.reboot();
      await board.play(new Hands().wait(300).tap('right').wait(1250).tap('left').wait(1250).tap('right').wait(3500));
      const full = transcriptOf(board.runOutput());
      expect(board.failures()).toEqual([]);
      // Said while the clock stood, and for 3 s of every 10 while it ran; the moves were counted all the same.
      expect(framesOf(full)[0]).toContain(UNSAVED_NOTICE);
      expect(framesOf(full).filter((f) => /\n#/.test(f)).slice(-1)[0]).toMatch(/\n#1 .*#1$/);
      await board.evaluate('require("Storage").erase("filler")');
      const room = await board.play(new Hands().tap('left').wait(1250).tap('right').wait(10500));
      expect(framesOf(room).slice(-12).some((f) => f.indexOf(UNSAVED_NOTICE) >= 0)).toBe(false);
      await board.reboot();
      await board.wait(500);
      const after = transcriptOf(board.runOutput());
      expect(after).toContain('goclock: game restored');
      // The moves made after the room came back, saved: the board shows them once its notice gives way to a press.
      const resumed = await board.play(new Hands().both(2150).wait(500));
      expect(framesOf(resumed).slice(-1)[0]).toMatch(/\n#2 .*#2$/);
      expect(board.failures()).toEqual([]);
    } finally {
      await board.stop();
    }
  });
});

describeOnEspruino('the longest legitimate journal boots', () => {
  it('a journal of older firmware at its budget (format 2: 16 KB of heartbeats and moves) comes back', async () => {
    const { out, board } = await bootTimed(legacyJournalAtBudget());
    try {
      expect(board.failures()).toEqual([]);
      expect(notices(out)).toContain('goclock: game restored');
    } finally {
      await board.stop();
    }
  });

  it('a journal at its budget (a snapshot with its log, then moves up to the compaction) comes back', async () => {
    const text = journalAtBudget();
    const { out, board } = await bootTimed(text);
    try {
      expect(board.failures()).toEqual([]);
      expect(notices(out)).toContain('goclock: game restored');
    } finally {
      await board.stop();
    }
  });
});
