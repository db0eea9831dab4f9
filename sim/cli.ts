/**
 * `npm run sim -- --script FILE.json` (or `--script -`, or a scenario piped on stdin): runs a scenario in virtual
 * time and prints the report of DESIGN §6. Bad input: one line on stderr, exit 1; never a stack trace.
 */
import { readFileSync } from 'fs';
import { parseScenario, runChecked } from './scenario';
import { oneLine } from '../firmware/text';

const USAGE = 'usage: npm run sim -- --script FILE.json   (or --script - to read the scenario from stdin)';

function scriptPath(args: string[]): string {
  const at = args.indexOf('--script');
  if (at >= 0) {
    if (at + 1 >= args.length) throw new Error('--script needs a file name (or - for stdin); ' + USAGE);
    return args[at + 1];
  }
  if (args.length === 0 && !process.stdin.isTTY) return '-';
  throw new Error(args.length === 0 ? USAGE : 'unknown arguments: ' + args.join(' ') + '; ' + USAGE);
}

function readScript(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error('cannot read ' + (path === '-' ? 'stdin' : path) + (code ? ' (' + code + ')' : ''));
  }
}

function main(args: string[]): number {
  try {
    const report = runChecked(parseScenario(readScript(scriptPath(args))));
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write('goclock sim: ' + oneLine(message) + '\n');
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
