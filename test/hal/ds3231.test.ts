import fc from 'fast-check';
import { civilToMs, daysFromCivil, msToCivil } from '../../hal/civil-time';
import { createDs3231, decodeDs3231Time, READ_EVERY_MS } from '../../hal/espruino/ds3231';
import { createRecordingBus, RegisterDevice } from './fakes';

const ADDRESS = 0x68;

/** A DS3231 holding registers 0x00-0x12. */
function chip(time: number[], control = 0x1c, status = 0x08): RegisterDevice {
  const registers = new Array(0x13).fill(0);
  time.forEach((value, index) => (registers[index] = value));
  registers[0x0e] = control;
  registers[0x0f] = status;
  return { registers, pointer: 0 };
}

function setup(device?: RegisterDevice) {
  const bus = createRecordingBus();
  if (device) bus.devices[ADDRESS] = device;
  const clock = { ms: 5000, nowMs: () => clock.ms };
  return { bus, clock, rtc: createDs3231({ i2c: bus, address: ADDRESS, clock: clock }) };
}

describe('DS3231 reading', () => {
  it('decodes the BCD registers of a known dump (24-hour mode)', () => {
    // 2024-03-09 14:35:07, Saturday
    const { bus, rtc } = setup(chip([0x07, 0x35, 0x14, 0x07, 0x09, 0x03, 0x24]));
    expect(rtc.readWallMs()).toBe(Date.UTC(2024, 2, 9, 14, 35, 7));
    // one register-pointer write, then one read of 0x00-0x0F (time and status in one transaction)
    expect(bus.writes).toEqual([{ address: ADDRESS, bytes: [0x00] }]);
    expect(bus.reads).toEqual([{ address: ADDRESS, count: 16 }]);
  });

  it('decodes 12-hour mode: bit 6 set, bit 5 PM, 12 AM is midnight and 12 PM is noon', () => {
    const at = (hours: number) => decodeDs3231Time(new Uint8Array([0x00, 0x00, hours, 0x01, 0x01, 0x01, 0x25]));
    const day = Date.UTC(2025, 0, 1);
    expect(at(0x52)).toBe(day); // 12 AM
    expect(at(0x41)).toBe(day + 1 * 3600000); // 1 AM
    expect(at(0x69)).toBe(day + 21 * 3600000); // 9 PM
    expect(at(0x71)).toBe(day + 23 * 3600000); // 11 PM
    expect(at(0x72)).toBe(day + 12 * 3600000); // 12 PM
    expect(at(0x23)).toBe(day + 23 * 3600000); // 24-hour 23
  });

  it('reads the century bit of the month register as the 22nd century', () => {
    expect(decodeDs3231Time(new Uint8Array([0x59, 0x59, 0x23, 0x07, 0x31, 0x12, 0x99]))).toBe(
      Date.UTC(2099, 11, 31, 23, 59, 59),
    );
    expect(decodeDs3231Time(new Uint8Array([0x00, 0x00, 0x00, 0x06, 0x01, 0x81, 0x00]))).toBe(Date.UTC(2100, 0, 1));
  });

  it('is undefined when the oscillator-stop flag (status 0x0F bit 7) is set', () => {
    const { rtc } = setup(chip([0x07, 0x35, 0x14, 0x07, 0x09, 0x03, 0x24], 0x1c, 0x88));
    expect(rtc.readWallMs()).toBeUndefined();
  });

  it('is undefined when the chip does not answer', () => {
    const { rtc } = setup();
    expect(rtc.readWallMs()).toBeUndefined();
  });

  it('is undefined for registers that are not a time (garbage after a glitch)', () => {
    expect(decodeDs3231Time(new Uint8Array([0x7a, 0, 0, 1, 1, 1, 0]))).toBeUndefined(); // 7A seconds
    expect(decodeDs3231Time(new Uint8Array([0, 0x60, 0, 1, 1, 1, 0]))).toBeUndefined(); // 60 minutes
    expect(decodeDs3231Time(new Uint8Array([0, 0, 0x24, 1, 1, 1, 0]))).toBeUndefined(); // 24 h
    expect(decodeDs3231Time(new Uint8Array([0, 0, 0x53, 1, 1, 1, 0]))).toBeUndefined(); // 13 in 12 h mode
    expect(decodeDs3231Time(new Uint8Array([0, 0, 0, 1, 0x00, 1, 0]))).toBeUndefined(); // date 0
    expect(decodeDs3231Time(new Uint8Array([0, 0, 0, 1, 1, 0x13, 0]))).toBeUndefined(); // month 13
    expect(decodeDs3231Time(new Uint8Array([0, 0, 0, 1, 1, 1, 0xa0]))).toBeUndefined(); // year A0
  });
});

