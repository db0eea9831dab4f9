/**
 * bench/flash-wear.ts: the model of the ESP32's Storage it counts with, and the figures docs/firmware.md gives from it
 * ("Flash: what a game writes, and the wear"): when the journal or the record changes what it writes, this fails
 * until the paragraph says what the tool now measures.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CHUNK_DATA_BYTES, Esp32StorageModel, flashWear, HEADER_BYTES, PAGE_BYTES } from '../../bench/flash-wear';

test('a file appended to takes a whole page at each chunk it reaches; a plain write its header and data', () => {
  const s = new Esp32StorageModel();
  s.append('gcjrnl', 'x');
  expect(s.taken).toBe(PAGE_BYTES);
  s.append('gcjrnl', 'y'.repeat(CHUNK_DATA_BYTES - 1)); // exactly one chunk full
  expect(s.taken).toBe(PAGE_BYTES);
  s.append('gcjrnl', 'z');
  expect(s.taken).toBe(2 * PAGE_BYTES);
  s.erase('gcjrnl'); // marked deleted: nothing comes back before Storage's compaction
  expect(s.taken).toBe(2 * PAGE_BYTES);
  s.write('gcsettings', 'abcde');
  expect(s.taken).toBe(2 * PAGE_BYTES + HEADER_BYTES + 8);
  expect(s.takenBy).toEqual({ gcjrnl: 2 * PAGE_BYTES, gcsettings: HEADER_BYTES + 8 });
});

test("docs/firmware.md's figures are what the tool measures in the steady state", () => {
  const games = flashWear(5, 3 * 3600000);
  for (const g of games) expect(g.moves).toBe(400);
  const steady = games[4];
  expect(games[3].taken).toBe(steady.taken); // the record's shift is whole from the fourth game on
  const kb = (n: number) => Math.round(n / 1024);
  const journal = (steady.takenBy.gcjrnl || 0) + (steady.takenBy['gcjrn#'] || 0);
  const doc = fs.readFileSync(path.join(__dirname, '../../docs/firmware.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Flash: what a game writes'), doc.indexOf('### What the interpreter gets wrong'));
  expect(section).toContain('each game takes about ' + kb(steady.taken) + ' KB');
  expect(section).toContain('The journal: ' + kb(journal) + ' KB.');
  expect(section).toContain('The record: ' + kb(steady.takenBy['gcrec#']) + ' KB.');
  expect(section).toContain('(' + steady.journalFiles + ' files a game)');
  expect(section).toContain('up to about ' + (steady.largestJournal / 1024).toFixed(1) + ' KB');
});
