/**
 * Time controls as people type them on a command line: `60m+5x30s`, `30m+20/5m`, `3m+15s<10m`, `40/2h+20/1h`,
 * and per side for time odds, `B:60m+5x30s W:30m+5x30s`. Parsed into the firmware's TimeControl and checked with
 * its own validator, so a control accepted here is one the clock accepts; anything wrong is one line naming it.
 *
 * Grammar (spaces anywhere between tokens; case does not matter):
 *
 *   game     = control | side ":" control [sep] side ":" control    side = b | black | w | white; sep = / , ;
 *   control  = [system] body [system]
 *   body     = time                               absolute (hourglass with the word)
 *            | [time "+"] count "x" time          byo-yomi: main + periods × period ("×" too; no main = none)
 *            | time "+" count "/" time            Canadian: main + moves / period
 *            | time "+" time [cap]                Fischer (the default), Bronstein or delay with the word
 *            | count "/" time {"+" count "/" time}   stages: moves / time, the last one repeats
 *   cap      = "<" time | "," "max" time          Fischer only
 *   time     = "0" | number unit {number unit}   1h30m, 90s, 1.5s, 2d, 250ms (a whole number of ms)
 *   unit     = d | h | m | min | s | sec | ms
 *   system   = absolute | byoyomi | byo-yomi | japanese | canadian | fischer | bronstein | delay | hourglass | stages
 *
 * describeControl's texts ("60 min + 5×30 s", "3 min + 15 s Fischer, max 10 min") parse too.
 */
import { Stage, TimeControl, GameControl } from '../firmware/clock/control';
import { controlError } from '../firmware/clock/control-validate';
import { PerSide } from '../firmware/clock/side';

const UNIT_MS: { [unit: string]: number } = {
  d: 86400000, h: 3600000, m: 60000, min: 60000, s: 1000, sec: 1000, ms: 1,
};

/** Words naming a system, and the system they name. */
const SYSTEM_WORDS: { [word: string]: TimeControl['system'] } = {
  absolute: 'absolute', byoyomi: 'byoyomi', 'byo-yomi': 'byoyomi', japanese: 'byoyomi', canadian: 'canadian',
  fischer: 'fischer', bronstein: 'bronstein', delay: 'delay', hourglass: 'hourglass', stages: 'stages',
};

const SIDE_WORDS: { [word: string]: 'black' | 'white' } = { b: 'black', black: 'black', w: 'white', white: 'white' };

const EXAMPLES = '10m, 60m+5x30s, 30m+20/5m, 3m+15s, 25m+10s bronstein, 25m+5s delay, 1m hourglass, 40/2h+20/1h';

interface Token {
  kind: 'number' | 'word' | 'symbol';
  text: string;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const rest = text.substring(at);
    const space = /^\s+/.exec(rest);
    const number = /^\d+(\.\d+)?/.exec(rest);
    const word = /^[a-z][a-z-]*/i.exec(rest);
    if (space) at += space[0].length;
    else if (number) {
      tokens.push({ kind: 'number', text: number[0] });
      at += number[0].length;
    } else if (word) {
      const lower = word[0].toLowerCase();
      // "x" is the byo-yomi times sign, not a word ("5x30s").
      tokens.push(lower === 'x' ? { kind: 'symbol', text: 'x' } : { kind: 'word', text: lower });
      at += word[0].length;
    } else if ('+/<,:;\u00d7'.indexOf(rest.charAt(0)) >= 0) {
      tokens.push({ kind: 'symbol', text: rest.charAt(0) === '\u00d7' ? 'x' : rest.charAt(0) });
      at++;
    } else {
      throw new Error('unexpected character "' + rest.charAt(0) + '"');
    }
  }
  return tokens;
}

/** Tokens as text: "60m+5x30s", "3m+15s fischer" (a space before a word that is not a unit). */
function shown(tokens: Token[]): string {
  let text = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const unit = t.kind === 'word' && i > 0 && tokens[i - 1].kind === 'number';
    text += (text !== '' && t.kind === 'word' && !unit ? ' ' : '') + t.text;
  }
  return text;
}

