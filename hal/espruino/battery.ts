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

/**
 * The gauge as one object: its settings and estimate are fields, `percent` a function of the module that reads them
 * through `this`. On Espruino a closure kept for as long as the clock runs costs ~9 JsVars and holds the whole scope
 * it was made in (the IO's, with the board's data); a function of the module costs 5 and holds none. Field names of
 * at most four characters take one JsVar each.
 */
interface DividerBattery extends Battery {
  pin: PinHandle;
  read: (pin: PinHandle) => number;
  /** Cell volts per unit of the ADC's reading. */
  gain: number;
  /** The empty cell's volts, and full less empty. */
  zero: number;
  span: number;
  /** The smoothed cell volts; undefined until a reading succeeds. */
  est: number | undefined;
}

function percent(this: DividerBattery): number {
  const b = this;
  const reading = b.read(b.pin) * b.gain;
  // A failed read (NaN) keeps the last estimate. (Global isNaN: Espruino has no Number.isNaN.)
  if (!isNaN(reading)) b.est = b.est === undefined ? reading : b.est + (reading - b.est) * SMOOTHING;
  if (b.est === undefined || !(b.span > 0)) return 0;
  const value = Math.round(((b.est - b.zero) / b.span) * 100);
  return value < 0 ? 0 : value > 100 ? 100 : value;
}

export function createBattery(options: BatteryOptions): Battery {
  const battery: DividerBattery = {
    pin: options.pin,
    read: options.analogRead,
    gain: (options.referenceVolts === undefined ? 3.3 : options.referenceVolts) * options.dividerRatio,
    zero: options.emptyVolts,
    span: options.fullVolts - options.emptyVolts,
    est: undefined,
    percent: percent,
  };
  return battery;
}
