/**
 * A file written whole beside its target and renamed over it (a kill never leaves half a file): its name cannot be
 * guessed and it is created exclusively (O_EXCL), so a file or a symbolic link planted where it will be is never
 * followed, truncated or written through.
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

export interface TemporaryFile {
  path: string;
  /** Open for writing until `writeTemporary` or `dropTemporary` closes it. */
  fd: number | null;
}

/** Makes the temporary file beside `target` (throws as `fs.openSync` does: no such directory, no permission). */
export function temporaryBeside(target: string): TemporaryFile {
  const file = path.join(path.dirname(target), '.' + path.basename(target) + '.' + crypto.randomBytes(8).toString('hex') + '.tmp');
  return { path: file, fd: fs.openSync(file, 'wx', 0o600) };
}

/** Writes `data` into the temporary file through its own descriptor, closes it, and renames it over `target`. */
export function writeTemporary(temporary: TemporaryFile, data: string, target: string, encoding?: BufferEncoding): void {
  if (temporary.fd === null) throw new Error(temporary.path + ': already closed');
  const fd = temporary.fd;
  temporary.fd = null;
  try {
    fs.writeSync(fd, data, null, encoding || 'utf8');
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary.path, target);
}

/** Closes the temporary file if it is still open and removes it if it is still there (renamed, it is not). */
export function dropTemporary(temporary: TemporaryFile): void {
  if (temporary.fd !== null) fs.closeSync(temporary.fd);
  temporary.fd = null;
  fs.rmSync(temporary.path, { force: true });
}
