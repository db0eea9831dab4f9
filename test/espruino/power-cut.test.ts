/**
 * Power cuts on the real interpreter: the console board's bundle, booted from Storage, is killed mid-game (the
 * interpreter stops dead at an instant, as the power would) and boots again from the same Storage. The game must come
 * back, paused, as the same firmware brings it back in V8, whether or not it had been paused before (the chord's
 * take-back is journaled as an undo record); and a corrupt journal or corrupt settings get a message, not a crash.
 * The board runs on virtual time (`virtualConsole`): the presses land at their instants whatever else the machine is
 * doing, so the interpreter must print what V8 prints frame for frame, and the cut comes at an exact instant.
 */
import { transcriptOf } from '../../sim/espruino/console-board';
import { Hands } from '../../sim/hands';
import { expectAwayFromBoundaries, Part, POWER_CUT, settingsFor } from './twin';
import { describeOnEspruino, framesOf, GAME_TIMEOUT_MS, virtualConsole } from './support';
import { legacyJournalAtBudget } from '../../sim/espruino/crafted-journal';

jest.setTimeout(GAME_TIMEOUT_MS);

const BYOYOMI = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 } as const;
const frames = framesOf;
const last = (transcript: string[]) => frames(transcript)[frames(transcript).length - 1];

/** Plays `before`, cuts the power, boots, plays `after`; checks the whole run against V8; returns the transcript. */
async function cutAndPlay(before: Hands, after: Hands): Promise<string[]> {
  const settings = settingsFor(BYOYOMI);
  const parts: Part[] = [before, POWER_CUT, after];
  const expected = expectAwayFromBoundaries(settings, parts);
  const board = await virtualConsole({ settingsText: JSON.stringify(settings) });
  let transcript: string[];
  try {
    await board.play(before);
    await board.reboot();
    transcript = await board.play(after);
  } finally {
    await board.stop();
  }
  expect(board.failures()).toEqual([]);
  expect({ interpreter: transcript }).toEqual({ interpreter: expected });
  return transcript;
}

describeOnEspruino('a power cut mid-game on the interpreter', () => {
  it('the running game comes back paused at its last move, and resumes', async () => {
    const before = new Hands().tap('right').wait(1250).tap('left').wait(2050).tap('right').wait(750);
    const after = new Hands().wait(1000).both(2150).wait(1250);
    const out = await cutAndPlay(before, after);
    expect(out).toContain('goclock: game restored');
    // Paused as of White's move: Black's clock runs on resume; White's 2.35 s are charged, Black's 0.75 s since are lost.
    expect(frames(out)).toContain('0:59 ^ =  ^ 0:58\nPAUSE  =      #1');
    expect(last(out)).toMatch(/^0:57 \^ <  \^ 0:58\n#1 /);
  });

  it('a game that had a pause (an undo record in the journal) comes back too', async () => {
    const before = new Hands().tap('right').wait(1250).tap('left').wait(1050).both(600).wait(1000).both(2150).wait(1250);
    const after = new Hands().wait(1000).both(2150).wait(1250);
    const out = await cutAndPlay(before, after);
    expect(out).toContain('goclock: game restored');
    expect(out.join('\n')).not.toMatch(/does not replay/);
    expect(last(out)).toMatch(/^0:59 \^  > \^ 0:5\d\n#1 /);
  });

  it('a game paused when the power went comes back paused, and resumes', async () => {
    const before = new Hands().tap('right').wait(1250).tap('left').wait(1050).both(600).wait(1500);
    const after = new Hands().wait(1000).both(2150).wait(1250);
    const out = await cutAndPlay(before, after);
    expect(out).toContain('goclock: game restored');
    expect(last(out)).toMatch(/^0:59 \^  > \^ 0:5\d\n#1 /);
  });
});

describeOnEspruino('corrupt storage on the interpreter: a message, a new game, no crash', () => {
  async function bootWith(storage: { journalText?: string; settingsText?: string }): Promise<string[]> {
    const board = await virtualConsole(storage);
    let transcript: string[];
    try {
      transcript = await board.play(new Hands().wait(500).tap('right').wait(1250).tap('left').wait(500));
    } finally {
      await board.stop();
    }
    expect(board.failures()).toEqual([]);
    return transcript;
  }

  it('a journal of garbage is set aside with a message, a new game plays, and the next boot is clean', async () => {
    const garbage = '\n{"v":1,"control":garbage*0badc0de\n\x01\x02\x03 not a journal at all\n';
    const board = await virtualConsole({ journalText: garbage });
    try {
      const out = await board.play(new Hands().wait(500).tap('right').wait(1250).tap('left').wait(500));
      expect(out.filter((item) => /^goclock: /.test(item))).toEqual(['goclock: journal has no game; ignored', 'goclock: bad journal kept']);
      expect(last(out)).toMatch(/^0:59:59|^59:59 .*\n#1 /);
      // Kept, byte for byte, under its own name; the game's journal is the new game's.
      expect(JSON.parse(await board.evaluate('JSON.stringify(require("Storage").open("gcjbad","r").read(4096))'))).toBe(garbage);
      await board.reboot();
      await board.wait(500); // the notices are printed after the first frame
      const again = transcriptOf(board.runOutput());
      expect(again).toContain('goclock: game restored');
      expect(again.join('\n')).not.toMatch(/journal has no game|bad journal/);
    } finally {
      await board.stop();
    }
    expect(board.failures()).toEqual([]);
  });

  it('a journal longer than the firmware writes (60 KB of valid records) is read no further than its limit: set aside, a new game', async () => {
    let crafted = legacyJournalAtBudget();
    while (crafted.length < 60000) crafted += crafted.substring(crafted.indexOf('\n', 200));
    const out = await bootWith({ journalText: crafted });
    expect(out.filter((item) => /^goclock: /.test(item))).toEqual(['goclock: journal too long; ignored', 'goclock: bad journal kept']);
    expect(last(out)).toMatch(/^0:59:59|^59:59 .*\n#1 /);
  });

  it('settings that are not JSON fall back to the defaults with a message', async () => {
    const out = await bootWith({ settingsText: '{"control": {"system": "byoyomi", "mainMs": 36' });
    expect(out).toContain('goclock: settings unreadable, defaults used');
    expect(last(out)).toMatch(/^59:59 .*\n#1 /);
  });

  it('settings longer than the firmware writes are not parsed: the defaults, a message, the boot goes on', async () => {
    // 3,000 array items: parsed, they had run the board out of memory at every boot, before its first frame.
    const out = await bootWith({ settingsText: '{"a":[' + new Array(3000).fill(1).join(',') + ']}' });
    expect(out).toContain('goclock: settings too long (6007 bytes), defaults used');
    expect(last(out)).toMatch(/^59:59 .*\n#1 /);
  });

  it('settings with an impossible control fall back to the defaults with a message naming the field', async () => {
    const bad = JSON.stringify({ control: { system: 'byoyomi', mainMs: -5, periods: 3, periodMs: 30000 }, options: {}, leftSide: 'black', sound: true, volume: 0.5 });
    const out = await bootWith({ settingsText: bad });
    expect(out.filter((item) => /^goclock: /.test(item))[0]).toMatch(/^goclock: settings\.control.*mainMs.*; defaults used$/);
  });
});
