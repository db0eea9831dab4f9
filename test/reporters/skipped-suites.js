/**
 * A jest reporter (jest.config.js) that says, after jest's own summary, which suites were skipped and why — so a
 * missing chromium (or espeak-ng, sox, the Espruino interpreter) is the last thing `npm test` prints, not a line lost
 * in its scroll-back. Nothing is printed when nothing was skipped.
 *
 * A suite that skips for a missing tool says so in its title: `describe.skip('… [skipped: REASON]')`
 * (test/browser/chromium.ts suiteNeeding). Files whose every test was skipped without such a reason are listed too,
 * unless the run was narrowed by a test name pattern (-t), which skips tests on purpose. And when the browser tests'
 * Chromium is missing, the box says how to install it whichever suite skipped. Under CI (CI=1) those suites fail
 * instead of skipping, as before.
 */
const fs = require('fs');
const path = require('path');

const MARK = /\[skipped: (.*)\]$/;
const CHROMIUM = process.env.GOCLOCK_CHROMIUM || '/usr/bin/chromium';

class SkippedSuitesReporter {
  constructor(globalConfig) {
    this.globalConfig = globalConfig;
  }

  onRunComplete(contexts, results) {
    const root = this.globalConfig.rootDir;
    const narrowed = Boolean(this.globalConfig.testNamePattern);
    const lines = [];
    for (const file of results.testResults) {
      const name = path.relative(root, file.testFilePath);
      const tests = file.testResults;
      const reasons = new Map(); // reason -> [suite title, count]
      for (const t of tests) {
        if (t.status !== 'pending') continue;
        for (const title of t.ancestorTitles) {
          const m = MARK.exec(title);
          if (!m) continue;
          const suite = title.slice(0, m.index).trim();
          const seen = reasons.get(m[1]) || { suites: new Set(), count: 0 };
          seen.suites.add(suite);
          seen.count++;
          reasons.set(m[1], seen);
          break;
        }
      }
      if (reasons.size > 0) {
        for (const [reason, seen] of reasons) {
          lines.push(name + ': ' + seen.count + ' tests skipped ("' + Array.from(seen.suites).join('", "') + '")');
          lines.push('    ' + reason);
        }
      } else if (!narrowed && tests.length > 0 && tests.every((t) => t.status === 'pending')) {
        lines.push(name + ': all ' + tests.length + ' tests skipped');
      }
    }
    if (lines.length === 0) return;
    if (!fs.existsSync(CHROMIUM)) {
      lines.push('');
      lines.push('No chromium at ' + CHROMIUM + ': the browser tests did not run. Install it:');
      lines.push('    apt-get install -y chromium      (or set GOCLOCK_CHROMIUM to a Chromium binary)');
    }
    lines.push('');
    lines.push('These tests did NOT run; under CI (CI=1) they fail instead.');
    const width = Math.max(...lines.map((l) => l.length)) + 2;
    const bar = '!'.repeat(width + 2);
    const out = ['', bar, '! ' + 'SKIPPED SUITES'.padEnd(width - 1) + '!']
      .concat(lines.map((l) => '! ' + l.padEnd(width - 1) + '!'))
      .concat([bar, '']);
    // Jest's summary reporter comes after every custom one: print once it has (the next turn of the event loop), or
    // at exit if the process ends first.
    let printed = false;
    const print = () => {
      if (printed) return;
      printed = true;
      process.stderr.write(out.join('\n') + '\n');
    };
    setImmediate(print);
    process.once('exit', print);
  }
}

module.exports = SkippedSuitesReporter;
