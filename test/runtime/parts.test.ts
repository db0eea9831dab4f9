/**
 * A part that cannot be loaded (its Storage file damaged or missing on the device): what it does is left undone,
 * the reason is told once — on the display and in the log — and the clock goes on. Here the parts come from a source
 * that refuses one of them, as boards/device/storage-parts.ts refuses a file whose length or CRC is wrong.
 */
import { startRuntime } from '../../firmware/runtime/runtime';
import { createParts, PartName, PartSource } from '../../firmware/runtime/parts';
import { DIRECT_PARTS } from '../../firmware/parts/direct';
import { createVirtualHal, MemoryStorage, VirtualHal } from '../../sim/virtual-hal';
import { layoutFor } from '../../firmware/display/layouts';

function refusing(refused: PartName): PartSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    load(name) {
      asked.push(name);
      if (name === refused) throw new Error('gcp.' + name + ': 1234 bytes, not 29150 (another build?)');
      return DIRECT_PARTS.load(name);
    },
  };
}

function both(hal: VirtualHal, atMs: number, holdMs: number): void {
  hal.advanceTo(atMs);
  hal.edge('left', true);
  hal.edge('right', true);
  hal.advanceTo(atMs + holdMs);
  hal.edge('left', false);
  hal.edge('right', false);
}

function press(hal: VirtualHal, button: 'left' | 'right', atMs: number): void {
  hal.advanceTo(atMs);
  hal.edge(button, true);
  hal.advanceTo(atMs + 40);
  hal.edge(button, false);
}

/** A fresh clock whose parts come from `source`. */
function started(source: PartSource) {
  const hal = createVirtualHal();
  return { hal: hal, runtime: startRuntime(hal, { layout: layoutFor(hal.display), parts: createParts(source) }) };
}

describe('a part that cannot be loaded', () => {
  test('the menu: a 4 s chord does not open it, the reason is shown and logged once, and the game goes on', () => {
    const source = refusing('menu');
    const { hal, runtime } = started(source);
    both(hal, 1000, 4500);
    expect(runtime.menuOpen()).toBe(false);
    expect(source.asked).toContain('menu');
    expect(hal.display.lines.join('|')).toContain('no menu part');
    const notes = runtime.log().filter((e) => e.kind === 'storage' && /gcp\.menu: 1234 bytes/.test(JSON.stringify(e)));
    expect(notes).toHaveLength(1);
    // Asked again, it is still refused, and still told only once.
    both(hal, 7000, 4500);
    expect(runtime.menuOpen()).toBe(false);
    expect(runtime.log().filter((e) => e.kind === 'storage' && /gcp\.menu/.test(JSON.stringify(e)))).toHaveLength(1);
    // The clock itself is untouched: White's press starts Black's clock, Black's press switches it.
    press(hal, 'right', 13000);
    press(hal, 'left', 15000);
    expect(runtime.state().status).toBe('running');
    expect(runtime.state().toMove).toBe('white');
  });

  test('with every part there, the same chord opens the menu and nothing is told', () => {
    const source = refusing('voice');
    const { hal, runtime } = started(source);
    both(hal, 1000, 4500);
    expect(runtime.menuOpen()).toBe(true);
    expect(hal.display.lines.join('|')).not.toContain('no ');
    // No journal to restore at this boot; the voice was never asked for: no voice module answered.
    expect(source.asked).toEqual(['menu']);
  });

  test('the restore: the journal is kept as it was, the game goes on unsaved, and a clock with the part restores it', () => {
    const storage = new MemoryStorage();
    const first = createVirtualHal({ storage });
    const played = startRuntime(first, { layout: layoutFor(first.display), parts: createParts(DIRECT_PARTS) });
    press(first, 'right', 1000);
    press(first, 'left', 3000);
    press(first, 'right', 5000);
    const moves = played.state().sides.black.moves + played.state().sides.white.moves;
    expect(moves).toBe(2);
    // The journal's files (gcjrnl, gcjrn2 and their snapshot's log); the record's are the record store's to shift.
    const journalOf = () => JSON.stringify(Object.keys(storage.records).filter((n) => n.startsWith('gcj')).sort().map((n) => [n, storage.records[n]]));
    const journal = journalOf();
    expect(journal).toContain('gcjrnl');

    // Booted without its restore part: nothing of the journal is touched, whatever this boot's game does.
    const broken = createVirtualHal({ storage });
    const source = refusing('restore');
    const runtime = startRuntime(broken, { layout: layoutFor(broken.display), parts: createParts(source) });
    expect(runtime.notices).toContain('no restore part');
    expect(runtime.state().status).toBe('ready');
    const told = runtime.log().filter((e) => e.kind === 'storage' && /gcp\.restore: 1234 bytes.*journal is kept/.test(e.text));
    expect(told).toHaveLength(1);
    press(broken, 'right', 1000);
    for (let at = 2000; at < 12000; at += 1000) press(broken, at % 2000 === 0 ? 'left' : 'right', at);
    runtime.newGame();
    press(broken, 'right', 13000);
    expect(journalOf()).toBe(journal);
    // Running, the clock says so for 3 s of every 10 (shell.ts UNSAVED_NOTICE).
    broken.advanceTo(20500);
    expect(broken.display.lines.join('|')).toContain('not saved');

    // Flashed again (every part there): the game played before comes back.
    const again = createVirtualHal({ storage });
    const back = startRuntime(again, { layout: layoutFor(again.display), parts: createParts(DIRECT_PARTS) });
    expect(back.notices).toContain('game restored');
    expect(back.state().sides.black.moves + back.state().sides.white.moves).toBe(moves);
    expect(back.state().status).toBe('paused'); // as after any power cut: the arbiter resumes it
  });
});

