/**
 * `npm run voice -- --lang ru --out DIR`: renders the voice module's clips (scripts/voice-words.ts) with espeak-ng,
 * trimmed of leading and trailing silence with sox, into the folders the DFPlayer Mini reads: DIR/01/001.wav …
 * (folder = VOICE_FOLDERS[language], track = firmware/sound/voice-clips.ts). WAV, 16-bit mono 22050 Hz.
 *
 *   npm run voice -- --lang ru --out /media/sdcard       one language
 *   npm run voice -- --lang all --out clips              all three (or --lang ru --lang ja)
 *
 * The simulators render the same clips into .cache/voice/ (sim/voice-cache.ts). espeak-ng and sox are spawned
 * with argument arrays, never through a shell.
 */
import { spawn, spawnSync } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { VOICE_FOLDERS, VOICE_WORDS, VoiceLanguage } from '../firmware/sound/voice-clips';
import { allTracks, isNumberTrack, LANGUAGE_WORDS, trackText, VOICE_LANGUAGES } from './voice-words';

export const SAMPLE_RATE = 22050;
/** sox's silence effect: what is quieter than this (espeak-ng's silence is digital zero) is cut at both ends. */
const SILENCE_THRESHOLD = '0.1%';
/** Bumped when the rendering changes, so that cached clips are rendered again (sim/voice-cache.ts). */
const RENDER_VERSION = 1;

/** DIR/01/001.wav */
export function clipPath(dir: string, folder: number, track: number): string {
  return path.join(dir, String(folder).padStart(2, '0'), String(track).padStart(3, '0') + '.wav');
}

/** What the page asks the server for: "/voice/01/001.wav". */
export function clipUrlPath(folder: number, track: number): string {
  return '/voice/' + String(folder).padStart(2, '0') + '/' + String(track).padStart(3, '0') + '.wav';
}

/** The tools the renderer needs, with the Debian/Ubuntu package of each. */
const TOOLS: { command: string; args: string[]; apt: string }[] = [
  { command: 'espeak-ng', args: ['--version'], apt: 'espeak-ng' },
  { command: 'sox', args: ['--version'], apt: 'sox' },
];

/** Null when espeak-ng and sox can be run, else what is missing and how to install it. */
export function missingTools(): string | null {
  const missing: typeof TOOLS = [];
  for (const tool of TOOLS) {
    const run = spawnSync(tool.command, tool.args, { stdio: 'ignore' });
    if (run.error || run.status !== 0) missing.push(tool);
  }
  if (missing.length === 0) return null;
  return (
    missing.map((t) => t.command).join(' and ') + ' not found: install ' + (missing.length === 1 ? 'it' : 'them') +
    ' (Debian/Ubuntu: sudo apt-get install ' + missing.map((t) => t.apt).join(' ') + ')'
  );
}

/** espeak-ng's version line, part of the cache's fingerprint (another version speaks differently). */
function espeakVersion(): string {
  const run = spawnSync('espeak-ng', ['--version'], { encoding: 'utf8' });
  return run.error ? '' : String(run.stdout).trim();
}

/** A hash of everything a clip is made from: the words, the speeds, the tracks, espeak-ng's version. */
export function voiceFingerprint(): string {
  const text = JSON.stringify({ v: RENDER_VERSION, words: LANGUAGE_WORDS, tracks: VOICE_WORDS, folders: VOICE_FOLDERS, espeak: espeakVersion() });
  return crypto.createHash('sha256').update(text).digest('hex').substring(0, 12);
}

export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** PCM samples per channel. */
  frames: number;
  seconds: number;
}

/** The format and length of a PCM WAV file; throws when it is not one. */
export function readWavInfo(data: Buffer): WavInfo {
  if (data.length < 12 || data.toString('ascii', 0, 4) !== 'RIFF' || data.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let format: { channels: number; sampleRate: number; bitsPerSample: number } | null = null;
  let offset = 12;
  while (offset + 8 <= data.length) {
    const id = data.toString('ascii', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > data.length) throw new Error('short fmt chunk');
      const tag = data.readUInt16LE(body);
      if (tag !== 1 && tag !== 0xfffe) throw new Error('not PCM (format ' + tag + ')');
      format = { channels: data.readUInt16LE(body + 2), sampleRate: data.readUInt32LE(body + 4), bitsPerSample: data.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format) throw new Error('data before fmt');
      if (body + size > data.length) throw new Error('data chunk longer than the file');
      const frames = Math.floor(size / (format.channels * (format.bitsPerSample / 8)));
      return Object.assign({}, format, { frames: frames, seconds: frames / format.sampleRate });
    }
    offset = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}

function run(command: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], signal: signal });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(command + ': ' + error.message)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(command + ' ' + (signal ? 'killed by ' + signal : 'exited with ' + code) + (stderr.trim() ? ': ' + stderr.trim() : '')));
    });
  });
}

