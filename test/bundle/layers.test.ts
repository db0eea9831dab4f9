/**
 * The layers, as the folders promise (docs/architecture.md): every import in firmware/, hal/ and boards/ is checked
 * against what its folder may import. The HAL is the bottom layer: it imports nothing of firmware/; the firmware
 * reaches hardware only through the HAL's interfaces (hal/*.ts), never a driver (hal/espruino/); board files are data;
 * only the composition root (boards/device/) wires drivers to the runtime; nothing of the product imports sim/.
 */
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir + '/' + entry.name;
    if (entry.isDirectory()) found.push(...sources(rel));
    else if (/\.ts$/.test(entry.name)) found.push(rel);
  }
  return found;
}

/** Every module `file` imports (static `import … from`, `export … from`, `import type`), as a path from the root. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const found: string[] = [];
  const re = /^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[1].charAt(0) !== '.') continue; // a package or a built-in
    found.push(path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), m[1])).split(path.sep).join('/'));
  }
  return found;
}

/** What a file in each place may import (the first rule whose `from` matches the importing file decides). */
const RULES: { from: RegExp; may: RegExp; why: string }[] = [
  { from: /^hal\//, may: /^(hal\/|boards\/board$)/, why: 'the HAL imports only the HAL and the board data type' },
  { from: /^firmware\//, may: /^(firmware\/|hal\/[^/]+$)/, why: 'the firmware reaches hardware only through the HAL\'s interfaces (hal/*.ts), never a driver' },
  { from: /^boards\/device\//, may: /^(boards\/|hal\/|firmware\/)/, why: 'the composition root wires the HAL, the boards and the firmware (never sim/)' },
  { from: /^boards\//, may: /^boards\//, why: 'a board file is data' },
];

test('every import of firmware/, hal/ and boards/ keeps to its layer', () => {
  const files = sources('firmware').concat(sources('hal'), sources('boards'));
  expect(files.length).toBeGreaterThan(90);
  const broken: string[] = [];
  for (const file of files) {
    const rule = RULES.find((r) => r.from.test(file));
    if (!rule) throw new Error(file + ': no rule');
    for (const target of importsOf(file)) if (!rule.may.test(target)) broken.push(file + ' imports ' + target + ': ' + rule.why);
  }
  expect(broken).toEqual([]);
});

test('the check sees a broken layer: a driver imported by the firmware, the firmware by the HAL', () => {
  const firmware = RULES.find((r) => r.from.test('firmware/x.ts'))!;
  const hal = RULES.find((r) => r.from.test('hal/espruino/x.ts'))!;
  expect(firmware.may.test('hal/espruino/ds3231')).toBe(false);
  expect(firmware.may.test('hal/hal')).toBe(true);
  expect(hal.may.test('firmware/display/render-lcd')).toBe(false);
  expect(hal.may.test('boards/board')).toBe(true);
});
