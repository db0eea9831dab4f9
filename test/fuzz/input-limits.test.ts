/**
 * What the scripted simulator (`npm run sim`, docs/scenarios.md) does with input too big, too deep or oddly encoded: a file
 * or stdin that never ends (/dev/zero) or is larger than the limit, values nested thousands deep, values and names
 * megabytes long, a UTF-8 byte-order mark. Each gets one clear line naming the limit or the field, never a crash, a
 * stack overflow or a message as long as the input.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkScenario, parseScenario, runChecked, ScenarioError } from '../../sim/scenario';
import { MAX_NESTING, MAX_SCENARIO_BYTES } from '../../sim/input-limits';
import { gameControlError } from '../../firmware/clock/control-validate';
import { optionsError } from '../../firmware/clock/options';
import { valueText } from '../../firmware/clock/text';
import { deepJson } from './junk';

const ROOT = path.resolve(__dirname, '..', '..');
const ABS = '{"system":"absolute","mainMs":60000}';
/** The longest message any of these inputs may give (a path, a short value, the known names). */
const LONGEST = 300;

/** `node --import tsx sim/cli.ts ARGS`, stdin fed from `input` (a string, or a file to pipe), killed after `limitMs`. */
function cli(args: string[], input: string | { file: string } | undefined, limitMs = 20000): Promise<{ status: number | null; stdout: string; stderr: string; killed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sim/cli.ts'].concat(args), { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, limitMs);
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, killed });
    });
    child.stdin.on('error', () => undefined); // the child may stop reading (and exit) before all is written
    if (input !== undefined && typeof input !== 'string') fs.createReadStream(input.file).pipe(child.stdin);
    else child.stdin.end(input === undefined ? '' : input);
  });
}

function oneClearLine(r: { status: number | null; stdout: string; stderr: string; killed: boolean }, says: RegExp): void {
  expect({ killed: r.killed, status: r.status, stdout: r.stdout, stack: /\n\s+at |RangeError|Maximum call stack/.test(r.stderr) }).toEqual({ killed: false, status: 1, stdout: '', stack: false });
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines.length).toBe(1);
  expect(lines[0].length).toBeLessThan(LONGEST);
  expect(lines[0]).toMatch(says);
}

/** The message of the ScenarioError `parseScenario(text)` throws (a failure if it throws anything else). */
function refusal(text: string): string {
  try {
    runChecked(parseScenario(text));
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw new Error('not a ScenarioError: ' + String(e));
    return e.message;
  }
  return '(accepted)';
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-limits-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('input size', () => {
  test('a file that never ends (/dev/zero) and stdin larger than the limit: one line naming the limit, exit 1', async () => {
    const big = path.join(dir, 'big.json');
    // Valid JSON far larger than the limit: a scenario whose name is MAX_SCENARIO_BYTES + 1 MB of "x".
    fs.writeFileSync(big, '{"control":' + ABS + ',"name":"' + 'x'.repeat(MAX_SCENARIO_BYTES + 1000000) + '"}');
    const [zero, file, stdin] = await Promise.all([
      cli(['--script', '/dev/zero'], undefined),
      cli(['--script', big], undefined),
      cli(['--script', '-'], { file: big }),
    ]);
    oneClearLine(zero, /^goclock sim: \/dev\/zero: larger than 4 MB \(4194304 bytes\), the limit for a scenario$/);
    oneClearLine(file, /^goclock sim: .*big\.json: larger than 4 MB \(4194304 bytes\), the limit for a scenario$/);
    oneClearLine(stdin, /^goclock sim: stdin: larger than 4 MB \(4194304 bytes\), the limit for a scenario$/);
  }, 60000);

  test('a scenario just under the limit is read whole', async () => {
    const text = '{"control":' + ABS + ',"untilMs":5,"name":"' + 'x'.repeat(MAX_SCENARIO_BYTES - 200) + '"}';
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_SCENARIO_BYTES);
    const r = await cli(['--script', '-'], text);
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(r.stdout).atMs).toBe(5);
  }, 30000);
});

