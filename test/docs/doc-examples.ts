/**
 * The examples of README.md and docs/*.md, found and made again from reality, so the docs cannot drift.
 *
 * An example is an HTML comment on its own line, then (the next line that is not blank) a fenced block:
 *
 *   <!-- example: KIND ARGS -->
 *   ```json
 *   …what reality gives…
 *   ```
 *
 * Kinds (ARGS are separated by spaces; paths are from the repository's root):
 *   file PATH                  the file's contents (a scenario, a golden screen)
 *   report PATH [FIELD …]      the scripted simulator's report on the scenario PATH, as `npm run sim -- --script PATH`
 *                              prints it; with FIELDs only those top-level fields, in that order
 *   record PATH sgf|csv        the game's record of the scenario PATH, as `npm run sim -- --script PATH --record x.sgf`
 *                              writes it
 *   command                    the block's first line is `$ COMMAND`; the rest is what it prints (stdout, then
 *                              stderr), and `(exit status N)` as the last line when it is not 0
 *   frame lcd NAME …           golden frames of the 16x2 LCD (test/display/frames.ts, the frames test/display/lcd.test.ts
 *                              checks), each row between bars, the glyphs as the terminal simulator draws them
 *   table notation             (a Markdown table right after the marker, no fence, up to a blank line) the button
 *                              notation and each simulator's keys, sim/button-notation.ts notationMarkdown
 *   frame console HANDS …      the last frame the console board prints on the real Espruino interpreter after a fresh
 *                              boot (default settings) and HANDS: `left`, `right`, `both:MS`, `wait:MS`, `hold-left:MS`
 *
 * `UPDATE_DOCS=1 npx jest test/docs` (`npm run docs:update`) writes every block from reality instead of comparing.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

export const ROOT = path.join(__dirname, '..', '..');

export interface Example {
  /** The doc, relative to ROOT. */
  doc: string;
  /** 1-based line of the marker. */
  line: number;
  kind: string;
  args: string[];
  /** The fence's first line (``` and its language). */
  fence: string;
  /** The block's text between the fences, each line ending in "\n". */
  body: string;
  /** Offsets in the doc's text of the body (start) and of the closing fence (end). */
  start: number;
  end: number;
}

const MARKER = /^<!-- example: ([a-z]+)((?: [^ ]+)*) -->$/;

/** The docs examples live in: README.md and every docs/*.md. */
export function docFiles(): string[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort();
  return ['README.md'].concat(docs.map((f) => 'docs/' + f));
}

/** Every marked example of `text` (the doc `doc`); a marker without its block, or malformed, throws. */
export function examplesIn(doc: string, text: string): Example[] {
  const examples: Example[] = [];
  const lines = text.split('\n');
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('<!-- example')) continue;
    const m = MARKER.exec(lines[i]);
    if (m === null) throw new Error(doc + ':' + (i + 1) + ': a malformed example marker: ' + lines[i]);
    if (m[1] === 'table') {
      // A Markdown table, not fenced: the lines right after the marker, up to the first blank line.
      let last = i + 1;
      while (last < lines.length && lines[last].startsWith('|')) last++;
      if (last === i + 1 || (last < lines.length && lines[last] !== '')) {
        throw new Error(doc + ':' + (i + 1) + ': a table example marker must be followed by a Markdown table, then a blank line');
      }
      examples.push({
        doc: doc, line: i + 1, kind: m[1], args: m[2].trim() === '' ? [] : m[2].trim().split(' '), fence: '',
        body: text.slice(offsets[i + 1], offsets[last]), start: offsets[i + 1], end: offsets[last],
      });
      i = last;
      continue;
    }
    let open = i + 1;
    while (open < lines.length && lines[open].trim() === '') open++;
    if (open >= lines.length || !/^```[a-z]*$/.test(lines[open])) {
      throw new Error(doc + ':' + (i + 1) + ': an example marker must be followed by a fenced block (```)');
    }
    let close = open + 1;
    while (close < lines.length && lines[close] !== '```') close++;
    if (close >= lines.length) throw new Error(doc + ':' + (open + 1) + ': the example block is never closed');
    const start = offsets[open + 1];
    const end = offsets[close];
    examples.push({
      doc: doc,
      line: i + 1,
      kind: m[1],
      args: m[2].trim() === '' ? [] : m[2].trim().split(' '),
      fence: lines[open],
      body: text.slice(start, end),
      start: start,
      end: end,
    });
    i = close;
  }
  return examples;
}

