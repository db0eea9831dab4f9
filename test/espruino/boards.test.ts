/**
 * Every shipped bundle boots on the real interpreter from Storage, written from `npm run flash -- --output`'s exact
 * upload stream: the console board on each build (a fixed pool of 12,000 JsVars packed as on the ESP32, 16,383, and
 * a growing pool), and the two ESP32 boards on the 12,000 pool, where their hardware calls are no-ops (I²C reads give
 * garbage; `analogRead`, the battery, prints the host build's "Analog is not supported" error, and `Serial2.setup`, the
 * voice module's UART, prints "No path defined for device" (a host build's serial port is a device file, and none is
 * named): the two error lines allowed here).
 */
import { flashImage, freshBoard, uploadStatements } from '../../sim/espruino/flash-image';
import { failureLines, Interpreter, Pool, POOLS } from '../../sim/espruino/interpreter';
import { framesIn } from '../../sim/espruino/console-board';
import * as fs from 'fs';
import { describeOnEspruino, GAME_TIMEOUT_MS } from './support';
import { pipeline } from '../bundle/scripts';

jest.setTimeout(GAME_TIMEOUT_MS);

const HOST_ANALOG_ERROR = 'ERROR: Analog is not supported on this device.';
const HOST_SERIAL_ERROR = 'ERROR: No path defined for device';
const hostError = (line: string) => line === HOST_ANALOG_ERROR || line === HOST_SERIAL_ERROR;

/**
 * Boots `board`'s image on `pool`, waits until its output shows `up` (however long a loaded machine takes to get
 * there), lets it run `ms` more, and returns what it printed and its memory then.
 */
async function bootAndRun(board: string, pool: Pool, up: (output: string) => boolean, ms: number) {
  const image = await flashImage(board);
  const dir = freshBoard(image);
  const interpreter = Interpreter.boot({ dir: dir, pool: pool });
  try {
    await interpreter.waitFor(up, 60000, 'the board to be up');
    await new Promise((resolve) => setTimeout(resolve, ms));
    const memory = await interpreter.memory();
    return { output: await interpreter.stop(), memory: memory, image: image };
  } finally {
    interpreter.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describeOnEspruino('every bundle boots from Storage on the interpreter', () => {
  it('the flashed Storage holds exactly the bundle and its parts: the upload stream writes .bootcde in 1 KB pieces and each part, then loads .bootcde', async () => {
    const image = await flashImage('console');
    const statements = uploadStatements(fs.readFileSync(image.uploadFile, 'latin1'));
    expect(statements[statements.length - 1]).toBe('load(".bootcde")');
    const writes = (file: string) => statements.filter((s) => s.startsWith('require("Storage").write(' + JSON.stringify(file) + ',')).length;
    expect(writes('.bootcde')).toBe(Math.ceil(image.bundleBytes / 1024));
    expect(Object.keys(image.partBytes)).toEqual(pipeline.PARTS.map((p) => p.file).sort());
    // (A data file goes as base64 pieces; what was stored is checked byte for byte, CRC-32, when the image is made.)
    const partWrites = Object.keys(image.partBytes).map(writes);
    for (const n of partWrites) expect(n).toBeGreaterThan(0);
    expect(statements.length - 1).toBe(writes('.bootcde') + partWrites.reduce((a, b) => a + b, 0));
  });

  test.each(POOLS)('the console board on %s: its first frame, then nothing fails', async (pool) => {
    const run = await bootAndRun('console', pool, (out) => framesIn(out).length >= 1, 1000);
    expect(failureLines(run.output)).toEqual([]);
    expect(framesIn(run.output)[0]).toBe('1:00:00  1:00:00\nB first        W');
    expect(run.memory.usage).toBeLessThan(run.memory.total);
  });

  test.each(['esp32-lcd1602', 'esp32-oled'])('%s on espruino-12k: boots, keeps running, no error but the host\'s analogRead and serial set-up', async (board) => {
    // Up: the battery read at the boot's first render and again when the runtime woke (its watchdog kick).
    const run = await bootAndRun(board, 'espruino-12k', (out) => out.split(HOST_ANALOG_ERROR).length - 1 >= 2, 500);
    expect(failureLines(run.output).filter((line) => !hostError(line))).toEqual([]);
    expect(failureLines(run.output).filter((line) => line === HOST_SERIAL_ERROR)).toHaveLength(1);
    // The battery is read at every render: the runtime woke again (its watchdog kick) after the boot's first render.
    expect(failureLines(run.output).filter((line) => line === HOST_ANALOG_ERROR).length).toBeGreaterThanOrEqual(2);
  });
});