describe('nesting', () => {
  const cases: [string, string, RegExp][] = [
    ['an option 5,000 objects deep', '{"control":' + ABS + ',"options":{"announce":' + deepJson(5000, 'object') + '}}', /^options\.announce(\.a){18}: nested deeper than 20 levels$/],
    ['the options 100,000 arrays deep', '{"control":' + ABS + ',"options":' + deepJson(100000, 'array') + '}', /^options\[0\]\[0\]\[0\].*: nested deeper than 20 levels$/],
    ['a side 5,000 deep', '{"control":' + ABS + ',"events":[{"atMs":0,"type":"press","side":' + deepJson(5000, 'object') + '}]}', /^events\[0\]\.side\.a\.a.*: nested deeper than 20 levels$/],
    ['an event type 5,000 deep', '{"control":' + ABS + ',"events":[{"atMs":0,"type":' + deepJson(5000, 'array') + '}]}', /^events\[0\]\.type\[0\]\[0\].*: nested deeper than 20 levels$/],
    ['a button 5,000 deep', '{"control":' + ABS + ',"events":[{"atMs":0,"type":"button","button":' + deepJson(5000, 'object') + ',"down":true}]}', /^events\[0\]\.button\.a.*: nested deeper than 20 levels$/],
    ['a control 5,000 deep', '{"control":{"black":' + deepJson(5000, 'object') + ',"white":' + ABS + '}}', /^control\.black\.a\.a.*: nested deeper than 20 levels$/],
    ['a comment 100,000 deep', '{"control":' + ABS + ',"comment":' + deepJson(100000, 'object') + '}', /^comment\.a\.a.*: nested deeper than 20 levels$/],
  ];

  test.each(cases)('%s: a ScenarioError naming the path, no stack overflow', (_name, text, says) => {
    const message = refusal(text);
    expect(message).toMatch(says);
    expect(message.length).toBeLessThan(LONGEST);
    // the same from the parsed value (runScenario's way in)
    expect(() => checkScenario(JSON.parse(text))).toThrow(says);
  });

  test('odd field names in the path are quoted and cut', () => {
    const text = '{"control":' + ABS + ',"options":{"' + 'k'.repeat(100000) + '":{"a b":' + deepJson(50, 'object') + '}}}';
    const message = refusal(text);
    expect(message).toMatch(/^options\.k{37}\.\.\.\."a b"(\.a)+: nested deeper than 20 levels$/);
    expect(message.length).toBeLessThan(LONGEST);
  });

  test('nesting up to the limit is read as usual (a real scenario nests 6 deep: events[0].control.stages[0])', () => {
    const stages = '{"system":"stages","stages":[{"moves":1,"ms":60000}]}';
    const scenario = '{"control":{"black":' + stages + ',"white":' + stages + '},"events":[{"atMs":0,"type":"adjust","side":"black","control":' + stages + '}],"comment":' + deepJson(MAX_NESTING - 1, 'array') + '}';
    expect(refusal(scenario)).toBe('(accepted)');
    expect(refusal(scenario.replace(deepJson(MAX_NESTING - 1, 'array'), deepJson(MAX_NESTING, 'array')))).toBe('comment' + '[0]'.repeat(19) + ': nested deeper than 20 levels');
  });

  test('the CLI on a 5,000-deep option: one line naming the field', async () => {
    oneClearLine(await cli(['--script', '-'], cases[0][1]), /^goclock sim: options\.announce\.a\.a.*: nested deeper than 20 levels$/);
  }, 30000);
});

