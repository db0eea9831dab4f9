/**
 * The 16×2 character LCD on the page: hal's `CharacterDisplay`, drawn on a <canvas> as the module looks — a
 * backlit panel of 5×8-dot character cells, the unlit dots faintly visible. As in wokwi's lcd1602 element, the
 * display's state is just its characters (and the eight CGRAM glyphs); drawing only shows them.
 *
 * Text reaches the cells as it reaches the real driver: through the HD44780 character map
 * (hal/espruino/hd44780-charset.ts), codes 0–7 are the glyphs defined with `defineGlyph`, the rest the ROM font.
 */
import { CharacterDisplay, withText } from '../../hal/hal';
import { encodeLcdLine } from '../../hal/espruino/hd44780-charset';
import { romGlyph } from './lcd-font';

export type LcdColor = 'green' | 'blue';

interface Palette {
  panel: string;
  /** The edge of the glass, a little darker. */
  shade: string;
  dotOff: string;
  dotOn: string;
}

const PALETTES: { [color in LcdColor]: Palette } = {
  green: { panel: '#b4ce3b', shade: '#98b229', dotOff: '#abc636', dotOn: '#1f2a0c' },
  blue: { panel: '#2c5be6', shade: '#1d45c4', dotOff: '#325fe9', dotOn: '#eef3ff' },
};

/** Geometry in dots: a dot is 1 unit wide (0.86 lit), a cell 5 dots + 1, rows 8 dots + 1.6, a margin round it. */
const UNIT = 10;
const DOT = 0.86;
const CELL_PITCH = 6;
const ROW_PITCH = 9.6;
const MARGIN_X = 4;
const MARGIN_Y = 3.2;

export class LcdPanel implements CharacterDisplay {
  readonly kind = 'character' as const;
  readonly columns: number;
  readonly rows: number;
  /** What the runtime last showed, one string per row (glyphs as the characters "\x00"–"\x07"). */
  lines: string[];
  private readonly glyphs: number[][] = [];
  private readonly cells: Uint8Array;
  private color: LcdColor;
  private readonly context: CanvasRenderingContext2D;

  constructor(readonly canvas: HTMLCanvasElement, options?: { columns?: number; rows?: number; color?: LcdColor }) {
    this.columns = (options && options.columns) || 16;
    this.rows = (options && options.rows) || 2;
    this.color = (options && options.color) || 'green';
    this.cells = new Uint8Array(this.columns * this.rows);
    this.cells.fill(0x20);
    this.lines = [];
    for (let r = 0; r < this.rows; r++) this.lines.push(' '.repeat(this.columns));
    for (let code = 0; code < 8; code++) this.glyphs.push([0, 0, 0, 0, 0, 0, 0, 0]);
    canvas.width = Math.round((this.columns * CELL_PITCH - 1 + 2 * MARGIN_X) * UNIT);
    canvas.height = Math.round((this.rows * ROW_PITCH - (ROW_PITCH - 8) + 2 * MARGIN_Y) * UNIT);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    this.context = context;
    this.draw();
  }

  defineGlyph(code: number, rows: number[]): void {
    if (code < 0 || code > 7) return;
    const glyph: number[] = [];
    for (let r = 0; r < 8; r++) glyph.push((rows[r] || 0) & 0x1f);
    this.glyphs[code] = glyph;
    this.draw();
  }

  show(lines: string[]): void {
    const changed = lines.length !== this.lines.length || lines.some((line, r) => line !== this.lines[r]);
    if (!changed) return;
    this.lines = lines.slice(0, this.rows);
    for (let r = 0; r < this.rows; r++) encodeLcdLine(lines[r] || '', this.cells, r * this.columns, this.columns);
    this.draw();
  }

  write(row: number, column: number, text: string): void {
    this.show(withText(this.lines, row, column, text));
  }

  setColor(color: LcdColor): void {
    this.color = color;
    this.draw();
  }

  /** The cells' character codes, row by row (what the HD44780's DDRAM holds). */
  codes(): number[][] {
    const out: number[][] = [];
    for (let r = 0; r < this.rows; r++) out.push(Array.from(this.cells.subarray(r * this.columns, (r + 1) * this.columns)));
    return out;
  }

  private glyphOf(code: number): number[] {
    return code < 8 ? this.glyphs[code] : romGlyph(code);
  }

  private draw(): void {
    const g = this.context;
    const palette = PALETTES[this.color];
    const width = this.canvas.width;
    const height = this.canvas.height;
    const glass = g.createLinearGradient(0, 0, 0, height);
    glass.addColorStop(0, palette.shade);
    glass.addColorStop(0.12, palette.panel);
    glass.addColorStop(0.88, palette.panel);
    glass.addColorStop(1, palette.shade);
    g.fillStyle = glass;
    g.fillRect(0, 0, width, height);
    const dot = DOT * UNIT;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.columns; c++) {
        const glyph = this.glyphOf(this.cells[r * this.columns + c]);
        const x0 = (MARGIN_X + c * CELL_PITCH) * UNIT;
        const y0 = (MARGIN_Y + r * ROW_PITCH) * UNIT;
        for (let y = 0; y < 8; y++) {
          for (let x = 0; x < 5; x++) {
            g.fillStyle = (glyph[y] >> (4 - x)) & 1 ? palette.dotOn : palette.dotOff;
            g.fillRect(x0 + x * UNIT, y0 + y * UNIT, dot, dot);
          }
        }
      }
    }
  }
}
