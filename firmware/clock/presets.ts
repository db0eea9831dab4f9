/**
 * The presets the menu offers first (docs/time-systems.md, "The presets"), in that order. Names and ids are computed from the control, so
 * a preset's label can never disagree with what it sets up.
 */
import { TimeControl } from './control';
import { describeControl } from './control-describe';

export interface Preset {
  /** Stable, ASCII, for Storage and scripts: "byoyomi-60m-5x30s". */
  id: string;
  /** What the menu shows: describeControl's text, "60 min + 5×30 s". */
  name: string;
  control: TimeControl;
}

const S = 1000;
const MIN = 60000;
const DAY = 86400000;

/** A duration in an id: "60d", "5m", "30s", "1500ms". */
function idDuration(ms: number): string {
  if (ms >= DAY && ms % DAY === 0) return ms / DAY + 'd';
  if (ms % MIN === 0) return ms / MIN + 'm';
  if (ms % S === 0) return ms / S + 's';
  return ms + 'ms';
}

/** A per-move time in an id, in seconds up to a minute as describeControl says it: "60s". */
function idPerMove(ms: number): string {
  return ms <= MIN && ms % S === 0 ? ms / S + 's' : idDuration(ms);
}

/** "absolute-5m", "byoyomi-60m-5x30s", "canadian-30m-20in5m", "fischer-3m-15s", "stages-40in120m-20in60m". */
export function presetId(c: TimeControl): string {
  switch (c.system) {
    case 'absolute':
    case 'hourglass':
      return c.system + '-' + idDuration(c.mainMs);
    case 'byoyomi':
      return 'byoyomi-' + idDuration(c.mainMs) + '-' + c.periods + 'x' + idPerMove(c.periodMs);
    case 'canadian':
      return 'canadian-' + idDuration(c.mainMs) + '-' + c.moves + 'in' + idDuration(c.periodMs);
    case 'fischer': {
      const id = 'fischer-' + idDuration(c.mainMs) + '-' + idPerMove(c.incrementMs);
      return c.capMs === undefined ? id : id + '-max' + idDuration(c.capMs);
    }
    case 'bronstein':
    case 'delay':
      return c.system + '-' + idDuration(c.mainMs) + '-' + idPerMove(c.delayMs);
    case 'stages': {
      let id = 'stages';
      for (const stage of c.stages) id += '-' + stage.moves + 'in' + idDuration(stage.ms);
      return id;
    }
  }
}

function preset(control: TimeControl): Preset {
  return { id: presetId(control), name: describeControl(control), control: control };
}

function absolute(mainMin: number): TimeControl {
  return { system: 'absolute', mainMs: mainMin * MIN };
}

function byoyomi(mainMin: number, periods: number, periodS: number): TimeControl {
  return { system: 'byoyomi', mainMs: mainMin * MIN, periods: periods, periodMs: periodS * S };
}

function canadian(mainMin: number, moves: number, periodMin: number): TimeControl {
  return { system: 'canadian', mainMs: mainMin * MIN, moves: moves, periodMs: periodMin * MIN };
}

function fischer(mainMin: number, incrementS: number): TimeControl {
  return { system: 'fischer', mainMs: mainMin * MIN, incrementMs: incrementS * S };
}

/**
 * The presets' controls, in docs/time-systems.md's order: a fresh list on each call. The menu asks for them only while it
 * shows them; as a module-level table they would stay in RAM on the device (some 390 JsVars with ids and names).
 */
export function presetControls(): TimeControl[] {
  return [
    absolute(5),
    absolute(10),
    absolute(30),
    absolute(45),
    absolute(60),
    byoyomi(10, 3, 30),
    byoyomi(30, 5, 30),
    byoyomi(60, 5, 30),
    byoyomi(40, 1, 30),
    byoyomi(60, 1, 60),
    canadian(30, 20, 5), // the AGA minimum
    canadian(40, 20, 10),
    canadian(60, 15, 5),
    fischer(3, 15),
    fischer(10, 10),
    fischer(30, 30),
    { system: 'bronstein', mainMs: 25 * MIN, delayMs: 10 * S },
    { system: 'hourglass', mainMs: 1 * MIN },
    { system: 'stages', stages: [{ moves: 40, ms: 120 * MIN }, { moves: 20, ms: 60 * MIN }] },
  ];
}

/** The presets with their ids and names, in presetControls' order (a fresh list on each call). */
export function presets(): Preset[] {
  return presetControls().map(preset);
}

/** The preset with this id, or undefined. */
export function findPreset(id: string): Preset | undefined {
  for (const p of presets()) {
    if (p.id === id) return p;
  }
  return undefined;
}
