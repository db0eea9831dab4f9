/**
 * The interactive front-end: the whole terminal (alternate screen, cursor hidden, raw keys) shows the session,
 * redrawn only when something on it changed, and only the lines that changed. `restore` puts the terminal back
 * (raw mode off, cursor shown, alternate screen left) and is safe to call more than once, from anywhere: quit,
 * a signal, an uncaught error, process exit.
 */
import { decodeKeys } from './terminal-keys';
import { composeScreen, gameTimeText } from './terminal-draw';
import { PanelLine, Session } from './terminal-session';

export const ENTER_SCREEN = '\x1b[?1049h\x1b[?25l\x1b[2J';
export const LEAVE_SCREEN = '\x1b[?25h\x1b[?1049l';

/** What shows a session: the full screen here, or the printout of terminal-pipe.ts. */
export interface FrontEnd {
  start(): void;
  /** Something the front-end shows changed. */
  changed(): void;
  /** A new line for the log (a front-end without its own way to show it just redraws). */
  line?(line: PanelLine): void;
  sound(name: string, atMs: number): void;
  /** Stops reading keys and gives the terminal back. */
  stop(): void;
  /** Gives the terminal back at once, from anywhere (an uncaught error, process exit); safe to repeat. */
  restore?(): void;
}

export interface TtyStreams {
  input: NodeJS.ReadStream;
  output: NodeJS.WriteStream;
}

export function createTtyFrontEnd(session: Session, io: TtyStreams, onKey: (key: string) => void): FrontEnd {
  let previous: string[] = [];
  let scheduled = false;
  let active = false;

  function draw(): void {
    scheduled = false;
    if (!active) return;
    const columns = io.output.columns || 80;
    const rows = io.output.rows || 24;
    const parts = {
      header: session.header(),
      frame: session.frame(),
      frameName: session.frameName,
      status: session.status() + ' · game time ' + gameTimeText(session.gameMs()),
      cue: session.cue(),
      keys: session.keyLines(columns),
      keySummary: session.keySummary(),
      log: session.panel().map((line) => line.text),
    };
    const lines = composeScreen(parts, columns, rows);
    let out = '';
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] !== previous[i]) out += '\x1b[' + (i + 1) + ';1H' + lines[i] + '\x1b[K';
    }
    if (lines.length < previous.length) out += '\x1b[' + (lines.length + 1) + ';1H\x1b[J';
    previous = lines;
    if (out !== '') io.output.write(out);
  }

  function schedule(): void {
    if (scheduled || !active) return;
    scheduled = true;
    setImmediate(draw);
  }

  const onData = (chunk: string): void => {
    for (const key of decodeKeys(chunk, false)) onKey(key);
  };
  const onResize = (): void => {
    if (!active) return;
    previous = [];
    io.output.write('\x1b[2J');
    schedule();
  };

  function restore(): void {
    if (!active) return;
    active = false;
    try {
      if (io.input.isTTY) io.input.setRawMode(false);
    } catch (e) {
      // The terminal may be gone (SIGHUP): nothing left to restore.
    }
    try {
      io.output.write(LEAVE_SCREEN);
    } catch (e) {
      // As above.
    }
  }

  return {
    start() {
      active = true;
      io.output.write(ENTER_SCREEN);
      io.input.setRawMode(true);
      io.input.setEncoding('utf8');
      io.input.on('data', onData);
      io.input.resume();
      io.output.on('resize', onResize);
      draw();
    },
    changed: schedule,
    sound: () => undefined,
    stop() {
      restore();
      io.input.removeListener('data', onData);
      io.output.removeListener('resize', onResize);
      // Reading stops for good: a paused stdin would still keep Node running.
      io.input.pause();
      if ('destroy' in io.input) (io.input as NodeJS.ReadStream).destroy();
    },
    restore: restore,
  };
}
