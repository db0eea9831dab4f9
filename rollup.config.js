/**
 * `rollup -c`: dist/<board>.js for every board in boards/ (every boards/*.ts but board.ts), each an IIFE that runs
 * `boot(board)` on Espruino. The pipeline itself (TypeScript -> Babel -> terser, and why each option) is in
 * scripts/bundle-config.cjs, shared with scripts/flash.mjs and the bundle tests.
 */
const pipeline = require('./scripts/bundle-config.cjs');

module.exports = pipeline.boardNames().map((name) => pipeline.bundleConfig(name));
