/**
 * `npm start`: the terminal simulator. The firmware's own runtime runs on the real-time HAL with the chosen board's
 * display, drawn in this terminal exactly as the device shows it; keys play the two buttons' gestures. In a
 * terminal it takes the whole screen (terminal-tty.ts); without one it reads keys from stdin and prints text
 * (terminal-pipe.ts). Whatever ends it (q, Ctrl-C, a signal, --exit-after, the end of piped input, an uncaught
 * error) the terminal is given back first. `--help` lists options and keys (terminal-args.ts).
 */
import { parseTerminalArgs, TerminalArgs, USAGE } from './terminal-args';
import { FileStorage } from './file-storage';
import { MemoryStorage } from './virtual-hal';
import { KeyValueStorage } from '../hal/hal';
import { Session, startSession } from './terminal-session';
import { createTtyFrontEnd, FrontEnd } from './terminal-tty';
import { createPipeFrontEnd, printedFrame } from './terminal-pipe';
import { gameTimeText } from './terminal-draw';

function fail(message: string): void {
  process.stderr.write('goclock: ' + message.replace(/\s*\n\s*/g, ' ') + '\n');
  process.exitCode = 1;
}

function openStorage(args: TerminalArgs): KeyValueStorage {
  return args.storageFile ? new FileStorage(args.storageFile) : new MemoryStorage();
}

/** Gives the terminal back; replaced once the interactive screen is taken. */
let restoreTerminal = (): void => undefined;

function run(args: TerminalArgs): void {
  const storage = openStorage(args);
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  let frontEnd: FrontEnd | undefined;
  let session: Session | undefined;
  let quitting = false;
  let inputEnded = false;

  const restore = (): void => {
    if (frontEnd && frontEnd.restore) frontEnd.restore();
  };
  restoreTerminal = restore;

  function quit(reason: string, code: number): void {
    if (quitting) return;
    quitting = true;
    if (session) session.close();
    if (frontEnd) frontEnd.stop();
    if (session) {
      const where = 'game time ' + gameTimeText(session.gameMs());
      const kept = args.storageFile ? '; settings and game kept in ' + args.storageFile : '';
      if (interactive) process.stdout.write(printedFrame(session));
      process.stdout.write('goclock: quit (' + reason + ') at ' + where + kept + '\n');
    }
    process.exitCode = code;
    // Everything is stopped, so Node ends by itself; this is only in case something still holds it.
    setTimeout(() => process.exit(code), 1000).unref();
  }

  process.on('uncaughtException', (error) => {
    restore();
    process.stderr.write('goclock: uncaught error: ' + (error && error.stack ? error.stack : String(error)) + '\n');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    throw reason instanceof Error ? reason : new Error(String(reason));
  });
  process.on('exit', restore);
  // Output piped into something that stopped reading (`npm start | head`): nothing more to show.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    quitting = true;
    if (session) session.close();
    if (frontEnd) frontEnd.stop();
    process.exitCode = 0;
  });
  process.on('SIGINT', () => quit('SIGINT', 0));
  process.on('SIGTERM', () => quit('SIGTERM', 0));
  process.on('SIGHUP', () => quit('SIGHUP', 0));

  const onKey = (key: string): void => {
    if (session) session.key(key);
  };
  const endIfDone = (): void => {
    if (inputEnded && args.exitAfterMs === undefined && session && session.idle()) quit('end of input', 0);
  };

  session = startSession(
    {
      board: args.board,
      storage: storage,
      storageName: args.storageFile || 'memory',
      speed: args.speed,
      control: args.control,
      interactive: interactive,
      bell: args.bell && process.stdout.isTTY ? () => process.stdout.write('\x07') : undefined,
    },
    {
      frame: () => frontEnd && frontEnd.changed(),
      status: () => frontEnd && frontEnd.changed(),
      line: (line) => {
        if (frontEnd && frontEnd.line) frontEnd.line(line);
        else if (frontEnd) frontEnd.changed();
      },
      sound: (name, atMs) => frontEnd && frontEnd.sound(name, atMs),
      quit: (key) => quit(key === 'ctrl-c' ? 'Ctrl-C' : key, 0),
    },
  );
  session.onIdle(endIfDone);
  frontEnd = interactive
    ? createTtyFrontEnd(session, { input: process.stdin, output: process.stdout }, onKey)
    : createPipeFrontEnd(session, { input: process.stdin, output: process.stdout }, {
        key: onKey,
        end: () => {
          inputEnded = true;
          endIfDone();
        },
      });
  frontEnd.start();
  if (args.exitAfterMs !== undefined) session.at(args.exitAfterMs, () => quit('--exit-after ' + args.exitAfterMs + ' ms', 0));
}

function main(argv: string[]): void {
  let args: TerminalArgs;
  try {
    args = parseTerminalArgs(argv);
  } catch (e) {
    fail((e as Error).message);
    return;
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  try {
    run(args);
  } catch (e) {
    // Mostly before the screen is taken (a storage file that is not one): one line, no stack trace.
    restoreTerminal();
    fail((e as Error).message);
  }
}

main(process.argv.slice(2));
