/** The bench's Markdown table: metric, value, unit, how it was measured. */
export interface Row {
  metric: string;
  value: string;
  unit: string;
  how: string;
}

function cell(text: string): string {
  return text.replace(/\n/g, ' ').replace(/(^|[^\\])\|/g, '$1\\|');
}

export function markdownTable(rows: Row[]): string {
  const lines = ['| metric | value | unit | how measured |', '|---|--:|---|---|'];
  for (const r of rows) lines.push('| ' + [r.metric, r.value, r.unit, r.how].map(cell).join(' | ') + ' |');
  return lines.join('\n');
}