/** Renders one clip: espeak-ng into a temporary file, then sox trims it into `file`. */
export async function renderClip(language: VoiceLanguage, track: number, file: string, signal?: AbortSignal): Promise<WavInfo> {
  const text = trackText(language, track);
  if (text === null) throw new Error(language + ': no words for track ' + track);
  const words = LANGUAGE_WORDS[language];
  const speed = track >= 100 && isNumberTrack(track) ? words.bigNumberSpeed : isNumberTrack(track) ? words.numberSpeed : words.wordSpeed;
  const raw = file + '.espeak.wav';
  try {
    await run('espeak-ng', ['-v', words.espeakVoice, '-s', String(speed), '-z', '-w', raw, text], signal);
    await run('sox', [
      raw, '-r', String(SAMPLE_RATE), '-b', '16', '-c', '1', file,
      'silence', '1', '0.005', SILENCE_THRESHOLD, 'reverse', 'silence', '1', '0.005', SILENCE_THRESHOLD, 'reverse', 'norm', '-1',
    ], signal);
  } finally {
    fs.rmSync(raw, { force: true });
  }
  const info = readWavInfo(fs.readFileSync(file));
  if (info.frames === 0) throw new Error(language + ' track ' + track + ' ("' + text + '"): the clip is empty');
  return info;
}

export interface RenderOptions {
  languages: VoiceLanguage[];
  outDir: string;
  /** Clips rendered at once; default the number of CPUs, at most 4. */
  jobs?: number;
  /** After each clip. */
  progress?: (done: number, total: number) => void;
  /** Stops the rendering (the clips being made are killed); renderClips then throws. */
  signal?: AbortSignal;
}

export interface RenderedClip {
  language: VoiceLanguage;
  track: number;
  file: string;
  text: string;
  seconds: number;
}

export interface RenderResult {
  clips: RenderedClip[];
  ms: number;
}

/**
 * mkdir -p. Not fs.mkdirSync's `recursive`: in a folder where mkdir says ENOENT although the parent is there
 * (/proc), Node 20's loops for ever.
 */
function makeDir(dir: string): void {
  try {
    fs.mkdirSync(dir);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      if (!fs.statSync(dir).isDirectory()) throw new Error(dir + ' is not a folder');
      return;
    }
    if (code !== 'ENOENT' || path.dirname(dir) === dir) throw error;
  }
  makeDir(path.dirname(dir));
  fs.mkdirSync(dir);
}

/** Throws a clear error when `dir` cannot be created or written. */
export function checkWritable(dir: string): void {
  try {
    makeDir(path.resolve(dir));
    const probe = path.join(dir, '.goclock-voice-probe-' + process.pid);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    throw new Error('cannot write to ' + dir + ': ' + (error as Error).message);
  }
}

/** Renders every clip of `languages` into `outDir`/FF/TTT.wav. */
export async function renderClips(options: RenderOptions): Promise<RenderResult> {
  const started = Date.now();
  checkWritable(options.outDir);
  const todo: { language: VoiceLanguage; track: number; file: string }[] = [];
  for (const language of options.languages) {
    makeDir(path.dirname(clipPath(options.outDir, VOICE_FOLDERS[language], 1)));
    for (const track of allTracks()) todo.push({ language: language, track: track, file: clipPath(options.outDir, VOICE_FOLDERS[language], track) });
  }
  const jobs = Math.max(1, Math.min(options.jobs || os.cpus().length, 4));
  const clips: RenderedClip[] = new Array(todo.length);
  let next = 0;
  let done = 0;
  let failed: Error | null = null;
  async function worker(): Promise<void> {
    while (next < todo.length && failed === null && !(options.signal && options.signal.aborted)) {
      const i = next++;
      const clip = todo[i];
      try {
        const info = await renderClip(clip.language, clip.track, clip.file, options.signal);
        clips[i] = { language: clip.language, track: clip.track, file: clip.file, text: trackText(clip.language, clip.track) as string, seconds: info.seconds };
      } catch (error) {
        failed = failed || (error as Error);
      }
      done++;
      if (options.progress) options.progress(done, todo.length);
    }
  }
  const workers: Promise<void>[] = [];
  for (let i = 0; i < jobs; i++) workers.push(worker());
  await Promise.all(workers);
  if (failed) throw failed;
  if (options.signal && options.signal.aborted) throw new Error('rendering stopped');
  return { clips: clips, ms: Date.now() - started };
}

