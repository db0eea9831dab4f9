/**
 * docs/performance.md shows the committed figures: the Markdown table between `<!-- bench:table:begin -->` and
 * `<!-- bench:table:end -->` is exactly what bench/table.ts renders from bench/results.json's rows. When a bench run
 * is committed (`npm run bench -- --update`) the two change together; `npm run bench -- --docs` rewrites the table
 * from the committed results alone. And the rewriting itself: only between the markers, never a doc without them.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { COMMITTED_RESULTS, PERFORMANCE_DOC, TABLE_BEGIN, TABLE_END, tableInDoc, tableOfResults, updateDocsTable, withTable } from '../../bench/docs-table';
import { markdownTable } from '../../bench/table';

test('docs/performance.md shows the table bench/results.json renders to (npm run bench -- --docs rewrites it)', () => {
  if (!fs.existsSync(PERFORMANCE_DOC)) throw new Error('docs/performance.md is missing: it holds the bench table between ' + TABLE_BEGIN + ' and ' + TABLE_END);
  const shown = tableInDoc(fs.readFileSync(PERFORMANCE_DOC, 'utf8'));
  expect(shown).toEqual({ table: tableOfResults(COMMITTED_RESULTS) });
});

test('the committed results render to a table with a row per figure', () => {
  const table = tableOfResults(COMMITTED_RESULTS).split('\n');
  const rows = (JSON.parse(fs.readFileSync(COMMITTED_RESULTS, 'utf8')) as { table: unknown[] }).table;
  expect(rows.length).toBeGreaterThan(10);
  expect(table).toHaveLength(rows.length + 2);
  expect(table[0]).toBe('| metric | value | unit | how measured |');
});

describe('the table between the markers', () => {
  const rows = [{ metric: 'a | b', value: '1', unit: 'ms', how: 'once' }];
  const table = markdownTable(rows);
  const doc = (inner: string) => '# Performance\n\nText before.\n\n' + TABLE_BEGIN + inner + TABLE_END + '\n\nText after.\n';

  test('is replaced, and nothing else', () => {
    const next = withTable(doc('\n| old |\n'), table);
    expect(next).toBe(doc('\n' + table + '\n'));
    expect(tableInDoc(next)).toEqual({ table: table });
    expect(withTable(next, table)).toBe(next);
  });

  test('is not found when a marker is missing, doubled or out of order', () => {
    expect(tableInDoc('# Performance\n' + TABLE_BEGIN + '\n')).toEqual({ problem: 'no ' + TABLE_END + ' line' });
    expect(tableInDoc('# Performance\n')).toEqual({ problem: 'no ' + TABLE_BEGIN + ' line' });
    expect(tableInDoc(doc('\n') + doc('\n'))).toEqual({ problem: 'the table markers appear more than once' });
    expect(tableInDoc(TABLE_END + '\n' + TABLE_BEGIN)).toEqual({ problem: TABLE_END + ' comes before ' + TABLE_BEGIN });
    // A marker inside other text (a usage quoted in the doc) is no marker.
    expect(tableInDoc('--update (between ' + TABLE_BEGIN + ' and ' + TABLE_END + ')\n' + doc('\n| t |\n'))).toEqual({ table: '| t |' });
    expect(tableInDoc('see ' + TABLE_BEGIN + ' below\n')).toEqual({ problem: 'no ' + TABLE_BEGIN + ' line' });
    expect(() => withTable('# Performance\n', table)).toThrow('no ' + TABLE_BEGIN + ' line');
  });

  test('updateDocsTable rewrites a doc with the markers and leaves one without them alone, saying why', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-bench-doc-'));
    try {
      const results = path.join(dir, 'results.json');
      fs.writeFileSync(results, JSON.stringify({ table: rows }));
      const marked = path.join(dir, 'performance.md');
      fs.writeFileSync(marked, doc('\n'));
      expect(updateDocsTable(results, marked)).toMatch(/the table rewritten from /);
      expect(fs.readFileSync(marked, 'utf8')).toBe(doc('\n' + table + '\n'));
      expect(updateDocsTable(results, marked)).toMatch(/the table already shows /);

      const unmarked = path.join(dir, 'plain.md');
      fs.writeFileSync(unmarked, '# Performance\n');
      expect(() => updateDocsTable(results, unmarked)).toThrow(/plain\.md left alone: no <!-- bench:table:begin --> line/);
      expect(fs.readFileSync(unmarked, 'utf8')).toBe('# Performance\n');
      expect(() => updateDocsTable(results, path.join(dir, 'missing.md'))).toThrow(/missing\.md does not exist/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('docs/performance.md holds each of its sections once (an old rewrite had left a second copy of two of them)', () => {
  const headings = fs.readFileSync(PERFORMANCE_DOC, 'utf8').split('\n').filter((line) => /^#+ /.test(line));
  const twice = headings.filter((heading, i) => headings.indexOf(heading) !== i);
  expect(twice).toEqual([]);
  expect(headings.length).toBeGreaterThan(3);
});
