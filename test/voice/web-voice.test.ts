/**
 * The browser simulator's voice: with the server's clips (rendered into .cache/voice/ by espeak-ng and sox) the page
 * plays the card's clips for what the runtime says (firmware/sound/voice-queue.ts on an HTMLAudioElement player); without
 * them (`voice: false`, as without espeak-ng) it asks for no clip and speaks the announcements with speechSynthesis.
 *
 * Needs chromium (as test/browser) and espeak-ng and sox: without them the tests fail under CI (process.env.CI) and
 * are skipped elsewhere, said in a box at the end of the run (test/browser/chromium.ts).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BrowserContext, chromium, Page } from 'playwright-core';
import { startWebServer, WebServer } from '../../sim/web-server';
import { missingTools } from '../../scripts/voice';
import type { GoclockHook } from '../../sim/web/app';
import { CHROMIUM, haveChromium, NO_CHROMIUM, suiteNeeding } from '../browser/chromium';

const why = !haveChromium ? NO_CHROMIUM : missingTools();

function hook<T>(page: Page, fn: (goclock: GoclockHook) => T): Promise<T> {
  return page.evaluate(`(${fn.toString()})(window.goclock)`) as Promise<T>;
}

/** What the page did with sound: clips that ended, and what speechSynthesis was asked to say. */
const SPY = `
  window.__ended = [];
  window.__spoken = [];
  const OriginalAudio = window.Audio;
  window.Audio = function (src) {
    const audio = new OriginalAudio(src);
    audio.addEventListener('ended', () => window.__ended.push(new URL(audio.src).pathname));
    return audio;
  };
  if (window.speechSynthesis) {
    const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
    window.speechSynthesis.speak = (u) => { window.__spoken.push(u.text); speak(u); };
  }
`;

async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key, { delay: 60 });
    await page.waitForTimeout(90); // edges of one button closer than 30 ms are contact bounce
  }
}

/** Presses `key` (left: next item) until the screen's first row starts with `text`. */
async function pressUntil(page: Page, key: string, text: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if ((await hook(page, (g) => g.screenRows()))[0].indexOf(text) === 0) return;
    await press(page, key);
  }
  throw new Error('no "' + text + '" in the menu: ' + JSON.stringify(await hook(page, (g) => g.screenRows())));
}

async function row0(page: Page, text: string): Promise<void> {
  await page.waitForFunction(`window.goclock.screenRows()[0].indexOf(${JSON.stringify(text)}) === 0`, undefined, { timeout: 5000 }).catch(async () => {
    throw new Error('expected "' + text + '" on the screen, got ' + JSON.stringify(await hook(page, (g) => g.screenRows())));
  });
}

/** From the ready clock: the menu (both held 4 s), Presets, "Byo 10m 3x30s", and out; then White starts Black's clock. */
async function startShortGame(page: Page): Promise<void> {
  await page.keyboard.down('a');
  await page.keyboard.down('l');
  await page.waitForTimeout(4400);
  await page.keyboard.up('a');
  await page.keyboard.up('l');
  await row0(page, 'Presets');
  await page.waitForTimeout(200);
  await press(page, 'l');
  await row0(page, 'Byo 60m 5x30s');
  await pressUntil(page, 'a', 'Byo 10m 3x30s');
  await press(page, 'l');
  await row0(page, 'Presets');
  await pressUntil(page, 'a', 'Exit');
  await press(page, 'l');
  await page.waitForFunction('!window.goclock.menuOpen()', undefined, { timeout: 5000 });
  await page.waitForTimeout(200);
  await press(page, 'l');
  await page.waitForFunction('window.goclock.view().running === "black"', undefined, { timeout: 5000 });
}

/** Both held 0.8 s: paused. */
async function pause(page: Page): Promise<void> {
  await page.keyboard.down('a');
  await page.keyboard.down('l');
  await page.waitForTimeout(800);
  await page.keyboard.up('a');
  await page.keyboard.up('l');
  await page.waitForFunction('window.goclock.view().status === "paused"', undefined, { timeout: 5000 });
}

