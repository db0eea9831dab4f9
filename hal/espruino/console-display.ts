/**
 * The console board's display, as a hal `CharacterDisplay`: each frame that differs from the last is printed as a
 * framed block (one `print` call), and an unchanged frame prints nothing, so the console shows the display's history
 * without repeats. Lines are padded or cut to `columns`; custom glyphs (codes 0–7) print as "#", since a console has
 * no CGRAM.
 *
 *   +----------------+
 *   |B 9:58    W10:00|
 *   |  3x30s   3x30s |
 *   +----------------+
 */
import { CharacterDisplay } from '../hal';

export interface ConsoleDisplayOptions {
  print: (text: string) => void;
  columns: number;
  rows: number;
}

/** `line` as `columns` printable characters: glyph codes become "#", other control codes "?" (native string methods:
 * on Espruino a loop over the characters costs a dozen times more). */
function fit(line: string, columns: number): string {
  const cut = line.length >= columns ? line.substring(0, columns) : line.padEnd(columns);
  return cut.replace(/[\x00-\x07]/g, '#').replace(/[\x08-\x1f]/g, '?');
}

export function createConsoleDisplay(options: ConsoleDisplayOptions): CharacterDisplay {
  const print = options.print;
  const columns = options.columns;
  const rows = options.rows;
  let border = '+';
  for (let i = 0; i < columns; i++) border += '-';
  border += '+';
  let last: string | undefined = undefined;
  /** Each row as last fitted, and what it was fitted from: a display tick changes one row, the other is kept. */
  const given: string[] = [];
  const fitted: string[] = [];

  return {
    kind: 'character',
    columns: columns,
    rows: rows,
    defineGlyph() {
      // A console has no custom characters: glyph cells print as "#".
    },
    show(lines) {
      let frame = border;
      for (let row = 0; row < rows; row++) {
        const line = lines[row] || '';
        if (given[row] !== line) {
          given[row] = line;
          fitted[row] = fit(line, columns);
        }
        frame += '\n|' + fitted[row] + '|';
      }
      frame += '\n' + border;
      if (frame === last) return;
      last = frame;
      print(frame);
    },
  };
}