/** `text` with each example's body replaced by `bodies[i]` (the examples of that same text, in order). */
export function rewritten(text: string, examples: Example[], bodies: string[]): string {
  let out = '';
  let at = 0;
  examples.forEach((example, i) => {
    out += text.slice(at, example.start) + bodies[i];
    at = example.end;
  });
  return out + text.slice(at);
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : text + '\n';
}

function repoFile(file: string): string {
  const full = path.join(ROOT, file);
  if (!fs.existsSync(full)) throw new Error('no file ' + file);
  return fs.readFileSync(full, 'utf8');
}

// ---- The kinds ----

export function fileExample(args: string[]): string {
  if (args.length !== 1) throw new Error('file takes one path');
  return withNewline(repoFile(args[0]));
}

/** Exactly what `npm run sim -- --script PATH` prints (sim/cli.ts), or its fields `fields`. */
export function reportExample(args: string[]): string {
  if (args.length < 1) throw new Error('report takes a scenario path and optional fields');
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { parseScenario, runChecked } = require('../../sim/scenario');
  const report = runChecked(parseScenario(repoFile(args[0])));
  if (args.length === 1) return JSON.stringify(report, null, 2) + '\n';
  const picked: { [key: string]: unknown } = {};
  for (const field of args.slice(1)) {
    if (!(field in report)) throw new Error('the report has no field ' + field);
    picked[field] = report[field];
  }
  return JSON.stringify(picked, null, 2) + '\n';
}

/** Exactly what `npm run sim -- --script PATH --record game.sgf` writes (sim/cli.ts writeRecord). */
export function recordExample(args: string[]): string {
  if (args.length !== 2 || (args[1] !== 'sgf' && args[1] !== 'csv')) throw new Error('record takes a scenario path and sgf or csv');
  /* eslint-disable @typescript-eslint/no-var-requires */
  const { parseScenario, runChecked } = require('../../sim/scenario');
  const { MemoryStorage } = require('../../sim/virtual-hal');
  const { recordReader } = require('../../firmware/storage/record-store');
  const { exportRecord } = require('../../firmware/storage/record-export');
  /* eslint-enable @typescript-eslint/no-var-requires */
  const storage = new MemoryStorage();
  runChecked(parseScenario(repoFile(args[0])), storage);
  const parts: string[] = [];
  const error = exportRecord(recordReader(storage, 0), args[1], (text: string) => parts.push(text));
  if (error !== null) throw new Error('the record could not be exported: ' + error);
  return withNewline(parts.join(''));
}

/** The command of a `command` example: its block's first line, `$ COMMAND`. */
export function commandOf(example: Example): string {
  const first = example.body.split('\n')[0];
  if (!first.startsWith('$ ')) throw new Error('a command example starts with "$ COMMAND"');
  return first.slice(2);
}

/** `$ COMMAND`, then what it printed, run from the repository's root by sh, as a newcomer's shell would. */
export function commandExample(command: string): string {
  const env = Object.assign({}, process.env, { NO_COLOR: '1', FORCE_COLOR: '0' });
  delete env.UPDATE_DOCS;
  const run = spawnSync('sh', ['-c', '{ ' + command + '\n} 2>&1'], { cwd: ROOT, env: env, encoding: 'utf8', timeout: 120000 });
  if (run.error) throw run.error;
  const output = run.stdout === '' ? '' : withNewline(run.stdout);
  const status = run.status === 0 ? '' : '(exit status ' + run.status + ')\n';
  return '$ ' + command + '\n' + output + status;
}

/** Golden LCD frames by name, as `|row|` lines, frames apart by a blank line. */
export function lcdFrameExample(names: string[]): string {
  if (names.length === 0) throw new Error('frame lcd takes frame names');
  /* eslint-disable @typescript-eslint/no-var-requires */
  const { frames } = require('../display/frames');
  const { renderLcd } = require('../../firmware/display/render-lcd');
  const { lcdRowText } = require('../../sim/terminal/terminal-draw');
  /* eslint-enable @typescript-eslint/no-var-requires */
  const all: { name: string; screen: unknown }[] = frames();
  return names.map((name) => {
    const frame = all.find((f) => f.name === name);
    if (!frame) throw new Error('no golden frame ' + name + ' (test/display/frames.ts)');
    return (renderLcd(frame.screen, 16, 2) as string[]).map((row) => '|' + lcdRowText(row) + '|\n').join('');
  }).join('\n');
}

