/**
 * The terminal simulator's voice: the system player is found on PATH (paplay, sox's play, aplay, in that order), a
 * process per clip, the previous one killed when a clip cuts it short or the voice stops; and a session with a voice
 * gives the runtime's words to it instead of the buzzer. A fake player (a script that logs its arguments and sleeps)
 * stands for the real one: nothing is heard.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ClipPlayer } from '../../firmware/sound/voice-queue';
import { createSystemClipPlayer, findSystemPlayer, SystemPlayer } from '../../sim/voice-system-player';
import { parseTerminalArgs, USAGE } from '../../sim/terminal/terminal-args';
import { MemoryStorage } from '../../sim/virtual-hal';
import { parsePerSideNotation } from '../../sim/control-notation';
import { startSession } from '../../sim/terminal/terminal-session';

let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-voice-player-'));
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

function executable(dir: string, name: string, text: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, text, { mode: 0o755 });
  return file;
}

describe('the system player', () => {
  test('paplay, then play, then aplay, whichever is on PATH and executable', () => {
    const a = path.join(tmp, 'path-a');
    const b = path.join(tmp, 'path-b');
    executable(a, 'aplay', '#!/bin/sh\n');
    expect(findSystemPlayer(a)).toMatchObject({ name: 'aplay', file: path.join(a, 'aplay') });
    executable(b, 'play', '#!/bin/sh\n');
    expect(findSystemPlayer([a, b].join(path.delimiter))).toMatchObject({ name: 'play', file: path.join(b, 'play') });
    fs.writeFileSync(path.join(b, 'paplay'), '', { mode: 0o644 }); // not executable
    expect(findSystemPlayer([a, b].join(path.delimiter))).toMatchObject({ name: 'play' });
    executable(a, 'paplay', '#!/bin/sh\n');
    const paplay = findSystemPlayer([a, b].join(path.delimiter)) as SystemPlayer;
    expect(paplay.name).toBe('paplay');
    expect(paplay.args('x.wav', 0.5)).toEqual(['--volume=32768', 'x.wav']);
    expect(findSystemPlayer('')).toBeNull();
    expect(findSystemPlayer(path.join(tmp, 'nowhere'))).toBeNull();
  });

  test('one process per clip; a new clip or stop kills the one playing, and only a clip that ends by itself is reported', async () => {
    const log = path.join(tmp, 'played.log');
    const file = executable(path.join(tmp, 'bin'), 'play', '#!/bin/sh\necho "$*" >> ' + JSON.stringify(log) + '\nexec sleep 0.3\n');
    const player: SystemPlayer = { name: 'play', file: file, args: (clip, volume) => ['-v', volume.toFixed(2), clip] };
    const clips = path.join(tmp, 'clips');
    for (const track of ['005', '006', '007']) executable(path.join(clips, '02'), track + '.wav', 'RIFF');
    let dir: string | null = null;
    const clipPlayer = createSystemClipPlayer(player, () => dir);
    const ended: number[] = [];
    const started = Date.now();
    clipPlayer.onEnded(() => ended.push(Date.now() - started));
    expect(clipPlayer.ready()).toBe(false);
    dir = clips;
    expect(clipPlayer.ready()).toBe(true);

    const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
    clipPlayer.setVolume(0.5);
    clipPlayer.play(2, 5);
    await wait(100);
    clipPlayer.play(2, 6); // cuts 5 short
    await wait(700);
    expect(ended.length).toBe(1); // 6 ended, 5 was not reported
    expect(ended[0]).toBeGreaterThanOrEqual(350);

    clipPlayer.play(2, 7);
    await wait(100);
    clipPlayer.stop();
    await wait(500);
    expect(ended.length).toBe(1); // stopped: not reported

    clipPlayer.play(2, 99); // no such clip: over at once
    await wait(50);
    expect(ended.length).toBe(2);

    const lines = fs.readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toEqual(['-v 0.50 ' + path.join(clips, '02', '005.wav'), '-v 0.50 ' + path.join(clips, '02', '006.wav'), '-v 0.50 ' + path.join(clips, '02', '007.wav')]);
  });
});

describe('--voice in the terminal simulator', () => {
  test('the option, documented in --help', () => {
    expect(parseTerminalArgs(['--voice']).voice).toBe(true);
    expect(parseTerminalArgs([]).voice).toBeUndefined();
    expect(() => parseTerminalArgs(['--voice=ru'])).toThrow('--voice: takes no value');
    expect(USAGE).toContain('--voice');
    expect(USAGE).toContain('apt-get install espeak-ng sox');
  });

  test('a session with a voice: the runtime says "paused" and "resumed" with its clips', () => {
    jest.useFakeTimers();
    try {
      const played: string[] = [];
      let ended: (() => void) | undefined;
      const fake: ClipPlayer & { ready(): boolean } = {
        play: (folder, track) => {
          played.push(folder + '/' + track);
          setTimeout(() => ended && ended(), 300);
        },
        stop: () => undefined,
        onEnded: (handler) => {
          ended = handler;
        },
        setVolume: () => undefined,
        ready: () => true,
      };
      const sounds: string[] = [];
      const session = startSession(
        { board: 'esp32-lcd1602', storage: new MemoryStorage(), storageName: 'memory', hostNowMs: () => Date.now(), control: parsePerSideNotation('10m'), voice: fake },
        { frame: () => undefined, line: () => undefined, sound: (name) => sounds.push(name), status: () => undefined, quit: () => undefined },
      );
      try {
        session.key('l');
        jest.advanceTimersByTime(1000);
        session.key(' ');
        jest.advanceTimersByTime(3000);
        expect(session.runtime.view().status).toBe('paused');
        session.key('r');
        jest.advanceTimersByTime(5000);
        expect(session.runtime.view().status).toBe('running');
        expect(played).toEqual(['1/207', '1/210']); // Russian, the default voice: paused, resumed
      } finally {
        session.close();
      }
    } finally {
      jest.useRealTimers();
    }
  });
});
