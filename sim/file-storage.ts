/**
 * The device's Storage (named records) kept in a JSON file, `{ "records": { name: text } }`, so that settings and
 * the game journal survive the simulator's restarts the way they survive a power cut on the device. Every write goes
 * to the file at once (written beside it, then renamed over it, so a kill never leaves half a file): quitting the
 * simulator at any instant is a power cut, and starting it again restores the game.
 */
import * as fs from 'fs';
import * as path from 'path';
import { KeyValueStorage } from '../hal/hal';

export class FileStorage implements KeyValueStorage {
  private records: { [name: string]: string } = {};

  /** Reads `file` if it exists; throws one line when it is not a storage file. */
  constructor(readonly file: string) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      throw new Error('cannot read ' + file + (code ? ' (' + code + ')' : ''));
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new Error(file + ': not JSON (a storage file is {"records": {…}}; delete it to start afresh)');
    }
    const records = (value as { records?: unknown } | null)?.records;
    if (typeof records !== 'object' || records === null || Array.isArray(records)) {
      throw new Error(file + ': no "records" object (a storage file is {"records": {…}})');
    }
    for (const [name, data] of Object.entries(records as { [name: string]: unknown })) {
      if (typeof data !== 'string') throw new Error(file + ': records.' + name + ' must be a string');
      this.records[name] = data;
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

  /** False when the file could not be written (the device's "flash full"). */
  private save(): boolean {
    const temporary = path.join(path.dirname(this.file), '.' + path.basename(this.file) + '.' + process.pid + '.tmp');
    try {
      fs.writeFileSync(temporary, JSON.stringify({ records: this.records }, null, 1) + '\n');
      fs.renameSync(temporary, this.file);
      return true;
    } catch (e) {
      return false;
    }
  }
}
