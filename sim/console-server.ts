/**
 * `npm run console`: serves the arbiter's console page (sim/console/) on this machine and prints its address.
 *
 *   npm run console                        http://localhost:8090/
 *   npm run console -- --port 0            any free port
 *   npm run console -- --host 0.0.0.0      reachable from other machines (serve it over HTTPS for them: see below)
 *   npm run console -- --out dist/console  write the page as static files for any web server, and exit
 *
 * The page talks to the clock over Web Bluetooth with @espruino-tools/core, whose browser build
 * (min/main.min.js, the file its README loads from a CDN) is served beside the page as espruino-tools-core.js:
 * nothing is fetched from the network. Web Bluetooth needs a secure context, and the library itself refuses plain
 * HTTP on any host name but "localhost"; so the address printed for 127.0.0.1 is http://localhost:PORT/, and a page
 * served to other machines must be served over HTTPS.
 *
 * The page's own script (sim/console/app.ts and its modules) is built with rollup when the server starts — into
 * memory, as an IIFE for the browser — and built again before the next request for it once one of its source files
 * has changed. No Espruino lowering: the page runs in a browser as it is. Node's http module only.
 */
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import { AddressInfo } from 'net';
import { rollup, RollupCache } from 'rollup';
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';

const REPO = path.resolve(__dirname, '..');
const PAGE_DIR = path.join(REPO, 'sim', 'console');
export const DEFAULT_PORT = 8090;

/** The library's browser build: a script that defines the global `ESPT_core`. */
export function libraryScript(): string {
  return require.resolve('@espruino-tools/core/min/main.min.js', { paths: [REPO] });
}

export interface ConsoleBuild {
  script: string;
  sourceMap: string;
  /** The files the script was built from, and when: a change to one makes it stale. */
  inputs: string[];
  startedAt: number;
  tookMs: number;
  cache?: RollupCache;
}

/** Builds sim/console/app.ts into one browser script. */
export async function buildConsolePage(cache?: RollupCache): Promise<ConsoleBuild> {
  const startedAt = Date.now();
  const warnings: string[] = [];
  const build = await rollup({
    input: path.join(PAGE_DIR, 'app.ts'),
    cache: cache,
    onwarn: (warning) => {
      warnings.push(warning.message);
    },
    plugins: [
      typescript({
        tsconfig: path.join(PAGE_DIR, 'tsconfig.json'),
        filterRoot: REPO,
        outputToFilesystem: false,
        // Types are checked by `npm run typecheck` (and `npx tsc -p sim/console`); the build only emits.
        compilerOptions: { noEmit: false, noCheck: true, sourceMap: true, inlineSources: true },
      }),
      nodeResolve({ browser: true }),
    ],
  });
  try {
    const generated = await build.generate({ format: 'iife', file: 'app.js', sourcemap: true });
    for (const warning of warnings) process.stderr.write('console page build: ' + warning + '\n');
    const chunk = generated.output[0];
    return {
      script: chunk.code + '\n//# sourceMappingURL=app.js.map\n',
      sourceMap: chunk.map ? chunk.map.toString() : '{}',
      inputs: build.watchFiles.filter((file) => fs.existsSync(file)),
      startedAt: startedAt,
      tookMs: Date.now() - startedAt,
      cache: build.cache,
    };
  } finally {
    await build.close();
  }
}

function changedSince(build: ConsoleBuild): boolean {
  return build.inputs.some((file) => {
    try {
      return fs.statSync(file).mtimeMs >= build.startedAt;
    } catch {
      return true;
    }
  });
}

/** The files of the page besides its script: route → [file, content type]. */
function pageFiles(): { [route: string]: [string, string] } {
  return {
    '/index.html': [path.join(PAGE_DIR, 'index.html'), 'text/html; charset=utf-8'],
    '/style.css': [path.join(PAGE_DIR, 'style.css'), 'text/css; charset=utf-8'],
    '/espruino-tools-core.js': [libraryScript(), 'text/javascript; charset=utf-8'],
  };
}

