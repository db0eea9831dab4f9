/**
 * The two buttons on the page, fed by separate down and up events as on the device (Moddable's simulators do the
 * same): a button is down while anything holds it — a mouse button, a finger (each touch is its own pointer, so two
 * fingers on two buttons make a chord), or its key — and one edge goes out when the first holder arrives and when
 * the last one leaves. Keyboard auto-repeat is ignored, so a held key is one long press.
 *
 * Keys: A or ← is the left button, L or → the right one (by position: KeyA/KeyL on any layout), as the notation
 * table says (sim/button-notation.ts BROWSER_KEYS, which the page's legend is made from too).
 */
import { ButtonName } from '../../hal/hal';
import { BROWSER_KEYS } from '../button-notation';

/** Each key's button, by KeyboardEvent.code. */
export const KEYS: { [code: string]: ButtonName } = {};
(['left', 'right'] as ButtonName[]).forEach((button) => BROWSER_KEYS[button].forEach((key) => (KEYS[key.code] = button)));

export interface PageButtonsOptions {
  left: HTMLElement;
  right: HTMLElement;
  /** One edge of one button. */
  onEdge(button: ButtonName, down: boolean): void;
  /** Any press or key, before its edge: the page unlocks audio here. */
  onGesture?(): void;
}

export interface PageButtons {
  isDown(button: ButtonName): boolean;
  /** Lets go of everything (the page lost focus: a key released elsewhere never comes back as keyup). */
  releaseAll(): void;
  detach(): void;
}

export function attachButtons(options: PageButtonsOptions): PageButtons {
  const holders: { [button in ButtonName]: string[] } = { left: [], right: [] };
  const elements: { [button in ButtonName]: HTMLElement } = { left: options.left, right: options.right };

  function hold(button: ButtonName, holder: string): void {
    const list = holders[button];
    if (list.indexOf(holder) >= 0) return;
    list.push(holder);
    if (list.length === 1) {
      elements[button].classList.add('pressed');
      options.onEdge(button, true);
    }
  }

  function release(button: ButtonName, holder: string): void {
    const list = holders[button];
    const index = list.indexOf(holder);
    if (index < 0) return;
    list.splice(index, 1);
    if (list.length === 0) {
      elements[button].classList.remove('pressed');
      options.onEdge(button, false);
    }
  }

  const removers: (() => void)[] = [];
  function listen<K extends keyof WindowEventMap & keyof HTMLElementEventMap>(
    target: Window | HTMLElement,
    type: K,
    handler: (event: Event) => void,
    capture?: boolean,
  ): void {
    target.addEventListener(type, handler, capture);
    removers.push(() => target.removeEventListener(type, handler, capture));
  }

  (['left', 'right'] as ButtonName[]).forEach((button) => {
    const element = elements[button];
    const pointerId = (event: Event): string => 'pointer' + (event as PointerEvent).pointerId;
    listen(element, 'pointerdown', (event) => {
      const e = event as PointerEvent;
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      e.preventDefault();
      if (options.onGesture) options.onGesture();
      try {
        element.setPointerCapture(e.pointerId);
      } catch (error) {
        // a synthetic pointer cannot always be captured; its up still comes to this element
      }
      hold(button, pointerId(e));
    });
    const up = (event: Event): void => release(button, pointerId(event));
    listen(element, 'pointerup', up);
    listen(element, 'pointercancel', up);
    listen(element, 'lostpointercapture', up);
    listen(element, 'pointerleave', (event) => {
      // With pointer capture the pointer never leaves while held; without it (capture refused), leaving lets go.
      if (!element.hasPointerCapture((event as PointerEvent).pointerId)) up(event);
    });
    listen(element, 'contextmenu', (event) => event.preventDefault());
  });

  listen(
    window,
    'keydown',
    (event) => {
      const e = event as KeyboardEvent;
      const button = KEYS[e.code];
      if (!button || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault(); // also keeps arrows from moving the panel's radio buttons
      if (e.repeat) return;
      if (options.onGesture) options.onGesture();
      hold(button, 'key' + e.code);
    },
    true,
  );
  listen(
    window,
    'keyup',
    (event) => {
      const e = event as KeyboardEvent;
      const button = KEYS[e.code];
      if (!button) return;
      e.preventDefault();
      release(button, 'key' + e.code);
    },
    true,
  );

  function releaseAll(): void {
    (['left', 'right'] as ButtonName[]).forEach((button) => {
      holders[button].slice().forEach((holder) => release(button, holder));
    });
  }
  listen(window, 'blur', releaseAll);

  return {
    isDown: (button) => holders[button].length > 0,
    releaseAll: releaseAll,
    detach() {
      releaseAll();
      removers.forEach((remove) => remove());
    },
  };
}
