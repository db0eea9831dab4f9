/**
 * Jest for the mutation run (`stryker.config.json`): the project's own config, restricted to the tests of the clock
 * core — the time-semantics tables, the model-based properties and the core unit tables.
 *
 * - `test/semantics/cli.test.ts` is left out: it spawns `tsx sim/cli.ts` in a child process, where no mutant can be
 *   switched on, so it only costs time (the tables cover the same scenario runner in-process).
 * - This file is also the run's setup file (`setupFilesAfterEnv`): inside a test file it configures fast-check for
 *   mutation testing. `endOnFailure` reports a property's first counterexample without shrinking it (shrinking a
 *   40-command game takes minutes, and a killed mutant needs no minimal example; without it most killed mutants came
 *   out as timeouts); a fixed `seed` makes the properties play the same games in every run, so two mutation runs
 *   compare.
 * - The properties play a quarter of their games (PROPS_SCALE=0.25 unless set): every mutant that survives the tables
 *   replays all of them, and at full size a run took hours on two cores. The score is reported with this setting.
 * - Tables run before properties (`scripts/mutation-test-order.cjs`), so a mutant a table kills ends its run early.
 */
const base = require('./jest.config.js');

process.env.PROPS_SCALE = process.env.PROPS_SCALE || '0.25';

if (typeof expect === 'function' && typeof beforeAll === 'function') {
  // Loaded as the setup file, inside a test file's environment.
  require('fast-check').configureGlobal({ endOnFailure: true, seed: 20240601 });
}

module.exports = Object.assign({}, base, {
  roots: ['<rootDir>/test/semantics', '<rootDir>/test/properties', '<rootDir>/test/core'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/semantics/cli\\.test\\.ts$'],
  setupFilesAfterEnv: ['<rootDir>/jest.stryker.config.js'],
  testSequencer: '<rootDir>/scripts/mutation-test-order.cjs',
});