export const USAGE =
  'usage: npm run voice -- --lang LANG --out DIR [--jobs N]\n' +
  '  renders the voice module\'s clips with espeak-ng and sox into DIR/FF/TTT.wav, the DFPlayer Mini\'s layout\n' +
  '  (folders ' + VOICE_LANGUAGES.map((l) => String(VOICE_FOLDERS[l]).padStart(2, '0') + ' ' + l).join(', ') + '; copy them to the root of a FAT32 card)\n' +
  '  --lang LANG   ' + VOICE_LANGUAGES.join(', ') + ' or all; repeat it or separate with commas for several\n' +
  '  --out DIR     where to write (created if missing)\n' +
  '  --jobs N      clips rendered at once (default: the number of CPUs, at most 4)\n' +
  '  --help, -h    this text\n' +
  'needs espeak-ng and sox (Debian/Ubuntu: sudo apt-get install espeak-ng sox)\n';

export interface VoiceArgs {
  help: boolean;
  languages: VoiceLanguage[];
  outDir?: string;
  jobs?: number;
}

export function parseVoiceArgs(argv: string[]): VoiceArgs {
  const args: VoiceArgs = { help: false, languages: [] };
  for (let i = 0; i < argv.length; i++) {
    let option = argv[i];
    let value: string | undefined;
    const eq = option.indexOf('=');
    if (option.startsWith('--') && eq > 0) {
      value = option.substring(eq + 1);
      option = option.substring(0, eq);
    }
    if (option === '--help' || option === '-h') {
      args.help = true;
      continue;
    }
    if (option !== '--lang' && option !== '--out' && option !== '--jobs') throw new Error('unknown option ' + JSON.stringify(argv[i]));
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new Error(option + ' needs a value');
      value = argv[++i];
    }
    if (option === '--lang') {
      for (const name of value.split(',')) {
        const language = name.trim();
        if (language === 'all') args.languages.push(...VOICE_LANGUAGES);
        else if ((VOICE_LANGUAGES as string[]).indexOf(language) >= 0) args.languages.push(language as VoiceLanguage);
        else throw new Error('--lang: unknown language ' + JSON.stringify(language) + ' (languages: ' + VOICE_LANGUAGES.join(', ') + ', all)');
      }
    } else if (option === '--out') {
      if (value === '') throw new Error('--out needs a folder');
      args.outDir = value;
    } else {
      const jobs = Number(value);
      if (!/^\d+$/.test(value) || jobs < 1) throw new Error('--jobs: a whole number from 1 (got ' + JSON.stringify(value) + ')');
      args.jobs = jobs;
    }
  }
  args.languages = args.languages.filter((language, i) => args.languages.indexOf(language) === i);
  return args;
}

export async function main(argv: string[]): Promise<number> {
  let args: VoiceArgs;
  try {
    args = parseVoiceArgs(argv);
    if (!args.help && args.languages.length === 0) throw new Error('--lang is needed');
    if (!args.help && !args.outDir) throw new Error('--out is needed');
  } catch (error) {
    process.stderr.write('goclock voice: ' + (error as Error).message + '\n' + USAGE);
    return 2;
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const missing = missingTools();
  if (missing) {
    process.stderr.write('goclock voice: ' + missing + '\n');
    return 1;
  }
  // Absolute: a path is always a path, never an option of espeak-ng or sox ("--out -x").
  const outDir = path.resolve(args.outDir as string);
  try {
    checkWritable(outDir);
  } catch (error) {
    process.stderr.write('goclock voice: ' + (error as Error).message + '\n');
    return 1;
  }
  const tty = process.stderr.isTTY === true;
  const result = await renderClips({
    languages: args.languages,
    outDir: outDir,
    jobs: args.jobs,
    progress: (done, total) => {
      if (tty) process.stderr.write('\rrendering ' + done + '/' + total + (done === total ? '\n' : ''));
    },
  });
  for (const language of args.languages) {
    const clips = result.clips.filter((c) => c.language === language);
    const longest = (list: RenderedClip[]): RenderedClip => list.reduce((a, b) => (b.seconds > a.seconds ? b : a));
    const count = longest(clips.filter((c) => c.track <= 10));
    const word = longest(clips.filter((c) => !isNumberTrack(c.track)));
    process.stdout.write(
      language + ': ' + clips.length + ' clips in ' + path.dirname(clips[0].file) + '; longest of 1–10 "' + count.text + '" ' +
        count.seconds.toFixed(2) + ' s, longest word "' + word.text + '" ' + word.seconds.toFixed(2) + ' s\n',
    );
  }
  process.stdout.write('rendered ' + result.clips.length + ' clips in ' + (result.ms / 1000).toFixed(1) + ' s\n');
  return 0;
}

if (typeof require !== 'undefined' && require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: Error) => {
      process.stderr.write('goclock voice: ' + error.message + '\n');
      process.exitCode = 1;
    },
  );
}
