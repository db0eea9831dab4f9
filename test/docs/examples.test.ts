/**
 * The docs cannot drift: every marked example in README.md and docs/*.md is made again from reality and compared
 * (test/docs/doc-examples.ts says how examples are marked); every relative link resolves; no doc cites a document
 * this repository does not hold (nor does any file of the repository cite DESIGN); every `npm run NAME` is a
 * script of package.json.
 *
 * `UPDATE_DOCS=1 npx jest test/docs` (`npm run docs:update`) rewrites the blocks from reality instead; review the
 * diff, then commit it.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import {
  anchorsOf, docFiles, Example, examplesIn, expectedBody, FOREIGN_DOCUMENTS, fragmentLinks, relativeLinks, rewritten,
  ROOT, consoleFrameText, commandExample, handsOf, lcdFrameExample,
} from './doc-examples';
import { interpreterProblem } from '../../sim/espruino/interpreter';

const UPDATING = process.env.UPDATE_DOCS === '1';
if (UPDATING && process.env.CI) throw new Error('UPDATE_DOCS=1 refused in CI: docs are refreshed by hand and reviewed');

const INTERPRETER_PROBLEM = interpreterProblem('espruino-12k');
/** Console frames need the real interpreter: without it they are skipped, loudly, except under CI where they fail. */
const SKIP_CONSOLE = INTERPRETER_PROBLEM !== null && !process.env.CI;
if (SKIP_CONSOLE) {
  // eslint-disable-next-line no-console
  console.warn('test/docs: the console-frame examples are SKIPPED: ' + INTERPRETER_PROBLEM);
}

function read(doc: string): string {
  return fs.readFileSync(path.join(ROOT, doc), 'utf8');
}

const DOCS = docFiles();
const EXAMPLES: Example[] = ([] as Example[]).concat(...DOCS.map((doc) => examplesIn(doc, read(doc))));
const isConsole = (e: Example): boolean => e.kind === 'frame' && e.args[0] === 'console';

describe('the docs', () => {
  test('are README.md and the pages of docs/', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'docs/manual.md', 'docs/time-systems.md',
      'docs/scenarios.md', 'docs/firmware.md', 'docs/performance.md', 'docs/architecture.md']));
  });

  test('hold examples of every kind', () => {
    const kinds = new Set(EXAMPLES.map((e) => e.kind + (e.kind === 'frame' ? ' ' + e.args[0] : '')));
    expect([...kinds].sort()).toEqual(['command', 'file', 'frame console', 'frame lcd', 'record', 'report', 'table']);
  });
});

if (UPDATING) {
  test('UPDATE_DOCS=1: every example block is written from reality', async () => {
    for (const doc of DOCS) {
      const text = read(doc);
      const examples = examplesIn(doc, text);
      const bodies: string[] = [];
      for (const example of examples) {
        bodies.push(isConsole(example) && SKIP_CONSOLE ? example.body : await expectedBody(example));
      }
      const next = rewritten(text, examples, bodies);
      if (next !== text) fs.writeFileSync(path.join(ROOT, doc), next);
    }
  }, 600000);
} else {
  describe('every example is what reality gives', () => {
    const plain = EXAMPLES.filter((e) => !isConsole(e));
    test.each(plain.map((e) => [e.doc + ':' + e.line + ' ' + e.kind + ' ' + e.args.join(' '), e]))('%s', async (_name, example) => {
      expect((example as Example).body).toBe(await expectedBody(example as Example));
    }, 120000);

    const onInterpreter = SKIP_CONSOLE ? test.skip.each : test.each;
    const consoles = EXAMPLES.filter(isConsole);
    if (consoles.length > 0) {
      onInterpreter(consoles.map((e) => [e.doc + ':' + e.line + ' frame ' + e.args.join(' '), e]))('%s (the real interpreter)', async (_name, example) => {
        expect((example as Example).body).toBe(await expectedBody(example as Example));
      }, 180000);
    }
  });
}

