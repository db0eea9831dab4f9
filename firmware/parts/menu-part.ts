/**
 * The arbiter's menu (firmware/input/menu/) as a part (firmware/runtime/parts.ts): on the device a Storage file of
 * its own, loaded when the menu opens and let go at the first settle that finds it closed, so that a game in progress holds
 * none of its code. The controller reaches it only through `ControllerHost.menu()`; its state (MenuState) is plain
 * data the controller keeps, so it outlives the part.
 */
import { menuGesture, menuLines, openMenu } from '../input/menu';

export interface MenuPart {
  openMenu: typeof openMenu;
  menuGesture: typeof menuGesture;
  menuLines: typeof menuLines;
}

const part: MenuPart = { openMenu: openMenu, menuGesture: menuGesture, menuLines: menuLines };

export default part;
