/**
 * The battery gauge, as a hal `Battery`: the cell voltage through a resistor divider into an ADC pin.
 *
 * `analogRead(pin)` gives 0–1 of the ADC's full scale, taken as `referenceVolts` (3.3 V by default); times the
 * divider ratio that is the cell voltage, and the charge is placed linearly between `emptyVolts` (0 %) and
 * `fullVolts` (100 %), clamped. Readings are smoothed (each new reading moves the estimate a quarter of the way) so
 * ADC noise and load dips do not make the indicator flicker; the first reading is taken as is. On ESP32 the ADC is
 * neither linear nor calibrated near the ends of its range: keep the divided voltage within about 0.15–2.45 V and
 * adjust `referenceVolts` (or the board's divider ratio) against a multimeter.
 */
import { Battery } from '../hal';
import { PinHandle } from './types';

export interface BatteryOptions {
  pin: PinHandle;
  analogRead: (pin: PinHandle) => number;
  /** Cell volts per volt at the pin. */
  dividerRatio: number;
  emptyVolts: number;
  fullVolts: number;
  /** The ADC's full-scale voltage (default 3.3). */
  referenceVolts?: number;
}

const SMOOTHING = 0.25;

export function createBattery(options: BatteryOptions): Battery {
  const pin = options.pin;
  const analogRead = options.analogRead;
  const scale = (options.referenceVolts === undefined ? 3.3 : options.referenceVolts) * options.dividerRatio;
  const emptyVolts = options.emptyVolts;
  const spanVolts = options.fullVolts - options.emptyVolts;
  let volts: number | undefined = undefined;

  return {
    percent() {
      const reading = analogRead(pin) * scale;
      // A failed read (NaN) keeps the last estimate. (Global isNaN: Espruino has no Number.isNaN.)
      if (!isNaN(reading)) {
        volts = volts === undefined ? reading : volts + (reading - volts) * SMOOTHING;
      }
      if (volts === undefined || !(spanVolts > 0)) return 0;
      const percent = Math.round(((volts - emptyVolts) / spanVolts) * 100);
      return percent < 0 ? 0 : percent > 100 ? 100 : percent;
    },
  };
}
