/**
 * The voice on the real interpreter (espruino-12k, the console board's bundle booted from Storage): the board's
 * recording serial port prints every frame the DFPlayer driver sends, with the board's clock. Once the module has
 * answered (typed in as its bytes), a byo-yomi game sends "overtime", "15", "10", "5" … "1" and the flag as
 * play-folder-track frames (command 0x0F) at their instants; until then the buzzer plays them. The board runs on
 * virtual time (sim/espruino/virtual-time.ts): the module's answer and the presses are a script, and the instants the
 * port prints are the script's, whatever else the machine is doing.
 */
import { transcriptOf } from '../../sim/espruino/console-board';
import { flashImage } from '../../sim/espruino/flash-image';
import { handsSteps, playVirtual, ScriptStep, VirtualRun } from '../../sim/espruino/virtual-time';
import { Hands } from '../../sim/hands';
import { Settings } from '../../firmware/storage/settings';
import { settingsFor } from './twin';
import { describeOnEspruino, expectCleanRun, GAME_TIMEOUT_MS } from './support';
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

/**
 * Boots the console board with `settings` stored and plays `hands` from 1 s after the boot, `module` (when given)
 * answering at 0.3 s; returns the run's output and transcript once the hands are done, after checking nothing failed.
 */
async function playVoice(settings: Settings, hands: Hands, module: boolean): Promise<{ output: string; out: string[] }> {
  const steps: ScriptStep[] = module ? [{ atMs: 1300, code: 'dfplayer(' + MODULE_ONLINE + ');' }] : [];
  const image = await flashImage('console');
  const run: VirtualRun = await playVirtual(image, steps.concat(handsSteps(hands, 1000)), 1000 + hands.atMs, { settingsText: JSON.stringify(settings) });
  expectCleanRun(run);
  return { output: run.output, out: transcriptOf(run.output) };
}

describeOnEspruino('the voice on the interpreter: DFPlayer frames at the count instants', () => {
  it('byo-yomi 1 s + 1x30 s, ru count in English: overtime, 15, 10, 5 … 1, the flag', async () => {
    const settings = Object.assign(settingsFor({ system: 'byoyomi', mainMs: 1000, periods: 1, periodMs: 30000 }, { announce: 'ru' }), { voice: 'en' });
    const { output, out } = await playVoice(settings, new Hands().wait(600).tap('right').wait(32500), true);
    const frames = framesSent(output);
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
    // Instants from the start of overtime (White's press at 1.6 s, Black's 1 s of main time), the counts at 15, 10,
    // 5 … 1 s left of the 30 s period, the flag at its end. On virtual time a wake-up takes no time, so each frame is
    // sent at its very instant (on a device, within a wake-up's cost of it).
    const due = [0, CLIP_FALLBACK_MS, 15000, 20000, 25000, 26000, 27000, 28000, 29000, 30000];
    expect(plays.map((f) => f.atMs)).toEqual(due.map((ms) => 2600 + ms));
    // The voice said them: no buzzer line for any count (the flag is said too).
    expect(out.filter((item) => /^buzzer:/.test(item))).toEqual([]);
  });

  it('without an answer from the module, the buzzer plays and no clip is sent', async () => {
    const settings = settingsFor({ system: 'byoyomi', mainMs: 500, periods: 1, periodMs: 3000 }, { announce: 'ru' });
    const { output, out } = await playVoice(settings, new Hands().wait(300).tap('right').wait(4500), false);
    expect(framesSent(output).map((f) => f.bytes[3])).toEqual([0x42]);
    expect(out.filter((item) => /^buzzer:/.test(item)).length).toBeGreaterThanOrEqual(4); // overtime, 2, 1, the flag
  });
});
