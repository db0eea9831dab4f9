/**
 * The 128×64 OLED layout: each player's half on the side of that player's button, the time in big seven-segment
 * digits, a bar over the running side, and a line of text below with what comes next (as on the LCD).
 */
import { Canvas } from '../hal/hal';
import { ClockView } from './view';
import { TimeControl } from './control';
import { PerSide, Side } from './side';
import { infoText, timeText } from './render-lcd';
import { bigTextWidth, DigitSize, drawBigText } from './seven-segment';

const SIZES: DigitSize[] = [
  { width: 11, height: 24, thickness: 3, gap: 2 },
  { width: 8, height: 20, thickness: 2, gap: 2 },
  { width: 6, height: 16, thickness: 2, gap: 1 },
];

function fitting(text: string, width: number): DigitSize {
  for (let i = 0; i < SIZES.length; i++) if (bigTextWidth(text, SIZES[i]) <= width) return SIZES[i];
  return SIZES[SIZES.length - 1];
}

export function renderOled(canvas: Canvas, view: ClockView, controls: PerSide<TimeControl>, leftSide: Side): void {
  const width = canvas.getWidth();
  const half = width >> 1;
  canvas.clear();
  canvas.setColor(1);
  const sides: Side[] = [leftSide, leftSide === 'black' ? 'white' : 'black'];
  for (let i = 0; i < 2; i++) {
    const side = sides[i];
    const s = view.sides[side];
    const x0 = i * half;
    if (view.running === side) canvas.fillRect(x0 + 2, 0, x0 + half - 3, 3);
    const text = timeText(s);
    const size = fitting(text, half - 4);
    drawBigText(canvas, text, x0 + ((half - bigTextWidth(text, size)) >> 1), 10, size);
    // The same words as the LCD's second row, so both displays say the same thing about each side.
    canvas.drawString((side === 'black' ? 'B ' : 'W ') + infoText(view, side, controls[side]), x0 + 2, 54);
  }
  canvas.drawRect(half - 1, 8, half - 1, 50);
}
