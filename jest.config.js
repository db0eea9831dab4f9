/**
 * Jest runs every test under test/ through ts-jest (type-checked TypeScript). After jest's own summary,
 * test/reporters/skipped-suites.js says in a box which suites were skipped and why (a missing chromium, …).
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', target: 'ES2019', esModuleInterop: true, isolatedModules: true } }],
  },
  reporters: ['default', '<rootDir>/test/reporters/skipped-suites.js'],
};
