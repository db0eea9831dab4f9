/**
 * The parts for hosts that hold all the firmware's code at once (the simulators, the tests): each part is its module,
 * taken directly. The device loads them from Storage instead (boards/device/storage-parts.ts).
 */
import { createParts, Parts, PartSource, PartTypes } from '../runtime/parts';
import consolePart from './console-part';
import menuPart from './menu-part';
import restorePart from './restore-part';
import voicePart from './voice-part';

const ALL: PartTypes = { console: consolePart, menu: menuPart, restore: restorePart, voice: voicePart };

export const DIRECT_PARTS: PartSource = {
  load: (name) => ALL[name],
};

export function directParts(): Parts {
  return createParts(DIRECT_PARTS);
}
