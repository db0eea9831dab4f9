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
 * other control codes "?". Native string methods and one regular expression: on Espruino a loop over the characters
 * costs a dozen times more; the table is a literal here, not a module constant, so that nothing of it stays in RAM
 * between frames.
 */
function fit(line: string, columns: number): string {
  return line.substring(0, columns).padEnd(columns).replace(/[\x00-\x1f]/g, lookAlike);
}

/** A control code's printable look-alike (a function of the bundle's own: not one made at every line fitted). */
function lookAlike(code: string): string {
  return '<>=!*^_~'.charAt(code.charCodeAt(0)) || '?';
}

export function createConsoleDisplay(options: ConsoleDisplayOptions): CharacterDisplay {
  const print = options.print;
  const columns = options.columns;
  const rows = options.rows;
  const border = '+' + ''.padEnd(columns, '-') + '+';
  /**
   * Each row as last given, and as last fitted: a display tick changes one row, the other is not fitted again, and a
   * frame is printed only when a fitted row changed.
   */
  const given: (string | null)[] = [];
  const fitted: string[] = [];
  for (let row = 0; row < rows; row++) {
    given.push(null);
    fitted.push('');
  }

  function printFrame(): void {
    print(border + '\n|' + fitted.join('|\n|') + '|\n' + border);
  }

  return {
    kind: 'character',
    columns: columns,
    rows: rows,
    defineGlyph() {
      // A console has no custom characters: glyph cells print as their look-alikes.
    },
    show(lines) {
      let changed = false;
      for (let row = 0; row < rows; row++) {
        if (lines[row] !== given[row]) {
          const was = fitted[row];
          given[row] = lines[row];
          fitted[row] = fit(lines[row] || '', columns);
          changed = changed || fitted[row] !== was;
        }
      }
      if (changed) printFrame();
    },
    write(row, column, text) {
      // Only the cells written are fitted (a time cell is mostly digits: no look-alike to put in); the row is no
      // longer a line `show` was given, so the next `show` fits it whole.
      const was = fitted[row];
      // In the last 10 s of a period the cell holds the overtime glyph at every tick: replaced here, not by `fit`,
      // whose cut and padding a cell of its own length does not need.
      const cells = /[\x00-\x1f]/.test(text) ? text.replace(/[\x00-\x1f]/g, lookAlike) : text;
      fitted[row] = was.substring(0, column) + cells + was.substring(column + cells.length);
      given[row] = null;
      if (fitted[row] !== was) printFrame();
    },
  };
}
