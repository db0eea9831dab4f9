/**
 * The runtime with a voice: what the voice can say (counts, overtime, the flag, paused/resumed, game restored) goes to
 * it at its instant with the language's folder, and the buzzer plays only the rest; with the voice off, the sound
 * off, or no module answering, the buzzer plays everything as before.
 */
import { startRuntime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings, Settings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { createVirtualHal, MemoryStorage } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';
import { Tone, Voice } from '../../hal/hal';
import { Utterance, VOICE_WORDS } from '../../firmware/sound/voice-clips';
import { AnnounceProfile } from '../../firmware/clock/options';

const BYOYOMI = { system: 'byoyomi' as const, mainMs: 10000, periods: 2, periodMs: 30000 };

function recordingVoice(ready = true) {
  const said: Utterance[] = [];
  const volumes: number[] = [];
  const voice: Voice = {
    say: (u) => {
      said.push(u);
    },
    setVolume: (v) => {
      volumes.push(v);
    },
    stop: () => undefined,
    ready: () => ready,
  };
  return { voice, said, volumes };
}

function start(change: Partial<Settings>, announce: AnnounceProfile, ready = true, storage = new MemoryStorage()) {
  const settings = Object.assign(defaultSettings(), change);
  settings.control = parseGameControl(BYOYOMI);
  settings.options = Object.assign({}, settings.options, { announce: announce });
  saveSettings(storage, settings);
  const hal = createVirtualHal({ storage });
  const { voice, said, volumes } = recordingVoice(ready);
  hal.voice = voice;
  const buzzed: Tone[][] = [];
  hal.buzzer = { play: (tones) => buzzed.push(tones), stop: () => undefined };
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  const press = (button: 'left' | 'right', atMs: number) => {
    hal.advanceTo(atMs);
    hal.edge(button, true);
    hal.advanceTo(atMs + 30);
    hal.edge(button, false);
  };
  return { hal, runtime, said, volumes, buzzed, press, storage };
}

/** What was said as "atMs folder:track,track". */
const spoken = (said: Utterance[]) => said.map((u) => u.atMs + ' ' + u.folder + ':' + u.tracks.join(',') + (u.count ? ' count' : ''));

describe('the runtime with a voice', () => {
  it('says overtime, 15, 10, 5 … 1 and the flag at their instants, in the language of the settings, and beeps for none of them', () => {
    const { hal, said, buzzed, press, volumes } = start({ voice: 'en' }, 'ru');
    expect(volumes).toEqual([0.5]);
    press('right', 1000); // White starts Black's clock at 1,000 (hal ms)
    hal.advanceTo(1000 + 10000 + 2 * 30000 + 100);
    const overtime = 11000;
    const counts = [15, 10, 5, 4, 3, 2, 1];
    const period = (n: number) => counts.map((c) => overtime + n * 30000 + (30 - c) * 1000 + ' 2:' + c + ' count');
    expect(spoken(said)).toEqual(
      [overtime + ' 2:' + VOICE_WORDS.overtime]
        .concat(period(0))
        .concat([overtime + 30000 + ' 2:' + VOICE_WORDS['last period']])
        .concat(period(1))
        .concat([overtime + 60000 + ' 2:' + VOICE_WORDS.flag]),
    );
    // The buzzer only marks the period used.
    expect(buzzed.length).toBe(1);
  });

  it('the beep profile stays on the buzzer; overtime is still said', () => {
    const { hal, said, buzzed, press } = start({ voice: 'ru' }, 'beep');
    press('right', 1000);
    hal.advanceTo(11000 + 29000);
    expect(spoken(said)).toEqual(['11000 1:' + VOICE_WORDS.overtime]);
    expect(buzzed.length).toBe(6); // a double beep and five beeps
  });

  it('voice off, sound off, or no module answering: the buzzer plays, the voice says nothing', () => {
    for (const [change, ready] of [[{ voice: 'off' }, true], [{ sound: false }, true], [{ voice: 'ja' }, false]] as [Partial<Settings>, boolean][]) {
      const { hal, said, buzzed, press } = start(change, 'ru', ready);
      press('right', 1000);
      hal.advanceTo(11000 + 29500);
      expect(said).toEqual([]);
      expect(buzzed.length).toBe(change.sound === false ? 0 : 8); // overtime and seven counts
    }
  });

  it('says "paused" and "resumed" when the clock stops and goes again, and "game restored" after a power cut', () => {
    const { hal, runtime, said, press, storage } = start({ voice: 'ja' }, 'off');
    press('right', 1000);
    hal.advanceTo(2000);
    runtime.feed({ type: 'pause' }, runtime.nowMs());
    runtime.feed({ type: 'pause' }, runtime.nowMs()); // already paused: nothing said
    hal.advanceTo(3000);
    runtime.feed({ type: 'resume' }, runtime.nowMs());
    expect(spoken(said)).toEqual(['2000 3:' + VOICE_WORDS.paused, '3000 3:' + VOICE_WORDS.resumed]);

    const again = createVirtualHal({ storage });
    const { voice, said: saidAgain } = recordingVoice(false); // the module has not answered yet: said anyway
    again.voice = voice;
    startRuntime(again, { layout: layoutFor(again.display) });
    expect(saidAgain.map((u) => u.folder + ':' + u.tracks.join(','))).toEqual(['3:' + VOICE_WORDS['game restored']]);
  });
});
