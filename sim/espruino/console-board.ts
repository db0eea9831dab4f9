/**
 * The console board's bundle on the real interpreter, booted from Storage, played with a person's hands: the
 * button edges of a `Hands` script are scheduled inside the interpreter itself (one REPL line of `setTimeout`s), so
 * the gaps between them are the interpreter's own time, not the pipe's. What the clock shows is read back from the
 * frames the console display prints.
 *
 *   const board = await ConsoleBoard.start({ settings: { control: … } });
 *   await board.play(new Hands().tap('right').wait(1500).tap('left'));
 *   board.lastFrame();   // "59:59   ◀1:00:00" style rows, glyphs printed as "#"
 *   board.reboot();      // a power cut: SIGKILL, then a boot from the same Storage
 */
import * as fs from 'fs';
import { Hands } from '../hands';
import { failureLines, Interpreter, Pool } from './interpreter';
import { flashImage, freshBoard, FlashImage } from './flash-image';

/** A frame as printed: the two rows of the 16×2 display, joined by "\n". */
export type Frame = string;

const FRAME = /\+-+\+\n\|([^\n]*)\|\n\|([^\n]*)\|\n\+-+\+/g;

/** Every frame printed in `output`, oldest first. */
export function framesIn(output: string): Frame[] {
  const frames: Frame[] = [];
  FRAME.lastIndex = 0;
  for (let m = FRAME.exec(output); m !== null; m = FRAME.exec(output)) frames.push(m[1] + '\n' + m[2]);
  return frames;
}

/**
 * What the board printed that a person would see or hear, in order: each frame ("row1\nrow2"), each buzzer line
 * ("buzzer: 2000Hz 80ms") and each boot notice ("goclock: game restored"). Anything else (the test's own
 * markers, values it asked for) is left out.
 */
export function transcriptOf(output: string): string[] {
  const items: string[] = [];
  const lines = output.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\+-+\+$/.test(line) && i + 3 < lines.length && /^\+-+\+$/.test(lines[i + 3])) {
      items.push(lines[i + 1].slice(1, -1) + '\n' + lines[i + 2].slice(1, -1));
      i += 3;
    } else if (/^(buzzer|goclock): /.test(line)) items.push(line);
  }
  return items;
}

/**
 * The Hands' edges as one REPL line that schedules them in the interpreter, then prints `marker` at the hands' end;
 * with `freeze`, the interpreter then spins so that nothing else runs until it is killed (a power cut at that very
 * instant: no frame, no journal record after it).
 */
export function handsScript(hands: Hands, marker: string, freeze?: boolean): string {
  const edges = hands.events.map((e) => '[' + e.atMs + ',"' + e.button + '",' + (e.down ? 1 : 0) + ']').join(',');
  const endMs = Math.max(hands.atMs, hands.events.length ? hands.events[hands.events.length - 1].atMs + 1 : 0);
  return (
    '[' + edges + '].forEach(function(e){setTimeout(function(){button(e[1],!!e[2]);},e[0]);});' +
    'setTimeout(function(){' + Interpreter.printMarker(marker) + (freeze ? 'while(true){}' : '') + '},' + endMs + ');'
  );
}

/**
 * A long game's edges, fed to the interpreter a few seconds ahead of time in small batches (all at once, a 400-move
 * game's edges alone would not fit in the pool): a player in the interpreter keeps one timer for the next edge.
 * Resolves when the last edge has happened and the hands are done.
 */
export async function playStreamed(interpreter: Interpreter, hands: Hands, marker: string): Promise<void> {
  interpreter.send(
    'var GQ=[],GA=0,GT=getTime();function GP(){var now=(getTime()-GT)*1000;' +
      'while(GQ.length&&GQ[0][0]<=now+0.5){var e=GQ.shift();button(e[1],!!e[2]);}' +
      'if(GQ.length){GA=1;setTimeout(GP,Math.max(0,GQ[0][0]-(getTime()-GT)*1000));}else GA=0;}',
  );
  const startedAt = Date.now();
  const edges = hands.events.slice();
  const AHEAD_MS = 3000;
  while (edges.length > 0) {
    const horizon = Date.now() - startedAt + AHEAD_MS;
    const batch: string[] = [];
    while (edges.length > 0 && edges[0].atMs <= horizon && batch.length < 20) {
      const e = edges.shift() as Hands['events'][number];
      batch.push('[' + e.atMs + ',"' + e.button + '",' + (e.down ? 1 : 0) + ']');
    }
    if (batch.length > 0) interpreter.send('GQ.push(' + batch.join(',') + ');if(!GA)GP();');
    await new Promise((resolve) => setTimeout(resolve, batch.length >= 20 ? 20 : 500));
  }
  const endMs = Math.max(0, hands.atMs - (Date.now() - startedAt));
  interpreter.send('setTimeout(function(){' + Interpreter.printMarker(marker) + '},' + endMs + ');');
  await interpreter.waitForText(marker, endMs + 60000);
}

