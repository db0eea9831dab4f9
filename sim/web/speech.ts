/**
 * The timekeeper's voice: the announcements' text ("15", "10", "overtime", "last period") spoken with the browser's
 * speechSynthesis, as the README promises ("the simulator speaks the same words"). Only the newest is spoken: at a
 * fast-forward speed a count that is already past is not worth finishing.
 */
export class Speaker {
  enabled = true;

  available(): boolean {
    return typeof window !== 'undefined' && 'speechSynthesis' in window;
  }

  say(text: string): void {
    if (!this.enabled || !this.available()) return;
    const synth = window.speechSynthesis;
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = 'en-US';
    utterance.rate = 1.1;
    synth.speak(utterance);
  }

  stop(): void {
    if (this.available()) window.speechSynthesis.cancel();
  }
}
