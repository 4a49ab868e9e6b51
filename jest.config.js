// Jest runs in ES-module mode (NODE_OPTIONS=--experimental-vm-modules) with @swc/jest, because
// NestJS 12 ships only ES modules. Workspace packages resolve to their TypeScript sources.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const packages = {
  contracts: 'libs/contracts',
  platform: 'libs/platform',
  testing: 'libs/testing',
  gateway: 'gateway',
};

const common = {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    ...Object.fromEntries(
      Object.entries(packages).map(([name, dir]) => [`^@projectory/${name}$`, `<rootDir>/${dir}/src/index.ts`]),
    ),
    '^@projectory/contracts/values$': '<rootDir>/libs/contracts/src/values.ts',
    '^@projectory/service-(.*)$': '<rootDir>/services/$1/src/index.ts',
    // The API test stack composes the gateway and services, so it is test code, not a library.
    '^@projectory/api-stack$': '<rootDir>/e2e/support/api-stack.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

const projects = [
  {
    ...common,
    displayName: 'unit',
    // scripts/: checks of the repository's tooling, e.g. that the lint enforces the package boundaries.
    // web/src: the web's pure modules (e.g. the call state machine).
    testMatch: [
      '<rootDir>/{libs,services,gateway}/**/src/**/*.spec.ts',
      '<rootDir>/scripts/**/*.spec.ts',
      '<rootDir>/web/src/**/*.spec.ts',
    ],
  },
  {
    ...common,
    displayName: 'integration',
    testMatch: ['<rootDir>/{libs,services,gateway}/**/test/**/*.int-spec.ts'],
    globalSetup: '<rootDir>/libs/testing/jest/global-setup.mjs',
    globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.mjs',
  },
];

// `npm run test:unit` / `test:int` choose their project here rather than with --selectProjects, which
// takes every word after it as a project name: `npm run test:unit -- <path>` would run every test.
const only = process.env.JEST_PROJECT;
const selected = projects.filter((project) => !only || project.displayName === only);
if (selected.length === 0) throw new Error(`JEST_PROJECT=${only}: no such jest project`);

export default {
  // Integration tests start real processes and brokers; unit tests finish in milliseconds anyway.
  testTimeout: 60_000,
  // Both cores (ARCHITECTURE §7): every integration file has its own database, key prefixes and topics,
  // and much of a file's time is spent waiting on sockets, so two files run at once.
  maxWorkers: 2,
  projects: selected,
};
