/**
 * Every time system on the real interpreter: the console board's bundle, booted from Storage as `npm run flash`
 * leaves it, played with both players' buttons through a game that ends in a flag, a forced pass or a pause. What
 * it prints (its frames, every buzzer line) must be what the same firmware prints in V8 for the same presses, and
 * nothing may fail. The interpreter runs on virtual time (`playChecked`): each edge lands at its instant however busy
 * the machine is, so the two must agree frame for frame. Each game is also checked to be away from every instant at
 * which a shown second or tenth, a period or a flag changes (`expectAwayFromBoundaries`), as a device's edge stamped
 * a millisecond late must not change a frame either.
 */
import { Hands } from '../../sim/hands';
import { describeOnEspruino, framesOf, GAME_TIMEOUT_MS, playChecked } from './support';

jest.setTimeout(GAME_TIMEOUT_MS);

const play = playChecked;

/** Both players alternate: White starts, then `gaps` are each move's thinking time, Black first. */
function game(gaps: number[]): Hands {
  const hands = new Hands().tap('right');
  gaps.forEach((gapMs, i) => hands.wait(gapMs).tap(i % 2 === 0 ? 'left' : 'right'));
  return hands;
}

const frames = framesOf;
const buzzes = (transcript: string[]) => transcript.filter((item) => /^buzzer:/.test(item));

describeOnEspruino('each time system on the interpreter prints what V8 prints', () => {
  it('absolute: moves by both sides, then White flags', async () => {
    const out = await play({ system: 'absolute', mainMs: 12500 }, game([1150, 950, 1160]).wait(11660));
    expect(frames(out)[frames(out).length - 1]).toMatch(/FLAG/);
  });

  it('byo-yomi: main time runs out, a move refills the period, the last period runs out (ru count)', async () => {
    const out = await play({ system: 'byoyomi', mainMs: 1500, periods: 2, periodMs: 3000 }, game([2150, 350]).wait(6800));
    expect(frames(out).some((f) => /2x/.test(f))).toBe(true);
    expect(frames(out).some((f) => /1x/.test(f))).toBe(true);
    expect(frames(out)[frames(out).length - 1]).toMatch(/FLAG/);
    expect(buzzes(out).length).toBeGreaterThan(3); // the count, the overtime, the last period, the flag
  });

  it('byo-yomi with onExpire "pass": the turn passes when the last period runs out', async () => {
    const out = await play({ system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 2500 }, game([360]).wait(3110), { onExpire: 'pass' });
    expect(out.length).toBeGreaterThan(4);
  });

  it('Canadian: moves in overtime count down and the period refills', async () => {
    const out = await play({ system: 'canadian', mainMs: 1200, moves: 2, periodMs: 5000 }, game([1640, 360, 640, 360, 640]).both(600).wait(400));
    expect(frames(out).some((f) => /1\/2/.test(f))).toBe(true);
    expect(frames(out)[frames(out).length - 1]).toMatch(/PAUSE/);
  });

  it('Fischer with a cap: each move adds the increment, never above the cap', async () => {
    await play({ system: 'fischer', mainMs: 12000, incrementMs: 2000, capMs: 13000 }, game([350, 1350, 2350]).both(600).wait(400));
  });

  it('Bronstein: each move gives back what it used, up to the delay', async () => {
    await play({ system: 'bronstein', mainMs: 12000, delayMs: 1000 }, game([650, 2350, 1650]).both(600).wait(400));
  });

  it('simple delay: the main time waits for the delay each turn', async () => {
    await play({ system: 'delay', mainMs: 12000, delayMs: 1500 }, game([1150, 2650, 450]).both(600).wait(400));
  });

  it('hourglass: what one side uses flows to the other; expiry "continue" counts a flagged clock up', async () => {
    const out = await play({ system: 'hourglass', mainMs: 3000 }, game([1350, 660]).wait(4610), { onExpire: 'continue' });
    expect(frames(out).some((f) => /FLAG/.test(f))).toBe(true);
  });

  it('stages: after the first stage the next one is added', async () => {
    await play({ system: 'stages', stages: [{ moves: 1, ms: 11000 }, { moves: 1, ms: 2000 }] }, game([1340, 660, 1140, 460]).both(600).wait(400));
  });

  it('time odds: each side its own control', async () => {
    await play({ black: { system: 'absolute', mainMs: 12000 }, white: { system: 'fischer', mainMs: 11000, incrementMs: 1000 } }, game([650, 1350]).both(600).wait(400));
  });
});
