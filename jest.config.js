// One Jest run for the whole workspace. Tests import workspace packages by their public
// name; the mapper points those names at the TypeScript sources so a test never mixes two
// copies of a class (src and dist). Type errors in tests are caught by `pnpm typecheck`,
// so ts-jest only transpiles here.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/apps', '<rootDir>/images', '<rootDir>/scripts'],
  testMatch: ['**/src/**/*.test.ts', '**/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleNameMapper: {
    '^@(stmt|disc)/([a-z-]+)$': '<rootDir>/packages/$1-$2/src/index.ts',
    '^@fin/([a-z-]+)$': '<rootDir>/packages/$1/src/index.ts',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
  },
  reporters: ['default', '<rootDir>/scripts/summary-reporter.js'],
  testTimeout: 30000,
};
