/**
 * Golden files: a frame is compared with the text kept in test/display/golden/. They are written only on request,
 * `UPDATE_GOLDEN=1 npx jest test/display`, and then reviewed by eye and committed; never in CI, and a missing file
 * is a failure, not a new reference.
 */
import * as fs from 'fs';
import * as path from 'path';

export const GOLDEN_DIR = path.join(__dirname, 'golden');

export function updating(): boolean {
  if (process.env.UPDATE_GOLDEN !== '1') return false;
  if (process.env.CI) throw new Error('UPDATE_GOLDEN=1 refused in CI: golden frames are written and reviewed by hand');
  return true;
}

/** Compares `actual` with golden/<name>, or (UPDATE_GOLDEN=1) writes it there. */
export function expectGolden(name: string, actual: string): void {
  const file = path.join(GOLDEN_DIR, name);
  if (updating()) {
    fs.mkdirSync(GOLDEN_DIR, { recursive: true });
    fs.writeFileSync(file, actual);
    return;
  }
  if (!fs.existsSync(file)) {
    throw new Error('no golden file ' + file + ': run UPDATE_GOLDEN=1 npx jest test/display, review it, commit it');
  }
  expect(actual).toBe(fs.readFileSync(file, 'utf8'));
}
