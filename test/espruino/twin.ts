/**
 * The same hands on the same firmware in V8: the runtime on the virtual HAL with the console board's own display
 * driver, so its frames are what the interpreter should print, to the character. Edges happen at exactly the Hands'
 * instants here; on the interpreter they land a few milliseconds late, so tests play moves away from the instants
 * at which a shown second or tenth changes.
 */
import { Hands } from '../../sim/hands';
import { createVirtualHal, MemoryStorage } from '../../sim/virtual-hal';
import { startRuntime } from '../../firmware/runtime/runtime';
import { createConsoleDisplay } from '../../hal/espruino/console-display';
import { createConsoleBuzzer } from '../../hal/espruino/console-buzzer';
import { transcriptOf } from '../../sim/espruino/console-board';
import { DEFAULT_OPTIONS, ClockOptions } from '../../firmware/clock/options';
import { GameControl } from '../../firmware/clock/control';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { Settings, saveSettings } from '../../firmware/storage/settings';
import { layoutFor } from '../../firmware/display/layouts';

/** Stored settings for `control` (both sides, or per side) and options; the rest as a new clock has them. */
export function settingsFor(control: GameControl, options?: Partial<ClockOptions>): Settings {
  return {
    control: parseGameControl(control),
    options: Object.assign({}, DEFAULT_OPTIONS, options || {}),
    leftSide: 'black',
    sound: true,
    volume: 0.5,
    voice: 'ru',
    arbiterCode: '',
  };
}

/** One edge (by index, counting every part's edges in order) made `byMs` late, or the end of each part moved. */
export interface Jitter {
  edge?: number;
  byMs: number;
}

/** A power cut between two parts of a run: the board boots again from its Storage. */
export const POWER_CUT = 'power cut';
export type Part = Hands | typeof POWER_CUT;

/**
 * What the console board prints for `parts` played from boot (each Hands after the last, a power cut between two
 * where asked) with `settings` stored, or with `storage` as it is: its frames, buzzer lines and boot notices, in
 * order (see `transcriptOf`), up to the end of the last part.
 */
export function twinTranscript(settings: Settings | null, parts: Part[], jitter?: Jitter, storage?: MemoryStorage): string[] {
  const flash = storage || new MemoryStorage();
  if (settings) saveSettings(flash, settings);
  const printed: string[] = [];
  const print = (text: string) => printed.push(text);
  let edgeIndex = 0;
  const boot = () => {
    const hal = createVirtualHal({ storage: flash });
    Object.assign(hal, {
      display: createConsoleDisplay({ print: print, columns: 16, rows: 2 }),
      buzzer: createConsoleBuzzer({ print: print }),
    });
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
    for (const notice of runtime.notices) print('goclock: ' + notice); // as hal/espruino/boot.ts prints them
    return hal;
  };
  // Hands begin a second after each boot (the interpreter's first frame is waited for first).
  let hal = boot();
  let startMs = 1000;
  for (const part of parts) {
    if (part === POWER_CUT) {
      hal = boot();
      startMs = 1000;
      continue;
    }
    for (const edge of part.events) {
      const late = jitter && jitter.edge === edgeIndex ? jitter.byMs : 0;
      edgeIndex++;
      hal.advanceTo(startMs + edge.atMs + late);
      hal.edge(edge.button, edge.down);
    }
    startMs += part.atMs;
    hal.advanceTo(startMs + (jitter && jitter.edge === undefined ? jitter.byMs : 0));
  }
  return transcriptOf(printed.join('\n') + '\n');
}

/**
 * Throws unless the transcript stays the same when any one edge is 1 or 2 ms late, or each part ends 2 ms earlier
 * or later: on the interpreter an edge is stamped up to a millisecond or so late (its timer runs after the clock's,
 * or the floor to whole milliseconds), so a game played at a boundary would test the timing, not the firmware.
 */
export function expectAwayFromBoundaries(settings: Settings | null, parts: Part | Part[], storage?: () => MemoryStorage): string[] {
  const list = Array.isArray(parts) ? parts : [parts];
  const fresh = () => (storage ? storage() : undefined);
  const exact = twinTranscript(settings, list, undefined, fresh());
  const edges = list.reduce((n, part) => n + (part === POWER_CUT ? 0 : part.events.length), 0);
  const jitters: Jitter[] = [{ byMs: -2 }, { byMs: 2 }];
  for (let index = 0; index < edges; index++) jitters.push({ edge: index, byMs: 1 }, { edge: index, byMs: 2 });
  for (const jitter of jitters) {
    const shifted = twinTranscript(settings, list, jitter, fresh());
    if (JSON.stringify(shifted) !== JSON.stringify(exact)) {
      const what = jitter.edge === undefined ? 'the end ' + jitter.byMs + ' ms' : 'edge ' + jitter.edge + ', ' + jitter.byMs + ' ms late';
      throw new Error('this game is played at a display or clock boundary: ' + what + ' changes what is printed; move its presses');
    }
  }
  return exact;
}

/**
 * What the interpreter printed against what V8 printed for the same presses. A frame is the clock as it is when the
 * firmware renders it, and the interpreter renders a little later than V8 (it needs time to run), so it may miss a
 * frame that V8 showed for a moment: every frame it prints must be one V8 printed, in the same order, ending on the
 * same frame; and every buzzer line and notice V8 printed it must print too, in the same place among the frames.
 */
export function expectSameShow(actual: string[], expected: string[]): void {
  const isFrame = (item: string) => !/^(buzzer|goclock): /.test(item);
  let at = 0;
  const problems: string[] = [];
  for (let i = 0; i < actual.length && problems.length === 0; i++) {
    let j = at;
    while (j < expected.length && expected[j] !== actual[i] && isFrame(expected[j])) j++;
    if (j >= expected.length || expected[j] !== actual[i]) {
      problems.push('item ' + i + ' ' + JSON.stringify(actual[i]) + ' where V8 printed ' + JSON.stringify(expected.slice(at, at + 3)));
    } else at = j + 1;
  }
  if (problems.length === 0 && expected.slice(at).some((item) => !isFrame(item))) {
    problems.push('missing at the end: ' + JSON.stringify(expected.slice(at).filter((item) => !isFrame(item))));
  }
  const lastFrame = (items: string[]) => items.filter(isFrame).slice(-1)[0];
  if (problems.length === 0 && lastFrame(actual) !== lastFrame(expected)) {
    problems.push('last frame ' + JSON.stringify(lastFrame(actual)) + ', V8 ' + JSON.stringify(lastFrame(expected)));
  }
  // On failure, the whole of both, so the difference can be read.
  if (problems.length > 0) expect({ problem: problems[0], interpreter: actual }).toEqual({ problem: '', interpreter: expected });
}
