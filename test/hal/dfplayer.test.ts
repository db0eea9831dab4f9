/**
 * The DFPlayer Mini driver against a recording serial port: the exact frames of the module's datasheet (start 0x7E,
 * version 0xFF, length 6, command, feedback 0, parameter, 16-bit two's-complement checksum, end 0xEF), and what it
 * makes of the module's own frames.
 */
import { createDfPlayer, dfplayerFrame, frameCommand, SerialPort } from '../../hal/espruino/dfplayer';

function recordingPort() {
  const written: number[][] = [];
  const listeners: ((data: string) => void)[] = [];
  const port: SerialPort = {
    write: (data) => {
      written.push(data.slice());
    },
    on: (_event, handler) => {
      listeners.push(handler);
    },
  };
  const receive = (bytes: number[]) => listeners.forEach((l) => l(String.fromCharCode.apply(null, bytes)));
  return { port, written, receive };
}

/** The checksum as the datasheet defines it, computed independently of the driver. */
function datasheetFrame(command: number, high: number, low: number): number[] {
  const sum = 0xff + 0x06 + command + 0x00 + high + low;
  const checksum = 0x10000 - sum;
  return [0x7e, 0xff, 0x06, command, 0x00, high, low, checksum >> 8, checksum & 0xff, 0xef];
}

describe('DFPlayer frames', () => {
  it('match the datasheet for every command the driver sends', () => {
    // The datasheet's worked example: play track 1 of folder 01 (0x0F), checksum FE EA.
    expect(dfplayerFrame(0x0f, 0x0101)).toEqual([0x7e, 0xff, 0x06, 0x0f, 0x00, 0x01, 0x01, 0xfe, 0xea, 0xef]);
    for (let folder = 1; folder <= 3; folder++) {
      for (let track = 1; track <= 255; track++) {
        expect(dfplayerFrame(0x0f, (folder << 8) | track)).toEqual(datasheetFrame(0x0f, folder, track));
      }
    }
    for (let volume = 0; volume <= 30; volume++) expect(dfplayerFrame(0x06, volume)).toEqual(datasheetFrame(0x06, 0, volume));
  });

  it('a received frame is read only when whole and checked', () => {
    const ended = datasheetFrame(0x3d, 0x00, 0x0f);
    expect(frameCommand(ended)).toBe(0x3d);
    expect(frameCommand(ended.slice(0, 9))).toBe(-1);
    const corrupt = ended.slice();
    corrupt[6] ^= 1;
    expect(frameCommand(corrupt)).toBe(-1);
    const noEnd = ended.slice();
    noEnd[9] = 0;
    expect(frameCommand(noEnd)).toBe(-1);
  });
});

describe('createDfPlayer', () => {
  it('asks for the status at start, plays by folder and track, sets the volume 0-30, stops', () => {
    const { port, written, receive } = recordingPort();
    const player = createDfPlayer(port);
    expect(written).toEqual([datasheetFrame(0x42, 0, 0)]);
    receive(datasheetFrame(0x42, 0x02, 0x00));
    player.play(2, 203);
    player.setVolume(0.5);
    player.setVolume(7);
    player.setVolume(-1);
    player.stop();
    expect(written.slice(1)).toEqual([
      datasheetFrame(0x0f, 2, 203),
      datasheetFrame(0x06, 0, 15),
      datasheetFrame(0x06, 0, 30),
      datasheetFrame(0x06, 0, 0),
      datasheetFrame(0x16, 0, 0),
    ]);
  });

  it('is ready once the module says anything well formed, even in pieces and after noise', () => {
    const { port, receive } = recordingPort();
    const player = createDfPlayer(port);
    expect(player.ready!()).toBe(false);
    receive([0x00, 0x13]); // line noise at power-on
    const online = datasheetFrame(0x3f, 0x00, 0x02); // the module came up with a card
    receive(online.slice(0, 4));
    expect(player.ready!()).toBe(false);
    receive(online.slice(4));
    expect(player.ready!()).toBe(true);
  });

  it('a clip ended is told once, though the module reports it twice', () => {
    const { port, receive } = recordingPort();
    const player = createDfPlayer(port);
    receive(datasheetFrame(0x3f, 0x00, 0x02));
    let ended = 0;
    player.onEnded(() => ended++);
    player.play(1, 5);
    const report = datasheetFrame(0x3d, 0x00, 0x05);
    receive(report.concat(report));
    expect(ended).toBe(1);
    // A report with nothing playing (after stop) is not an end of anything.
    player.play(1, 4);
    player.stop();
    receive(datasheetFrame(0x3d, 0x00, 0x04));
    expect(ended).toBe(1);
  });

  it('before the module answers, the volume and the last clip asked for wait, and are sent when it does', () => {
    const { port, written, receive } = recordingPort();
    const player = createDfPlayer(port);
    player.setVolume(1);
    player.play(1, 200);
    player.play(1, 208); // "game restored", asked for at boot
    expect(written).toEqual([datasheetFrame(0x42, 0, 0)]);
    receive(datasheetFrame(0x3f, 0x00, 0x02));
    expect(written.slice(1)).toEqual([datasheetFrame(0x06, 0, 30), datasheetFrame(0x0f, 1, 208)]);
    receive(datasheetFrame(0x3f, 0x00, 0x02)); // nothing is sent twice
    expect(written.length).toBe(3);
  });
});
