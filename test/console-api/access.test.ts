/**
 * The arbiter's console API (firmware/runtime/console-api.ts) on the runtime in V8: reading is open; every changing call is
 * refused without the arbiter's code, with a wrong one, with no code set, and after a reboot; with the code it does
 * what the menu would, checked by the same code, and a refused call changes nothing.
 */
import { Runtime } from '../../firmware/runtime/runtime';
import { loadSettings } from '../../firmware/storage/settings';
import { MemoryStorage } from '../../sim/virtual-hal';
import { bootConsoleDevice, ConsoleDevice, pressAt } from './console-device';
import { ConsoleApi, ConsoleResult, LOCKED, LOCKOUT_MS, MAX_WRONG_CODES, UNLOCK_IDLE_MS } from '../../firmware/runtime/console-api';

const CONTROL = { system: 'byoyomi' as const, mainMs: 600000, periods: 3, periodMs: 30000 };

function boot(storage: MemoryStorage, code = '2468'): ConsoleDevice {
  return bootConsoleDevice(storage, CONTROL, code);
}

const press = pressAt;

/** Every changing call, with arguments it would accept once unlocked (a game paused for the corrections). */
const CHANGES: [string, (api: ConsoleApi) => ConsoleResult][] = [
  ['adjust', (api) => api.adjust({ side: 'white', deltaMs: 120000 })],
  ['resume', (api) => api.resume()],
  ['newGame', (api) => api.newGame()],
];
const snapshot = (runtime: Runtime) => JSON.stringify({ state: runtime.state(), settings: runtime.settings() });

function pausedGame(storage = new MemoryStorage(), code?: string) {
  const device = boot(storage, code);
  press(device.hal, 'right', 1000);
  press(device.hal, 'left', 5000);
  device.runtime.feed({ type: 'pause' }, device.runtime.nowMs());
  return device;
}

