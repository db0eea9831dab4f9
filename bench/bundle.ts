/**
 * Bundle bytes per board: each board built exactly as `npm run build` builds it (scripts/bundle-config.cjs's
 * buildBundle: rollup, TypeScript, babel, terser), into a temporary directory so dist/ is left alone. The
 * minified file is what is stored on the board; gzipped (level 9) is a measure of its information content.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

interface Pipeline {
  boardNames(): string[];
  buildBundle(name: string, options: object): Promise<{ bytes: number; gzipBytes: number; rawBytes: number; modules: string[] }>;
}

export interface BundleSize {
  board: string;
  /** Bytes of dist/<board>.js (minified). */
  bytes: number;
  gzipBytes: number;
  /** Before terser. */
  rawBytes: number;
  modules: number;
}

export async function bundleSizes(): Promise<BundleSize[]> {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const pipeline: Pipeline = require(path.join(__dirname, '..', 'scripts', 'bundle-config.cjs'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-bench-'));
  try {
    const out: BundleSize[] = [];
    for (const board of pipeline.boardNames()) {
      const built = await pipeline.buildBundle(board, { outDir: dir, terserWorkers: 1, onSize: () => undefined, onWarnings: () => undefined });
      out.push({ board, bytes: built.bytes, gzipBytes: built.gzipBytes, rawBytes: built.rawBytes, modules: built.modules.length });
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
