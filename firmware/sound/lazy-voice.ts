/**
 * A voice whose queue (voice-queue.ts) is made only when something is first to be said: until then only the clip
 * player (the module's driver, which must listen from the start to know whether a module answers) holds RAM. The
 * device makes its queue from the voice part (firmware/parts/voice-part.ts) this way.
 */
import { ClipPlayer, Voice } from '../../hal/hal';

export function lazyVoice(player: ClipPlayer, makeQueue: () => Voice): Voice {
  let queue: Voice | null = null;
  return {
    say(utterance) {
      if (queue === null) queue = makeQueue();
      queue.say(utterance);
    },
    setVolume(level) {
      player.setVolume(level);
    },
    stop() {
      if (queue !== null) queue.stop();
      else player.stop();
    },
    ready: () => (player.ready ? player.ready() : true),
  };
}
