/**
 * The host tools under attack (issue: "the host tools"): a symbolic link planted where `npm start -- --storage FILE`
 * or `npm run record` write their temporary file is never followed, and what a board prints reaches the terminal
 * without its control characters. (`npm run voice -- --out -x`: test/voice/clips.test.ts.)
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FileStorage } from '../../sim/file-storage';
import { dropTemporary, temporaryBeside, writeTemporary } from '../../sim/temporary-file';
import { crashLine, printable, RecordScanner } from '../../scripts/record';
import { RECORD_PROBLEM } from '../../firmware/storage/record-console';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-host-tools-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('temporary files beside their target', () => {
  it('a symbolic link planted at the name the storage file once used (its pid) is left alone, its target untouched', () => {
    const file = path.join(dir, 'clock.json');
    const victim = path.join(dir, 'victim.txt');
    fs.writeFileSync(victim, 'precious');
    fs.symlinkSync(victim, path.join(dir, '.clock.json.' + process.pid + '.tmp'));
    const storage = new FileStorage(file);
    expect(storage.write('gcsettings', '{"a":1}')).toBe(true);
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).records.gcsettings).toBe('{"a":1}');
    // Nothing of its own is left beside it: the file, the victim and the planted link.
    expect(fs.readdirSync(dir).sort()).toEqual(['.clock.json.' + process.pid + '.tmp', 'clock.json', 'victim.txt']);
  });

  it('each temporary file has a name of its own and is made exclusively: an existing path is never opened', () => {
    const target = path.join(dir, 'game.sgf');
    const a = temporaryBeside(target);
    const b = temporaryBeside(target);
    expect(a.path).not.toBe(b.path);
    expect(path.dirname(a.path)).toBe(dir);
    // What the exclusive open refuses: the path is there (as a planted link would be).
    expect(() => fs.openSync(a.path, 'wx')).toThrow(/EEXIST/);
    writeTemporary(a, 'record', target);
    dropTemporary(b);
    expect(fs.readdirSync(dir)).toEqual(['game.sgf']);
    expect(fs.readFileSync(target, 'utf8')).toBe('record');
  });
});

describe('what a board prints, on the terminal', () => {
  const ESCAPES = '\x1b[2J\x1b]0;owned\x07\x9b31m\x00\x7f';

  it('printable leaves out C0, DEL and C1 characters and keeps the rest', () => {
    expect(printable('a' + ESCAPES + 'b é ✓')).toBe('a[2J]0;owned31mb é ✓');
  });

  it("the board's problem line and the lines before the record come without control characters", () => {
    const scanner = new RecordScanner();
    scanner.push('hello' + ESCAPES + '\r\n');
    scanner.push(RECORD_PROBLEM + ' no game' + ESCAPES + '\r\n');
    expect(scanner.state).toBe('problem');
    expect(scanner.problem).toBe(RECORD_PROBLEM + ' no game[2J]0;owned31m');
    expect(scanner.before).toEqual(['hello[2J]0;owned31m']);
    expect(crashLine('Error: port' + ESCAPES + '\n')).toBe('port[2J]0;owned31m');
  });
});