export interface ConsoleServerOptions {
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

export interface ConsoleServer {
  /** The page's address ("http://localhost:8090/" when listening on 127.0.0.1). */
  url: string;
  port: number;
  buildMs: number;
  close(): Promise<void>;
}

/** Listens, builds the page, and resolves once both are done (a port in use rejects before the build). */
export async function startConsoleServer(options?: ConsoleServerOptions): Promise<ConsoleServer> {
  const opts = options || {};
  const host = opts.host || '127.0.0.1';
  const log = opts.log || (() => undefined);
  let build: ConsoleBuild | null = null;
  let buildError: string | null = null;
  let building: Promise<void> | null = null;

  const rebuild = (): Promise<void> => {
    if (build && buildError === null && !changedSince(build)) return Promise.resolve();
    if (building) return building;
    const previous = build;
    building = buildConsolePage(previous ? previous.cache : undefined).then(
      (next) => {
        if (previous) log('console: page rebuilt in ' + next.tookMs + ' ms');
        build = next;
        buildError = null;
      },
      (error: Error) => {
        buildError = error.message;
        // What failed is watched from now on, so that a fix is picked up.
        if (build) build = Object.assign({}, build, { startedAt: Date.now() });
        log('console: the page did not build: ' + error.message);
      },
    ).then(() => {
      building = null;
    });
    return building;
  };

  const reply = (response: http.ServerResponse, status: number, type: string, body: string | Buffer, head: boolean) => {
    response.writeHead(status, {
      'Content-Type': type,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    response.end(head ? undefined : body);
  };

  const serve = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const method = request.method || 'GET';
    if (method !== 'GET' && method !== 'HEAD') return reply(response, 405, 'text/plain; charset=utf-8', 'GET only\n', false);
    const head = method === 'HEAD';
    let route = (request.url || '/').split('?')[0];
    if (route === '/') route = '/index.html';
    const file = pageFiles()[route];
    if (file) return reply(response, 200, file[1], fs.readFileSync(file[0]), head);
    if (route === '/app.js') {
      await rebuild();
      const script = build && buildError === null
        ? build.script
        : 'document.addEventListener("DOMContentLoaded",function(){document.body.textContent=' +
          JSON.stringify('goclock console: the page did not build\n' + buildError) + ';document.body.style.whiteSpace="pre-wrap";});\n';
      return reply(response, 200, 'text/javascript; charset=utf-8', script, head);
    }
    if (route === '/app.js.map') return reply(response, 200, 'application/json; charset=utf-8', build ? build.sourceMap : '{}', head);
    return reply(response, 404, 'text/plain; charset=utf-8', 'not found: ' + route + '\n', head);
  };

  const server = http.createServer((request, response) => {
    serve(request, response).catch((error: Error) => {
      if (response.headersSent) response.end();
      else reply(response, 500, 'text/plain; charset=utf-8', error.message + '\n', false);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port === undefined ? DEFAULT_PORT : opts.port, host, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await rebuild();
  if (!build || buildError !== null) {
    await stop();
    throw new Error('the page did not build: ' + buildError);
  }
  const address = server.address() as AddressInfo;
  const shown = address.address === '127.0.0.1' ? 'localhost' : address.family === 'IPv6' ? '[' + address.address + ']' : address.address;
  return {
    url: 'http://' + shown + ':' + address.port + '/',
    port: address.port,
    buildMs: (build as ConsoleBuild).tookMs,
    close: stop,
  };
}

/** Writes the page into `dir` as static files: index.html, style.css, app.js (+ .map), espruino-tools-core.js. */
export async function writeConsoleSite(dir: string): Promise<ConsoleBuild> {
  const build = await buildConsolePage();
  fs.mkdirSync(dir, { recursive: true });
  const files = pageFiles();
  for (const route of Object.keys(files)) fs.copyFileSync(files[route][0], path.join(dir, route.slice(1)));
  fs.writeFileSync(path.join(dir, 'app.js'), build.script);
  fs.writeFileSync(path.join(dir, 'app.js.map'), build.sourceMap);
  return build;
}

export const HELP =
  'usage: npm run console -- [--port N] [--host ADDRESS] [--out DIR]\n' +
  '  --port N         the port to listen on (default ' + DEFAULT_PORT + '; 0 = any free port)\n' +
  '  --host ADDRESS   the address to listen on (default 127.0.0.1: this machine only, shown as localhost)\n' +
  '  --out DIR        write the page to DIR as static files (for any web server) and exit\n' +
  '  --help, -h       this text\n' +
  'Open the page in Chrome, Edge or another Chromium browser with Web Bluetooth, on localhost or over HTTPS.\n';

export interface ConsoleArgs {
  port: number;
  host: string;
  out?: string;
  help: boolean;
}

/** The command line; throws an Error whose message is one line for a bad one. */
export function parseConsoleArgs(argv: string[]): ConsoleArgs {
  const args: ConsoleArgs = { port: DEFAULT_PORT, host: '127.0.0.1', help: false };
  for (let i = 0; i < argv.length; i++) {
    const given = argv[i];
    if (given === '--help' || given === '-h') {
      args.help = true;
      continue;
    }
    const split = given.indexOf('=');
    const flag = split > 0 ? given.slice(0, split) : given;
    if (flag !== '--port' && flag !== '--host' && flag !== '--out') throw new Error('unknown option ' + given);
    let value: string;
    if (split > 0) value = given.slice(split + 1);
    else if (i + 1 < argv.length) value = argv[++i];
    else throw new Error(flag + ' needs a value');
    if (flag === '--port') {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new Error('--port is a number from 0 to 65535, not "' + value + '"');
      args.port = Number(value);
    } else if (flag === '--host') {
      if (value === '') throw new Error('--host needs an address');
      args.host = value;
    } else {
      if (value === '') throw new Error('--out needs a folder');
      args.out = value;
    }
  }
  return args;
}

async function main(argv: string[]): Promise<number> {
  let args: ConsoleArgs;
  try {
    args = parseConsoleArgs(argv);
  } catch (error) {
    process.stderr.write('goclock console: ' + (error as Error).message + '\n' + HELP);
    return 2;
  }
  if (args.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (args.out) {
    const build = await writeConsoleSite(args.out);
    process.stdout.write('goclock console: wrote the page to ' + args.out + ' (built in ' + build.tookMs + ' ms)\n');
    return 0;
  }
  let server: ConsoleServer;
  try {
    server = await startConsoleServer({ port: args.port, host: args.host, log: (line) => process.stderr.write(line + '\n') });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    process.stderr.write('goclock console: ' + (e.code === 'EADDRINUSE' ? 'port ' + args.port + ' is in use (try --port 0 for any free port)' : e.message) + '\n');
    return 1;
  }
  process.stdout.write('goclock console: ' + server.url + '  (page built in ' + server.buildMs + ' ms; Ctrl+C to stop)\n');
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return -1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (error: Error) => {
      process.stderr.write('goclock console: ' + error.message + '\n');
      process.exitCode = 1;
    },
  );
}
