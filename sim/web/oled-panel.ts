/**
 * The 128×64 SSD1306 OLED on the page: hal's `GraphicsDisplay`. The firmware draws on sim/canvas.ts (Espruino's
 * `Graphics` 1-bit buffer, pixel for pixel); `flip` shows that buffer scaled on a <canvas>, each pixel a lit
 * square with a thin dark gap, as the panel looks up close.
 */
import { GraphicsDisplay } from '../../hal/hal';
import { SimCanvas } from '../canvas';

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  return context;
}

/** Screen pixels per OLED pixel on the page canvas (the CSS then scales it to the layout). */
const SCALE = 8;
const LIT = 0.84;
const MARGIN = 2;

export class OledPanel implements GraphicsDisplay {
  readonly kind = 'graphics' as const;
  readonly canvas: SimCanvas;
  /** Frames shown so far. */
  frames = 0;
  private readonly context: CanvasRenderingContext2D;
  /** The dark panel with its unlit pixel grid, drawn once. */
  private readonly dark: HTMLCanvasElement;

  constructor(readonly element: HTMLCanvasElement, width = 128, height = 64) {
    this.canvas = new SimCanvas(width, height);
    element.width = (width + 2 * MARGIN) * SCALE;
    element.height = (height + 2 * MARGIN) * SCALE;
    this.context = context2d(element);
    this.dark = document.createElement('canvas');
    this.dark.width = element.width;
    this.dark.height = element.height;
    const g = context2d(this.dark);
    g.fillStyle = '#05080c';
    g.fillRect(0, 0, element.width, element.height);
    // Unlit pixels are barely a shade above black, as on a powered panel seen up close.
    g.fillStyle = '#070b10';
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) g.fillRect((x + MARGIN) * SCALE, (y + MARGIN) * SCALE, LIT * SCALE, LIT * SCALE);
    }
    this.flip();
  }

  flip(): void {
    this.frames++;
    const g = this.context;
    const c = this.canvas;
    g.drawImage(this.dark, 0, 0);
    const size = LIT * SCALE;
    g.fillStyle = '#9fe3ff';
    for (let y = 0; y < c.height; y++) {
      for (let x = 0; x < c.width; x++) {
        if (c.getPixel(x, y)) g.fillRect((x + MARGIN) * SCALE, (y + MARGIN) * SCALE, size, size);
      }
    }
  }

  /** The frame as text, "#" lit and "." dark, one string per pixel row. */
  rows(): string[] {
    return this.canvas.toText().replace(/\n$/, '').split('\n');
  }
}
