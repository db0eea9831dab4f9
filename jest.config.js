/** Jest runs every test under test/ through ts-jest (type-checked TypeScript). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', target: 'ES2019', esModuleInterop: true, isolatedModules: true } }],
  },
};
