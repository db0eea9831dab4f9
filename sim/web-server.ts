/**
 * `npm run sim:web`: serves the browser simulator (sim/web/) on localhost and prints its address.
 *
 *   npm run sim:web                        http://127.0.0.1:8080/
 *   npm run sim:web -- --port 0            any free port
 *   npm run sim:web -- --host 0.0.0.0      reachable from other machines (a phone on the same network)
 *   npm run sim:web -- --out dist/web      write the page (index.html, style.css, app.js) to a folder and exit
 *   npm run sim:web -- --no-voice          no voice clips: the page speaks with the browser's speech synthesis
 *
 * The page's script is built when the server starts — rollup's JS API with @rollup/plugin-typescript (the
 * sim/web/tsconfig.json program: the page, the firmware, the HAL types) and @rollup/plugin-node-resolve, an IIFE
 * for the browser, kept in memory — and rebuilt (from rollup's cache) when a source file changed before the next
 * request for it. No Espruino lowering: a browser runs ES2017 as it is. Node's http module only; nothing is fetched
 * from the network, by the server or the page.
 *
 * The voice module's clips (sim/voice-cache.ts: rendered with espeak-ng and sox into .cache/voice/ when the server
 * starts, unless cached) are served at /voice/FF/TTT.wav, the card's layout, and /voice/index.json says they are
 * there; without espeak-ng or sox both are 404 and the page falls back to speechSynthesis.
 */
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import { AddressInfo } from 'net';
import { rollup, RollupCache } from 'rollup';
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { ensureVoiceClips, VoiceClips } from './voice-cache';
import { printedHelp } from '../scripts/cli-help';
import { BROWSER_KEYS, clockMeaning, NOTATION } from './button-notation';

export const ROOT = path.resolve(__dirname, '..');
const WEB = path.join(ROOT, 'sim', 'web');

export interface WebBundle {
  code: string;
  map: string;
  /** How long the build took. */
  ms: number;
  /** Source files in the bundle (what a rebuild watches). */
  files: string[];
  builtAt: number;
}

