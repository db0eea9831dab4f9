/**
 * `--help` and `-h` for the commands whose own parsing has no place for them (or none at all): the command prints
 * its usage on stdout and exits 0 before doing anything else. Commands with a parser of their own (npm start,
 * sim:web, console, espruino, record, voice, flash) take the same two spellings there; test/cli/help.test.ts runs
 * every command with both.
 */

/** True when the arguments ask for help: `--help` or `-h`, before a lone `--` (after it, arguments are data). */
export function asksForHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** Prints `usage` (ending in one line end) on stdout and returns true when the arguments ask for help. */
export function printedHelp(argv: readonly string[], usage: string): boolean {
  if (!asksForHelp(argv)) return false;
  process.stdout.write(usage.replace(/\n*$/, '\n'));
  return true;
}
