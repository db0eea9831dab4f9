/**
 * The performance table in docs/performance.md: the Markdown that bench/table.ts renders from the committed
 * bench/results.json, between the lines `<!-- bench:table:begin -->` and `<!-- bench:table:end -->`.
 * `npm run bench -- --update` writes both; `npm run bench -- --docs` rewrites only the table from the committed
 * results; test/bench/performance-table.test.ts checks that the docs show what the results say.
 */
import * as fs from 'fs';
import * as path from 'path';
import { markdownTable, Row } from './table';

const ROOT = path.resolve(__dirname, '..');
export const COMMITTED_RESULTS = path.join(ROOT, 'bench', 'results.json');
export const PERFORMANCE_DOC = path.join(ROOT, 'docs', 'performance.md');
export const TABLE_BEGIN = '<!-- bench:table:begin -->';
export const TABLE_END = '<!-- bench:table:end -->';

/** The table a results file renders to (its `table` rows, through bench/table.ts). */
export function tableOfResults(resultsFile: string): string {
  const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { table?: Row[] };
  if (!Array.isArray(results.table)) throw new Error(path.relative(ROOT, resultsFile) + ' has no "table" rows');
  return markdownTable(results.table);
}

/** Where `marker` stands on a line of its own in `doc` (a mention inside other text, e.g. a usage, is not one). */
function markerLines(doc: string, marker: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  const line = new RegExp('^[ \\t]*' + marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '[ \\t]*$', 'gm');
  for (let m = line.exec(doc); m !== null; m = line.exec(doc)) found.push({ start: m.index, end: m.index + m[0].length });
  return found;
}

/** A table's two marker lines: the bench's (the default) or another table's (the board's budget, bench/budget-table.ts). */
export interface TableMarkers {
  begin: string;
  end: string;
}
const BENCH_MARKERS: TableMarkers = { begin: TABLE_BEGIN, end: TABLE_END };

/** Where the table is in `doc`: the text between the marker lines, or why there is no one place. */
function tableSpan(doc: string, markers: TableMarkers): { from: number; to: number } | { problem: string } {
  const begins = markerLines(doc, markers.begin);
  const ends = markerLines(doc, markers.end);
  if (begins.length === 0 || ends.length === 0) return { problem: 'no ' + (begins.length === 0 ? markers.begin : markers.end) + ' line' };
  if (begins.length > 1 || ends.length > 1) return { problem: 'the table markers appear more than once' };
  if (ends[0].start < begins[0].start) return { problem: markers.end + ' comes before ' + markers.begin };
  return { from: begins[0].end, to: ends[0].start };
}

/** The table as the doc shows it now (trimmed), or why it cannot be found. */
export function tableInDoc(doc: string, markers: TableMarkers = BENCH_MARKERS): { table: string } | { problem: string } {
  const span = tableSpan(doc, markers);
  if ('problem' in span) return span;
  return { table: doc.substring(span.from, span.to).trim() };
}

/** `doc` with `table` between its markers; throws, saying why, when the markers are not there once each. */
export function withTable(doc: string, table: string, markers: TableMarkers = BENCH_MARKERS): string {
  const span = tableSpan(doc, markers);
  if ('problem' in span) throw new Error(span.problem);
  return doc.substring(0, span.from) + '\n' + table + '\n' + doc.substring(span.to);
}

/**
 * Rewrites the doc's table from `resultsFile`. Returns what it did, in words; throws (leaving the doc alone) when the
 * doc or its markers are missing.
 */
export function updateDocsTable(resultsFile: string = COMMITTED_RESULTS, docFile: string = PERFORMANCE_DOC): string {
  const name = path.relative(ROOT, docFile);
  if (!fs.existsSync(docFile)) throw new Error(name + ' does not exist: its table (between ' + TABLE_BEGIN + ' and ' + TABLE_END + ') was not written');
  const doc = fs.readFileSync(docFile, 'utf8');
  let next: string;
  try {
    next = withTable(doc, tableOfResults(resultsFile));
  } catch (e) {
    throw new Error(name + ' left alone: ' + (e as Error).message);
  }
  if (next === doc) return name + ': the table already shows ' + path.relative(ROOT, resultsFile);
  fs.writeFileSync(docFile, next);
  return name + ': the table rewritten from ' + path.relative(ROOT, resultsFile);
}
