/**
 * `npm start`: the terminal simulator. The firmware's own runtime runs on the real-time HAL with the chosen board's
 * display, drawn in this terminal exactly as the device shows it; keys play the two buttons' gestures. In a
 * terminal it takes the whole screen (terminal-tty.ts); without one it reads keys from stdin and prints text
 * (terminal-pipe.ts). Whatever ends it (q, Ctrl-C, a signal, --exit-after, the end of piped input, an uncaught
 * error) the terminal is given back first. `--help` lists options and keys (terminal-args.ts).
 */
import { parseTerminalArgs, TerminalArgs, USAGE } from './terminal-args';
import { FileStorage } from '../file-storage';
import { MemoryStorage } from '../virtual-hal';
import { KeyValueStorage } from '../../hal/hal';
import { Session, startSession } from './terminal-session';
import { createTtyFrontEnd, FrontEnd } from './terminal-tty';
import { createPipeFrontEnd, printedFrame } from './terminal-pipe';
import { gameTimeText } from './terminal-draw';
import { oneLine } from '../../firmware/clock/text';
import { cut } from '../input-limits';

function fail(message: string): void {
  process.stderr.write('goclock: ' + oneLine(cut(message.replace(/\s*\n\s*/g, ' '), 1000)) + '\n');
  process.exitCode = 1;
}

/**
 * The storage, and where its problems go: a file that cannot be kept is refused here, before the game (one line,
 * exit 1); a write that fails later is said in the log panel (`remark`), once the session is there to say it.
 */
function openStorage(args: TerminalArgs, problem: (message: string) => void): { storage: KeyValueStorage; file?: FileStorage } {
  if (!args.storageFile) return { storage: new MemoryStorage() };
  let file: FileStorage;
  try {
    file = new FileStorage(args.storageFile, problem);
  } catch (e) {
    throw new Error('--storage: ' + (e as Error).message);
  }
  return { storage: file, file: file };
}

/** Gives the terminal back; replaced once the interactive screen is taken. */
let restoreTerminal = (): void => undefined;

function run(args: TerminalArgs): void {
  const problems: string[] = [];
  let tellProblem = (message: string): void => {
    problems.push(message);
  };
  const { storage, file } = openStorage(args, (message) => tellProblem('storage: ' + message));
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
      const problem = file ? file.writeProblem() : undefined;
      const kept = problem ? '; ' + problem + ': the game is not kept' : file ? '; settings and game kept in ' + args.storageFile : '';
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
      exitAfterMs: args.exitAfterMs,
      voice: args.voice,
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
      quit: (key) => quit(key === 'ctrl-c' ? 'Ctrl-C' : key === 'exit-after' ? '--exit-after ' + args.exitAfterMs + ' ms' : key, 0),
    },
  );
  const started = session;
  tellProblem = (message) => started.remark(message);
  for (const message of problems) started.remark(message);
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
