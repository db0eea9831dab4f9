/**
 * A board is data (docs/architecture.md): which pins, buses and parts it has. Code says `board.buttons.left`, never a
 * GPIO number; the Espruino entry (hal/espruino/) turns a board into a HAL.
 */

/** An Espruino pin name, e.g. "D22". */
export type PinName = string;

export interface I2cBus {
  scl: PinName;
  sda: PinName;
  bitrate: number;
}

export interface ButtonPins {
  left: PinName;
  right: PinName;
  /** Buttons close to ground and the pins use the internal pull-up. */
  activeLow: boolean;
  debounceMs: number;
}

export type DisplaySpec =
  | { kind: 'hd44780-pcf8574'; address: number; columns: number; rows: number }
  | { kind: 'ssd1306'; address: number; width: number; height: number }
  /** Any Espruino: each changed frame is printed on the console. */
  | { kind: 'console'; columns: number; rows: number };

export interface BatterySpec {
  pin: PinName;
  /** Cell volts per volt at the pin (the divider). */
  dividerRatio: number;
  emptyVolts: number;
  fullVolts: number;
}

/**
 * A DFPlayer Mini voice module on a UART (9600 baud): `tx` is the board's pin to the module's RX (through 1 kΩ),
 * `rx` the module's TX. Optional on the ESP32 boards: until the module answers, the buzzer plays. The console board's
 * `serial: 'console'` prints every frame instead (a recording port).
 */
export type VoiceSpec =
  | { kind: 'dfplayer'; serial: 'Serial1' | 'Serial2'; tx: PinName; rx: PinName }
  | { kind: 'dfplayer'; serial: 'console' };

export interface Board {
  name: string;
  i2c?: I2cBus;
  /** Absent: the console board, whose buttons are a global `button(name, down)` function. */
  buttons?: ButtonPins;
  display: DisplaySpec;
  buzzer?: { pin: PinName };
  rtc?: { kind: 'ds3231'; address: number };
  battery?: BatterySpec;
  voice?: VoiceSpec;
  /** Watchdog timeout; the runtime kicks it on every wake-up and at least this often. */
  watchdogMs?: number;
}
