/** The README's exported record is what `npm run sim -- --script sim/scenarios/record-example.json --record` writes. */
import * as fs from 'fs';
import * as path from 'path';
import { played, exported } from './helpers';

test("the README's SGF example is the record of sim/scenarios/record-example.json", () => {
  const root = path.join(__dirname, '..', '..');
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const intro = 'checked by `test/record/readme.test.ts`):\n\n```\n';
  const at = readme.indexOf(intro);
  expect(at).toBeGreaterThan(0);
  const shown = readme.slice(at + intro.length, readme.indexOf('```\n', at + intro.length));
  const scenario = JSON.parse(fs.readFileSync(path.join(root, 'sim', 'scenarios', 'record-example.json'), 'utf8'));
  expect(shown).toBe(exported(played(scenario).storage, 'sgf'));
});
