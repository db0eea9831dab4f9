/**
 * test/reporters/skipped-suites.js, the box after jest's summary: a suite skipped for a missing tool is named with
 * its reason, a file whose every test was skipped is named, nothing is printed when nothing was skipped, and a run
 * narrowed by -t does not count its filtered tests as skipped suites.
 */
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-var-requires
const Reporter = require('../reporters/skipped-suites.js');

const ROOT = path.resolve(__dirname, '..', '..');

interface FakeTest {
  status: 'passed' | 'failed' | 'pending';
  ancestorTitles: string[];
}

function results(files: { [file: string]: FakeTest[] }): unknown {
  return { testResults: Object.keys(files).map((file) => ({ testFilePath: path.join(ROOT, file), testResults: files[file] })) };
}

/** What the reporter prints (on stderr, once jest's summary is out) for these results. */
async function printed(files: { [file: string]: FakeTest[] }, config: object = {}): Promise<string> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    new Reporter(Object.assign({ rootDir: ROOT }, config)).onRunComplete(new Set(), results(files));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    spy.mockRestore();
  }
  return written.join('');
}

const passed: FakeTest = { status: 'passed', ancestorTitles: ['a suite'] };

test('nothing skipped: nothing printed', async () => {
  expect(await printed({ 'test/a.test.ts': [passed, passed] })).toBe('');
});

test('a suite skipped for a missing chromium: named, with its reason and how to install it, in a box', async () => {
  const skipped: FakeTest = { status: 'pending', ancestorTitles: ['the browser simulator [skipped: no chromium at /x (apt-get install -y chromium)]', 'inner'] };
  const out = await printed({ 'test/a.test.ts': [passed], 'test/browser/b.test.ts': [skipped, skipped, skipped] });
  const lines = out.trim().split('\n');
  expect(lines[0]).toMatch(/^!+$/);
  expect(lines[lines.length - 1]).toBe(lines[0]);
  for (const line of lines) expect(line.length).toBe(lines[0].length);
  expect(out).toContain('SKIPPED SUITES');
  expect(out).toContain('! test/browser/b.test.ts: 3 tests skipped ("the browser simulator")');
  expect(out).toContain('!     no chromium at /x (apt-get install -y chromium)');
  expect(out).toContain('These tests did NOT run; under CI (CI=1) they fail instead.');
  expect(out).not.toContain('test/a.test.ts');
});

test('a file whose every test was skipped, without a reason, is named; not when -t narrowed the run', async () => {
  const bare: FakeTest = { status: 'pending', ancestorTitles: ['on the interpreter'] };
  expect(await printed({ 'test/espruino/c.test.ts': [bare, bare] })).toContain('! test/espruino/c.test.ts: all 2 tests skipped');
  expect(await printed({ 'test/espruino/c.test.ts': [bare, bare] }, { testNamePattern: 'something' })).toBe('');
  expect(await printed({ 'test/espruino/c.test.ts': [bare, passed] })).toBe('');
});
