/**
 * One run of the terminal simulator in-process (sim/terminal/terminal-session.ts), on jest's fake timers: the real
 * firmware runtime on the real-time HAL, driven by keys, as a front-end sees it (frames, log panel, buzzer cues,
 * quit), with settings and the journal in memory or in a file (power-loss recovery across runs).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KeyValueStorage } from '../../hal/hal';
import { parsePerSideNotation } from '../../sim/control-notation';
import { FileStorage } from '../../sim/file-storage';
import { MemoryStorage } from '../../sim/virtual-hal';
import { frameLines } from '../../sim/terminal/terminal-draw';
import { PanelLine, Session, SessionOptions, startSession } from '../../sim/terminal/terminal-session';
import { GESTURE_SPEED_LIMIT } from '../../sim/terminal/terminal-gestures';

interface Run {
  session: Session;
  frames: number;
  sounds: string[];
  quits: string[];
}

const runs: Session[] = [];

function start(options: Partial<Omit<SessionOptions, 'control'>> & { control?: string }): Run {
  const run: Run = { session: undefined as unknown as Session, frames: 0, sounds: [], quits: [] };
  run.session = startSession(
    {
      board: 'esp32-lcd1602',
      storage: new MemoryStorage(),
      storageName: 'memory',
      hostNowMs: () => Date.now(),
      ...options,
      control: options.control === undefined ? undefined : parsePerSideNotation(options.control),
    },
    {
      frame: () => run.frames++,
      line: () => undefined,
      sound: (name) => run.sounds.push(name),
      status: () => undefined,
      quit: (reason) => run.quits.push(reason),
    },
  );
  runs.push(run.session);
  return run;
}

/** Real (host) time passes. */
const pass = (ms: number): void => {
  jest.advanceTimersByTime(ms);
};

function rows(run: Run): string[] {
  return (frameLines(run.session.frame()) as string[]).slice(1, -1);
}

function texts(lines: PanelLine[]): string[] {
  return lines.map((line) => line.text);
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  while (runs.length > 0) (runs.pop() as Session).close();
  jest.useRealTimers();
});

describe('a game from the keyboard', () => {
  test('the stored (default) control is shown ready; l starts Black\'s clock and the frame changes', () => {
    const run = start({});
    expect(run.session.header()).toBe('goclock · esp32-lcd1602 · 60 min + 5×30 s · speed ×1 · storage: memory');
    expect(rows(run)).toEqual(['│1:00:00  1:00:00│', '│B first        W│']);
    run.session.key('l');
    pass(300);
    expect(run.session.status()).toBe("Black's clock runs (left)");
    expect(texts(run.session.lines())).toEqual(['0:00.0 white start: black to move']);
    const frames = run.frames;
    pass(1000);
    expect(run.frames).toBe(frames + 1);
    expect(rows(run)).toEqual(['│59:59  ◀ 1:00:00│', '│#0     ◀      #0│']);
  });

  test('a chord pauses as of its first finger: the log panel drops the presses it took back, the printout says so', () => {
    const run = start({ control: '10m' });
    run.session.key('l');
    pass(3000);
    run.session.key(' ');
    pass(1000);
    expect(run.session.status()).toBe('paused: Black runs on resume');
    expect(rows(run)[1]).toBe('│PAUSE  ‖      #0│');
    const printout = texts(run.session.lines());
    expect(printout.filter((line) => line.indexOf('taken back') >= 0).length).toBe(2);
    expect(texts(run.session.panel())).toEqual(['0:00.0 white start: black to move', '0:03.0 arbiter pause: black to move']);
  });

  test('r resumes, m opens the menu (and the key list becomes the menu\'s)', () => {
    const run = start({ control: '10m' });
    run.session.key('l');
    run.session.key(' ');
    run.session.key('r');
    pass(5000);
    expect(run.session.status()).toBe("Black's clock runs (left)");
    run.session.key(' ');
    run.session.key('m');
    pass(7000);
    expect(run.session.runtime.menuOpen()).toBe(true);
    expect(run.session.status()).toBe("menu open (the arbiter's): keys below are the menu's");
    expect(run.session.keyLines(120)[0]).toContain('next / minus');
  });

  test('what the clock says and plays: announcements in the panel, the buzzer named', () => {
    // No main time: the game starts in the only period (nothing to announce about entering it).
    const run = start({ control: '1x30s', speed: 16 });
    run.session.key('l');
    pass(2000); // 32 s of clock time: Black's only period has run out
    expect(texts(run.session.panel())).toEqual([
      '0:00.0 white start: black to move',
      '0:15.0 says "Black: 15"',
      '0:20.0 says "Black: 10"',
      '0:25.0 says "Black: 5"',
      '0:26.0 says "Black: 4"',
      '0:27.0 says "Black: 3"',
      '0:28.0 says "Black: 2"',
      '0:29.0 says "Black: 1"',
      '0:30.0 black flag',
    ]);
    expect(run.sounds).toEqual(['count', 'count', 'last seconds', 'last seconds', 'last seconds', 'last seconds', 'last seconds', 'flag']);
    expect(run.session.cue()).toBe('♪ flag');
    pass(2000);
    expect(run.session.cue()).toBeUndefined();
    expect(run.session.status()).toBe("game over: Black's flag fell at 0:30.0");
  });
});

