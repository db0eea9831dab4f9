/**
 * The front-end without a terminal (a pipe, a file, CI): keys come from stdin as characters or lines (line ends
 * are ignored), and the run is printed as plain text, as it happens: each changed frame in a box under its game
 * time and status, each log line, announcement and buzzer pattern on its own line. Tests and scripts drive it.
 *
 * Keys are handed to the session while fewer than MAX_QUEUED_KEYS of its gestures wait; the rest of a chunk waits
 * here and stdin is paused meanwhile, so a pipe of any length is played whole, in order, in bounded memory (and
 * the end of input counts only once every key before it was handed over).
 */
import { decodeKeys } from './terminal-keys';
import { frameLines, gameTimeText } from './terminal-draw';
import { Session } from './terminal-session';
import { FrontEnd } from './terminal-tty';

/** Gestures (and other keys' actions) waiting in the session, at most, while stdin is read. */
export const MAX_QUEUED_KEYS = 1000;

export interface PipeStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/** A frame as printed: "[0:04.2] Black's clock runs (left)" and the frame's lines. */
export function printedFrame(session: Session): string {
  const lines = frameLines(session.frame()) as string[];
  return '[' + gameTimeText(session.gameMs()) + '] ' + session.status() + '\n' + lines.join('\n') + '\n';
}

export function createPipeFrontEnd(
  session: Session,
  io: PipeStreams,
  handlers: { key: (key: string) => void; end: () => void },
): FrontEnd {
  let active = false;
  let lastFrame = '';
  let lastSpeed = session.speed();
  let lastHeader = '';
  /** Keys read and not yet handed over (from `next` on). */
  let keys: string[] = [];
  let next = 0;
  let inputEnded = false;
  let endSaid = false;
  let pumping = false;

  const write = (text: string): void => {
    if (active) io.output.write(text);
  };

  /** Hands keys over while the session has room; pauses stdin while some wait here, resumes it when none do. */
  function pump(): void {
    if (pumping || !active) return;
    pumping = true;
    while (active && next < keys.length && session.pending() < MAX_QUEUED_KEYS) handlers.key(keys[next++]);
    pumping = false;
    if (!active) return;
    if (next < keys.length) {
      io.input.pause();
      return;
    }
    keys = [];
    next = 0;
    if (!inputEnded) io.input.resume();
    else if (!endSaid) {
      endSaid = true;
      handlers.end();
    }
  }

  const onData = (chunk: string | Buffer): void => {
    keys = keys.slice(next).concat(decodeKeys(chunk.toString(), true));
    next = 0;
    pump();
  };
  const onEnd = (): void => {
    inputEnded = true;
    pump();
  };

  function printFrame(): void {
    const frame = (frameLines(session.frame()) as string[]).join('\n');
    if (frame === lastFrame) return;
    lastFrame = frame;
    write(printedFrame(session));
  }

  return {
    start() {
      active = true;
      lastHeader = session.header();
      write(lastHeader + '\n');
      for (const line of session.lines()) write('  ' + line.text + '\n');
      printFrame();
      session.onProgress(pump);
      io.input.setEncoding('utf8');
      io.input.on('data', onData);
      io.input.on('end', onEnd);
      io.input.resume();
    },
    changed() {
      const header = session.header();
      if (session.speed() !== lastSpeed) write('  speed ×' + session.speed() + '\n');
      else if (header !== lastHeader) write(header + '\n');
      lastSpeed = session.speed();
      lastHeader = header;
      printFrame();
    },
    line(line) {
      write('  ' + line.text + '\n');
    },
    sound(name, atMs) {
      write('  ' + gameTimeText(atMs) + ' ♪ ' + name + '\n');
    },
    stop() {
      active = false;
      io.input.removeListener('data', onData);
      io.input.removeListener('end', onEnd);
      // Reading stops for good: a paused stdin would still keep Node running.
      io.input.pause();
      if ('destroy' in io.input) (io.input as NodeJS.ReadStream).destroy();
    },
  };
}
