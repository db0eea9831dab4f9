/**
 * `npm run console` (sim/console-server.ts): its command line, the page it serves (the script built on start, the
 * library's browser build beside it), and the static site `--out` writes.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { HELP, parseConsoleArgs, startConsoleServer, writeConsoleSite } from '../../sim/console-server';

const ROOT = path.resolve(__dirname, '..', '..');

function get(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(url.replace('//localhost:', '//127.0.0.1:'), (response) => {
      let body = '';
      response.setEncoding('latin1');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode || 0, type: String(response.headers['content-type']), body }));
    }).on('error', reject);
  });
}

describe('npm run console', () => {
  test('the command line: defaults, --port/--host/--out in both spellings, one-line errors', () => {
    expect(parseConsoleArgs([])).toEqual({ port: 8090, host: '127.0.0.1', help: false });
    expect(parseConsoleArgs(['--port', '0', '--host=0.0.0.0', '--out', 'dist/console'])).toEqual({ port: 0, host: '0.0.0.0', out: 'dist/console', help: false });
    expect(parseConsoleArgs(['-h']).help).toBe(true);
    expect(() => parseConsoleArgs(['--port', '70000'])).toThrow('--port is a number from 0 to 65535, not "70000"');
    expect(() => parseConsoleArgs(['--port'])).toThrow('--port needs a value');
    expect(() => parseConsoleArgs(['--serve'])).toThrow('unknown option --serve');
  });

  test('--help prints the usage; a bad option is exit 2 with the usage', () => {
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    const help = spawnSync(tsx, ['sim/console-server.ts', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(HELP);
    const bad = spawnSync(tsx, ['sim/console-server.ts', '--bogus'], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('goclock console: unknown option --bogus\n' + HELP);
  }, 60000);

  test('serves the page, its script and the library on localhost; --out writes the same files', async () => {
    const server = await startConsoleServer({ port: 0 });
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-console-site-'));
    try {
      expect(server.url).toMatch(/^http:\/\/localhost:\d+\/$/);
      const page = await get(server.url);
      expect(page.status).toBe(200);
      expect(page.type).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<script src="espruino-tools-core.js"></script>');
      const script = await get(server.url + 'app.js');
      expect(script.status).toBe(200);
      expect(script.body).toContain('goclockConsole');
      const library = await get(server.url + 'espruino-tools-core.js');
      expect(library.body).toContain('6e400001-b5a3-f393-e0a9-e50e24dcca9e');
      expect((await get(server.url + 'style.css')).status).toBe(200);
      expect((await get(server.url + 'nothing.js')).status).toBe(404);

      await writeConsoleSite(out);
      expect(fs.readdirSync(out).sort()).toEqual(['app.js', 'app.js.map', 'espruino-tools-core.js', 'index.html', 'style.css']);
      expect(fs.readFileSync(path.join(out, 'index.html'), 'latin1')).toBe(page.body);
      expect(fs.readFileSync(path.join(out, 'espruino-tools-core.js'), 'latin1')).toBe(library.body);
    } finally {
      await server.close();
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 60000);
});