describe('speed', () => {
  test('+ doubles it, - halves it: clock time runs that much faster', () => {
    const run = start({ control: '10m', interactive: true });
    run.session.key('l');
    pass(1000);
    run.session.key('+');
    expect(run.session.speed()).toBe(2);
    expect(run.session.header()).toContain('speed ×2');
    const before = run.session.gameMs();
    pass(1000);
    expect(run.session.gameMs() - before).toBe(2000);
    run.session.key('-');
    run.session.key('-');
    expect(run.session.header()).toContain('speed ×1/2');
  });

  test('a very fast clock slows to ×20 while a gesture plays, then speeds up again', () => {
    const run = start({ control: '10m', speed: 1000 });
    run.session.key('l');
    expect(run.session.hal.speed()).toBe(GESTURE_SPEED_LIMIT);
    pass(20);
    expect(run.session.hal.speed()).toBe(1000);
    expect(texts(run.session.lines())[0]).toBe('0:00.0 white start: black to move');
  });
});

describe('keys from a pipe play in order; keys from a person do not pile up', () => {
  test('piped: q waits for the keys before it ("." waits a second)', () => {
    const run = start({ control: '10m' });
    for (const key of 'l..q') run.session.key(key);
    pass(1500);
    expect(run.quits).toEqual([]);
    pass(1000);
    expect(run.quits).toEqual(['q']);
    expect(run.session.gameMs()).toBeGreaterThanOrEqual(2000);
  });

  test('at a keyboard: q acts at once; a held key\'s auto-repeat adds at most one more press', () => {
    const run = start({ control: '10m', interactive: true });
    for (const key of 'llll') run.session.key(key);
    pass(2000);
    // The first press starts the clock, the second is White's press out of turn; the other two were auto-repeat.
    expect(texts(run.session.lines())).toEqual(['0:00.0 white start: black to move', "0:00.2 white press ignored: not white's turn"]);
    run.session.key('q');
    expect(run.quits).toEqual(['q']);
  });
});

describe('the boards', () => {
  test('b shows the battery low on a board with a gauge (the ▯ in the middle)', () => {
    const run = start({ control: '10m', interactive: true });
    run.session.key('l');
    pass(500);
    run.session.key('b');
    expect(rows(run)[1]).toBe('│#0     ◀▯     #0│');
  });

  test('the console board: the frame its own driver prints, and no battery', () => {
    const run = start({ board: 'console', control: '10m', interactive: true });
    expect(frameLines(run.session.frame())).toEqual(['+----------------+', '|10:00      10:00|', '|B first        W|', '+----------------+']);
    run.session.key('b');
    expect(texts(run.session.lines())).toEqual(['0:00.0 (the console board has no battery gauge)']);
  });

  test('the OLED board: a 128×64 pixel frame', () => {
    const run = start({ board: 'esp32-oled', control: '10m' });
    const frame = run.session.frame();
    expect(frame.kind === 'pixels' && [frame.width, frame.height]).toEqual([128, 64]);
    expect(run.session.frameName).toBe('128×64 OLED');
  });
});

