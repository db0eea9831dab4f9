/**
 * The device's Storage (named records) kept in a JSON file, `{ "records": { name: text } }`, so that settings and
 * the game journal survive the simulator's restarts the way they survive a power cut on the device. Every write goes
 * to the file at once (written beside it, then renamed over it, so a kill never leaves half a file: temporary-file.ts): quitting the
 * simulator at any instant is a power cut, and starting it again restores the game.
 *
 * The file is read in pieces up to MAX_STORAGE_BYTES (16 MB), a UTF-8 byte-order mark at its start allowed. A place
 * that cannot be written is refused when the storage is opened, before anything is kept; a write that fails later
 * returns false (the device's "flash full") and is reported to `onProblem`, once until a write works again.
 */
import * as path from 'path';
import { KeyValueStorage } from '../hal/hal';
import { keyText } from '../firmware/clock/text';
import { InputTooLarge, MAX_STORAGE_BYTES, readLimited } from './input-limits';
import { dropTemporary, TemporaryFile, temporaryBeside, writeTemporary } from './temporary-file';

function codeOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : String((e as Error).message || e);
}

export class FileStorage implements KeyValueStorage {
  /** No prototype: a record may be named "__proto__" or "constructor" like any other. */
  private records: { [name: string]: string } = Object.create(null);
  /** The failed write's "cannot write FILE (CODE)" until a write works again. */
  private problem: string | undefined;

  /**
   * Reads `file` if it exists and checks that it can be written; throws one line when it is not a storage file or
   * cannot be kept there. `onProblem` hears of writes that fail later (and of the first that works again).
   */
  constructor(readonly file: string, private readonly onProblem?: (message: string) => void) {
    let text: string | undefined;
    try {
      text = readLimited(file, file, MAX_STORAGE_BYTES, 'a storage file');
    } catch (e) {
      if (e instanceof InputTooLarge) throw e;
      const code = codeOf(e);
      if (code !== 'ENOENT') throw new Error('cannot read ' + file + ' (' + code + ')');
    }
    if (text !== undefined) this.load(text);
    this.checkWritable();
  }

  private load(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new Error(this.file + ': not JSON (a storage file is {"records": {…}}; delete it to start afresh)');
    }
    const records = typeof value === 'object' && value !== null ? (value as { records?: unknown }).records : undefined;
    if (typeof records !== 'object' || records === null || Array.isArray(records)) {
      throw new Error(this.file + ': no "records" object (a storage file is {"records": {…}})');
    }
    for (const name of Object.keys(records)) {
      const data = (records as { [name: string]: unknown })[name];
      if (typeof data !== 'string') throw new Error(this.file + ': records.' + keyText(name) + ' must be a string');
      this.records[name] = data;
    }
  }

  /** A file can be written beside the storage file (and so renamed over it), or the error says why not. */
  private checkWritable(): void {
    try {
      dropTemporary(temporaryBeside(this.file));
    } catch (e) {
      const code = codeOf(e);
      const directory = path.dirname(this.file);
      const why = code === 'ENOENT' ? 'ENOENT: no directory ' + directory : code;
      throw new Error('cannot write ' + this.file + ' (' + why + ')');
    }
  }

  read(name: string): string | undefined {
    return Object.prototype.hasOwnProperty.call(this.records, name) ? this.records[name] : undefined;
  }

  write(name: string, data: string): boolean {
    this.records[name] = data;
    return this.save();
  }

  append(name: string, data: string): boolean {
    this.records[name] = (this.read(name) || '') + data;
    return this.save();
  }

  erase(name: string): void {
    delete this.records[name];
    this.save();
  }

  /** "cannot write FILE (CODE)" while the last write failed, else undefined. */
  writeProblem(): string | undefined {
    return this.problem;
  }

  /** False when the file could not be written (the device's "flash full"). */
  private save(): boolean {
    let temporary: TemporaryFile | null = null;
    try {
      temporary = temporaryBeside(this.file);
      writeTemporary(temporary, JSON.stringify({ records: this.records }, null, 1) + '\n', this.file);
    } catch (e) {
      // Made, then not written or renamed: it goes (when it was never made, there is nothing to remove).
      if (temporary !== null) dropTemporary(temporary);
      const first = this.problem === undefined;
      this.problem = 'cannot write ' + this.file + ' (' + codeOf(e) + ')';
      if (first && this.onProblem) this.onProblem(this.problem + ': settings and the game are not kept there now');
      return false;
    }
    if (this.problem !== undefined) {
      this.problem = undefined;
      if (this.onProblem) this.onProblem(this.file + ' written again');
    }
    return true;
  }
}
