import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Package boundaries (ARCHITECTURE §6, CONVENTIONS "Imports"), enforced with the built-in
// no-restricted-imports. Flat config replaces a rule's options instead of merging them, so every
// block below lists all that its files may not import; a later block wins for the files it matches.
// scripts/lint-boundaries.spec.ts proves each rule fires.
const CODE = '{ts,tsx,js,mjs,cjs}';
/** services/all-in-one, the launcher behind `npm start`, composes the services: the service rules skip it. */
const LAUNCHER = 'all-in-one';
const services = readdirSync(new URL('./services', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const oneOf = (names) => `(?:${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
/** A relative path that climbs out of the importing folder: `../`, `../../`, … */
const UP = '^(?:\\.\\./)+';

const boundary = {
  deepIntoLibs: {
    regex: '^\\.{1,2}/(?:[^/]+/)*libs/[^/]+/src(?:/|$)',
    message:
      'Import a library through its alias (@projectory/contracts, @projectory/platform, …), not a relative path into libs/*/src.',
  },
  gateway: [
    {
      group: ['@projectory/gateway', '@projectory/gateway/**'],
      message: 'Only the launcher and the API test stack compose the gateway.',
    },
    { regex: `${UP}gateway(?:/|$)`, message: 'No relative imports into gateway/.' },
  ],
  /**
   * Every service and the launcher by alias (a service imports itself relatively); by relative path
   * every service but `own`, reached from the repository root (../services/x) or from services/ (../x/src).
   */
  services: (own) => {
    const others = oneOf(services.filter((name) => name !== own));
    return [
      {
        group: [
          '@projectory/service-*',
          '@projectory/service-*/**',
          '@projectory/all-in-one',
          '@projectory/all-in-one/**',
        ],
        message:
          "A service never imports another service (nor the launcher): it talks over HTTP or events. API tests name the services they start: startApiStack(['identity', …]).",
      },
      {
        regex: `${UP}(?:services/${others}(?:/|$)|${others}/(?:src|test|dist)(?:/|$))`,
        message: 'No relative imports into a service from outside it.',
      },
    ];
  },
  apiStack: [
    {
      group: ['@projectory/api-stack'],
      message:
        'The API test stack composes apps: for tests (services/*/test, gateway/test), never libraries or production code.',
    },
    { regex: `${UP}e2e(?:/|$)`, message: 'No relative imports into e2e/.' },
  ],
};

/** The web may not pull zod into its bundle: contracts' index exports zod schemas, so types only for now. */
const contractsTypesOnly = {
  name: '@projectory/contracts',
  allowTypeImports: true,
  message:
    'The web imports only types from @projectory/contracts (its index pulls zod into the bundle); values wait for the zod-free libs/contracts/src/values.',
};

/**
 * The web's feature boundaries (docs/web-anatomy.md): a feature imports another only through its index
 * (`../matching`, `../matching/index`), never a file inside it; what several features need is in
 * web/src/shared/. A relative path's meaning depends on how deep the importing file sits in its
 * feature (from features/<own>/components/, `../x` is the feature's own `x`), so each feature gets one
 * block per depth: `ups` is how many `../` lead out of the feature, into web/src/features/.
 */
const WEB_FEATURES = 'web/src/features';
const features = readdirSync(new URL(`./${WEB_FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Deepest folder level inside a feature that the rule covers (features/<own>/a/b/c/d/file.ts). */
const FEATURE_DEPTHS = 5;
const NOT_INDEX = '(?!index(?:\\.[jt]sx?)?$)[^/]';
const intoOtherFeature = (own, ups) => ({
  regex:
    `^(?:\\.\\./){${ups}}(?!${oneOf([own])}/)[^./][^/]*/${NOT_INDEX}` +
    `|^(?:\\.\\./){${ups + 1},}(?:[^./][^/]*/)*features/(?!${oneOf([own])}/)[^/]+/${NOT_INDEX}`,
  message:
    "A feature imports another feature only through its index (e.g. '../matching'), never a file inside it: export what others need from that feature's index.ts, or move it to web/src/shared/.",
});
const intoFeatures = {
  regex: '(?:^|/)features(?:/|$)',
  message: 'web/src/shared/ is what every feature may use: it never imports a feature.',
};

const restrict = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns: patterns.flat() }] },
});

const boundaries = [
  restrict([`**/*.${CODE}`], [boundary.deepIntoLibs]),
  restrict([`web/src/**/*.${CODE}`], [boundary.deepIntoLibs], [contractsTypesOnly]),
  restrict([`web/src/shared/**/*.${CODE}`], [boundary.deepIntoLibs, intoFeatures], [contractsTypesOnly]),
  ...features.flatMap((own) =>
    Array.from({ length: FEATURE_DEPTHS + 1 }, (_, depth) =>
      restrict(
        [`${WEB_FEATURES}/${own}/${'*/'.repeat(depth)}*.${CODE}`],
        [boundary.deepIntoLibs, intoOtherFeature(own, depth + 1)],
        [contractsTypesOnly],
      ),
    ),
  ),
  // A library never imports an app: not the gateway, a service, the launcher or the API test stack.
  restrict([`libs/**/*.${CODE}`], [boundary.deepIntoLibs, boundary.gateway, boundary.services(), boundary.apiStack]),
  restrict([`gateway/**/*.${CODE}`], [boundary.deepIntoLibs, boundary.services()]),
  restrict([`gateway/src/**/*.${CODE}`], [boundary.deepIntoLibs, boundary.services(), boundary.apiStack]),
  ...services
    .filter((name) => name !== LAUNCHER)
    .flatMap((name) => [
      restrict([`services/${name}/**/*.${CODE}`], [boundary.deepIntoLibs, boundary.gateway, boundary.services(name)]),
      restrict(
        [`services/${name}/src/**/*.${CODE}`],
        [boundary.deepIntoLibs, boundary.gateway, boundary.services(name), boundary.apiStack],
      ),
    ]),
  restrict([`services/${LAUNCHER}/src/**/*.${CODE}`], [boundary.deepIntoLibs, boundary.apiStack]),
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.test.json', './web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-extraneous-class': 'off', // Nest modules are classes with only decorators and statics
      '@typescript-eslint/no-unsafe-function-type': 'off', // TypeORM entity lists are typed as Function
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...boundaries,
);