describe('storage', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-session-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a game in a file comes back after a "power cut" (quitting), paused, with the power-off time', () => {
    const file = path.join(dir, 'clock.json');
    const first = start({ storage: new FileStorage(file), storageName: file, control: '10m', speed: 10 });
    first.session.key('l');
    pass(6500); // 65 s of clock time: one heartbeat journaled at 60 s
    first.session.close();
    pass(12000);
    const second = start({ storage: new FileStorage(file), storageName: file });
    expect(texts(second.session.lines())).toEqual(['1:00.0 notice: game restored', '1:00.0 notice: power off 0:12']);
    expect(second.session.status()).toBe('paused: Black runs on resume');
    expect(rows(second)).toEqual(['│9:00   ‖   10:00│', '│ game restored  │']); // then "power off 0:12", in turns
    second.session.key('r');
    pass(3000);
    expect(second.session.status()).toBe("Black's clock runs (left)");
  });

  test("game time counts from the game's start, as on the device, and a power cut does not move it", () => {
    const file = path.join(dir, 'clock.json');
    const first = start({ storage: new FileStorage(file), storageName: file, control: '10m', speed: 10 });
    pass(700); // 7 s of clock time before anyone presses: not game time
    expect(first.session.gameMs()).toBe(0);
    first.session.key('l');
    pass(100);
    expect(texts(first.session.panel())).toEqual(['0:00.0 white start: black to move']);
    pass(6400); // 65 s into the game: one heartbeat journaled 60 s in
    const before = first.session.gameMs();
    expect(before).toBeGreaterThanOrEqual(65000);
    first.session.close();
    pass(12000);
    const second = start({ storage: new FileStorage(file), storageName: file });
    // The restored game comes back as of its last journal record, 60 s in: the start did not move.
    const restored = second.session.gameMs();
    expect(restored).toBeGreaterThanOrEqual(60000);
    expect(restored).toBeLessThanOrEqual(before);
    expect(texts(second.session.panel())[0]).toBe('0:00.0 white start: black to move');
    expect(texts(second.session.lines())[0]).toMatch(/^1:0\d\.\d notice: game restored$/);
    second.session.key('r');
    pass(3000);
    expect(second.session.gameMs() - restored).toBe(3000);
  });

  test('--control becomes the setting and starts a new game, even over a game that would be restored', () => {
    const storage: KeyValueStorage = new MemoryStorage();
    const first = start({ storage: storage, control: '10m' });
    first.session.key('l');
    pass(1000);
    first.session.close();
    const second = start({ storage: storage, control: 'B:5m W:3m' });
    expect(second.session.lines()).toEqual([]);
    expect(second.session.header()).toContain('Black: 5 min / White: 3 min');
    expect(rows(second)[0]).toBe('│5:00      ✎ 3:00│');
    second.session.close();
    const third = start({ storage: storage });
    expect(third.session.header()).toContain('Black: 5 min / White: 3 min');
  });
});

describe('exit after a while', () => {
  test('at(ms) fires when clock time reaches it, whatever the speed', () => {
    const run = start({ speed: 4 });
    let firedAt = -1;
    run.session.at(10000, () => (firedAt = run.session.hal.clock.nowMs()));
    pass(2400);
    expect(firedAt).toBe(-1);
    pass(200);
    expect(firedAt).toBeGreaterThanOrEqual(10000);
    expect(firedAt).toBeLessThan(10100);
  });
});