/** Both held 2.6 s and let go: running again. */
async function resume(page: Page): Promise<void> {
  await page.waitForTimeout(200);
  await page.keyboard.down('a');
  await page.keyboard.down('l');
  await page.waitForTimeout(2600);
  await page.keyboard.up('a');
  await page.keyboard.up('l');
  await page.waitForFunction('window.goclock.view().status === "running"', undefined, { timeout: 5000 });
}

suiteNeeding(why, 'the browser simulator speaks with the clips', () => {
  let context: BrowserContext;
  let userDataDir: string;
  const servers: WebServer[] = [];

  beforeAll(async () => {
    if (why) throw new Error('test/voice/web-voice: ' + why + ' — CI must install it');
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-chromium-voice-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
      viewport: { width: 1200, height: 820 },
    });
    await context.addInitScript(SPY);
  }, 60000);

  afterAll(async () => {
    if (context) await context.close();
    for (const server of servers) await server.close();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  async function open(server: WebServer, requested: string[]): Promise<Page> {
    const page = await context.newPage();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.indexOf('/voice/') === 0) requested.push(url.pathname + ' ' + response.status());
    });
    await page.goto(server.url + '?speed=60');
    await page.waitForFunction('window.goclock !== undefined && window.goclock.voice().state !== "loading"', undefined, { timeout: 60000 });
    return page;
  }

  test('the runtime\'s words and the core\'s announcements are the card\'s clips, fetched and played to their end', async () => {
    const server = await startWebServer({ port: 0 });
    servers.push(server);
    const clips = await server.voice; // rendered once into .cache/voice/, then taken from there
    expect('dir' in clips ? 'rendered' : clips.missing).toBe('rendered');
    const requested: string[] = [];
    const page = await open(server, requested);
    expect(await hook(page, (g) => g.voice().state)).toBe('ready');
    expect(requested).toEqual(['/voice/index.json 200']);

    await startShortGame(page);
    await pause(page); // the runtime says "paused": folder 01 (the default voice, Russian), track 207
    await page.waitForFunction('window.__ended.indexOf("/voice/01/207.wav") >= 0', undefined, { timeout: 5000 });
    await resume(page);
    await page.waitForFunction('window.__ended.indexOf("/voice/01/210.wav") >= 0', undefined, { timeout: 5000 });
    // 10 min at 60×: overtime, said by the core ("overtime", track 200) and played whole.
    await page.waitForFunction('window.__ended.indexOf("/voice/01/200.wav") >= 0', undefined, { timeout: 20000 });

    const played = await hook(page, (g) => g.voice().played);
    expect(played.slice(0, 3)).toEqual(['voice/01/207.wav', 'voice/01/210.wav', 'voice/01/200.wav']);
    expect(requested).toEqual(expect.arrayContaining(['/voice/01/207.wav 200', '/voice/01/210.wav 200', '/voice/01/200.wav 200']));
    expect(requested.filter((r) => !/ 200$/.test(r))).toEqual([]);
    // The voice said it: the browser's speech synthesis did not.
    expect(await page.evaluate('window.__spoken')).toEqual([]);
    expect(await hook(page, (g) => g.announcements().map((a) => a.text))).toContain('overtime');
    await page.close();
  }, 120000);

  test('without clips the page asks for none and speaks the announcements with speechSynthesis', async () => {
    const server = await startWebServer({ port: 0, voice: false });
    servers.push(server);
    const requested: string[] = [];
    const page = await open(server, requested);
    expect(await hook(page, (g) => g.voice().state)).toBe('none');
    expect(requested).toEqual(['/voice/index.json 404']);

    await startShortGame(page);
    await pause(page);
    await resume(page);
    await page.waitForFunction('window.__spoken.indexOf("overtime") >= 0', undefined, { timeout: 20000 });
    expect(requested).toEqual(['/voice/index.json 404']);
    expect(await hook(page, (g) => g.voice().played)).toEqual([]);
    await page.close();
  }, 120000);
});
