/** The voice's queue: clips one after another, a count never said late, words said whole, a silent player survived. */
import { ClipPlayer, CLIP_FALLBACK_MS, createVoiceQueue, STALE_MS } from '../../firmware/sound/voice-queue';
import { createFakeTimers } from '../hal/fakes';
import { Utterance } from '../../firmware/sound/voice-clips';

function setup() {
  const timers = createFakeTimers(0);
  const played: string[] = [];
  let ended: () => void = () => undefined;
  const player: ClipPlayer = {
    play: (folder, track) => {
      played.push(timers.nowMs + ' ' + folder + '/' + track);
    },
    stop: () => {
      played.push(timers.nowMs + ' stop');
    },
    onEnded: (handler) => {
      ended = handler;
    },
    setVolume: () => undefined,
  };
  const voice = createVoiceQueue(player, { now: () => timers.nowMs, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout });
  const end = () => ended();
  return { timers, played, voice, end };
}

const count = (tracks: number[], atMs: number): Utterance => ({ folder: 1, tracks, atMs, count: true });
const words = (track: number, atMs: number): Utterance => ({ folder: 1, tracks: [track], atMs, count: false });

describe('createVoiceQueue', () => {
  it('says the clips of one utterance in order, each when the one before ended', () => {
    const { timers, played, voice, end } = setup();
    voice.say(count([101, 50], 0)); // 150
    expect(played).toEqual(['0 1/101']);
    timers.advance(600);
    end();
    expect(played).toEqual(['0 1/101', '600 1/50']);
  });

  it('a count that is late is dropped, not said late', () => {
    const { timers, played, voice } = setup();
    timers.advance(1000);
    voice.say(count([5], 1000 - STALE_MS - 1));
    expect(played).toEqual([]);
    voice.say(count([4], 1000 - STALE_MS));
    expect(played).toEqual(['1000 1/4']);
  });

  it('a count being said is cut by the next thing to say', () => {
    const { timers, played, voice } = setup();
    voice.say(count([5], 0));
    timers.advance(300);
    voice.say(words(206, 300)); // the flag
    expect(played).toEqual(['0 1/5', '300 1/206']);
  });

  it('words are said whole: a count waits behind them, only the newest, and only while not late', () => {
    const { timers, played, voice, end } = setup();
    voice.say(words(200, 0)); // overtime
    voice.say(count([15], 100));
    voice.say(count([10], 200));
    timers.advance(400);
    end();
    expect(played).toEqual(['0 1/200', '400 1/10']);
    voice.say(words(201, 400)); // cuts the count
    voice.say(count([5], 500));
    timers.advance(STALE_MS + 200);
    end();
    expect(played).toEqual(['0 1/200', '400 1/10', '400 1/201']); // "5" would be late now
  });

  it('a player that never reports an end is taken to have ended after CLIP_FALLBACK_MS', () => {
    const { timers, played, voice } = setup();
    voice.say({ folder: 3, tracks: [102, 30], atMs: 0, count: false });
    timers.advance(CLIP_FALLBACK_MS - 1);
    expect(played).toEqual(['0 3/102']);
    timers.advance(1);
    expect(played).toEqual(['0 3/102', CLIP_FALLBACK_MS + ' 3/30']);
    timers.advance(CLIP_FALLBACK_MS);
    voice.say(count([9], timers.nowMs));
    expect(played[2]).toBe(2 * CLIP_FALLBACK_MS + ' 1/9');
  });

  it('stop silences and forgets what waits', () => {
    const { timers, played, voice, end } = setup();
    voice.say(words(207, 0));
    voice.say(words(210, 0));
    voice.stop();
    end();
    timers.advance(CLIP_FALLBACK_MS * 2);
    expect(played).toEqual(['0 1/207', '0 stop']);
  });
});
