import consoleBoard from '../../boards/console';
import lcdBoard from '../../boards/esp32-lcd1602';
import oledBoard from '../../boards/esp32-oled';
import { Board } from '../../boards/board';
import { ButtonEdge } from '../../hal/hal';
import { createEspruinoHal as createDevice } from '../../hal/espruino/create-hal';
import { consoleIo } from '../../hal/espruino/console-io';
import { pinIo } from '../../hal/espruino/pin-io';
import { ScreenMaker } from '../../boards/device/board-screen';
import { consoleScreen } from '../../boards/device/console-screen';
import { lcdScreen } from '../../boards/device/lcd-screen';
import { oledScreen } from '../../boards/device/oled-screen';
import { EspruinoEnv } from '../../hal/espruino/env';
import { BufferedCanvas } from '../../hal/espruino/ssd1306';
import { WatchEvent } from '../../hal/espruino/types';
import { crc32 } from '../../firmware/storage/journal';
import { createFakeEspruinoStorage, createFakeTimers, createRecordingBus, fakeNativeBytes } from './fakes';

interface FakePin {
  pin: string;
}

function fakeEnv() {
  const timers = createFakeTimers(0);
  const bus = createRecordingBus();
  const native = fakeNativeBytes();
  const log: string[] = [];
  const printed: string[] = [];
  const globals: Record<string, unknown> = {};
  const watches: Record<string, (event: WatchEvent) => void> = {};
  /** Serial2 records its setup and every frame written; `answer` plays the module's bytes to the driver. */
  const serialWritten: number[][] = [];
  const serialListeners: ((data: string) => void)[] = [];
  const serial2 = {
    setup: (baud: number, options: { tx: unknown; rx: unknown }) =>
      log.push(['Serial2.setup', baud, (options.tx as FakePin).pin, (options.rx as FakePin).pin].join(' ')),
    write: (data: number[]) => {
      serialWritten.push(data.slice());
    },
    on: (event: 'data', handler: (data: string) => void) => {
      serialListeners.push(handler);
    },
  };
  const answer = (bytes: number[]) => serialListeners.forEach((listener) => listener(String.fromCharCode.apply(null, bytes)));
  const canvas: BufferedCanvas = {
    buffer: new ArrayBuffer(1024),
    getWidth: () => 128,
    getHeight: () => 64,
    clear: () => undefined,
    setColor: () => undefined,
    fillRect: () => undefined,
    drawRect: () => undefined,
    setFontCustom: () => undefined,
    drawString: () => undefined,
    stringWidth: () => 0,
  };
  const env: EspruinoEnv = {
    getTime: () => timers.getTime(),
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    setWatch: (callback, pin) => {
      watches[(pin as FakePin).pin] = callback;
      log.push('setWatch ' + (pin as FakePin).pin);
      return Object.keys(watches).length;
    },
    pinMode: (pin, mode) => log.push('pinMode ' + (pin as FakePin).pin + ' ' + mode),
    analogWrite: (pin, value, options) =>
      log.push('analogWrite ' + (pin as FakePin).pin + ' ' + value + ' ' + options.freq),
    digitalWrite: (pin, value) => log.push('digitalWrite ' + (pin as FakePin).pin + ' ' + value),
    analogRead: (pin) => {
      log.push('analogRead ' + (pin as FakePin).pin);
      return 3.75 / 2 / 3.3;
    },
    I2C1: Object.assign(bus, {
      setup: (options: { scl: unknown; sda: unknown; bitrate: number }) =>
        log.push(['I2C1.setup', (options.scl as FakePin).pin, (options.sda as FakePin).pin, options.bitrate].join(' ')),
    }),
    Graphics: {
      createArrayBuffer: (width, height, bpp, options) => {
        log.push('Graphics.createArrayBuffer ' + width + ' ' + height + ' ' + bpp + ' ' + JSON.stringify(options));
        return canvas;
      },
    },
    E: {
      enableWatchdog: (seconds, isAuto) => log.push('E.enableWatchdog ' + seconds + ' ' + isAuto),
      kickWatchdog: () => log.push('E.kickWatchdog'),
      CRC32: (data) => crc32(typeof data === 'string' ? data : String.fromCharCode.apply(null, Array.from(data))),
      mapInPlace: native.mapInPlace,
      toArrayBuffer: native.toArrayBuffer,
    },
    Storage: createFakeEspruinoStorage(),
    print: (text) => printed.push(text),
    pin: (name) => {
      if (!/^D\d+$/.test(name)) throw new Error('no pin ' + name);
      return { pin: name };
    },
    serial: (name) => (name === 'Serial2' ? serial2 : undefined),
    defineGlobal: (name, value) => {
      globals[name] = value;
    },
    defineGetter: (name, get) => {
      Object.defineProperty(globals, name, { get: get, configurable: true });
    },
    // The HAL never evaluates code (only the composition root does, to load a part).
    evaluate: () => {
      throw new Error('the HAL evaluated code');
    },
  };
  return { env, timers, bus, log, printed, globals, watches, serialWritten, answer };
}

