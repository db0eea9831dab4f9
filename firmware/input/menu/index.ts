/** The arbiter's menu (menu.ts): open it, feed it gestures, show its two rows. */
export { EDIT_HINT, menuGesture, menuLines, openMenu, PENALTY_MS } from './menu';
export type { MenuResult } from './menu';
export type { Draft, Edit, EditKind, MenuCommand, MenuContext, MenuState, Screen, Target } from './menu-types';
