/**
 * `npm run sim -- --script FILE.json` (or `--script -`, or a scenario piped on stdin): runs a scenario in virtual
 * time and prints the report of DESIGN §6. Bad input: one line on stderr, exit 1; never a stack trace. The input is
 * read in pieces up to MAX_SCENARIO_BYTES (4 MB), so `/dev/zero` or an endless pipe is refused, not read until the
 * process dies; a UTF-8 byte-order mark at its start is allowed.
 */
import { parseScenario, runChecked } from './scenario';
import { oneLine } from '../firmware/text';
import { cut, InputTooLarge, MAX_SCENARIO_BYTES, readLimited } from './input-limits';

const USAGE = 'usage: npm run sim -- --script FILE.json   (or --script - to read the scenario from stdin)';

function scriptPath(args: string[]): string {
  const at = args.indexOf('--script');
  if (at >= 0) {
    if (at + 1 >= args.length) throw new Error('--script needs a file name (or - for stdin); ' + USAGE);
    return args[at + 1];
  }
  if (args.length === 0 && !process.stdin.isTTY) return '-';
  throw new Error(args.length === 0 ? USAGE : 'unknown arguments: ' + cut(args.join(' '), 80) + '; ' + USAGE);
}

function readScript(path: string): string {
  const name = path === '-' ? 'stdin' : cut(path, 120);
  try {
    return readLimited(path === '-' ? 0 : path, name, MAX_SCENARIO_BYTES, 'a scenario');
  } catch (e) {
    if (e instanceof InputTooLarge) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error('cannot read ' + name + (code ? ' (' + code + ')' : ''));
  }
}

function main(args: string[]): number {
  try {
    const report = runChecked(parseScenario(readScript(scriptPath(args))));
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write('goclock sim: ' + oneLine(cut(message, 1000)) + '\n');
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