const SCREENS: Record<string, ScreenMaker> = { console: consoleScreen, 'hd44780-pcf8574': lcdScreen, ssd1306: oledScreen };

/** The IO kind a board's bundle takes (scripts/bundle-config.cjs `ioKindOf`: button pins, or the console). */
const ioOf = (board: Board) => (board.buttons ? pinIo : consoleIo);

/** The HAL as boards/device/boot.ts makes it, with the screen and IO modules the board's bundle uses. */
function createEspruinoHal(board: Board, env: EspruinoEnv) {
  return createDevice(board, env, SCREENS[board.display.kind], ioOf(board)).hal;
}

/** The voice module's clip player of the board, as the HAL's maker hands it to the composition root. */
function clipsOf(board: Board, env: EspruinoEnv) {
  return createDevice(board, env, SCREENS[board.display.kind], ioOf(board)).clips;
}

describe('createEspruinoHal', () => {
  it('esp32-lcd1602: I2C1 on D22/D21 at 100 kHz, LCD at 0x27, buttons, piezo, DS3231, battery, 5 s watchdog', () => {
    const { env, timers, bus, log, watches } = fakeEnv();
    const hal = createEspruinoHal(lcdBoard, env);
    expect(log[0]).toBe('I2C1.setup D22 D21 100000');
    expect(log).toContain('setWatch D18');
    expect(log).toContain('pinMode D19 input_pullup');
    expect(log).toContain('E.enableWatchdog 5 false');
    expect(hal.display.kind).toBe('character');
    if (hal.display.kind !== 'character') throw new Error('unreachable');
    expect([hal.display.columns, hal.display.rows]).toEqual([16, 2]);
    timers.advance(10);
    expect(bus.writes.every((write) => write.address === 0x27)).toBe(true);
    expect(bus.log()[0]).toBe('27: 08 3c 38');

    const edges: ButtonEdge[] = [];
    hal.buttons.onEdge((edge) => edges.push(edge));
    watches.D18({ state: false, time: 0.5 });
    expect(edges).toEqual([{ button: 'left', down: true, atMs: 500 }]);

    hal.buzzer.play([{ hz: 1000, ms: 10 }], 1);
    expect(log).toContain('analogWrite D23 0.5 1000');

    bus.devices[0x68] = { registers: new Array(0x13).fill(0), pointer: 0 };
    hal.rtc!.writeWallMs(Date.UTC(2025, 4, 17, 10, 0, 0));
    expect(hal.rtc!.readWallMs()).toBe(Date.UTC(2025, 4, 17, 10, 0, 0));

    expect(hal.battery!.percent()).toBe(50);
    expect(log).toContain('analogRead D35');
    hal.watchdog!.kick();
    expect(log[log.length - 1]).toBe('E.kickWatchdog');

    expect(hal.storage.write('settings', '{}')).toBe(true);
    expect(hal.storage.read('settings')).toBe('{}');
  });

  it('esp32-oled: I2C1 at 400 kHz, a 128x64 vertical-byte Graphics, SSD1306 at 0x3C sending only changed pages', () => {
    const { env, bus, log } = fakeEnv();
    const hal = createEspruinoHal(oledBoard, env);
    expect(log[0]).toBe('I2C1.setup D22 D21 400000');
    expect(log).toContain('Graphics.createArrayBuffer 128 64 1 {"vertical_byte":true,"msb":false}');
    expect(hal.display.kind).toBe('graphics');
    if (hal.display.kind !== 'graphics') throw new Error('unreachable');
    expect(bus.writes[0].address).toBe(0x3c);
    hal.display.flip();
    const afterFirst = bus.writes.length;
    hal.display.flip();
    expect(bus.writes.length).toBe(afterFirst); // nothing changed: E.CRC32 says so
  });

  it('the clock and timer run on getTime/setTimeout', () => {
    const { env, timers } = fakeEnv();
    const hal = createEspruinoHal(consoleBoard, env);
    timers.advance(1500);
    expect(hal.clock.nowMs()).toBe(1500);
    const fired: number[] = [];
    hal.timer.start(2000, () => fired.push(hal.clock.nowMs()));
    timers.advance(1000);
    expect(fired).toEqual([2000]);
  });

  it('console: the display prints, the buzzer prints, the voice prints its frames, buttons are the global button(name, down); nothing else', () => {
    const { env, timers, log, printed, globals } = fakeEnv();
    const device = createDevice(consoleBoard, env, consoleScreen, consoleIo);
    const hal = device.hal;
    const clips = device.clips!;
    expect(log).toEqual([]);
    expect(hal.rtc).toBeUndefined();
    expect(hal.battery).toBeUndefined();
    expect(hal.watchdog).toBeUndefined();
    // The driver's status query, printed by the recording port; the module's answer is typed in as bytes.
    expect(printed).toEqual(['dfplayer 0: 7E FF 06 42 00 00 00 FE B9 EF']);
    expect(clips.ready!()).toBe(false);
    (globals.dfplayer as (bytes: number[]) => void)([0x7e, 0xff, 0x06, 0x3f, 0x00, 0x00, 0x02, 0xfe, 0xba, 0xef]);
    expect(clips.ready!()).toBe(true);

    hal.display.kind === 'character' && hal.display.show(['hello', 'world']);
    expect(printed[1]).toContain('|hello           |');

    hal.buzzer.play([{ hz: 440, ms: 100 }], 1);
    expect(printed[2]).toBe('buzzer: 440Hz 100ms');

    timers.advance(250);
    clips.play(1, 15);
    expect(printed[3]).toBe('dfplayer 250: 7E FF 06 0F 00 01 0F FE DC EF');

    const edges: ButtonEdge[] = [];
    hal.buttons.onEdge((edge) => edges.push(edge));
    timers.advance(450);
    const button = globals.button as (name: string, down?: boolean) => void;
    button('left', true);
    button('left', false);
    button('right');
    expect(edges).toEqual([
      { button: 'left', down: true, atMs: 700 },
      { button: 'left', down: false, atMs: 700 },
      { button: 'right', down: true, atMs: 700 },
      { button: 'right', down: false, atMs: 700 },
    ]);
  });

  it('esp32 boards: the DFPlayer on Serial2 (TX D17, RX D16, 9600 baud), not ready until the module answers', () => {
    for (const board of [lcdBoard, oledBoard]) {
      const { env, log, serialWritten, answer } = fakeEnv();
      const clips = clipsOf(board, env);
      expect(log).toContain('Serial2.setup 9600 D17 D16');
      expect(serialWritten).toEqual([[0x7e, 0xff, 0x06, 0x42, 0x00, 0x00, 0x00, 0xfe, 0xb9, 0xef]]);
      expect(clips!.ready!()).toBe(false);
      // The module's reply to the status query (0x42, parameter 0x0200: card inserted, idle).
      answer([0x7e, 0xff, 0x06, 0x42, 0x00, 0x02, 0x00, 0xfe, 0xb7, 0xef]);
      expect(clips!.ready!()).toBe(true);
    }
  });

  it('a board without a voice, or a build without its serial port, has no voice', () => {
    const { env } = fakeEnv();
    expect(clipsOf({ ...lcdBoard, voice: undefined }, env)).toBeUndefined();
    expect(clipsOf({ ...lcdBoard, voice: { kind: 'dfplayer', serial: 'Serial1', tx: 'D4', rx: 'D5' } }, env)).toBeUndefined();
  });

  it('each IO kind refuses a board of the other kind, naming what it lacks', () => {
    const { env } = fakeEnv();
    expect(() => createDevice(consoleBoard, env, SCREENS.console, pinIo)).toThrow(/console: pin IO needs button and buzzer pins/);
    expect(() => createDevice(lcdBoard, env, SCREENS['hd44780-pcf8574'], consoleIo)).toThrow(/esp32-lcd1602: has pins .*takes pin IO/);
  });

  it('a board naming a pin the chip does not have fails at start-up', () => {
    const { env } = fakeEnv();
    const board: Board = { ...lcdBoard, buzzer: { pin: 'X99' } };
    expect(() => createEspruinoHal(board, env)).toThrow(/X99/);
  });
});