describe('long values and names in messages are cut', () => {
  const long = 'v'.repeat(5000000);
  const cases: [string, string, RegExp][] = [
    ['an option value', '{"control":' + ABS + ',"options":{"announce":"' + long + '"}}', /^options\.announce: must be one of "ru", "jp", "beep", "off" \(got "v{30,}\.\.\."\)$/],
    ['an option name', '{"control":' + ABS + ',"options":{"' + long + '":1}}', /^options\.v{30,}\.\.\.: unknown option \(known: /],
    ['a top-level field name', '{"control":' + ABS + ',"' + long + '":1}', /^v{30,}\.\.\.: unknown field \(known: /],
    ['an event field name', '{"control":' + ABS + ',"events":[{"atMs":0,"type":"start","' + long + '":1}]}', /^events\[0\]\.v{30,}\.\.\.: unknown field \(known: /],
    ['an event type', '{"control":' + ABS + ',"events":[{"atMs":0,"type":"' + long + '"}]}', /^events\[0\]\.type: unknown event type "v{30,}\.\.\." \(known: /],
    ['a side', '{"control":' + ABS + ',"events":[{"atMs":0,"type":"press","side":"' + long + '"}]}', /^events\[0\]\.side: must be "black" or "white" \(got "v{30,}\.\.\."\)$/],
    ['a button', '{"control":' + ABS + ',"events":[{"atMs":0,"type":"button","button":"' + long + '","down":true}]}', /^events\[0\]\.button: must be "left" or "right" \(got "v{30,}\.\.\."\)$/],
    ['a time system', '{"control":{"system":"' + long + '"}}', /^control\.system: unknown time system "v{30,}\.\.\." \(known: /],
    ['a control field name', '{"control":{"system":"absolute","mainMs":1,"' + long + '":1}}', /^control\.v{30,}\.\.\.: unknown field for absolute/],
    ['an adjustment\'s control field name', '{"control":' + ABS + ',"events":[{"atMs":0,"type":"adjust","control":{"system":"absolute","mainMs":1,"' + long + '":1}}]}', /control\.v{30,}\.\.\.: unknown field for absolute/],
    ['a per-side control field name', '{"control":{"black":' + ABS + ',"white":' + ABS + ',"' + long + '":1}}', /^control\.v{30,}\.\.\.: unknown field for a per-side control/],
    ['a string where a number goes', '{"control":{"system":"absolute","mainMs":"' + long + '"}}', /^control\.mainMs: must be a positive integer \(got "v{30,}\.\.\."\)$/],
    ['a string event instant', '{"control":' + ABS + ',"events":[{"atMs":"' + long + '","type":"start"}]}', /^events\[0\]\.atMs: must be a non-negative integer \(got "v{30,}\.\.\."\)$/],
    ['odd characters in a long name', '{"control":' + ABS + ',"options":{"\\n' + long + '":1}}', /^options\."\\nv{30,}\.\.\.": unknown option/],
  ];

  test.each(cases)('%s', (_name, text, says) => {
    const message = refusal(text);
    expect(message.length).toBeLessThan(LONGEST);
    expect(message).toMatch(says);
  });

  test('many unknown fields: the first few named, the rest counted', () => {
    const control: { [key: string]: unknown } = { system: 'absolute', mainMs: 1 };
    for (let i = 0; i < 100000; i++) control['f' + i] = 1;
    const message = gameControlError(control, 'control') as string;
    expect(message).toBe('control: unknown fields f0, f1, f2 and 99997 more for absolute (known: system, mainMs)');
  });

  test('the firmware\'s own messages: valueText, optionsError', () => {
    expect(valueText(long)).toBe('"' + 'v'.repeat(36) + '..."');
    expect(valueText('\n'.repeat(1000000))).toBe('"' + '\\n'.repeat(18) + '..."');
    expect(valueText('short "one"')).toBe('"short \\"one\\""');
    expect((optionsError({ [long]: 1 }, 'options') as string).length).toBeLessThan(LONGEST);
    expect((optionsError({ onExpire: long }, 'options') as string).length).toBeLessThan(LONGEST);
  });

  test('a parser\'s message on a long line of junk stays short', () => {
    const message = refusal('{"control":' + ABS + ',"x":' + 'z'.repeat(1000000) + '}');
    expect(message).toMatch(/^scenario is not valid JSON: /);
    expect(message.length).toBeLessThan(LONGEST);
  });
});

describe('a UTF-8 byte-order mark', () => {
  const scenario = '{"control":' + ABS + ',"events":[{"atMs":0,"type":"press","side":"white"}],"untilMs":1000}';

  test('parseScenario accepts one at the start of the text (only there)', () => {
    expect(refusal('\ufeff' + scenario)).toBe('(accepted)');
    expect(parseScenario('\ufeff' + scenario)).toEqual(parseScenario(scenario));
    expect(refusal('\ufeff\ufeff' + scenario)).toMatch(/^scenario is not valid JSON/);
  });

  test('the CLI reads a file and stdin that start with one', async () => {
    const file = path.join(dir, 'bom.json');
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(scenario)]));
    const [fromFile, fromStdin] = await Promise.all([cli(['--script', file], undefined), cli(['--script', '-'], { file })]);
    for (const r of [fromFile, fromStdin]) {
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
      expect(JSON.parse(r.stdout).sides.black.remainingMs).toBe(59000);
    }
  }, 30000);
});
