/**
 * Gestures (gesture-types.ts) become the menu's few keys. What the keys do on each kind of screen, the user
 * manual's basis, is at the top of menu.ts. Everything acts when a button comes up: a chord swallows the presses
 * that began it and acts when both buttons are up again (or, held 2 s, at once).
 */
import { Gesture } from '../gesture-types';
import { MenuState } from './menu-types';

/**
 * A key: `L`/`R` a short press (`repeat` 0) or the n-th auto-repeat of a hold (`repeat` n > 0); `LL`/`RL` a long
 * press; `OK` a brief chord; `CANCEL` a chord held to level 1. `afterRepeats`: the press being released had
 * already auto-repeated (an editor has then already stepped).
 */
export interface Key {
  key: 'L' | 'R' | 'LL' | 'RL' | 'OK' | 'CANCEL';
  repeat: number;
  afterRepeats: boolean;
}

function bit(button: string): number {
  return button === 'left' ? 1 : 2;
}

function key(name: Key['key'], repeat: number, afterRepeats: boolean): Key {
  return { key: name, repeat: repeat, afterRepeats: afterRepeats };
}

/** The key a gesture makes (or null), and the button-tracking part of the state after it. */
export function keyOf(menu: MenuState, gesture: Gesture): { menu: MenuState; key: Key | null } {
  const m = Object.assign({}, menu);
  let k: Key | null = null;
  switch (gesture.type) {
    case 'press':
      if (m.chord === 0) {
        m.down |= bit(gesture.button);
        m.longed &= ~bit(gesture.button);
        m.repeats = 0;
      }
      break;
    case 'repeat':
      if (m.chord === 0 && m.down & bit(gesture.button)) {
        m.repeats += 1;
        k = key(gesture.button === 'left' ? 'L' : 'R', m.repeats, false);
      }
      break;
    case 'long':
      if (m.chord === 0 && m.down & bit(gesture.button) && !(m.longed & bit(gesture.button))) {
        m.longed |= bit(gesture.button);
        k = key(gesture.button === 'left' ? 'LL' : 'RL', 0, m.repeats > 0);
      }
      break;
    case 'release':
      // Only a press the menu saw, not already a long press, not part of a chord.
      if (m.down & bit(gesture.button)) {
        m.down &= ~bit(gesture.button);
        if (!(m.longed & bit(gesture.button))) k = key(gesture.button === 'left' ? 'L' : 'R', 0, m.repeats > 0);
        m.longed &= ~bit(gesture.button);
        m.repeats = 0;
      }
      break;
    case 'chord':
      m.chord = 1;
      m.down = 0;
      m.longed = 0;
      m.repeats = 0;
      break;
    case 'chordHold':
      if (m.chord === 1 && gesture.level === 1) {
        m.chord = 2;
        k = key('CANCEL', 0, false);
      }
      break;
    case 'chordEnd':
      // A chord the menu did not see begin (the one that opened it) ends in nothing.
      if (m.chord === 1) k = key('OK', 0, false);
      m.chord = 0;
      m.down = 0;
      break;
  }
  return { menu: m, key: k };
}
