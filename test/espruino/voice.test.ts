/**
 * The voice on the real interpreter (espruino-12k, the console board's bundle booted from Storage): the board's
 * recording serial port prints every frame the DFPlayer driver sends, with the board's clock. Once the module has
 * answered (typed in as its bytes), a byo-yomi game sends "overtime", "15", "10", "5" … "1" and the flag as
 * play-folder-track frames (command 0x0F) at their instants, never before and at most a wake-up's cost after; until
 * then the buzzer plays them.
 */
import { ConsoleBoard } from '../../sim/espruino/console-board';
import { Hands } from '../../sim/hands';
import { settingsFor } from './twin';
import { describeOnEspruino, GAME_TIMEOUT_MS } from './support';
import { VOICE_FOLDERS, VOICE_WORDS } from '../../firmware/sound/voice-clips';
import { CLIP_FALLBACK_MS } from '../../firmware/sound/voice-queue';

jest.setTimeout(2 * GAME_TIMEOUT_MS);

interface Frame {
  atMs: number;
  bytes: number[];
}

/** The frames the recording port printed: "dfplayer <ms>: 7E FF 06 …". */
function framesSent(output: string): Frame[] {
  const frames: Frame[] = [];
  const pattern = /^dfplayer (\d+):((?: [0-9A-F]{2})+)\r?$/gm;
  let m: RegExpExecArray | null;
  while ((m = pattern.exec(output)) !== null) frames.push({ atMs: Number(m[1]), bytes: m[2].trim().split(' ').map((h) => parseInt(h, 16)) });
  return frames;
}

/** The datasheet's checksum, computed here independently of the driver. */
function checksumOk(bytes: number[]): boolean {
  const sum = bytes.slice(1, 7).reduce((a, b) => a + b, 0);
  return bytes.length === 10 && bytes[0] === 0x7e && bytes[1] === 0xff && bytes[2] === 6 && bytes[4] === 0 && bytes[9] === 0xef && ((bytes[7] << 8) | bytes[8]) === 0x10000 - sum;
}

/** The module's "I am up, with a card" report at power-on (0x3F, parameter 2). */
const MODULE_ONLINE = '[0x7E,0xFF,0x06,0x3F,0x00,0x00,0x02,0xFE,0xBA,0xEF]';

describeOnEspruino('the voice on the interpreter: DFPlayer frames at the count instants', () => {
  it('byo-yomi 1 s + 1x30 s, ru count in English: overtime, 15, 10, 5 … 1, the flag', async () => {
    const settings = Object.assign(settingsFor({ system: 'byoyomi', mainMs: 1000, periods: 1, periodMs: 30000 }, { announce: 'ru' }), { voice: 'en' });
    const board = await ConsoleBoard.start({ settings: settings });
    try {
      await board.wait(300);
      board.send('dfplayer(' + MODULE_ONLINE + ');');
      const out = await board.play(new Hands().wait(300).tap('right').wait(32500), 60000);
      expect(board.failures()).toEqual([]);
      const frames = framesSent(board.runOutput());
      expect(frames.every((f) => checksumOk(f.bytes))).toBe(true);
      // First the status query at boot, then the volume (0.5 of 30) once the module answered.
      expect(frames[0].bytes[3]).toBe(0x42);
      expect(frames[1].bytes.slice(3, 7)).toEqual([0x06, 0, 0, 15]);
      const plays = frames.filter((f) => f.bytes[3] === 0x0f);
      expect(plays.map((f) => f.bytes[5])).toEqual(plays.map(() => VOICE_FOLDERS.en));
      const w = VOICE_WORDS;
      // One period: it is the last, said once "overtime" has been said (the console's module reports no clip's end, so
      // the queue takes it as ended after CLIP_FALLBACK_MS).
      expect(plays.map((f) => f.bytes[6])).toEqual([w.overtime, w['last period'], 15, 10, 5, 4, 3, 2, 1, w.flag]);
      // Instants from the start of overtime, X: the counts at 15, 10, 5 … 1 s left of the 30 s period, the flag at its
      // end. Each frame is sent at or a little after its instant (X + due), so X is at most the least of (sent - due),
      // and every frame is within a wake-up's cost of that one time line.
      const due = [0, CLIP_FALLBACK_MS, 15000, 20000, 25000, 26000, 27000, 28000, 29000, 30000];
      const x = Math.min(...plays.map((f, i) => f.atMs - due[i]));
      expect(plays.map((f, i) => f.atMs - due[i] - x).filter((late) => late >= 250)).toEqual([]);
      // The voice said them: no buzzer line for any count (the flag is said too).
      expect(out.filter((item) => /^buzzer:/.test(item))).toEqual([]);
    } finally {
      await board.stop();
    }
  });

  it('without an answer from the module, the buzzer plays and no clip is sent', async () => {
    const settings = settingsFor({ system: 'byoyomi', mainMs: 500, periods: 1, periodMs: 3000 }, { announce: 'ru' });
    const board = await ConsoleBoard.start({ settings: settings });
    try {
      const out = await board.play(new Hands().wait(300).tap('right').wait(4500), 60000);
      expect(board.failures()).toEqual([]);
      expect(framesSent(board.runOutput()).map((f) => f.bytes[3])).toEqual([0x42]);
      expect(out.filter((item) => /^buzzer:/.test(item)).length).toBeGreaterThanOrEqual(4); // overtime, 2, 1, the flag
    } finally {
      await board.stop();
    }
  });
});
