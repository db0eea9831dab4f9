/**
 * The console board's display, as a hal `CharacterDisplay`: each frame that differs from the last is printed as a
 * framed block (one `print` call), and an unchanged frame prints nothing, so the console shows the display's history
 * without repeats. Lines are padded or cut to `columns`; a console has no CGRAM, so the custom glyphs (codes 0–7)
 * print as ASCII look-alikes, each its own and none a digit, a letter or a character the times and counters use
 * ("#" moves, ":" "." "-" times, "/" Canadian moves), so that a mark is not read as part of what it stands beside:
 *
 *   <  ◀ left runs     >  ▶ right runs    =  ‖ paused       !  ⚑ flag fell
 *   *  ⧗ a period's time   ^  ✎ need not record   _  ▯ battery low   ~  ◔ simple delay
 *
 *   +----------------+
 *   |* 0:25 <    9:50|
 *   |2x #1  <      #1|
 *   +----------------+
 */
import { CharacterDisplay } from '../hal';

export interface ConsoleDisplayOptions {
  print: (text: string) => void;
  columns: number;
  rows: number;
}

/**
 * `line` as `columns` printable characters: glyph code i becomes character i of "<>=!*^_~" (its look-alike, above),
 * other control codes "?". Native string methods: on Espruino a loop over the characters costs a dozen times more;
 * the table is a literal here, not a module constant, so that nothing of it stays in RAM between frames.
 */
function fit(line: string, columns: number): string {
  const cut = line.length >= columns ? line.substring(0, columns) : line.padEnd(columns);
  return cut.replace(/[\x00-\x07]/g, (glyph) => '<>=!*^_~'.charAt(glyph.charCodeAt(0))).replace(/[\x08-\x1f]/g, '?');
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
      // A console has no custom characters: glyph cells print as their look-alikes.
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
