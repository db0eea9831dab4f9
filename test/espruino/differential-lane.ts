/**
 * Runs differential games on one real interpreter, one REPL line per game (`goclockDiff(<game>, "<id>")`, see
 * differential-bundle.ts), and reads back the items it printed. The interpreter is booted afresh every few games
 * (its output is kept whole, and each wait re-reads it), and after any game that did not end cleanly (an uncaught
 * error, a timeout, a crash), so one bad game cannot spoil the next.
 */
import * as fs from 'fs';
import { failureLines, Interpreter, Pool } from '../../sim/espruino/interpreter';
import { DiffGame } from './differential-run';
import { DiffImage, END_PREFIX, freshDir, ITEM_PREFIX } from './differential-bundle';

export interface LaneResult {
  /** The items printed, in order (encoded as `encodeItem` does). */
  items: string[];
  /** Wake-ups the interpreter reported at the end, or null when the game did not end. */
  wakeUps: number | null;
  /** Why the game did not end cleanly (an uncaught error, a timeout, a crash), with the interpreter's lines. */
  failure: string | null;
  /** Real time the game took on the interpreter. */
  ms: number;
}

/** Games on one interpreter before it is booted afresh. */
const GAMES_PER_BOOT = 8;
/** How often the output is looked at while a game runs. */
const POLL_MS = 20;

export class Lane {
  private interpreter: Interpreter | null = null;
  private dir: string | null = null;
  private games = 0;
  private ids = 0;

  constructor(private readonly image: DiffImage, private readonly pool: Pool = 'espruino-12k', private readonly name = 'lane') {}

  private async boot(): Promise<Interpreter> {
    await this.shutdown();
    this.dir = freshDir(this.image);
    const interpreter = Interpreter.boot({ dir: this.dir, pool: this.pool });
    this.interpreter = interpreter;
    this.games = 0;
    await interpreter.evaluate('typeof goclockDiff', 30000).then((type) => {
      if (type !== 'function') throw new Error('the differential bundle did not boot (typeof goclockDiff: ' + type + '):\n' + interpreter.tail());
    });
    return interpreter;
  }

  /** Plays one game; `timeoutMs` for the interpreter to print its end. Never rejects for the game's own faults. */
  async run(game: DiffGame, timeoutMs: number): Promise<LaneResult> {
    const interpreter = this.interpreter && this.interpreter.running() && this.games < GAMES_PER_BOOT ? this.interpreter : await this.boot();
    this.games++;
    const id = this.name + '-' + ++this.ids;
    const end = END_PREFIX + id + ' ';
    const from = interpreter.output().length;
    const started = Date.now();
    interpreter.send('goclockDiff(' + JSON.stringify(game) + ',' + JSON.stringify(id) + ')');
    let failure: string | null = null;
    const ended = (out: string) => out.indexOf(end, from) >= 0 && out.indexOf('\n', out.indexOf(end, from)) >= 0;
    // Polled, not waited for on every chunk of output: a game prints thousands of chunks, and each look at the
    // output cleans all of it again.
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const out = interpreter.output();
      if (ended(out)) break;
      if (failureLines(out.slice(from)).length > 0) {
        // An error ends the REPL line: give the interpreter a moment to print the rest of its report.
        await interpreter.evaluate('"after the error"', 10000).catch(() => undefined);
        break;
      }
      if (!interpreter.running()) {
        failure = 'the interpreter exited before the game\'s end; its last lines:\n' + interpreter.tail(20);
        break;
      }
      if (Date.now() - started > timeoutMs) {
        failure = 'timed out after ' + timeoutMs + ' ms waiting for the game\'s end; its last lines:\n' + interpreter.tail(20);
        break;
      }
    }
    const out = interpreter.output().slice(from);
    const items: string[] = [];
    let wakeUps: number | null = null;
    for (const line of out.split('\n')) {
      if (line.indexOf(ITEM_PREFIX) === 0) items.push(line.slice(ITEM_PREFIX.length));
      else if (line.indexOf(end) === 0) wakeUps = Number(line.slice(end.length));
    }
    const problems = failureLines(out);
    if (failure === null && (problems.length > 0 || wakeUps === null)) failure = 'the interpreter reported:\n' + problems.concat(out.split('\n').filter((l) => /^ {2,}|^at |line \d+ col \d+/.test(l))).join('\n');
    if (failure !== null) {
      // Espruino names bundle positions `.bootcde:<line from 0>:<column from 1>`; add the TypeScript source.
      failure = failure.replace(/\(\.bootcde:(\d+):(\d+)\)/g, (whole, line: string, column: string) => {
        const at = this.image.locate(Number(line) + 1, Number(column));
        return at ? whole + ' [' + at + ']' : whole;
      });
      await this.shutdown(); // boot afresh for the next game
    }
    return { items: items, wakeUps: wakeUps, failure: failure, ms: Date.now() - started };
  }

  async shutdown(): Promise<void> {
    if (this.interpreter) {
      await this.interpreter.stop(2000);
      this.interpreter = null;
    }
    if (this.dir) {
      fs.rmSync(this.dir, { recursive: true, force: true });
      this.dir = null;
    }
  }
}
