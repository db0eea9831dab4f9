/**
 * The runtime for hosts that hold all of the firmware's code at once (the simulators, the tests, the scripted
 * simulator): the shell (shell.ts) with every part taken directly (firmware/parts/direct.ts). The device starts the
 * shell itself, with its parts in Storage (boards/device/boot.ts).
 */
import { Hal } from '../../hal/hal';
import { Runtime, RuntimeConfig, startShell } from './shell';
import { directParts } from '../parts/direct';
import { Parts } from './parts';
import { checkedTiming } from '../input/gestures';

export { HEARTBEAT_MS, UNSAVED_NOTICE } from './shell';
export type { Runtime, RuntimeConfig, Shell } from './shell';

/** A host's timing is checked here (an impossible one throws, naming the field); the device's is the default. */
export function startRuntime(hal: Hal, config: RuntimeConfig & { parts?: Parts }): Runtime {
  const timing = config.timing === undefined ? undefined : checkedTiming(config.timing);
  return startShell(hal, Object.assign({ parts: directParts() }, config, { timing: timing })).runtime();
}
