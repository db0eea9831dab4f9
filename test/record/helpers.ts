/**
 * Shared by the record tests: a scenario run with its record, the record exported, the SGF read back by a real
 * parser (@sabaki/sgf), and the CSV read back by RFC 4180's rules.
 */
import { runScenario, ScenarioReport } from '../../sim/scenario';
import { MemoryStorage } from '../../sim/virtual-hal';
import { recordReader } from '../../firmware/storage/record-store';
import { exportRecord } from '../../firmware/storage/record-export';
import { KeyValueStorage } from '../../hal/hal';

// @sabaki/sgf ships no types.
// eslint-disable-next-line @typescript-eslint/no-var-requires
const sgf = require('@sabaki/sgf') as { parse(text: string): SgfNode[] };

export interface SgfNode {
  data: { [property: string]: string[] };
  children: SgfNode[];
}

/** A scenario's report, and the storage its record was written to. */
export function played(scenario: unknown): { report: ScenarioReport; storage: MemoryStorage } {
  const storage = new MemoryStorage();
  const report = runScenario(scenario, storage);
  return { report: report, storage: storage };
}

/** The record `index` places back, exported; the test fails on an export error. */
export function exported(storage: KeyValueStorage, format: 'sgf' | 'csv', index = 0): string {
  const parts: string[] = [];
  const error = exportRecord(recordReader(storage, index), format, (text) => parts.push(text));
  if (error !== null) throw new Error('export failed: ' + error);
  return parts.join('');
}

/** The one game tree of an SGF text: its root and the main line of nodes after it. */
export function parseSgf(text: string): { root: SgfNode; nodes: SgfNode[] } {
  const roots = sgf.parse(text);
  expect(roots).toHaveLength(1);
  const nodes: SgfNode[] = [];
  for (let node = roots[0].children[0]; node !== undefined; node = node.children[0]) nodes.push(node);
  return { root: roots[0], nodes: nodes };
}

/** The move nodes of one side (BL for Black, WL for White). */
export function sideNodes(nodes: SgfNode[], side: 'black' | 'white'): SgfNode[] {
  const key = side === 'black' ? 'BL' : 'WL';
  return nodes.filter((node) => node.data[key] !== undefined);
}

/** Seconds as SGF writes them, back to ms. */
export function ms(seconds: string): number {
  return Math.round(Number(seconds) * 1000);
}

/** RFC 4180: rows of fields, CRLF between rows, quoted fields with doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text.charAt(i + 1) === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text.charAt(i + 1) === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field).toBe(''); // the last row ends with CRLF too
  return rows;
}

/** CSV rows as objects by the header row's names. */
export function csvObjects(text: string): { [column: string]: string }[] {
  const rows = parseCsv(text);
  return rows.slice(1).map((row) => {
    expect(row).toHaveLength(rows[0].length);
    const object: { [column: string]: string } = {};
    rows[0].forEach((name, i) => (object[name] = row[i]));
    return object;
  });
}
