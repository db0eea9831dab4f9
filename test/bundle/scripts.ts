/**
 * The bundle scripts, typed for the tests. They are CommonJS (scripts/*.cjs) precisely so that Jest's CommonJS mode
 * can require the very code that `npm run build`, check-bundle.mjs and flash.mjs run.
 */
import * as path from 'path';

export const ROOT = path.resolve(__dirname, '..', '..');

export interface Problem {
  line: number;
  /** 1-based. */
  column: number;
  rule: string;
  message: string;
  snippet: string;
}

export interface Checker {
  BUILTIN_MODULES: string[];
  checkSource(code: string, options?: { modules?: string[] }): Problem[];
  checkBundle(code: string, options?: { modules?: string[] }): Problem[];
  bundleShape(code: string): 'iife' | 'script' | 'globals';
  requiredModules(code: string): string[];
}

export interface Size {
  file: string;
  rawBytes: number;
  bytes: number;
  /** Pretokenised, as Storage holds it. */
  storedBytes: number;
  gzipBytes: number;
}

export interface Built extends Size {
  code: string;
  /** Absolute paths of the source files in the bundle. */
  modules: string[];
  rawCode: string;
  warnings: Array<{ message: string }>;
}

export interface BuildOptions {
  outDir?: string;
  entrySource?: string;
  tsconfig?: string;
  onSize?: (size: Size) => void;
  terserWorkers?: number;
}

/** One of the firmware's parts (scripts/bundle-config.cjs PARTS): its name, Storage file and entry module. */
export interface PartSpec {
  name: string;
  file: string;
  entry: string;
}

export interface Pipeline {
  BABEL_PLUGINS: string[];
  PARTS: PartSpec[];
  boardNames(root?: string): string[];
  /** The display kind a board file names (`display: { kind: '…' }`). */
  displayKindOf(board: string, root?: string): string;
  /** The IO kind of a board file: `pins` when it names button pins, else `console` (hal/espruino/board-io.ts). */
  ioKindOf(board: string, root?: string): 'pins' | 'console';
  buildBundle(name: string, options?: BuildOptions): Promise<Built>;
  espruinoGuardPlugin: unknown;
  formatSize(size: Size): string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const checker: Checker = require(path.join(ROOT, 'scripts', 'espruino-check.cjs'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const pipeline: Pipeline = require(path.join(ROOT, 'scripts', 'bundle-config.cjs'));

/** "rule@line:col" for each problem: compact to compare in tests. */
export function rulesOf(code: string): string[] {
  return checker.checkSource(code).map((p) => p.rule);
}
