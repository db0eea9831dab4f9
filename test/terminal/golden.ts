/**
 * Golden text for the terminal simulator's pictures, kept in test/terminal/golden/. Written only on request,
 * `UPDATE_GOLDEN=1 npx jest test/terminal`, then reviewed by eye; never in CI, and a missing file is a failure.
 */
import * as fs from 'fs';
import * as path from 'path';

const GOLDEN_DIR = path.join(__dirname, 'golden');

export function expectGolden(name: string, actual: string): void {
  const file = path.join(GOLDEN_DIR, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    if (process.env.CI) throw new Error('UPDATE_GOLDEN=1 refused in CI: golden text is written and reviewed by hand');
    fs.mkdirSync(GOLDEN_DIR, { recursive: true });
    fs.writeFileSync(file, actual);
    return;
  }
  if (!fs.existsSync(file)) throw new Error('no golden file ' + file + ': run UPDATE_GOLDEN=1 npx jest test/terminal, review it');
  expect(actual).toBe(fs.readFileSync(file, 'utf8'));
}
