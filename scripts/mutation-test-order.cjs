/**
 * Test order for the mutation run (`jest.stryker.config.js`): the table tests first, the random-game properties last.
 *
 * Jest's own order puts the slowest files first, which for a mutant means the properties (seconds each) run before the
 * tables (milliseconds) that kill most mutants; with bail on, running the tables first ends most mutants' runs early.
 */
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = ['/test/semantics/', '/test/core/', '/test/properties/'];

function rank(path) {
  const i = ORDER.findIndex((folder) => path.includes(folder));
  return i < 0 ? ORDER.length : i;
}

class TablesFirst extends Sequencer {
  sort(tests) {
    return tests.slice().sort((a, b) => rank(a.path) - rank(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

module.exports = TablesFirst;
