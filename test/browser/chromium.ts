/**
 * The browser tests' Chromium, and how a suite that needs a tool says it was skipped.
 *
 * Chromium: /usr/bin/chromium (Debian's `apt-get install -y chromium`; playwright-core never downloads a browser),
 * or the binary GOCLOCK_CHROMIUM names. Without what a suite needs, the suite fails under CI (process.env.CI) and is
 * skipped elsewhere — with its reason in its title (`… [skipped: REASON]`), which test/reporters/skipped-suites.js
 * prints in a box after jest's summary, so a missing browser is said at the end of `npm test`, not lost in its
 * scroll-back.
 */
import * as fs from 'fs';
import * as path from 'path';

export const CHROMIUM = process.env.GOCLOCK_CHROMIUM || '/usr/bin/chromium';
export const haveChromium = fs.existsSync(CHROMIUM);
export const NO_CHROMIUM = 'no chromium at ' + CHROMIUM + ' (apt-get install -y chromium, or GOCLOCK_CHROMIUM=/path/to/chromium)';

/** Chromium's switches for a quiet headless run on a machine without a network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What the skipped-suites reporter looks for at the end of a suite's title. */
export const SKIPPED_MARK = /\[skipped: (.*)\]$/;

/**
 * `describe(title, body)` when nothing is missing (`missing` null) or under CI (where the suite's beforeAll must
 * then fail, naming what is missing); else the suite skipped, its title saying why.
 */
export function suiteNeeding(missing: string | null, title: string, body: () => void): void {
  if (missing === null || process.env.CI) describe(title, body);
  else describe.skip(title + ' [skipped: ' + missing + ']', body);
}

/** Where test runs put their screenshots: reports/screenshots/ (ignored by git), made on first use. */
export function screenshotDir(root: string): string {
  const dir = path.join(root, 'reports', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * GOCLOCK_DOCS_SCREENSHOTS=1 (`npm run docs:screenshots`): the screenshots also replace the committed ones in docs/.
 * Never under CI, which checks the tree and must not change it.
 */
export function updatingDocsScreenshots(): boolean {
  if (process.env.GOCLOCK_DOCS_SCREENSHOTS !== '1') return false;
  if (process.env.CI) throw new Error('GOCLOCK_DOCS_SCREENSHOTS=1 refused in CI: the committed screenshots are refreshed by hand');
  return true;
}
