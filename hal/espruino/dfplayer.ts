/**
 * The DFPlayer Mini voice module (UART at 9600 baud, 8N1), as a clip player for firmware/sound/voice-queue.ts. It plays
 * the card's clips by folder and track and, wired both ways, says when a clip ended, so clips follow each other
 * without the clock guessing their lengths.
 *
 * Every message, both ways, is one frame of ten bytes (the module's datasheet, "serial communication format"):
 *   0x7E start · 0xFF version · 0x06 length · command · feedback (0: no acknowledgement asked) · parameter high ·
 *   parameter low · checksum high · checksum low · 0xEF end,
 * the checksum being the 16-bit two's complement of the sum of the six bytes from version to parameter low.
 * Commands sent: 0x0F play track (parameter: folder 1–99 high, track 1–255 low), 0x16 stop, 0x06 volume (0–30),
 * 0x42 query status. Frames received: 0x3D a track of the card ended (the module sends it twice: the second is
 * ignored, no clip being played), 0x3F the module came up (at power-on), 0x40 an error, 0x41/0x42 replies. Any
 * well-formed frame from the module means one is fitted: until then `ready` is false and the buzzer plays.
 *
 * Until then the volume and a clip asked for are kept (the last clip only) and sent when the module answers: "game restored" is
 * asked for at boot, while the module still starts.
 *
 * The port is a parameter (Espruino's `Serial2`, set up by the caller; the console board's recording port), so the
 * driver uses no globals and a test passes a recording port.
 */
import { ClipPlayer } from '../hal';

/** The part of an Espruino serial port the driver uses. */
export interface SerialPort {
  write(data: number[]): void;
  /** Bytes from the module, as Espruino's `Serial.on('data')` gives them: a string of byte-sized characters. */
  on(event: 'data', handler: (data: string) => void): void;
}

export const DFPLAYER_BAUD = 9600;
const START = 0x7e;
const VERSION = 0xff;
const LENGTH = 0x06;
const END = 0xef;
export const DFPLAYER_PLAY_FOLDER_TRACK = 0x0f;
export const DFPLAYER_STOP = 0x16;
export const DFPLAYER_VOLUME = 0x06;
export const DFPLAYER_QUERY_STATUS = 0x42;
const CARD_TRACK_ENDED = 0x3d;
/** The module's volume scale: 0–30. */
const MAX_VOLUME = 30;

/** The ten bytes of one command frame. */
export function dfplayerFrame(command: number, parameter: number): number[] {
  const high = (parameter >> 8) & 0xff;
  const low = parameter & 0xff;
  const checksum = (0x10000 - (VERSION + LENGTH + command + high + low)) & 0xffff;
  return [START, VERSION, LENGTH, command, 0, high, low, (checksum >> 8) & 0xff, checksum & 0xff, END];
}

/** The command of a received frame when it is well formed (start, version, length, checksum, end), else -1. */
export function frameCommand(bytes: number[]): number {
  if (bytes.length !== 10 || bytes[0] !== START || bytes[1] !== VERSION || bytes[2] !== LENGTH || bytes[9] !== END) return -1;
  const sum = bytes[1] + bytes[2] + bytes[3] + bytes[4] + bytes[5] + bytes[6];
  return ((sum + ((bytes[7] << 8) | bytes[8])) & 0xffff) === 0 ? bytes[3] : -1;
}

export function createDfPlayer(port: SerialPort): ClipPlayer {
  let fitted = false;
  let playing = false;
  /** A clip asked for before the module answered (it needs a second or two after power-on): played when it does. */
  let early = -1;
  /** The volume last asked for (0–30), sent again when the module answers; -1: none yet. */
  let volume = -1;
  let ended: () => void = () => undefined;
  /** Bytes of a frame being received (a frame may come in several pieces). */
  let received: number[] = [];

  function send(command: number, parameter: number): void {
    port.write(dfplayerFrame(command, parameter));
  }

  function frameIn(bytes: number[]): void {
    const command = frameCommand(bytes);
    if (command < 0) return;
    if (!fitted) {
      fitted = true;
      if (volume >= 0) send(DFPLAYER_VOLUME, volume);
      if (early >= 0) send(DFPLAYER_PLAY_FOLDER_TRACK, early);
      early = -1;
    }
    if (command === CARD_TRACK_ENDED && playing) {
      playing = false;
      ended();
    }
  }

  port.on('data', (data) => {
    for (let i = 0; i < data.length; i++) {
      const byte = data.charCodeAt(i) & 0xff;
      // A frame starts only at a start byte: noise before it is skipped.
      if (received.length === 0 && byte !== START) continue;
      received.push(byte);
      if (received.length === 10) {
        frameIn(received);
        received = [];
      }
    }
  });
  // Asks whether a module is there; one that powers up with the board also says so itself (0x3F) when ready.
  send(DFPLAYER_QUERY_STATUS, 0);

  return {
    play(folder, track) {
      playing = true;
      const parameter = ((folder & 0xff) << 8) | (track & 0xff);
      if (fitted) send(DFPLAYER_PLAY_FOLDER_TRACK, parameter);
      else early = parameter;
    },
    stop() {
      playing = false;
      early = -1;
      send(DFPLAYER_STOP, 0);
    },
    onEnded(handler) {
      ended = handler;
    },
    setVolume(level) {
      volume = Math.round((level > 1 ? 1 : level > 0 ? level : 0) * MAX_VOLUME);
      if (fitted) send(DFPLAYER_VOLUME, volume);
    },
    ready: () => fitted,
  };
}