export interface ConsoleBoardOptions {
  /** Settings stored before the boot (as the menu would have saved them); the journal is cleared with them. */
  settings?: object;
  /** Raw text for the settings record instead (corrupt settings). */
  settingsText?: string;
  /** Raw text for the journal instead (a crafted or corrupt journal), written as one StorageFile. */
  journalText?: string;
  /** More statements typed before the boot, after the settings and the journal (e.g. a file that fills the flash). */
  storageStatements?: string[];
  pool?: Pool;
  /** How long to wait for the first frame. */
  bootTimeoutMs?: number;
}

/** A JavaScript string literal of `text` in ASCII (what the REPL is typed in). */
export function jsString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => '\\u' + (0x10000 + c.charCodeAt(0)).toString(16).slice(1));
}

/** Storage names the firmware uses (firmware/storage/settings.ts, firmware/storage/game-journal.ts). */
const SETTINGS_RECORD = 'gcsettings';
const JOURNAL_RECORD = 'gcjrnl';
/** Every file of the journal (its two files, the restore's marker), erased with it. */
const JOURNAL_NAMES = ['gcjrnl', 'gcjrn2'];
const RESTORING_RECORD = 'gcboot';
/** How much of a crafted journal one typed line writes (a whole journal of 16 KB is too long a line for the REPL). */
const JOURNAL_PIECE = 512;

/** What to type to replace the journal with `text` (its files erased, then written a line at a time). */
export function journalStatements(text: string): string[] {
  const lines = [eraseJournal(), 'var journalFile=require("Storage").open(' + JSON.stringify(JOURNAL_RECORD) + ',"a");'];
  for (let at = 0; at < text.length; at += JOURNAL_PIECE) lines.push('journalFile.write(' + jsString(text.slice(at, at + JOURNAL_PIECE)) + ');');
  return lines;
}

function eraseJournal(): string {
  return JOURNAL_NAMES.map((name) => 'require("Storage").open(' + JSON.stringify(name) + ',"r").erase();').join('') +
    'require("Storage").erase(' + JSON.stringify(RESTORING_RECORD) + ');';
}

/**
 * What a console board printed, read as frames, a transcript and failures, across reboots: the half that the board
 * in real time (ConsoleBoard) and on virtual time (virtual-time.ts VirtualConsoleBoard) share.
 */
export abstract class PrintingBoard {
  protected abstract interpreter: Interpreter;
  /** Output of the runs before the current one (a reboot starts a new run). */
  protected earlier = '';

  /** Everything printed since the board was made, across reboots. */
  output(): string {
    return this.earlier + this.interpreter.output();
  }

  /** Output of the current run only (since the last boot). */
  runOutput(): string {
    return this.interpreter.output();
  }

  frames(): Frame[] {
    return framesIn(this.output());
  }

  /** Frames, buzzer lines and notices, in order (see `transcriptOf`). */
  transcript(): string[] {
    return transcriptOf(this.output());
  }

  lastFrame(): Frame {
    const frames = this.frames();
    return frames[frames.length - 1];
  }

  /** Lines of the whole output that report a failure (see `failureLines`). */
  failures(): string[] {
    return failureLines(this.output());
  }
}

export class ConsoleBoard extends PrintingBoard {
  protected interpreter: Interpreter;
  private marks = 0;

  private constructor(readonly image: FlashImage, readonly dir: string, readonly pool: Pool | undefined) {
    super();
    this.interpreter = Interpreter.boot({ dir: dir, pool: pool });
  }

