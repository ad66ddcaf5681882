import type { Config } from 'jest';

/** One SWC transform for every package: TypeScript, TSX and Nest's decorator metadata. */
const swcTransform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: true, decorators: true },
        transform: {
          legacyDecorator: true,
          decoratorMetadata: true,
          react: { runtime: 'automatic' },
        },
      },
      module: { type: 'commonjs' },
    },
  ],
};

const config: Config = {
  // Integration tests start real processes and databases; a slow machine needs more than 5 s.
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'contracts',
      testEnvironment: 'node',
      rootDir: '<rootDir>/shared-contracts',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform: swcTransform,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      rootDir: '<rootDir>/server',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform: swcTransform,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      rootDir: '<rootDir>/server',
      testMatch: ['<rootDir>/test/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      transform: swcTransform,
      slowTestThreshold: 30,
    },
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      rootDir: '<rootDir>/client',
      // scripts/: the build's own tools (they run in Node, see their test files' environment).
      testMatch: ['<rootDir>/src/**/*.test.tsx', '<rootDir>/src/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/test/style-stub.cjs', '\\?url$': '<rootDir>/test/url-stub.cjs' },
      setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
      transform: swcTransform,
    },
  ],
};

export default config;
