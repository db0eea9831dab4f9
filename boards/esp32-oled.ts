/**
 * ESP32 DevKitC, SSD1306 128×64 OLED on I²C, DS3231 RTC, passive piezo, two buttons;
 * optionally a DFPlayer Mini for the voice.
 */
import { Board } from './board';

const board: Board = {
  name: 'esp32-oled',
  i2c: { scl: 'D22', sda: 'D21', bitrate: 400000 },
  buttons: { left: 'D18', right: 'D19', activeLow: true, debounceMs: 20 },
  display: { kind: 'ssd1306', address: 0x3c, width: 128, height: 64 },
  buzzer: { pin: 'D23' },
  rtc: { kind: 'ds3231', address: 0x68 },
  battery: { pin: 'D35', dividerRatio: 2, emptyVolts: 3.3, fullVolts: 4.2 },
  // Optional: a DFPlayer Mini on UART2 (GPIO17 to its RX through 1 kOhm, GPIO16 from its TX); without it, the buzzer.
  voice: { kind: 'dfplayer', serial: 'Serial2', tx: 'D17', rx: 'D16' },
  watchdogMs: 5000,
};

export default board;