describe('links and citations', () => {
  test.each(DOCS)('every relative link of %s resolves to a file of the repository', (doc) => {
    const missing = relativeLinks(read(doc)).filter((target) => !fs.existsSync(path.join(ROOT, path.dirname(doc), target)));
    expect(missing).toEqual([]);
  });

  test.each(DOCS)('every #heading link of %s names a heading', (doc) => {
    const missing = fragmentLinks(doc, read(doc))
      .filter((link) => link.file.endsWith('.md') && fs.existsSync(path.join(ROOT, link.file)))
      .filter((link) => !anchorsOf(read(link.file)).has(link.fragment))
      .map((link) => link.file + '#' + link.fragment);
    expect(missing).toEqual([]);
  });

  test.each(DOCS)('%s cites no document the repository does not hold', (doc) => {
    const lines = read(doc).split('\n').filter((line) => FOREIGN_DOCUMENTS.test(line));
    expect(lines).toEqual([]);
  });

  test('no file of the repository cites DESIGN, a document it does not hold (code comments cite docs/ or a rulebook)', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n')
      .filter((f) => f !== '' && !f.startsWith('test/docs/') && /\.(ts|js|cjs|mjs|json|md|html|css)$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    const citing = files.filter((f) => fs.existsSync(path.join(ROOT, f)) && /\bDESIGN\b/.test(read(f)));
    expect(citing).toEqual([]);
  });

  test.each(DOCS)('every `npm run NAME` of %s is a script of package.json', (doc) => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts);
    const named = (read(doc).match(/npm run(?: -s)? ([a-z][a-z:-]*)/g) || []).map((m) => m.split(' ').pop() as string);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

// ---- The checker itself can fail ----

describe('the example checker', () => {
  const doc = [
    'Text.',
    '<!-- example: file sim/scenarios/byoyomi-example.json -->',
    '```json',
    '{ "not": "the file" }',
    '```',
    '',
    '<!-- example: frame lcd running-main -->',
    '',
    '```',
    '|stale|',
    '```',
    'End.',
  ].join('\n');

  test('finds each marked block with its kind, arguments and body', () => {
    const found = examplesIn('x.md', doc);
    expect(found.map((e) => [e.line, e.kind, e.args, e.fence, e.body])).toEqual([
      [2, 'file', ['sim/scenarios/byoyomi-example.json'], '```json', '{ "not": "the file" }\n'],
      [7, 'frame', ['lcd', 'running-main'], '```', '|stale|\n'],
    ]);
  });

  test('sees a block that is not what reality gives', async () => {
    const [file] = examplesIn('x.md', doc);
    expect(file.body).not.toBe(await expectedBody(file));
    expect(await expectedBody(file)).toBe(read('sim/scenarios/byoyomi-example.json'));
  });

  test('rewrites only the blocks, leaving the prose and the fences', () => {
    const found = examplesIn('x.md', doc);
    const next = rewritten(doc, found, ['A\n', 'B\nC\n']);
    expect(next).toBe(doc.replace('{ "not": "the file" }\n', 'A\n').replace('|stale|\n', 'B\nC\n'));
    expect(examplesIn('x.md', next).map((e) => e.body)).toEqual(['A\n', 'B\nC\n']);
  });

  test('refuses a marker without a block, a malformed marker, an unknown kind', async () => {
    expect(() => examplesIn('x.md', '<!-- example: file a -->\ntext\n')).toThrow('followed by a fenced block');
    expect(() => examplesIn('x.md', '<!-- example:file -->\n```\n```\n')).toThrow('malformed');
    expect(() => examplesIn('x.md', '<!-- example: file a -->\n```\nnever closed\n')).toThrow('never closed');
    const [unknown] = examplesIn('x.md', '<!-- example: guess a -->\n```\n```\n');
    await expect(expectedBody(unknown)).rejects.toThrow('unknown example kind');
    const [missing] = examplesIn('x.md', '<!-- example: file no/such/file -->\n```\n```\n');
    await expect(expectedBody(missing)).rejects.toThrow('no file no/such/file');
  });

  test('a table example is the Markdown table after its marker, up to the blank line', async () => {
    const text = 'a\n<!-- example: table notation -->\n| x |\n|---|\n\nb\n';
    const [table] = examplesIn('x.md', text);
    expect([table.kind, table.args, table.body]).toEqual(['table', ['notation'], '| x |\n|---|\n']);
    expect(table.body).not.toBe(await expectedBody(table));
    expect(await expectedBody(table)).toMatch(/^\| gesture \|/);
    expect(rewritten(text, [table], ['| y |\n'])).toBe('a\n<!-- example: table notation -->\n| y |\n\nb\n');
    expect(() => examplesIn('x.md', '<!-- example: table notation -->\ntext\n')).toThrow('Markdown table');
  });

  test('a command example shows the command, its output and a failing exit status', () => {
    expect(commandExample('echo hello')).toBe('$ echo hello\nhello\n');
    expect(commandExample('echo oops >&2; exit 3')).toBe('$ echo oops >&2; exit 3\noops\n(exit status 3)\n');
  });

  test('frames are the golden ones, glyphs as the terminal draws them', () => {
    const rows = lcdFrameExample(['running-main']).split('\n');
    expect(rows.length).toBe(3);
    expect(rows[2]).toBe('');
    for (const row of rows.slice(0, 2)) expect([...row].length).toBe(18);
    expect(rows[0]).toMatch(/^\|59:59 .* 1:00:00\|$/);
    expect(rows.join('')).not.toMatch(/[\x00-\x07]/);
    expect(() => lcdFrameExample(['no-such-frame'])).toThrow('no golden frame');
    expect(consoleFrameText('59:59  # 1:00:00\n#0     #      #0')).toBe(
      '+----------------+\n|59:59  # 1:00:00|\n|#0     #      #0|\n+----------------+\n');
    expect(() => handsOf(['kick'])).toThrow('unknown hands');
  });

  test('links: relative targets without fragments, anchors as GitHub makes them', () => {
    expect(relativeLinks('[a](docs/x.md#y) [b](https://e.org/) [c](#z) ![d](docs/p.png)')).toEqual(['docs/x.md', 'docs/p.png']);
    expect([...anchorsOf('# The game\'s record\n## Time systems\n## Time systems\n```\n# not a heading\n```\n')])
      .toEqual(['the-games-record', 'time-systems', 'time-systems-1']);
    expect(FOREIGN_DOCUMENTS.test('see DESIGN §6')).toBe(true);
    expect(FOREIGN_DOCUMENTS.test('see docs/time-systems.md')).toBe(false);
  });
});