describe('the console API: access', () => {
  it('reads without the code: status as the display shows it, the log, the presets', () => {
    const { api } = pausedGame();
    const status = api.status();
    expect(status).toMatchObject({ v: 1, state: 'paused', running: null, toMove: 'white', controlText: '10 min + 3x30 s', unlocked: false });
    expect((status.sides as { black: { shown: string; moves: number } }).black).toMatchObject({ shown: '9:56', moves: 1 });
    const log = api.log() as { entries: { kind: string }[]; total: number };
    expect(log.entries[0].kind).toBe('pause'); // newest first
    expect(log.total).toBe(log.entries.length);
    expect((api.presets() as { presets: unknown[] }).presets.length).toBeGreaterThan(10);
  });

  it.each(CHANGES)('%s is refused without the code, with a wrong code, with no code set, and after a reboot', (name, call) => {
    // Without unlocking.
    const { runtime, api } = pausedGame();
    const before = snapshot(runtime);
    expect(call(api)).toEqual({ error: LOCKED });
    expect(api.pause()).toEqual({ error: LOCKED });
    expect(api.setControl(CONTROL)).toEqual({ error: LOCKED });
    // A wrong code.
    expect(api.unlock('1357')).toEqual({ error: 'wrong code' });
    expect(api.unlock(2468)).toEqual({ error: 'wrong code' }); // a number is not the code
    expect(call(api)).toEqual({ error: LOCKED });
    expect(snapshot(runtime)).toBe(before);
    // No code set: nothing unlocks.
    const none = pausedGame(new MemoryStorage(), '');
    expect(none.api.unlock('')).toMatchObject({ error: expect.stringMatching(/^no arbiter code is set/) });
    expect(call(none.api)).toEqual({ error: LOCKED });
    // Unlocked, then a reboot: locked again.
    const storage = new MemoryStorage();
    const first = pausedGame(storage);
    expect(first.api.unlock('2468')).toEqual({ ok: true });
    const again = boot(storage);
    const restored = snapshot(again.runtime);
    expect(call(again.api)).toEqual({ error: LOCKED });
    expect(snapshot(again.runtime)).toBe(restored);
    expect(name).toBeTruthy();
  });

  it('with the code: the corrections act and are the arbiter\'s in the log; a bad one changes nothing', () => {
    const { runtime, api } = pausedGame();
    expect(api.unlock('2468')).toEqual({ ok: true });
    expect(api.status().unlocked).toBe(true);
    const white = () => runtime.view().sides.white.remainingMs;
    const before = white();
    expect(api.adjust({ side: 'white', deltaMs: 120000 })).toEqual({ ok: true });
    expect(white()).toBe(before + 120000);
    expect(runtime.log()[runtime.log().length - 1].kind).toBe('adjust');
    const unchanged = snapshot(runtime);
    expect(api.adjust({ side: 'white', periodsLeft: 0 })).toMatchObject({ error: expect.stringMatching(/periodsLeft/) });
    expect(api.adjust({ side: 'white', deltaMs: 1000, moves: 3 })).toMatchObject({ error: expect.stringMatching(/^give exactly one of/) });
    expect(api.adjust('+2:00')).toMatchObject({ error: expect.stringMatching(/must be an object/) });
    expect(api.adjust(JSON.parse('{"__proto__": {"x": 1}, "side": "white", "deltaMs": 1000}'))).toMatchObject({ error: expect.any(String) });
    expect(api.setControl(CONTROL)).toMatchObject({ error: expect.stringMatching(/in progress/) });
    expect(snapshot(runtime)).toBe(unchanged);
    expect(api.resume()).toEqual({ ok: true });
    expect(runtime.state().status).toBe('running');
    expect(api.pause()).toEqual({ ok: true });
    expect(runtime.state().status).toBe('paused');
    expect(api.newGame()).toEqual({ ok: true });
    expect(runtime.state().status).toBe('ready');
    // A new control for the next game, checked as the scripted simulator checks it, and stored.
    expect(api.setControl({ system: 'fischer', mainMs: 0, incrementMs: 10000 })).toMatchObject({ error: expect.stringMatching(/^control/) });
    expect(api.setControl({ system: 'fischer', mainMs: 180000, incrementMs: 2000 }, { announce: 'shout' })).toMatchObject({ error: expect.stringMatching(/^options\.announce/) });
    expect(api.setControl({ system: 'fischer', mainMs: 180000, incrementMs: 2000 }, { announce: 'jp' })).toEqual({ ok: true });
    expect(runtime.state().controls.black).toEqual({ system: 'fischer', mainMs: 180000, incrementMs: 2000 });
    expect(runtime.settings().options.announce).toBe('jp');
    expect(runtime.log()[runtime.log().length - 1].text).toBe('console: control 3 min + 2 s Fischer');
    expect(api.lock()).toEqual({ ok: true });
    expect(api.newGame()).toEqual({ error: LOCKED });
  });

  it('wrong codes lock unlocking out for a while; an idle unlock expires', () => {
    const { hal, api } = pausedGame();
    for (let i = 0; i < MAX_WRONG_CODES; i++) expect(api.unlock('0000')).toEqual({ error: 'wrong code' });
    expect(api.unlock('2468')).toMatchObject({ error: expect.stringMatching(/^too many wrong codes: wait 30 s/) });
    hal.advanceTo(hal.clock.nowMs() + LOCKOUT_MS);
    expect(api.unlock('2468')).toEqual({ ok: true });
    hal.advanceTo(hal.clock.nowMs() + UNLOCK_IDLE_MS - 1);
    expect(api.resume()).toEqual({ ok: true }); // a call keeps it alive
    hal.advanceTo(hal.clock.nowMs() + UNLOCK_IDLE_MS);
    expect(api.pause()).toEqual({ error: LOCKED });
  });

  it('the code is stored with the settings, and settings without one load with none', () => {
    const storage = new MemoryStorage();
    boot(storage, '0042');
    expect(loadSettings(storage).settings.arbiterCode).toBe('0042');
    const old = JSON.parse(storage.read('gcsettings') as string);
    delete old.arbiterCode;
    storage.write('gcsettings', JSON.stringify(old));
    expect(loadSettings(storage)).toMatchObject({ settings: { arbiterCode: '' } });
    storage.write('gcsettings', JSON.stringify(Object.assign(old, { arbiterCode: '12a4' })));
    expect(loadSettings(storage).problem).toMatch(/arbiterCode/);
  });
});
