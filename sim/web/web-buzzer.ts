/**
 * The piezo on the page: hal's `Buzzer` with WebAudio. A pattern is its tones one after another, each an
 * OscillatorNode (a square wave, as a piezo driven by PWM sounds) at the tone's frequency for its duration; a rest
 * (hz 0) is silence. A new pattern replaces the one playing, as on the device. The volume is the firmware's setting
 * (0–1); the page can mute the buzzer altogether.
 *
 * Browsers start an AudioContext suspended until the user does something: `unlock()` is called on the first press
 * or key, and creates or resumes it then.
 */
import { Buzzer, Tone } from '../../hal/hal';

/** A square wave is loud: full volume is this gain. */
const MAX_GAIN = 0.18;
/** Short ramps at each end of a tone, so it does not click. */
const RAMP_S = 0.004;

type AudioContextClass = typeof AudioContext;

export class WebBuzzer implements Buzzer {
  muted = false;
  /** Patterns asked for (played or not), for the page and its tests. */
  patterns = 0;
  private context: AudioContext | null = null;
  private playing: OscillatorNode[] = [];

  /** Creates or resumes the AudioContext; call it from a user gesture. */
  unlock(): void {
    const Context = (window.AudioContext || (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as
      | AudioContextClass
      | undefined;
    if (!Context) return;
    if (!this.context) this.context = new Context();
    if (this.context.state === 'suspended') this.context.resume().catch(() => undefined);
  }

  play(tones: Tone[], volume: number): void {
    this.patterns++;
    this.stop();
    const context = this.context;
    if (this.muted || !context || context.state !== 'running' || !(volume > 0)) return;
    const gain = MAX_GAIN * Math.min(1, volume);
    let at = context.currentTime + 0.01;
    for (let i = 0; i < tones.length; i++) {
      const seconds = tones[i].ms / 1000;
      if (tones[i].hz > 0 && seconds > 0) {
        const oscillator = context.createOscillator();
        const envelope = context.createGain();
        oscillator.type = 'square';
        oscillator.frequency.value = tones[i].hz;
        envelope.gain.setValueAtTime(0, at);
        envelope.gain.linearRampToValueAtTime(gain, at + RAMP_S);
        envelope.gain.setValueAtTime(gain, Math.max(at + RAMP_S, at + seconds - RAMP_S));
        envelope.gain.linearRampToValueAtTime(0, at + seconds);
        oscillator.connect(envelope);
        envelope.connect(context.destination);
        oscillator.start(at);
        oscillator.stop(at + seconds);
        oscillator.onended = () => {
          envelope.disconnect();
          const index = this.playing.indexOf(oscillator);
          if (index >= 0) this.playing.splice(index, 1);
        };
        this.playing.push(oscillator);
      }
      at += seconds;
    }
  }

  stop(): void {
    const playing = this.playing;
    this.playing = [];
    for (let i = 0; i < playing.length; i++) {
      try {
        playing[i].stop();
      } catch (e) {
        // not started yet or already stopped
      }
      playing[i].disconnect();
    }
  }
}
