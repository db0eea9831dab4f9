#!/usr/bin/env node
/**
 * npm run mutate [-- firmware/clock/clock.ts …] [--report-only]
 *
 * Mutation testing of the clock core with StrykerJS (stryker.config.json, jest.stryker.config.js): one Stryker run
 * per core file, each with its own reports (reports/mutation/<file>.json and .html), then the score table of all of
 * them. One run per file because the whole core is about a thousand mutants and an hour and a half on two cores: a
 * run cut short still leaves the files it finished, and a file whose tests changed can be measured again alone.
 *
 *   npm run mutate                           every core file in stryker.config.json's `mutate` list
 *   npm run mutate -- firmware/clock/adjust.ts     only these files (the others' last reports still count in the table)
 *   npm run mutate -- --report-only          just the table from the reports on disk
 *   npm run mutate -- --incremental …        start from each file's last report (Stryker's incremental mode): only
 *                                            mutants whose code or covering tests changed run again. Quick after
 *                                            adding tests; a change in another file it cannot see, so a release's
 *                                            figures come from a full run.
 *
 * Score = (killed + timed out) / (all − compile and runtime errors), Stryker's own definition; a mutant no test
 * reaches counts as surviving.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = path.join(ROOT, 'reports', 'mutation');
const base = JSON.parse(fs.readFileSync(path.join(ROOT, 'stryker.config.json'), 'utf8'));

const USAGE = `usage: npm run mutate -- [FILE.ts …] [--incremental] [--report-only]
  mutation testing of the clock core with StrykerJS, one run per core file; reports in reports/mutation/
  FILE.ts         only these core files (of stryker.config.json's mutate list); default: all of them
  --incremental   start from each file's last report: only mutants whose code or covering tests changed run again
  --report-only   run nothing: print the score table from the reports on disk
  --help, -h      this text`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
for (const arg of args) {
  if (arg.startsWith('-') && arg !== '--report-only' && arg !== '--incremental') {
    console.error(`mutate: unknown option ${JSON.stringify(arg)}\n${USAGE}`);
    process.exit(2);
  }
}
const reportOnly = args.includes('--report-only');
const incremental = args.includes('--incremental');
const asked = args.filter((a) => !a.startsWith('--'));
for (const file of asked) {
  if (!base.mutate.includes(file)) {
    console.error(`mutate: ${file} is not one of the core files in stryker.config.json (${base.mutate.join(', ')})`);
    process.exit(2);
  }
}
const files = asked.length > 0 ? asked : base.mutate;

function reportName(file) {
  return path.basename(file, '.ts');
}

function runOne(file) {
  const name = reportName(file);
  const config = Object.assign({}, base, {
    mutate: [file],
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    incrementalFile: `reports/mutation/${name}.incremental.json`,
    reporters: ['json', 'html', 'progress'],
    tempDirName: `.stryker-tmp-${name}`,
  });
  const configFile = path.join(REPORTS, `${name}.config.json`);
  fs.writeFileSync(configFile, JSON.stringify(config, null, 1));
  const last = path.join(REPORTS, `${name}.json`);
  // The incremental file is a mutation report like the JSON one: the last report is where it starts from.
  if (incremental && fs.existsSync(last)) fs.copyFileSync(last, path.join(REPORTS, `${name}.incremental.json`));
  console.log(`\n== ${file}${incremental ? ' (incremental)' : ''}`);
  const started = Date.now();
  const result = spawnSync('npx', ['stryker', 'run', configFile].concat(incremental ? ['--incremental'] : []), { cwd: ROOT, stdio: 'inherit' });
  console.log(`== ${file}: ${result.status === 0 ? 'done' : 'FAILED (exit ' + result.status + ')'} in ${Math.round((Date.now() - started) / 60000)} min`);
  return result.status === 0;
}

/** Counts of one report file: { file: { Killed, Survived, … } }. */
function countsOf(reportFile) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const out = {};
  for (const [file, data] of Object.entries(report.files)) {
    const counts = {};
    for (const m of data.mutants) counts[m.status] = (counts[m.status] || 0) + 1;
    out[file.replace(/\\/g, '/')] = counts;
  }
  return out;
}

function table() {
  const rows = [];
  const total = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, errors: 0 };
  for (const file of base.mutate) {
    const reportFile = path.join(REPORTS, `${reportName(file)}.json`);
    if (!fs.existsSync(reportFile)) {
      rows.push(`| ${file} | not measured yet | | | | | |`);
      continue;
    }
    const counts = countsOf(reportFile)[file] || {};
    const n = (k) => counts[k] || 0;
    const errors = n('CompileError') + n('RuntimeError') + n('Ignored');
    const all = Object.values(counts).reduce((a, b) => a + b, 0) - errors;
    const detected = n('Killed') + n('Timeout');
    total.Killed += n('Killed');
    total.Timeout += n('Timeout');
    total.Survived += n('Survived');
    total.NoCoverage += n('NoCoverage');
    total.errors += errors;
    const when = fs.statSync(reportFile).mtime.toISOString().slice(0, 16).replace('T', ' ');
    const score = all > 0 ? (100 * detected / all).toFixed(1) + ' %' : 'no mutants (types only)';
    rows.push(`| ${file} | ${score} | ${n('Killed')} | ${n('Timeout')} | ${n('Survived')} | ${n('NoCoverage')} | ${when} |`);
  }
  const detected = total.Killed + total.Timeout;
  const all = detected + total.Survived + total.NoCoverage;
  console.log('\n| file | score | killed | timed out | survived | no coverage | measured (UTC) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`| **all** | **${all ? (100 * detected / all).toFixed(1) : '–'} %** | ${total.Killed} | ${total.Timeout} | ${total.Survived} | ${total.NoCoverage} | |`);
}

fs.mkdirSync(REPORTS, { recursive: true });
let ok = true;
if (!reportOnly) for (const file of files) ok = runOne(file) && ok;
table();
process.exit(ok ? 0 : 1);
