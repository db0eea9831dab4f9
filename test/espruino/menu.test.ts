/**
 * The two-button device on the real interpreter: chords that pause and resume, and the arbiter's menu (+2:00, a new
 * control mid-game, an option), played with raw button edges on the console board's bundle booted from Storage.
 * What it prints must be what the same firmware prints in V8 (`expectSameShow`); nothing may fail.
 */
import { Hands } from '../../sim/hands';
import { describeOnEspruino, framesOf, GAME_TIMEOUT_MS, playChecked } from './support';

jest.setTimeout(GAME_TIMEOUT_MS);

const play = playChecked;

const BYOYOMI = { system: 'byoyomi', mainMs: 60000, periods: 3, periodMs: 30000 } as const;
const frames = framesOf;
const last = (transcript: string[]) => frames(transcript)[frames(transcript).length - 1];

/** White starts, Black moves after 1.2 s, White thinks. */
const opening = () => new Hands().tap('right').wait(1250).tap('left').wait(1050);

describeOnEspruino('chords and the menu on the interpreter print what V8 prints', () => {
  it('a chord pauses as of its first finger, with no move; both held 2 s resume', async () => {
    const out = await play(BYOYOMI, opening().both(600).wait(1000).both(2150).wait(1450));
    // The press that began the chord (White's right button) is not a move: White still has none.
    expect(frames(out)).toContain('0:59 ^  = ^ 0:59\n#1      =  PAUSE');
    expect(last(out)).toBe('0:59 ^  > ^ 0:57\n#1      >     #0'); // 58.65 s at the chord, 1.76 s since the resume
  });

  it('+2:00 to White from a running game: both 4 s, L, R, R (Resume)', async () => {
    const out = await play(BYOYOMI, opening().both(4100).tap('left').tap('right').tap('right').wait(1250));
    expect(frames(out).some((f) => /^\+2:00 White/.test(f))).toBe(true);
    expect(last(out)).toMatch(/^0:59 \^  > \^ 2:5[89]\n/);
  });

  it('a new control mid-game for Black only: Change control > Preset > 60m absolute > Black only', async () => {
    const hands = opening().both(4100);
    for (let i = 0; i < 9; i++) hands.tap('left'); // down to "Change control"
    hands.tap('right').tap('right'); // Preset
    for (let i = 0; i < 4; i++) hands.tap('left'); // 5m, 10m, 30m, 45m, 60m absolute
    hands.tap('right').tap('left').tap('right'); // Both sides, Black only: Keep times?
    hands.tap('left').tap('right'); // Start afresh: applied
    hands.tap('right').wait(1350); // Resume
    const out = await play(BYOYOMI, hands);
    expect(frames(out).some((f) => /Now B Abs 60m/.test(f))).toBe(true);
    expect(last(out)).toMatch(/^1:00:00 .* 0:5\d\n#1 /);
  });

  it('an option set in the menu applies to the next game: expiry "continue", and the flag counts up', async () => {
    const hands = new Hands().both(2100).tap('left').tap('left').tap('right'); // Options
    hands.tap('left').tap('right').tap('left').tap('left').tap('right'); // Expiry > stop, pass, continue: saved
    hands.tap('left', 1100).wait(300); // back to the menu, at Options
    hands.tap('left').tap('left').tap('left').tap('right'); // Read the log, New game, Exit
    hands.wait(500).tap('right').wait(3450); // White starts; Black's 3 s run out
    const out = await play({ system: 'absolute', mainMs: 3000 }, hands);
    expect(frames(out)).toContain('Expiry  continue\nSaved           ');
    expect(last(out)).toMatch(/^-0:00/);
  });
});
