/**
 * The DS3231 battery-backed RTC on I²C, as a hal `RealTimeClock` (wall time in UTC milliseconds).
 *
 * Registers (DS3231 datasheet, Figure 1 "Timekeeping Registers"), all BCD:
 *   0x00 seconds, 0x01 minutes, 0x02 hours (bit 6: 12-hour mode; then bit 5 = PM, bit 4 = tens of hours;
 *   in 24-hour mode bits 5–4 are the tens), 0x03 day of week 1–7, 0x04 date, 0x05 month (bit 7: century),
 *   0x06 year 00–99; 0x0E control (bit 7 EOSC: 1 stops the oscillator on battery); 0x0F status (bit 7 OSF: the
 *   oscillator stopped at some point, e.g. first power-up or a flat battery; stays 1 until written 0).
 * The register pointer auto-increments, so one read from 0x00 gets the time and, 16 bytes on, the status; the chip
 * copies the time into its read buffer at the START, so the fields are consistent with each other.
 * Years: the century bit set means 21xx, so 2000–2199 are representable; writes clamp to that range.
 *
 * `readWallMs` is undefined when OSF is set (the time is not trustworthy), when the fields are out of range, or when
 * the chip does not answer (the I²C call throws). The chip is read at most once a minute (READ_EVERY_MS): in between,
 * its last reading moved on by the monotonic clock (an unknown time stays unknown: OSF stays set until a write, which
 * makes the next reading the chip's). The chip counts whole seconds, so its own readings are up to a second behind
 * anyway; the ESP32's clock drifts far less than that in a minute (crystal, ~20 ppm). A press stamps its journal
 * record with the wall time: reading and decoding the registers each time cost it 0.5 M host instructions (about
 * 2 ms on the ESP32) and a millisecond of the I²C bus.
 *
 * `writeWallMs` writes all seven registers in 24-hour mode in one transaction (whole seconds, rounded down; writing
 * the seconds restarts the chip's sub-second count), clears EOSC so the clock keeps running on the battery, and
 * clears OSF.
 */
import { MonotonicClock, RealTimeClock } from '../hal';
import { civilToMs, msToCivil } from '../civil-time';
import { I2cBus } from './types';

export interface Ds3231Options {
  i2c: I2cBus;
  /** 0x68 (fixed on the DS3231). */
  address: number;
  /** Moves the last reading on between readings of the chip. */
  clock: MonotonicClock;
}

/** How long a reading of the chip is moved on by the monotonic clock before the chip is read again. */
export const READ_EVERY_MS = 60000;

const CONTROL = 0x0e;
const STATUS = 0x0f;
const OSF = 0x80;
const EOSC = 0x80;

function fromBcd(value: number): number {
  return (value >> 4) * 10 + (value & 0x0f);
}

function toBcd(value: number): number {
  return (Math.floor(value / 10) << 4) | value % 10;
}

/** Decodes the hours register, 12- or 24-hour mode, to 0–23 (or -1 when invalid). */
function decodeHours(value: number): number {
  if (value & 0x40) {
    const hour12 = fromBcd(value & 0x1f);
    if (hour12 < 1 || hour12 > 12) return -1;
    return (hour12 % 12) + (value & 0x20 ? 12 : 0);
  }
  const hour24 = fromBcd(value & 0x3f);
  return hour24 < 24 ? hour24 : -1;
}

/** Wall ms of a register dump (registers 0x00–0x06 at `registers[0…6]`), or undefined when a field is invalid. */
export function decodeDs3231Time(registers: Uint8Array): number | undefined {
  const seconds = fromBcd(registers[0] & 0x7f);
  const minutes = fromBcd(registers[1] & 0x7f);
  const hours = decodeHours(registers[2]);
  const date = fromBcd(registers[4] & 0x3f);
  const month = fromBcd(registers[5] & 0x1f);
  const year = 2000 + (registers[5] & 0x80 ? 100 : 0) + fromBcd(registers[6]);
  if (seconds > 59 || minutes > 59 || hours < 0 || date < 1 || date > 31 || month < 1 || month > 12) {
    return undefined;
  }
  if ((registers[6] & 0x0f) > 9 || registers[6] >> 4 > 9) return undefined;
  return civilToMs(year, month, date, hours, minutes, seconds);
}

/**
 * The clock as one object: its bus, address and last reading are fields, its methods functions of the module that
 * read them through `this` (on Espruino a closure kept while the clock runs costs ~9 JsVars and holds the scope it
 * was made in, the IO's with the board's data; a function of the module costs 5 and holds none).
 */
interface Ds3231 extends RealTimeClock {
  i2c: I2cBus;
  addr: number;
  clock: MonotonicClock;
  /** The last reading of the chip (undefined: unknown) and the monotonic instant it was taken (-Infinity: none). */
  ms: number | undefined;
  at: number;
}

/** The chip's time now, or undefined when it is unknown or the chip does not answer. */
function readChip(i2c: I2cBus, address: number): number | undefined {
  try {
    i2c.writeTo(address, [0x00]);
    const registers = i2c.readFrom(address, STATUS + 1);
    if (registers[STATUS] & OSF) return undefined;
    return decodeDs3231Time(registers);
  } catch (error) {
    return undefined;
  }
}

function readWallMs(this: Ds3231): number | undefined {
  const rtc = this;
  const nowMs = rtc.clock.nowMs();
  if (nowMs - rtc.at < READ_EVERY_MS) return rtc.ms === undefined ? undefined : rtc.ms + (nowMs - rtc.at);
  rtc.ms = readChip(rtc.i2c, rtc.addr);
  rtc.at = nowMs;
  return rtc.ms;
}

function writeWallMs(this: Ds3231, wallMs: number): void {
  const i2c = this.i2c;
  const address = this.addr;
  this.at = -Infinity; // the next reading is the chip's
  const time = msToCivil(wallMs);
  let year = time.year;
  if (year < 2000) year = 2000;
  if (year > 2199) year = 2199;
  // Register pointer 0x00 and the seven time registers (made at each write: the time is set rarely).
  const timeWrite = new Uint8Array(8);
  timeWrite[1] = toBcd(time.seconds);
  timeWrite[2] = toBcd(time.minutes);
  timeWrite[3] = toBcd(time.hours); // bit 6 clear: 24-hour mode
  timeWrite[4] = time.weekday + 1; // 1 = Sunday (the chip only needs the days to be sequential)
  timeWrite[5] = toBcd(time.day);
  timeWrite[6] = toBcd(time.month) | (year >= 2100 ? 0x80 : 0);
  timeWrite[7] = toBcd(year % 100);
  try {
    i2c.writeTo(address, timeWrite);
    i2c.writeTo(address, [CONTROL]);
    const controlStatus = i2c.readFrom(address, 2);
    i2c.writeTo(address, [CONTROL, controlStatus[0] & ~EOSC, controlStatus[1] & ~OSF]);
  } catch (error) {
    // No answer: the time stays unset and OSF stays set, so readWallMs keeps saying "unknown".
  }
}

export function createDs3231(options: Ds3231Options): RealTimeClock {
  const rtc: Ds3231 = {
    i2c: options.i2c,
    addr: options.address,
    clock: options.clock,
    ms: undefined,
    at: -Infinity,
    readWallMs: readWallMs,
    writeWallMs: writeWallMs,
  };
  return rtc;
}