describe('parts are let go as soon as they cannot be needed', () => {
  function counting(): PartSource & { asked: string[] } {
    const asked: string[] = [];
    return {
      asked,
      load(name) {
        asked.push(name);
        return DIRECT_PARTS.load(name);
      },
    };
  }

  test('a part is loaded once, and again only after it was dropped', () => {
    const source = counting();
    const parts = createParts(source);
    parts.get('menu');
    parts.get('menu');
    expect(source.asked).toEqual(['menu']);
    parts.drop('menu');
    parts.get('menu');
    expect(source.asked).toEqual(['menu', 'menu']);
  });

  test('a game played without the menu, the console or a voice module loads no part', () => {
    const source = counting();
    const { hal, runtime } = started(source);
    press(hal, 'right', 1000);
    for (let at = 2000; at < 20000; at += 1000) press(hal, at % 2000 === 0 ? 'left' : 'right', at);
    expect(runtime.state().status).toBe('running');
    expect(source.asked).toEqual([]);
  });

  test('a boot with a journal on flash loads the restore and lets it go once the game is back', () => {
    const storage = new MemoryStorage();
    const first = createVirtualHal({ storage });
    startRuntime(first, { layout: layoutFor(first.display), parts: createParts(DIRECT_PARTS) });
    press(first, 'right', 1000);
    const source = counting();
    const dropped: string[] = [];
    const parts = createParts(source);
    const watched = { get: parts.get, drop: (name: PartName) => (dropped.push(name), parts.drop(name)) };
    const hal = createVirtualHal({ storage });
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display), parts: watched });
    expect(runtime.notices).toContain('game restored');
    expect(source.asked).toEqual(['restore']);
    expect(dropped).toEqual(['restore']);
  });

  test('a clock whose menu was opened and closed asks for the menu again when it opens again', () => {
    const source = counting();
    const { hal, runtime } = started(source);
    both(hal, 1000, 4500);
    expect(runtime.menuOpen()).toBe(true);
    // A long left press goes back one level; at the top it closes the menu.
    for (let at = 7000; runtime.menuOpen() && at < 60000; at += 3000) {
      hal.advanceTo(at);
      hal.edge('left', true);
      hal.advanceTo(at + 1200);
      hal.edge('left', false);
    }
    expect(runtime.menuOpen()).toBe(false);
    both(hal, 70000, 4500);
    expect(runtime.menuOpen()).toBe(true);
    expect(source.asked.filter((n) => n === 'menu')).toHaveLength(2);
  });
  test('a command from the menu is carried out with the menu\'s part let go, which is loaded again to draw the menu', () => {
    const source = counting();
    const dropped: string[] = [];
    const parts = createParts(source);
    const watched = { get: parts.get, drop: (name: PartName) => (dropped.push(name), parts.drop(name)) };
    const hal = createVirtualHal();
    const runtime = startRuntime(hal, { layout: layoutFor(hal.display), parts: watched });
    press(hal, 'right', 1000); // Black's clock runs
    both(hal, 3000, 4500); // paused, and at 4 s the menu opens on Resume
    expect(runtime.menuOpen()).toBe(true);
    const white = runtime.view().sides.white.remainingMs;
    press(hal, 'left', 9000); // next: +2:00 White
    hal.advanceTo(10000);
    expect(hal.display.lines.join('|')).toContain('+2:00 White');
    expect(source.asked).toEqual(['menu']);
    press(hal, 'right', 11000); // OK: the correction
    hal.advanceTo(12000);
    expect(runtime.view().sides.white.remainingMs).toBe(white + 120000);
    expect(dropped).toContain('menu');
    expect(source.asked).toEqual(['menu', 'menu']); // loaded again to show "+2:00 White done"
    expect(runtime.menuOpen()).toBe(true);
    expect(hal.display.lines.join('|')).toContain('+2:00 White done');
  });
});
