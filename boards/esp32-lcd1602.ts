/**
 * ESP32 DevKitC, HD44780 16×2 LCD behind a PCF8574 I²C backpack, DS3231 RTC, passive piezo, two buttons;
 * optionally a DFPlayer Mini for the voice.
 */
import { Board } from './board';

const board: Board = {
  name: 'esp32-lcd1602',
  i2c: { scl: 'D22', sda: 'D21', bitrate: 100000 },
  buttons: { left: 'D18', right: 'D19', activeLow: true, debounceMs: 20 },
  // Backpacks come at 0x27 (PCF8574) or 0x3F (PCF8574A); change here if yours answers at the other.
  display: { kind: 'hd44780-pcf8574', address: 0x27, columns: 16, rows: 2 },
  buzzer: { pin: 'D23' },
  rtc: { kind: 'ds3231', address: 0x68 },
  battery: { pin: 'D35', dividerRatio: 2, emptyVolts: 3.3, fullVolts: 4.2 },
  // Optional: a DFPlayer Mini on UART2 (GPIO17 to its RX through 1 kOhm, GPIO16 from its TX); without it, the buzzer.
  voice: { kind: 'dfplayer', serial: 'Serial2', tx: 'D17', rx: 'D16' },
  watchdogMs: 5000,
};

export default board;