/** The hands of a `frame console` example. */
export function handsOf(tokens: string[]): unknown {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { Hands } = require('../../sim/hands');
  const hands = new Hands();
  for (const token of tokens) {
    const [what, ms] = token.split(':');
    const n = ms === undefined ? NaN : Number(ms);
    if (what === 'left' || what === 'right') hands.tap(what);
    else if (what === 'both' && n > 0) hands.both(n);
    else if (what === 'wait' && n > 0) hands.wait(n);
    else if ((what === 'hold-left' || what === 'hold-right') && n > 0) hands.tap(what.slice(5), n);
    else throw new Error('frame console: unknown hands ' + token);
  }
  return hands;
}

/** A frame as the console board prints it. */
export function consoleFrameText(frame: string): string {
  const rows = frame.split('\n');
  const rule = '+' + '-'.repeat(rows[0].length) + '+\n';
  return rule + rows.map((row) => '|' + row + '|\n').join('') + rule;
}

/** Boots the console board on the interpreter, plays the hands, returns its last frame as printed. */
export async function consoleFrameExample(tokens: string[]): Promise<string> {
  /* eslint-disable @typescript-eslint/no-var-requires */
  const { ConsoleBoard } = require('../../sim/espruino/console-board');
  /* eslint-enable @typescript-eslint/no-var-requires */
  const hands = handsOf(tokens);
  const board = await ConsoleBoard.start();
  try {
    await board.play(hands);
    const failures: string[] = board.failures();
    if (failures.length > 0) throw new Error('the interpreter printed failures: ' + failures.join(' | '));
    return consoleFrameText(board.lastFrame());
  } finally {
    await board.stop();
  }
}

/** What reality gives for `example` (a kind or an argument this file does not know throws). */
export async function expectedBody(example: Example): Promise<string> {
  switch (example.kind) {
    case 'file': return fileExample(example.args);
    case 'report': return reportExample(example.args);
    case 'record': return recordExample(example.args);
    case 'command':
      if (example.args.length !== 0) throw new Error('command takes no arguments: the command is the block\'s first line');
      return commandExample(commandOf(example));
    case 'frame':
      if (example.args[0] === 'lcd') return lcdFrameExample(example.args.slice(1));
      if (example.args[0] === 'console') return consoleFrameExample(example.args.slice(1));
      throw new Error('frame lcd or frame console, not ' + example.args[0]);
    case 'table':
      if (example.args.length === 1 && example.args[0] === 'notation') {
        // eslint-disable-next-line @typescript-eslint/no-var-requires
        return require('../../sim/button-notation').notationMarkdown() + '\n';
      }
      throw new Error('table notation is the only table, not ' + example.args.join(' '));
    default:
      throw new Error('unknown example kind ' + example.kind);
  }
}

// ---- Links and words ----

/** Every relative link target of a Markdown text: `[text](target)` and `![alt](target)`, without its #fragment. */
export function relativeLinks(text: string): string[] {
  const links: string[] = [];
  const pattern = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    links.push(target.split('#')[0]);
  }
  return links;
}

/** Every `#fragment` link of a Markdown text, with the file it points into (the doc itself for `#x`). */
export function fragmentLinks(doc: string, text: string): { file: string; fragment: string }[] {
  const out: { file: string; fragment: string }[] = [];
  const pattern = /\]\(([^)\s]*)#([^)\s]+)\)/g;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (/^[a-z]+:/i.test(m[1])) continue;
    const file = m[1] === '' ? doc : path.normalize(path.join(path.dirname(doc), m[1]));
    out.push({ file: file, fragment: m[2] });
  }
  return out;
}

/** GitHub's anchors of a Markdown text's headings. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen: { [slug: string]: number } = {};
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6} (.*)$/.exec(line);
    if (m === null) continue;
    const slug = m[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen[slug] || 0;
    seen[slug] = n + 1;
    anchors.add(n === 0 ? slug : slug + '-' + n);
  }
  return anchors;
}

/** Words no doc may hold: documents this repository does not have. */
export const FOREIGN_DOCUMENTS = /DESIGN|RULES\.md|\.\.\/shared|shared\/seeds|STYLE\.md/;