/** A control's terms, split by "+": each a time, a count with "x" and a time, or a count with "/" and a time. */
type Term = { kind: 'time'; ms: number } | { kind: 'periods'; count: number; ms: number } | { kind: 'stage'; count: number; ms: number };

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }

  next(): Token | undefined {
    return this.tokens[this.at++];
  }

  done(): boolean {
    return this.at >= this.tokens.length;
  }

  isSymbol(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t !== undefined && t.kind === 'symbol' && t.text === text;
  }

  /** "where": what comes after the last token read, for messages. */
  where(): string {
    const before = this.tokens.slice(0, this.at);
    return before.length === 0 ? 'at the start' : 'after "' + shown(before) + '"';
  }

  count(): number {
    const t = this.next();
    if (!t || t.kind !== 'number') throw new Error('expected a number ' + this.where());
    if (t.text.indexOf('.') >= 0) throw new Error('"' + t.text + '": a count must be a whole number');
    return Number(t.text);
  }

  /** time = "0" | number unit {number unit}. */
  time(): number {
    const first = this.peek();
    if (first && first.kind === 'word' && !SYSTEM_WORDS.hasOwnProperty(first.text)) {
      throw new Error('unknown word "' + first.text + '" where a time (e.g. 30s) was expected');
    }
    if (!first || first.kind !== 'number') throw new Error('expected a time (e.g. 30s) ' + this.where());
    let ms = 0;
    let text = '';
    while (this.peek() && (this.peek() as Token).kind === 'number') {
      const number = this.next() as Token;
      const unit = this.peek();
      if (!unit || unit.kind !== 'word' || !UNIT_MS.hasOwnProperty(unit.text)) {
        if (number.text === '0' && text === '') return 0;
        if (unit && unit.kind === 'word' && !SYSTEM_WORDS.hasOwnProperty(unit.text) && unit.text !== 'max') {
          throw new Error('"' + number.text + unit.text + '": unknown unit "' + unit.text + '" (units: d, h, m, s, ms)');
        }
        throw new Error('"' + text + number.text + '": a time needs a unit (d, h, m, s or ms), e.g. ' + number.text + 'm');
      }
      this.next();
      text += number.text + unit.text;
      ms += Number(number.text) * UNIT_MS[unit.text];
    }
    const rounded = Math.round(ms);
    if (Math.abs(ms - rounded) > 1e-6) throw new Error('"' + text + '": not a whole number of milliseconds');
    return rounded;
  }

  /** A number followed by "x" or "/" starts a count; a number followed by a unit starts a time. */
  term(): Term {
    if (this.isSymbol('x', 1) || this.isSymbol('/', 1)) {
      const count = this.count();
      const sign = (this.next() as Token).text;
      const ms = this.time();
      return sign === 'x' ? { kind: 'periods', count: count, ms: ms } : { kind: 'stage', count: count, ms: ms };
    }
    return { kind: 'time', ms: this.time() };
  }

  systemWord(): TimeControl['system'] | undefined {
    const t = this.peek();
    if (t && t.kind === 'word' && SYSTEM_WORDS.hasOwnProperty(t.text)) {
      this.next();
      return SYSTEM_WORDS[t.text];
    }
    return undefined;
  }

  /** cap = "<" time | "," "max" time. */
  cap(): number | undefined {
    if (this.isSymbol('<')) {
      this.next();
      return this.time();
    }
    const max = this.peek(1);
    if (this.isSymbol(',') && max && max.kind === 'word' && max.text === 'max') {
      this.next();
      this.next();
      return this.time();
    }
    return undefined;
  }
}

function needs(system: string, example: string): Error {
  return new Error(system + ' needs ' + example);
}

