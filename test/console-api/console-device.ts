/**
 * A clock on the V8 runtime with the console API beside it, as the console-api tests and the console fuzz use it.
 */
import { startRuntime, Runtime } from '../../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../../firmware/storage/settings';
import { parseGameControl } from '../../firmware/clock/control-validate';
import { createVirtualHal, MemoryStorage, VirtualHal } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';
import { ConsoleApi, createConsoleApi } from '../../firmware/runtime/console-api';

export interface ConsoleDevice {
  hal: VirtualHal;
  runtime: Runtime;
  api: ConsoleApi;
}

/**
 * Boots a clock on `storage`; when it holds no settings yet, `control` and the arbiter's `code` are stored first (a
 * storage that has them boots as it is: a reboot).
 */
export function bootConsoleDevice(storage: MemoryStorage, control: unknown, code = '2468'): ConsoleDevice {
  if (storage.read('gcsettings') === undefined) {
    const settings = defaultSettings();
    settings.control = parseGameControl(control);
    settings.arbiterCode = code;
    saveSettings(storage, settings);
  }
  const hal = createVirtualHal({ storage });
  const runtime = startRuntime(hal, { layout: layoutFor(hal.display) });
  return { hal, runtime, api: createConsoleApi(() => runtime, () => hal.clock.nowMs()) };
}

/** A press of `button` at `atMs`, released 40 ms later. */
export function pressAt(hal: VirtualHal, button: 'left' | 'right', atMs: number): void {
  hal.advanceTo(atMs);
  hal.edge(button, true);
  hal.advanceTo(atMs + 40);
  hal.edge(button, false);
}
