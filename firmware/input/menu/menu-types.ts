/**
 * The arbiter's menu: what it is given (MenuContext), what it asks for (MenuCommand) and what it remembers
 * (MenuState). The state is small on purpose (it lives in Espruino's few thousand variables): a screen name, a
 * cursor, a short stack of where to go back to, the control being built, the value being edited, one message, and
 * four numbers that follow the buttons. Items, labels and values are computed from the context on every call.
 */
import { TimeControl } from '../../clock/control';
import { Settings } from '../../storage/settings';
import { ClockView } from '../../display/view';
import { Side } from '../../clock/side';
import { LogEntry } from '../../clock/game-log';
import { AdjustEvent, ClockState } from '../../clock/clock-types';

export interface MenuContext {
  /** What is stored: the next game's control and options, sound, which button is Black's. */
  settings: Settings;
  /** Where the menu was opened from ('paused' = a game in progress). */
  game: 'ready' | 'paused' | 'over';
  /** The clock now (times, periods, moves, flags): for in-game corrections. */
  view: ClockView;
  /** The clock's state (its controls, and what adjustError checks corrections against). */
  clock: ClockState;
  /**
   * The game's log so far (for "Read the log"), packed as the runtime keeps it (firmware/runtime/packed-log.ts): the
   * menu unpacks the one entry it shows, so the 64 entries are never all objects at once (about 10 JsVars each).
   */
  log: string[];
  /** One packed entry of `log`, unpacked. */
  unpack: (packed: string) => LogEntry;
  /**
   * The game's start, where the log's instants count from (runtime.ts `startMs`; null while ready). Left out: the
   * log's own start entry.
   */
  startMs?: number | null;
}

export type MenuCommand =
  /** Store these settings (from ready/over the next game uses them at once; sound and volume act at once). */
  | { type: 'settings'; settings: Settings }
  /** An in-game correction for the clock core, already checked with adjustError. */
  | { type: 'adjust'; event: AdjustEvent }
  /** Leave the menu and restart the clock (from paused). */
  | { type: 'resume' }
  /** Only after a confirmation. */
  | { type: 'newGame' }
  /** Leave the menu (a paused game stays paused). */
  | { type: 'close' };

/**
 * The screens. Lists: `top` (what it holds depends on where the menu was opened), `presets`, `systems`,
 * `target` (both sides / Black only / White only), `fields` (the control being built), `stage` (one stage of a
 * stages control), `options`, `choice` (the values of one option), `change` (in game: preset or custom),
 * `keep` (in game, the new control chosen: keep each side's time or start afresh), `confirm` (new game?), `log`.
 * And `edit`, the number editor.
 */
export type Screen =
  | 'top'
  | 'presets'
  | 'systems'
  | 'target'
  | 'fields'
  | 'stage'
  | 'options'
  | 'choice'
  | 'change'
  | 'keep'
  | 'confirm'
  | 'log'
  | 'edit';

/** Where to come back to. */
export interface Frame {
  screen: Screen;
  cursor: number;
  /** The screen's argument: the option's index for `choice`, the stage's index for `stage`. */
  arg: number;
}

export type Target = 'both' | Side;

/** A control being chosen or built, and what it is for. */
export interface Draft {
  /** `settings`: stored for the next game; `game`: an adjust of the running game (3.18.4). */
  purpose: 'settings' | 'game';
  target: Target;
  control: TimeControl;
  /** Chosen from the presets: the target list applies it at once (no fields to edit). */
  fromPreset: boolean;
}

/**
 * What the number editor edits. Control fields of the draft (`mainMs`, `periods`, `periodMs`, `moves`,
 * `incrementMs`, `capMs`, `delayMs`, `stageMoves`, `stageMs`), the `volume`, or a correction of the running game
 * (`remainingMs`, `periodsLeft`, `movesLeft`, `moveCount`).
 */
export type EditKind =
  | 'mainMs'
  | 'periods'
  | 'periodMs'
  | 'moves'
  | 'incrementMs'
  | 'capMs'
  | 'delayMs'
  | 'stageMoves'
  | 'stageMs'
  | 'volume'
  | 'arbiterCode'
  | 'remainingMs'
  | 'periodsLeft'
  | 'movesLeft'
  | 'moveCount';

export interface Edit {
  kind: EditKind;
  /** The side corrected (in-game kinds); null otherwise. */
  side: Side | null;
  value: number;
  /** The value when the editor opened: saving it unchanged sends nothing. */
  initial: number;
}

export interface MenuState {
  screen: Screen;
  cursor: number;
  arg: number;
  /** Where long-left (back) goes, innermost last. */
  stack: Frame[];
  draft: Draft | null;
  edit: Edit | null;
  /** Shown on the second row until the next action ('' for none): "Saved", "Min 1", "Cap below main". */
  message: string;
  /** Buttons whose press the menu saw and that are still down (bit 1 left, bit 2 right). */
  down: number;
  /** Buttons whose current hold already gave a long press. */
  longed: number;
  /** Auto-repeats in the current hold (one button held alone). */
  repeats: number;
  /** 0: no chord; 1: a chord is held (OK when it ends); 2: the chord was held long (already cancelled). */
  chord: number;
}