/** The terms (and system word, cap) of one control as a TimeControl, not yet validated. */
function build(terms: Term[], word: TimeControl['system'] | undefined, capMs: number | undefined): TimeControl {
  const kinds = terms.map((t) => t.kind).join(' ');
  const ms = (i: number): number => terms[i].ms;
  const count = (i: number): number => (terms[i] as { count: number }).count;
  if (capMs !== undefined && (kinds !== 'time time' || (word !== undefined && word !== 'fischer'))) {
    throw new Error('a cap ("<" or ", max") is only for Fischer, e.g. 3m+15s<10m');
  }
  if (/^stage( stage)*$/.test(kinds)) {
    if (word !== undefined && word !== 'stages') throw needs(word, systemExample(word));
    const stages: Stage[] = terms.map((t) => ({ moves: (t as { count: number }).count, ms: t.ms }));
    return { system: 'stages', stages: stages };
  }
  if (kinds === 'time') {
    if (word === undefined || word === 'absolute') return { system: 'absolute', mainMs: ms(0) };
    if (word === 'hourglass') return { system: 'hourglass', mainMs: ms(0) };
    throw needs(word, systemExample(word));
  }
  if (kinds === 'periods' || kinds === 'time periods') {
    if (word !== undefined && word !== 'byoyomi') throw needs(word, systemExample(word));
    const p = terms.length - 1;
    return { system: 'byoyomi', mainMs: p === 0 ? 0 : ms(0), periods: count(p), periodMs: ms(p) };
  }
  if (kinds === 'time stage') {
    if (word !== undefined && word !== 'canadian') throw needs(word, systemExample(word));
    return { system: 'canadian', mainMs: ms(0), moves: count(1), periodMs: ms(1) };
  }
  if (kinds === 'time time') {
    const system = word || 'fischer';
    if (system === 'fischer') {
      const control: TimeControl = { system: 'fischer', mainMs: ms(0), incrementMs: ms(1) };
      if (capMs !== undefined) control.capMs = capMs;
      return control;
    }
    if (system === 'bronstein' || system === 'delay') return { system: system, mainMs: ms(0), delayMs: ms(1) };
    throw needs(system, systemExample(system));
  }
  if (word !== undefined) throw needs(word, systemExample(word));
  throw new Error('not a time control I know (examples: ' + EXAMPLES + ')');
}

function systemExample(system: TimeControl['system']): string {
  const examples: { [system: string]: string } = {
    absolute: 'one time, e.g. 10m',
    byoyomi: 'main time + periods x period, e.g. 60m+5x30s',
    canadian: 'main time + moves / period, e.g. 30m+20/5m',
    fischer: 'main time + increment, e.g. 3m+15s fischer (cap: 3m+15s<10m)',
    bronstein: 'main time + delay, e.g. 25m+10s bronstein',
    delay: 'main time + delay, e.g. 25m+5s delay',
    hourglass: 'one time, e.g. 1m hourglass',
    stages: 'moves / time for each stage, e.g. 40/2h+20/1h',
  };
  return examples[system];
}

/** One control from its tokens (no side labels). */
function parseTokens(tokens: Token[]): TimeControl {
  if (tokens.length === 0) throw new Error('empty time control (examples: ' + EXAMPLES + ')');
  const p = new Parser(tokens);
  const before = p.systemWord();
  const terms: Term[] = [p.term()];
  let capMs = p.cap();
  while (p.isSymbol('+') && capMs === undefined) {
    p.next();
    terms.push(p.term());
    capMs = p.cap();
  }
  const after = p.systemWord();
  if (capMs === undefined) capMs = p.cap();
  if (before !== undefined && after !== undefined) throw new Error('two system words ("' + before + '" and "' + after + '")');
  if (!p.done()) {
    const t = p.peek() as Token;
    if (t.kind === 'word' && !SYSTEM_WORDS.hasOwnProperty(t.text)) {
      throw new Error('unknown word "' + t.text + '" (systems: ' + Object.keys(SYSTEM_WORDS).join(', ') + ')');
    }
    throw new Error('unexpected "' + t.text + '" ' + p.where());
  }
  return build(terms, before || after, capMs);
}

function checked(control: TimeControl, path: string): TimeControl {
  const error = controlError(control, path);
  if (error) throw new Error(error);
  return control;
}

/** Where a token list has side labels ("B:", "white:"), the index of each label's word. */
function labelIndexes(tokens: Token[]): number[] {
  const found: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind === 'symbol' && tokens[i].text === ':') {
      const label = tokens[i - 1];
      if (!label || label.kind !== 'word' || !SIDE_WORDS.hasOwnProperty(label.text)) {
        throw new Error('":" must follow a side, B or W (time odds: "B:60m+5x30s W:30m+5x30s")');
      }
      found.push(i - 1);
    }
  }
  return found;
}

