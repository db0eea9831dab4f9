/**
 * Cost per second of play: how often the runtime's one timer wakes the firmware, counted by the virtual HAL
 * (`wakeUps`), on time, with the boards' watchdog (5 s, kicked at least every 2.5 s). The control is the default
 * one (60 min + 5×30 s, profile ru): a minute of main time, the last 10 s of a byo-yomi period, and a whole period.
 */
import { startRuntime } from '../firmware/runtime/runtime';
import { defaultSettings, saveSettings } from '../firmware/storage/settings';
import { parseGameControl } from '../firmware/clock/control-validate';
import { TimeControl } from '../firmware/clock/control';
import { createVirtualHal, MemoryStorage } from '../sim/virtual-hal';
import { layoutFor } from '../firmware/display/layouts';

export interface WakeUps {
  control: TimeControl;
  /** Wake-ups per minute over 10 minutes of main time (well above the last 10 s). */
  mainPerMinute: number;
  /** Wake-ups in the last 10 s of a byo-yomi period, times 6. */
  last10sPerMinute: number;
  /** Wake-ups in the last 10 s of a period (the raw count). */
  last10s: number;
  /** Wake-ups over one whole 30 s period, per minute. */
  periodPerMinute: number;
}

export function wakeUps(): WakeUps {
  const control: TimeControl = { system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 };
  const storage = new MemoryStorage();
  const settings = defaultSettings();
  settings.control = parseGameControl(control);
  saveSettings(storage, settings);
  const hal = createVirtualHal({ storage, watchdog: true });
  startRuntime(hal, { layout: layoutFor(hal.display), watchdogMs: 5000 });
  const window = (fromMs: number, toMs: number): number => {
    hal.advanceTo(fromMs);
    const before = hal.wakeUps;
    hal.advanceTo(toMs);
    return hal.wakeUps - before;
  };
  // White's button (right) starts Black's clock at 1000; black thinks through main time into byo-yomi.
  hal.advanceTo(1000);
  hal.edge('right', true);
  hal.advanceTo(1080);
  hal.edge('right', false);
  const main = window(61000, 661000); // minutes 1–11 of main time
  const overtimeAt = 1000 + control.mainMs; // black's first period: [overtimeAt, overtimeAt + 30 s)
  const whole = window(overtimeAt, overtimeAt + 30000);
  // the second period's last 10 s (the first one's are inside `whole`)
  const last = window(overtimeAt + 30000 + 20000, overtimeAt + 60000);
  return { control, mainPerMinute: main / 10, last10sPerMinute: last * 6, last10s: last, periodPerMinute: whole * 2 };
}
