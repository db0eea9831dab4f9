import { ButtonEdge } from '../../hal/hal';
import { createConsoleButtons } from '../../hal/espruino/console-buttons';
import { createConsoleBuzzer } from '../../hal/espruino/console-buzzer';
import { createConsoleDisplay } from '../../hal/espruino/console-display';

describe('console display', () => {
  it('prints a changed frame once, framed, lines padded or cut to the width', () => {
    const printed: string[] = [];
    const display = createConsoleDisplay({ print: (text) => printed.push(text), columns: 8, rows: 2 });
    display.show(['B 9:58', 'W 10:00:00']);
    display.show(['B 9:58', 'W 10:00:00']);
    expect(printed).toEqual(['+--------+\n|B 9:58  |\n|W 10:00:|\n+--------+']);
    display.show(['B 9:57', 'W 10:00:00']);
    expect(printed.length).toBe(2);
    expect(display.kind).toBe('character');
  });

  it('shows glyph codes as their ASCII look-alikes ("\x01", ▶, as ">") and other control characters as "?"', () => {
    const printed: string[] = [];
    const display = createConsoleDisplay({ print: (text) => printed.push(text), columns: 4, rows: 1 });
    display.defineGlyph(1, [0, 0, 0, 0, 0, 0, 0, 0]);
    display.show(['\x01a\x1bz']);
    expect(printed).toEqual(['+----+\n|>a?z|\n+----+']);
  });
});

describe('console display: a display tick written as cells', () => {
  it('prints the frame with the cells written in, once, and the next frame shown whole', () => {
    const printed: string[] = [];
    const display = createConsoleDisplay({ print: (text) => printed.push(text), columns: 8, rows: 2 });
    display.show(['B 9:58\x01', 'W 10:00']);
    display.write(0, 2, '9:57');
    display.write(0, 2, '9:57');
    expect(printed).toEqual(['+--------+\n|B 9:58> |\n|W 10:00 |\n+--------+', '+--------+\n|B 9:57> |\n|W 10:00 |\n+--------+']);
    // Glyph codes written are their look-alikes too; a frame shown again after a write is fitted whole.
    display.write(0, 7, '\x00');
    display.show(['B 9:58\x01', 'W 10:00']);
    expect(printed.slice(2)).toEqual(['+--------+\n|B 9:57><|\n|W 10:00 |\n+--------+', '+--------+\n|B 9:58> |\n|W 10:00 |\n+--------+']);
  });
});

describe('console buttons: the global button(name, down)', () => {
  function setup() {
    let nowMs = 1234;
    const printed: string[] = [];
    const console = createConsoleButtons({ clock: { nowMs: () => nowMs }, print: (text) => printed.push(text) });
    const edges: ButtonEdge[] = [];
    console.buttons.onEdge((edge) => edges.push(edge));
    return { console, edges, printed, setNow: (ms: number) => (nowMs = ms) };
  }

  it('down true/false are edges stamped with the clock now', () => {
    const { console, edges, setNow } = setup();
    console.press('left', true);
    setNow(2000);
    console.press('left', false);
    expect(edges).toEqual([
      { button: 'left', down: true, atMs: 1234 },
      { button: 'left', down: false, atMs: 2000 },
    ]);
  });

  it('without down it is a press and a release at the same instant', () => {
    const { console, edges } = setup();
    console.press('right');
    expect(edges).toEqual([
      { button: 'right', down: true, atMs: 1234 },
      { button: 'right', down: false, atMs: 1234 },
    ]);
  });

  it('an unknown name is refused with a hint', () => {
    const { console, edges, printed } = setup();
    console.press('middle', true);
    expect(edges).toEqual([]);
    expect(printed[0]).toMatch(/left.*right/);
  });
});

describe('console buzzer', () => {
  it('prints a pattern as one line', () => {
    const printed: string[] = [];
    const buzzer = createConsoleBuzzer({ print: (text) => printed.push(text) });
    buzzer.play(
      [
        { hz: 880, ms: 100 },
        { hz: 0, ms: 50 },
        { hz: 880, ms: 100 },
      ],
      1,
    );
    buzzer.stop();
    expect(printed).toEqual(['buzzer: 880Hz 100ms, rest 50ms, 880Hz 100ms']);
  });

  it('prints nothing when silent or quiet', () => {
    const printed: string[] = [];
    createConsoleBuzzer({ print: (text) => printed.push(text) }).play([{ hz: 880, ms: 100 }], 0);
    createConsoleBuzzer({ print: (text) => printed.push(text), quiet: true }).play([{ hz: 880, ms: 100 }], 1);
    expect(printed).toEqual([]);
  });
});
