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

function fit(line: string, columns: number): string {
  let text = '';
  for (let i = 0; i < columns; i++) {
    const code = i < line.length ? line.charCodeAt(i) : 0x20;
    text += code < 8 ? '#' : code < 0x20 ? '?' : line.charAt(i) || ' ';
  }
  return text;
}

export function createConsoleDisplay(options: ConsoleDisplayOptions): CharacterDisplay {
  const print = options.print;
  const columns = options.columns;
  const rows = options.rows;
  let border = '+';
  for (let i = 0; i < columns; i++) border += '-';
  border += '+';
  let last: string | undefined = undefined;

  return {
    kind: 'character',
    columns: columns,
    rows: rows,
    defineGlyph() {
      // A console has no custom characters: glyph cells print as "#".
    },
    show(lines) {
      let frame = border;
      for (let row = 0; row < rows; row++) frame += '\n|' + fit(lines[row] || '', columns) + '|';
      frame += '\n' + border;
      if (frame === last) return;
      last = frame;
      print(frame);
    },
  };
}
