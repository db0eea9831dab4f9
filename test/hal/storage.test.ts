import { createStorage } from '../../hal/espruino/storage';
import { createFakeEspruinoStorage } from './fakes';

function setup() {
  const espruino = createFakeEspruinoStorage();
  return { espruino, storage: createStorage({ storage: espruino }) };
}

describe('storage over Espruino Storage', () => {
  it('write then read returns the record; a missing record is undefined', () => {
    const { storage, espruino } = setup();
    expect(storage.read('settings')).toBeUndefined();
    expect(storage.write('settings', '{"preset":3}')).toBe(true);
    expect(storage.read('settings')).toBe('{"preset":3}');
    expect(espruino.files.settings).toBe('{"preset":3}');
    expect(storage.write('settings', '{"preset":4}')).toBe(true);
    expect(storage.read('settings')).toBe('{"preset":4}');
  });

  it('append grows a StorageFile that read returns whole, however many pieces it takes', () => {
    const { storage, espruino } = setup();
    const piece = 'x'.repeat(300);
    expect(storage.append('journal', 'a\n')).toBe(true);
    expect(storage.append('journal', piece)).toBe(true);
    expect(storage.append('journal', 'z\n')).toBe(true);
    expect(storage.read('journal')).toBe('a\n' + piece + 'z\n');
    expect(espruino.files.journal).toBeUndefined(); // not a plain file
  });

  it('has: a plain file or a StorageFile exists, found without reading it; an erased one does not', () => {
    const { storage, espruino } = setup();
    expect(storage.has!('gcjrnl')).toBe(false);
    expect(storage.append('gcjrnl', 'a\n')).toBe(true);
    expect(storage.write('gcboot', 'restoring')).toBe(true);
    const opened = espruino.opened.length;
    expect(storage.has!('gcjrnl')).toBe(true);
    expect(storage.has!('gcboot')).toBe(true);
    expect(espruino.opened.length).toBe(opened); // no StorageFile opened to read it
    storage.erase('gcjrnl');
    storage.erase('gcboot');
    expect(storage.has!('gcjrnl')).toBe(false);
    expect(storage.has!('gcboot')).toBe(false);
    expect(storage.has!('x'.repeat(29))).toBe(false);
  });

  it('readChunks hands a StorageFile over in pieces of at most 256 bytes, a plain file whole', () => {
    const { storage } = setup();
    const piece = 'x'.repeat(300);
    storage.append('journal', 'a\n');
    storage.append('journal', piece);
    storage.append('journal', 'z\n');
    const pieces: string[] = [];
    expect(storage.readChunks!('journal', (chunk) => void pieces.push(chunk))).toBe(true);
    expect(pieces.join('')).toBe('a\n' + piece + 'z\n');
    expect(pieces.length).toBeGreaterThan(1);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(256);
    storage.write('settings', 'y'.repeat(600));
    const whole: string[] = [];
    expect(storage.readChunks!('settings', (chunk) => void whole.push(chunk))).toBe(true);
    expect(whole).toEqual(['y'.repeat(600)]);
    expect(storage.readChunks!('missing', () => undefined)).toBe(false);
  });

  it('readChunks reads no more once the reader says false', () => {
    const { storage } = setup();
    storage.append('journal', 'x'.repeat(1000));
    const pieces: string[] = [];
    expect(storage.readChunks!('journal', (chunk) => pieces.push(chunk) < 2)).toBe(true);
    expect(pieces).toEqual(['x'.repeat(256), 'x'.repeat(256)]);
  });

  it('keeps the appended file open between appends (no rescan for the end)', () => {
    const { storage, espruino } = setup();
    storage.append('journal', '1');
    storage.append('journal', '2');
    storage.append('journal', '3');
    expect(espruino.opened.filter((open) => open.mode === 'a').length).toBe(1);
  });

  it('erase removes plain files and StorageFiles; appending afterwards starts a new file', () => {
    const { storage } = setup();
    storage.write('settings', 'x');
    storage.append('journal', 'old');
    storage.erase('settings');
    storage.erase('journal');
    expect(storage.read('settings')).toBeUndefined();
    expect(storage.read('journal')).toBeUndefined();
    expect(storage.append('journal', 'new')).toBe(true);
    expect(storage.read('journal')).toBe('new');
    expect(() => storage.erase('never-written')).not.toThrow();
  });

  it('names: 28 characters for write, 27 for append (the 28th holds the chunk number); longer is refused', () => {
    const { storage, espruino } = setup();
    expect(storage.write('a'.repeat(28), 'ok')).toBe(true);
    expect(storage.write('a'.repeat(29), 'no')).toBe(false);
    expect(storage.append('b'.repeat(27), 'ok')).toBe(true);
    expect(storage.append('b'.repeat(28), 'no')).toBe(false);
    expect(storage.read('a'.repeat(29))).toBeUndefined();
    expect(storage.write('', 'no')).toBe(false);
    expect(espruino.opened.every((open) => open.name.length <= 27)).toBe(true);
  });

  it('refuses to append "\\xFF", which a StorageFile reads as its end', () => {
    const { storage } = setup();
    expect(storage.append('journal', 'ab\xffcd')).toBe(false);
    expect(storage.read('journal')).toBeUndefined();
  });

  it('a full flash is false, never a throw', () => {
    const { storage, espruino } = setup();
    espruino.freeBytes = 10;
    expect(storage.write('big', 'x'.repeat(11))).toBe(false);
    expect(storage.append('journal', 'x'.repeat(11))).toBe(false);
    expect(storage.append('journal', 'x'.repeat(5))).toBe(true);
  });

  it('an exception from the interpreter is false (write) or undefined (read)', () => {
    const { storage, espruino } = setup();
    espruino.write = () => {
      throw new Error('Not enough free space');
    };
    espruino.read = () => {
      throw new Error('broken');
    };
    expect(storage.write('x', 'y')).toBe(false);
    expect(storage.read('x')).toBeUndefined();
  });

  it('reopens once when the open file was removed behind its back', () => {
    const { storage, espruino } = setup();
    storage.append('journal', 'one');
    delete espruino.storageFiles.journal; // e.g. erased by other code
    expect(storage.append('journal', 'two')).toBe(true);
    expect(storage.read('journal')).toBe('two');
  });

  it('appending to empty data succeeds without touching flash', () => {
    const { storage, espruino } = setup();
    expect(storage.append('journal', '')).toBe(true);
    expect(espruino.opened).toEqual([]);
  });
});
