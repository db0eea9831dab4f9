/**
 * One origin for the times people read (display/log-text.ts): the game's start, the press that started the first
 * clock. The runtime keeps it when the bounded log lets the start entry go, and a power cut does not move it — the
 * restored game's log, or its record when the log no longer has the entry, still says when the game began.
 */
import { startRuntime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { createVirtualHal, MemoryStorage, VirtualHal } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';
import { gameMs, gameText, logText } from '../../firmware/display/log-text';

function storageWith(control: object): MemoryStorage {
  const storage = new MemoryStorage();
  const settings = defaultSettings();
  settings.control = parseGameControl(control);
  saveSettings(storage, settings);
  return storage;
}

function boot(storage: MemoryStorage, logLimit?: number) {
  const hal = createVirtualHal({ storage: storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display), logLimit: logLimit });
  return { hal, runtime };
}

/** A press of `button` at the HAL's instant `atMs` (Black is on the left: the right button is White's). */
function press(hal: VirtualHal, button: 'left' | 'right', atMs: number): void {
  hal.advanceTo(atMs);
  hal.edge(button, true);
  hal.advanceTo(atMs + 30);
  hal.edge(button, false);
}

const HOUR = { system: 'absolute', mainMs: 3600000 };

describe("the game's start, where people's times count from", () => {
  test('none while ready; the start press once White starts Black\'s clock, 7 s after boot', () => {
    const { hal, runtime } = boot(storageWith(HOUR));
    hal.advanceTo(5000);
    expect(runtime.startMs()).toBeNull();
    expect(gameText(runtime.nowMs(), runtime.startMs())).toBe('0:00.0');
    press(hal, 'right', 7000);
    expect(runtime.startMs()).toBe(7000);
    press(hal, 'left', 11200);
    const log = runtime.log();
    expect(log.map((e) => logText(e, runtime.startMs()))).toEqual([
      '0:00.0 white start: black to move',
      '0:04.2 black move 1 (0:04.2)',
    ]);
  });

  test('kept when the bounded log no longer holds the start entry', () => {
    const { hal, runtime } = boot(storageWith(HOUR), 4);
    press(hal, 'right', 7000);
    for (let i = 1; i <= 10; i++) press(hal, i % 2 === 1 ? 'left' : 'right', 7000 + i * 3000);
    expect(runtime.log().some((e) => e.kind === 'start')).toBe(false);
    expect(runtime.startMs()).toBe(7000);
    expect(gameMs(runtime.log()[runtime.log().length - 1].atMs, runtime.startMs())).toBe(30000);
  });

  test('a power cut does not move it: the restored game counts on from the same start', () => {
    const storage = storageWith(HOUR);
    const before = boot(storage);
    press(before.hal, 'right', 7000);
    press(before.hal, 'left', 19000); // the last event: the journal has the game as of 19 s
    before.hal.advanceTo(19500); // the power is cut
    const after = boot(storage);
    expect(after.runtime.startMs()).toBe(7000);
    expect(gameText(after.runtime.nowMs(), after.runtime.startMs())).toBe('0:12.0');
    after.hal.advanceTo(3000);
    expect(gameText(after.runtime.nowMs(), after.runtime.startMs())).toBe('0:15.0');
  });

  test("after a power cut in a long game, the game's record says when it started", () => {
    const storage = storageWith(HOUR);
    const before = boot(storage, 4);
    press(before.hal, 'right', 7000);
    for (let i = 1; i <= 10; i++) press(before.hal, i % 2 === 1 ? 'left' : 'right', 7000 + i * 3000);
    const after = boot(storage, 4);
    expect(after.runtime.log().some((e) => e.kind === 'start')).toBe(false);
    expect(after.runtime.startMs()).toBe(7000);
    expect(gameText(after.runtime.nowMs(), after.runtime.startMs())).toBe('0:30.0');
  });

  test('a new game forgets it until its own start', () => {
    const { hal, runtime } = boot(storageWith(HOUR));
    press(hal, 'right', 7000);
    hal.advanceTo(60000);
    runtime.newGame();
    expect(runtime.startMs()).toBeNull();
    press(hal, 'right', 90000);
    expect(runtime.startMs()).toBe(90000);
    expect(runtime.log().map((e) => logText(e, runtime.startMs()))).toEqual(['0:00.0 white start: black to move']);
  });
});
