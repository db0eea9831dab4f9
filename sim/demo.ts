/**
 * `npm run demo`: plays the example scenarios (sim/scenarios/*.json) through the real clock core in virtual time and
 * prints each as a timeline a person can read (log lines and what the timekeeper says). `--help` (`-h`) says so.
 */
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { parseScenario, runChecked } from './scenario';
import { printedHelp } from '../scripts/cli-help';

const HELP = `usage: npm run demo
  plays the example scenarios in sim/scenarios/ (*.json) through the clock's core in virtual time and prints each
  as a timeline: the log, what each player hears, and both sides' time at the end. No options.
  --help, -h   this text
your own scenario: npm run sim (npm run sim -- --help says how)`;

if (printedHelp(process.argv.slice(2), HELP)) process.exit(0);
if (process.argv.length > 2) {
  process.stderr.write('goclock demo: takes no arguments (got ' + JSON.stringify(process.argv.slice(2).join(' ').slice(0, 60)) + ')\n' + HELP + '\n');
  process.exit(2);
}

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