function withContext(text: string, f: () => GameControl): GameControl {
  try {
    return f();
  } catch (e) {
    const quoted = '"' + text.trim() + '"';
    const message = (e as Error).message;
    // A message that already quotes the whole input ("10": a time needs a unit) is not quoted twice.
    throw new Error(message.indexOf(quoted + ': ') === 0 ? message : quoted + ': ' + message);
  }
}

/** One control for both sides (`60m+5x30s`), or one per side (`B:60m+5x30s W:30m+5x30s`); throws one line. */
export function parseGameNotation(text: string): GameControl {
  return withContext(text, () => {
    const tokens = tokenize(text);
    const labels = labelIndexes(tokens);
    if (labels.length === 0) return checked(parseTokens(tokens), 'control');
    if (labels.length !== 2 || labels[0] !== 0) {
      throw new Error('time odds need both sides, each once: "B:60m+5x30s W:30m+5x30s"');
    }
    const sides: { [side: string]: TimeControl } = {};
    for (let n = 0; n < 2; n++) {
      const side = SIDE_WORDS[tokens[labels[n]].text];
      if (sides[side]) throw new Error(side + ' is given twice');
      let part = tokens.slice(labels[n] + 2, n === 0 ? labels[1] : tokens.length);
      // A separator between the two sides: "B:10m / W:5m", "B:10m, W:5m".
      const last = part[part.length - 1];
      if (n === 0 && last && last.kind === 'symbol' && '/,;'.indexOf(last.text) >= 0) part = part.slice(0, -1);
      try {
        sides[side] = checked(parseTokens(part), 'control.' + side);
      } catch (e) {
        // The validator's messages already name the side ("control.white.periods: …").
        const message = (e as Error).message;
        throw new Error(message.indexOf('control.') === 0 ? message : side + ': ' + message);
      }
    }
    return { black: sides.black, white: sides.white };
  });
}

/** One control (no time odds); throws `Error` with one line naming what is wrong. */
export function parseControlNotation(text: string): TimeControl {
  const game = parseGameNotation(text);
  if (!('system' in game)) throw new Error('"' + text.trim() + '": one control expected here, not one per side');
  return game;
}

/** Both sides' controls from the notation (one control is copied to both). */
export function parsePerSideNotation(text: string): PerSide<TimeControl> {
  const game = parseGameNotation(text);
  if ('system' in game) return { black: game, white: JSON.parse(JSON.stringify(game)) as TimeControl };
  return game;
}

/** A duration in the notation, largest units first: "1h30m", "30s", "1s500ms", "0". */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0';
  let text = '';
  let left = ms;
  for (const unit of ['d', 'h', 'm', 's', 'ms']) {
    const size = UNIT_MS[unit];
    if (left >= size) {
      text += Math.floor(left / size) + unit;
      left %= size;
    }
  }
  return text;
}

/** The notation of one control; parseControlNotation gives it back. */
export function formatControlNotation(c: TimeControl): string {
  const d = formatDuration;
  switch (c.system) {
    case 'absolute':
      return d(c.mainMs);
    case 'hourglass':
      return d(c.mainMs) + ' hourglass';
    case 'byoyomi':
      return (c.mainMs > 0 ? d(c.mainMs) + '+' : '') + c.periods + 'x' + d(c.periodMs);
    case 'canadian':
      return d(c.mainMs) + '+' + c.moves + '/' + d(c.periodMs);
    case 'fischer':
      return d(c.mainMs) + '+' + d(c.incrementMs) + (c.capMs !== undefined ? '<' + d(c.capMs) : '') + ' fischer';
    case 'bronstein':
    case 'delay':
      return d(c.mainMs) + '+' + d(c.delayMs) + ' ' + c.system;
    case 'stages':
      return c.stages.map((s) => s.moves + '/' + d(s.ms)).join('+');
  }
}

/** The notation of a game's control: one control, or "B:… W:…" when the sides differ. */
export function formatGameNotation(pc: PerSide<TimeControl>): string {
  const black = formatControlNotation(pc.black);
  const white = formatControlNotation(pc.white);
  return black === white ? black : 'B:' + black + ' W:' + white;
}