  /** A fresh board: the flashed image, the given Storage contents, booted, its first frame printed. */
  static async start(options?: ConsoleBoardOptions): Promise<ConsoleBoard> {
    const o = options || {};
    const image = await flashImage('console');
    const dir = freshBoard(image);
    const writes: string[] = [];
    if (o.settings !== undefined || o.settingsText !== undefined) {
      const text = o.settingsText !== undefined ? o.settingsText : JSON.stringify(o.settings);
      writes.push('require("Storage").write(' + jsString(SETTINGS_RECORD) + ',' + jsString(text) + ');');
      writes.push(eraseJournal());
    }
    if (o.journalText !== undefined) for (const line of journalStatements(o.journalText)) writes.push(line);
    if (o.storageStatements !== undefined) for (const line of o.storageStatements) writes.push(line);
    if (writes.length > 0) await prepareStorage(dir, writes, o.pool);
    const board = new ConsoleBoard(image, dir, o.pool);
    await board.waitForFrames(1, o.bootTimeoutMs || 20000);
    return board;
  }

  async waitForFrames(count: number, timeoutMs: number): Promise<void> {
    const before = framesIn(this.earlier).length;
    await this.interpreter.waitFor((out) => before + framesIn(out).length >= count, timeoutMs, count + ' frames');
  }

  /** Waits until a frame satisfies `test` (a frame printed before the call counts too). */
  async waitForFrame(test: (frame: Frame) => boolean, timeoutMs: number, what?: string): Promise<Frame> {
    await this.interpreter.waitFor((out) => framesIn(out).some(test), timeoutMs, what || 'a frame');
    return framesIn(this.runOutput()).filter(test)[0];
  }

  /**
   * Plays the hands' edges, each at its instant from now; resolves once the hands are done (at `hands.atMs`), with
   * the transcript of the whole run up to that instant.
   */
  async play(hands: Hands, timeoutMs?: number): Promise<string[]> {
    return this.playHands(hands, false, timeoutMs);
  }

  /** Plays the hands, then the power is cut at their end (see `handsScript`); `reboot` boots the board again. */
  async playThenCut(hands: Hands, timeoutMs?: number): Promise<string[]> {
    return this.playHands(hands, true, timeoutMs);
  }

  private async playHands(hands: Hands, freeze: boolean, timeoutMs?: number): Promise<string[]> {
    const marker = '@@hands-done-' + ++this.marks + '@@';
    this.interpreter.send(handsScript(hands, marker, freeze));
    await this.interpreter.waitForText(marker, (timeoutMs || 20000) + hands.atMs);
    const out = this.output();
    return transcriptOf(out.slice(0, out.lastIndexOf(marker)));
  }

  /** Waits `ms` of the interpreter's own time. */
  async wait(ms: number): Promise<string[]> {
    return this.play(new Hands().wait(ms));
  }

  /** Types one line into the REPL (e.g. `button("left")`). */
  send(line: string): void {
    this.interpreter.send(line);
  }

  evaluate(expression: string): Promise<string> {
    return this.interpreter.evaluate(expression);
  }

  memory(): Promise<{ usage: number; free: number; total: number }> {
    return this.interpreter.memory();
  }

  /** A power cut and a boot: the interpreter is killed mid-run, then boots again from the same Storage. */
  async reboot(bootTimeoutMs?: number): Promise<void> {
    this.interpreter.kill();
    await this.interpreter.exited;
    this.earlier += this.interpreter.output() + '\n';
    this.interpreter = Interpreter.boot({ dir: this.dir, pool: this.pool });
    await this.interpreter.waitFor((out) => framesIn(out).length >= 1, bootTimeoutMs || 20000, 'the first frame after a reboot');
  }

  /** Ends the run (`quit()`), removes the board's folder, and returns everything printed. */
  async stop(): Promise<string> {
    await this.interpreter.stop();
    const out = this.output();
    fs.rmSync(this.dir, { recursive: true, force: true });
    return out;
  }
}

/** Boots the flashed board once to write Storage records, then quits (what a developer does from the REPL). */
async function prepareStorage(dir: string, writes: string[], pool?: Pool): Promise<void> {
  const interpreter = Interpreter.boot({ dir: dir, pool: pool });
  try {
    for (const line of writes) interpreter.send(line);
    await interpreter.evaluate('"stored"');
  } finally {
    await interpreter.stop();
  }
}
