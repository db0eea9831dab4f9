/**
 * What the console page's browser tests share: the page's server (sim/console-server.ts) on a free port, Debian's
 * chromium driven by playwright-core, and a page with the Bluetooth stand-in (ble-standin.ts) in front of a backend.
 *
 * Chromium: /usr/bin/chromium (`apt-get install -y chromium`), or GOCLOCK_CHROMIUM. Without it the tests fail under
 * CI (process.env.CI) and are skipped, with a warning, elsewhere (as test/browser's).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Browser, chromium, Page } from 'playwright-core';
import { ConsoleServer, startConsoleServer } from '../../sim/console-server';
import { BluetoothStandIn, UartBackend } from './ble-standin';
import type { ConsoleHook } from '../../sim/console/app';

export const CHROMIUM = process.env.GOCLOCK_CHROMIUM || '/usr/bin/chromium';
export const haveChromium = fs.existsSync(CHROMIUM);

if (!haveChromium && !process.env.CI) {
  console.warn(
    `test/console: SKIPPED — no chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set ` +
      'GOCLOCK_CHROMIUM to a Chromium binary to run the console page tests.',
  );
}

/** `describe` when chromium is there (or under CI, where its absence fails), else `describe.skip`. */
export const browserSuite = haveChromium || process.env.CI ? describe : describe.skip;

export interface ConsoleBench {
  server: ConsoleServer;
  browser: Browser;
  downloads: string;
  close(): Promise<void>;
}

export async function openBench(): Promise<ConsoleBench> {
  if (!haveChromium) throw new Error(`no chromium at ${CHROMIUM}: CI must install it (apt-get install -y chromium) for test/console`);
  const server = await startConsoleServer({ port: 0 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-console-dl-'));
  return {
    server,
    browser,
    downloads,
    close: async () => {
      await browser.close();
      await server.close();
      fs.rmSync(downloads, { recursive: true, force: true });
    },
  };
}

export interface ConsolePage {
  page: Page;
  ble: BluetoothStandIn;
  errors: string[];
  /** What the page logged (the library logs every packet as "<UART> …"). */
  console: string[];
}

/** A new page with the stand-in in front of `backend`, loaded. */
export async function openConsole(bench: ConsoleBench, backend: UartBackend): Promise<ConsolePage> {
  const context = await bench.browser.newContext({ acceptDownloads: true, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const logged: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => logged.push(message.text()));
  const ble = await BluetoothStandIn.install(page, backend);
  await page.goto(bench.server.url);
  await page.waitForFunction('window.goclockConsole !== undefined', undefined, { timeout: 10000 });
  return { page, ble, errors, console: logged };
}

/** The page's state as its status line says it. */
export function linkState(page: Page): Promise<string> {
  return page.locator('#link-state').innerText();
}

export async function waitForState(page: Page, state: string, timeoutMs?: number): Promise<void> {
  await page.locator(`#link-state[data-state="${state}"]`).waitFor({ timeout: timeoutMs || 20000 }).catch(async (error: Error) => {
    throw new Error('the page did not reach "' + state + '" (it shows "' + (await linkState(page)) + '", note: "' +
      (await page.locator('#link-note').innerText()) + '"): ' + error.message);
  });
}

/**
 * Clicks Connect, then "Web Bluetooth" in the library's own chooser, as a person does. After a lost link the chooser
 * comes once the library has given up the lost link's last call (10 s without data).
 */
export async function connect(page: Page): Promise<void> {
  await page.click('#connect');
  await page.getByText('Web Bluetooth', { exact: true }).click({ timeout: 20000 });
}

export function hook(page: Page): Promise<ConsoleHook> {
  return page.evaluate(() => (window as unknown as { goclockConsole: ConsoleHook }).goclockConsole);
}