/** Builds sim/web/app.ts into one browser script, in memory. `cache`: a previous build's, for a faster rebuild. */
export async function buildWebBundle(options?: { cache?: RollupCache }): Promise<WebBundle & { cache: RollupCache | undefined }> {
  const started = Date.now();
  const warnings: string[] = [];
  const bundle = await rollup({
    input: path.join(WEB, 'app.ts'),
    cache: options && options.cache,
    plugins: [
      typescript({
        tsconfig: path.join(WEB, 'tsconfig.json'),
        filterRoot: ROOT,
        outputToFilesystem: false,
        // Emit only: `npm run typecheck` (and `tsc -p sim/web`) check the types.
        compilerOptions: { noEmit: false, noCheck: true, sourceMap: true, inlineSources: true, lib: ['ES2017'] },
      }),
      nodeResolve({ browser: true }),
    ],
    onwarn(warning) {
      warnings.push(warning.message);
    },
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', sourcemap: true, file: 'app.js' });
    const chunk = output[0];
    if (warnings.length > 0) process.stderr.write(warnings.map((w) => 'sim:web build: ' + w + '\n').join(''));
    return {
      code: chunk.code + '\n//# sourceMappingURL=app.js.map\n',
      map: chunk.map ? chunk.map.toString() : '',
      ms: Date.now() - started,
      files: bundle.watchFiles.filter((file) => fs.existsSync(file)),
      builtAt: started,
      cache: bundle.cache,
    };
  } finally {
    await bundle.close();
  }
}

/** True when a file of the bundle changed since it was built. */
function stale(bundle: WebBundle): boolean {
  for (let i = 0; i < bundle.files.length; i++) {
    try {
      if (fs.statSync(bundle.files[i]).mtimeMs >= bundle.builtAt) return true;
    } catch (e) {
      return true;
    }
  }
  return false;
}

/** A script that shows a build error on the page instead of an empty clock. */
function errorScript(message: string): string {
  return (
    'document.addEventListener("DOMContentLoaded",function(){var p=document.createElement("pre");' +
    'p.style.cssText="position:fixed;inset:0;margin:0;padding:24px;background:#300;color:#fcc;white-space:pre-wrap;z-index:9";' +
    'p.textContent=' + JSON.stringify('goclock: the page did not build\n\n' + message) + ';document.body.appendChild(p);});\n' +
    'console.error(' + JSON.stringify(message) + ');\n'
  );
}

export interface WebServerOptions {
  /** Default 8080; 0 = any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Log lines (requests are not logged); default none. */
  log?: (line: string) => void;
  /** Serve the voice clips, rendered into the cache if needed (default true); false: 404, the page speaks itself. */
  voice?: boolean;
  /** Where the clips are cached (default .cache/voice/). */
  voiceCacheDir?: string;
}

export interface WebServer {
  /** "http://127.0.0.1:8080/" */
  url: string;
  host: string;
  port: number;
  /** How long the first build took. */
  buildMs: number;
  /** The voice clips once rendered (or why there are none); the server answers clip requests after this. */
  voice: Promise<VoiceClips>;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * sim/web/index.html with its legend filled in from the notation table (sim/button-notation.ts): each button's keys
 * under it, and one item per gesture — its name, how to make it on the page, what it does. One table for the
 * page, the terminal simulator and the docs, so their legends cannot disagree.
 */
export function pageHtml(): string {
  const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
  const keys = (button: 'left' | 'right') => BROWSER_KEYS[button].map((k) => '<kbd>' + escapeHtml(k.label) + '</kbd>').join('');
  const items = NOTATION.map((row) => {
    const meanings = [clockMeaning(row, 'Black', 'White'), row.menu ? 'in the menu: ' + row.menu : ''].filter((m) => m).join('; ');
    return '<li class="gesture" data-gesture="' + row.gesture + '"><b>' + escapeHtml(row.name) + '</b> — ' + escapeHtml(row.browser) + ': ' + escapeHtml(meanings) + '.</li>';
  });
  const filled = html
    .replace('<!-- keys:left -->', keys('left'))
    .replace('<!-- keys:right -->', keys('right'))
    .replace(/<!-- gestures:[^>]*-->/, items.join('\n        '));
  if (filled.indexOf('<!-- keys:') >= 0 || filled === html || filled.indexOf('class="gesture"') < 0) throw new Error('sim/web/index.html: no place for the legend (<!-- keys:left -->, <!-- keys:right -->, <!-- gestures: … -->)');
  return filled;
}

const STATIC: { [route: string]: { file: string; type: string } } = {
  '/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
};

/** Serves the page. Resolves once the server listens and the page is built. */
export async function startWebServer(options?: WebServerOptions): Promise<WebServer> {
  const host = (options && options.host) || '127.0.0.1';
  const port = options && options.port !== undefined ? options.port : 8080;
  const log = (options && options.log) || (() => undefined);
  let cache: RollupCache | undefined;
  let current: WebBundle | null = null;
  let failed: string | null = null;
  let rebuilding: Promise<void> | null = null;
  const stopVoice = new AbortController();
  const voice: Promise<VoiceClips> =
    options && options.voice === false
      ? Promise.resolve({ missing: 'the server was started without voice clips' })
      : ensureVoiceClips({ cacheDir: options && options.voiceCacheDir, signal: stopVoice.signal }).then((clips) => {
          if ('dir' in clips) {
            log('sim:web: voice clips ' + (clips.renderedMs !== null ? 'rendered in ' + (clips.renderedMs / 1000).toFixed(1) + ' s into ' : 'from ') + path.relative(ROOT, clips.dir));
          } else if (!stopVoice.signal.aborted) {
            log('sim:web: no voice clips (' + clips.missing + '); the page speaks with the browser\'s speech synthesis');
          }
          return clips;
        });

  /** The bundle, rebuilt first when a source changed (or the last build failed). */
  async function fresh(): Promise<void> {
    if (current && !stale(current) && failed === null) return;
    if (!rebuilding) {
      const first = current === null;
      rebuilding = buildWebBundle({ cache: cache })
        .then((next) => {
          cache = next.cache;
          current = next;
          failed = null;
          if (!first) log('sim:web: rebuilt the page in ' + next.ms + ' ms');
        })
        .catch((error: Error) => {
          failed = error.message;
          // Watch what failed too, so that fixing it rebuilds.
          if (current) current = Object.assign({}, current, { builtAt: Date.now() });
          log('sim:web: the page did not build: ' + error.message);
        })
        .then(() => {
          rebuilding = null;
        });
    }
    await rebuilding;
  }

  function send(response: http.ServerResponse, status: number, type: string, body: string, head: boolean): void {
    response.writeHead(status, {
      'Content-Type': type,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    response.end(head ? undefined : body);
  }

  /** /voice/index.json and /voice/FF/TTT.wav, once the clips are there; 404 without them. */
  async function sendVoice(route: string, response: http.ServerResponse, head: boolean): Promise<void> {
    const clips = await voice;
    const clip = /^\/voice\/(\d\d)\/(\d\d\d)\.wav$/.exec(route);
    if (!('dir' in clips)) {
      send(response, 404, 'text/plain; charset=utf-8', 'no voice clips: ' + clips.missing + '\n', head);
    } else if (route === '/voice/index.json') {
      send(response, 200, 'application/json; charset=utf-8', fs.readFileSync(path.join(clips.dir, 'complete.json'), 'utf8'), head);
    } else if (clip && fs.existsSync(path.join(clips.dir, clip[1], clip[2] + '.wav'))) {
      const body = fs.readFileSync(path.join(clips.dir, clip[1], clip[2] + '.wav'));
      response.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': body.length, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      response.end(head ? undefined : body);
    } else {
      send(response, 404, 'text/plain; charset=utf-8', 'not found: ' + route + '\n', head);
    }
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const method = request.method || 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      send(response, 405, 'text/plain; charset=utf-8', 'GET only\n', false);
      return;
    }
    const head = method === 'HEAD';
    const route = (request.url || '/').split('?')[0];
    const file = STATIC[route];
    if (route === '/' || route === '/index.html') {
      send(response, 200, 'text/html; charset=utf-8', pageHtml(), head);
    } else if (file) {
      send(response, 200, file.type, fs.readFileSync(path.join(WEB, file.file), 'utf8'), head);
    } else if (route === '/app.js') {
      await fresh();
      const code = failed !== null || !current ? errorScript(failed || 'no build') : current.code;
      send(response, 200, 'text/javascript; charset=utf-8', code, head);
    } else if (route === '/app.js.map') {
      send(response, 200, 'application/json; charset=utf-8', current ? current.map : '', head);
    } else if (route.indexOf('/voice/') === 0) {
      await sendVoice(route, response, head);
    } else {
      send(response, 404, 'text/plain; charset=utf-8', 'not found: ' + route + '\n', head);
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', error.message + '\n', false);
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  // Listening first, so that a port in use fails at once; then the first build, which every request waits for.
  await fresh();
  if (failed !== null || !current) {
    stopVoice.abort();
    await voice;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw new Error('the page did not build: ' + failed);
  }
  const buildMs = (current as WebBundle).ms;
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? '[' + address.address + ']' : address.address;
  return {
    url: 'http://' + shownHost + ':' + address.port + '/',
    host: address.address,
    port: address.port,
    buildMs: buildMs,
    voice: voice,
    close: () => {
      // A rendering still under way is stopped (its temporary folder removed) before the server says it is closed.
      stopVoice.abort();
      return Promise.all([
        voice,
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
      ]).then(() => undefined);
    },
  };
}

/** Writes the page as static files (index.html, style.css, app.js, app.js.map) into `outDir`. */
export async function writeWebSite(outDir: string): Promise<WebBundle> {
  const built = await buildWebBundle();
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), pageHtml());
  fs.copyFileSync(path.join(WEB, 'style.css'), path.join(outDir, 'style.css'));
  fs.writeFileSync(path.join(outDir, 'app.js'), built.code);
  fs.writeFileSync(path.join(outDir, 'app.js.map'), built.map);
  return built;
}

const USAGE =
  'usage: npm run sim:web -- [--port N] [--host ADDRESS] [--out DIR] [--no-voice]\n' +
  '  --port N         port to listen on (default 8080; 0 = any free port)\n' +
  '  --host ADDRESS   address to listen on (default 127.0.0.1: this machine only)\n' +
  '  --out DIR        write the page to DIR as static files and exit (without the voice clips)\n' +
  '  --no-voice       do not render or serve the voice clips (they need espeak-ng and sox; rendered once into\n' +
  '                   .cache/voice/): the page speaks the announcements with the browser\'s speech synthesis\n' +
  '  --help, -h       this text\n';

interface CliOptions {
  port: number;
  host: string;
  out?: string;
  voice: boolean;
}

function parseArgs(args: string[]): CliOptions {
  const options: CliOptions = { port: 8080, host: '127.0.0.1', voice: true };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.substring(0, eq) : arg;
    if (arg === '--no-voice') {
      options.voice = false;
      continue;
    }
    const value = (): string => {
      if (eq > 0) return arg.substring(eq + 1);
      if (i + 1 >= args.length) throw new Error(name + ' needs a value');
      return args[++i];
    };
    if (name === '--port') {
      const text = value();
      const port = Number(text);
      if (!/^\d+$/.test(text) || port > 65535) throw new Error('--port: a number from 0 to 65535 (got ' + text + ')');
      options.port = port;
    } else if (name === '--host') {
      options.host = value();
    } else if (name === '--out') {
      options.out = value();
    } else {
      throw new Error('unknown option ' + arg);
    }
  }
  return options;
}

async function main(args: string[]): Promise<void> {
  if (printedHelp(args, USAGE)) return;
  let options: CliOptions;
  try {
    options = parseArgs(args);
  } catch (error) {
    process.stderr.write('goclock sim:web: ' + (error as Error).message + '\n' + USAGE);
    process.exitCode = 2;
    return;
  }
  if (options.out) {
    const built = await writeWebSite(options.out);
    process.stdout.write('goclock sim:web: wrote the page to ' + options.out + ' (built in ' + built.ms + ' ms)\n');
    return;
  }
  let server: WebServer;
  try {
    server = await startWebServer({ port: options.port, host: options.host, voice: options.voice, log: (line) => process.stderr.write(line + '\n') });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') {
      process.stderr.write(
        'goclock sim:web: port ' + options.port + ' is in use; try --port 0 (any free port) or another number\n',
      );
    } else {
      process.stderr.write('goclock sim:web: ' + e.message + '\n');
    }
    process.exitCode = 1;
    return;
  }
  process.stdout.write(
    'goclock web simulator: ' + server.url + '  (page built in ' + server.buildMs + ' ms)\n' +
      '  OLED board: ' + server.url + '?board=esp32-oled\n' +
      '  Ctrl+C to stop\n',
  );
  const stop = (): void => {
    server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (typeof require !== 'undefined' && require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    process.stderr.write('goclock sim:web: ' + error.message + '\n');
    process.exitCode = 1;
  });
}