describe('DS3231 read at most once a minute', () => {
  it('moves its last reading on by the monotonic clock until a minute has passed, then reads the chip again', () => {
    const device = chip([0x07, 0x35, 0x14, 0x07, 0x09, 0x03, 0x24]);
    const { bus, clock, rtc } = setup(device);
    const read = Date.UTC(2024, 2, 9, 14, 35, 7);
    expect(rtc.readWallMs()).toBe(read);
    clock.ms += 1234;
    expect(rtc.readWallMs()).toBe(read + 1234);
    clock.ms += READ_EVERY_MS - 1234 - 1;
    expect(rtc.readWallMs()).toBe(read + READ_EVERY_MS - 1);
    expect(bus.reads.length).toBe(1);
    // The chip says otherwise a minute on (it was set, or the ESP32's clock drifted): its word is taken.
    device.registers[1] = 0x37;
    clock.ms += 1;
    expect(rtc.readWallMs()).toBe(Date.UTC(2024, 2, 9, 14, 37, 7));
    expect(bus.reads.length).toBe(2);
  });

  it('a clock without its time stays so until a minute has passed or a time is written; a time written is read back', () => {
    const device = chip([0x07, 0x35, 0x14, 0x07, 0x09, 0x03, 0x24], 0x1c, 0x88);
    const { bus, clock, rtc } = setup(device);
    expect(rtc.readWallMs()).toBeUndefined();
    clock.ms += READ_EVERY_MS - 1;
    expect(rtc.readWallMs()).toBeUndefined();
    expect(bus.reads.length).toBe(1);
    clock.ms += 1;
    expect(rtc.readWallMs()).toBeUndefined();
    expect(bus.reads.length).toBe(2);
    rtc.writeWallMs(Date.UTC(2025, 4, 1, 9, 0, 0));
    clock.ms += 10;
    expect(rtc.readWallMs()).toBe(Date.UTC(2025, 4, 1, 9, 0, 0));
    rtc.writeWallMs(Date.UTC(2026, 4, 1, 9, 0, 0));
    expect(rtc.readWallMs()).toBe(Date.UTC(2026, 4, 1, 9, 0, 0));
  });
});

describe('DS3231 writing', () => {
  it('writes seconds..year from register 0x00 in one transaction, 24-hour mode, then clears EOSC and OSF', () => {
    const device = chip([], 0x9c, 0x88); // EOSC set, OSF set, EN32kHz set
    const { bus, rtc } = setup(device);
    rtc.writeWallMs(Date.UTC(2024, 1, 29, 23, 59, 58, 750)); // a Thursday; sub-second part dropped
    expect(bus.writes[0]).toEqual({ address: ADDRESS, bytes: [0x00, 0x58, 0x59, 0x23, 0x05, 0x29, 0x02, 0x24] });
    expect(bus.writes[1]).toEqual({ address: ADDRESS, bytes: [0x0e] });
    expect(bus.reads[0]).toEqual({ address: ADDRESS, count: 2 });
    expect(bus.writes[2]).toEqual({ address: ADDRESS, bytes: [0x0e, 0x1c, 0x08] });
    expect(rtc.readWallMs()).toBe(Date.UTC(2024, 1, 29, 23, 59, 58));
  });

  it('sets the century bit from 2100 on', () => {
    const { bus, rtc } = setup(chip([]));
    rtc.writeWallMs(Date.UTC(2105, 6, 4, 8, 0, 0));
    expect(bus.writes[0].bytes).toEqual([0x00, 0x00, 0x00, 0x08, 0x07 /* Saturday */, 0x04, 0x87, 0x05]);
  });

  it('does not throw when the chip does not answer', () => {
    const { rtc } = setup();
    expect(() => rtc.writeWallMs(Date.UTC(2024, 0, 1))).not.toThrow();
  });

  it('round-trips every second of 2000-2199', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2199, 11, 31, 23, 59, 59, 999) }), (ms) => {
        const { rtc } = setup(chip([]));
        rtc.writeWallMs(ms);
        return rtc.readWallMs() === Math.floor(ms / 1000) * 1000;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('civil time arithmetic (Espruino has no Date.UTC)', () => {
  it('agrees with Date.UTC and the UTC getters', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2400, 0, 1) }), (ms) => {
        const date = new Date(ms);
        const civil = msToCivil(ms);
        return (
          civil.year === date.getUTCFullYear() &&
          civil.month === date.getUTCMonth() + 1 &&
          civil.day === date.getUTCDate() &&
          civil.hours === date.getUTCHours() &&
          civil.minutes === date.getUTCMinutes() &&
          civil.seconds === date.getUTCSeconds() &&
          civil.weekday === date.getUTCDay() &&
          civilToMs(civil.year, civil.month, civil.day, civil.hours, civil.minutes, civil.seconds) ===
            Math.floor(ms / 1000) * 1000
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('knows the epoch and leap days', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1) - daysFromCivil(2000, 2, 28)).toBe(2);
    expect(daysFromCivil(2100, 3, 1) - daysFromCivil(2100, 2, 28)).toBe(1);
  });
});
