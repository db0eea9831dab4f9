/**
 * `npm start` until the interactive simulator exists: plays the example scenarios through the real clock core in
 * virtual time and prints each as a timeline a person can read (log lines and what the timekeeper says).
 */
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { parseScenario, runChecked } from './scenario';

function clockText(ms: number): string {
  const minutes = Math.floor(ms / 60000);
  const seconds = ((ms % 60000) / 1000).toFixed(3);
  return minutes + ':' + (seconds.length < 6 ? '0' : '') + seconds;
}

const folder = join(__dirname, 'scenarios');
for (const file of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
  const report = runChecked(parseScenario(readFileSync(join(folder, file), 'utf8')));
  const lines: [number, string][] = report.log.map((line) => {
    const space = line.indexOf(' ');
    return [Number(line.slice(0, space)), line.slice(space + 1)] as [number, string];
  });
  report.announcements.forEach((a) => lines.push([a.atMs, a.side + ' hears "' + a.text + '"']));
  lines.sort((a, b) => a[0] - b[0]);
  console.log('\n== ' + file + ' ==');
  lines.forEach(([atMs, text]) => console.log(clockText(atMs).padStart(10) + '  ' + text));
  for (const side of ['black', 'white'] as const) {
    const s = report.sides[side];
    console.log(
      '  ' + side.padEnd(6) + s.phase.padEnd(9) + clockText(s.remainingMs) + ' left' +
        (s.periodsLeft !== null ? ', ' + s.periodsLeft + ' periods' : '') +
        (s.movesLeft !== null ? ', ' + s.movesLeft + ' moves to make' : '') +
        ', ' + s.moves + ' moves' + (s.flaggedAtMs !== null ? ', flag at ' + clockText(s.flaggedAtMs) : ''),
    );
  }
  console.log('  at ' + clockText(report.atMs) + ': ' + report.state + (report.running ? ', ' + report.running + ' running' : ''));
}
console.log('\nRun your own: npm run sim -- --script FILE.json (see README.md)');
