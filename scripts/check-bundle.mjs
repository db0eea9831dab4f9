#!/usr/bin/env node
/**
 * node scripts/check-bundle.mjs [FILE.js ...]
 *
 * Checks that each bundle (default: every dist/*.js) is the JavaScript subset Espruino 2v29 runs (docs/firmware.md) and
 * declares nothing at the top level. Prints `file:line:col: what` for each problem — with the TypeScript source
 * position when FILE.js.map exists — and exits 1 if there is any. The rules are documented in
 * scripts/espruino-check.cjs, which holds the logic (CommonJS, so the Jest tests use the same code).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import check from './espruino-check.cjs';

export const { checkSource, checkBundle, bundleShape, requiredModules, BUILTIN_MODULES } = check;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Problems of one bundle file as printable lines (empty when it is fine).
 * options.modules: the built-in modules require() may name (default: Espruino ESP32's).
 */
export function checkBundleFile(file, options = {}) {
  const code = fs.readFileSync(file, 'latin1');
  const problems = check.checkBundle(code, options);
  let locate = null;
  if (problems.length && fs.existsSync(file + '.map')) {
    try {
      const map = JSON.parse(fs.readFileSync(file + '.map', 'utf8'));
      const find = check.sourceMapLocator(map);
      const mapDir = path.dirname(file);
      locate = (line, column) => {
        const at = find(line, column);
        if (!at) return null;
        const [source, ...rest] = at.split(':');
        return path.relative(process.cwd(), path.resolve(mapDir, source)) + ':' + rest.join(':');
      };
    } catch {
      locate = null;
    }
  }
  const shown = path.relative(process.cwd(), file) || file;
  return problems.map((p) => {
    const from = locate && locate(p.line, p.column);
    const near = p.snippet ? ` near ${JSON.stringify(p.snippet)}` : '';
    return `${shown}:${p.line}:${p.column}: ${p.message} [${p.rule}]${from ? ` (from ${from})` : ''}${near}`;
  });
}

function main(argv) {
  let files = argv.slice(2);
  if (files.some((a) => a === '-h' || a === '--help')) {
    console.log('usage: node scripts/check-bundle.mjs [FILE.js ...]   (default: dist/*.js)');
    return 0;
  }
  if (!files.length) {
    const dist = path.join(ROOT, 'dist');
    files = fs.existsSync(dist)
      ? fs
          .readdirSync(dist)
          .filter((f) => f.endsWith('.js'))
          .sort()
          .map((f) => path.join(dist, f))
      : [];
    if (!files.length) {
      console.error('check-bundle: no bundles in dist/ (run `rollup -c` first)');
      return 2;
    }
  }
  let failed = 0;
  for (const file of files) {
    if (!fs.existsSync(file)) {
      console.error(`check-bundle: ${file}: no such file`);
      failed++;
      continue;
    }
    const lines = checkBundleFile(file);
    const shown = path.relative(process.cwd(), file) || file;
    if (lines.length) {
      failed++;
      for (const line of lines) console.error(line);
    } else {
      console.log(`${shown}: Espruino-safe (${fs.statSync(file).size} bytes)`);
    }
  }
  if (failed) console.error(`check-bundle: ${failed} of ${files.length} bundle(s) failed`);
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv);
}
