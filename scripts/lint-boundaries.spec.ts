// The package boundaries of eslint.config.js, proven on source texts placed (virtually) in the files
// they would break: each forbidden import must raise no-restricted-imports, each allowed one nothing.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

const eslint = new ESLint({
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  // Only the boundary rule, and no type information: the fixture files need not exist.
  overrideConfig: { languageOptions: { parserOptions: { project: false, projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

/** What ESLint reports for `source` as the content of `filePath`: rule id and message per problem. */
async function lint(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath, warnIgnored: true });
  return result!.messages.map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
}

const forbidden: [file: string, source: string][] = [
  // (a) a library never imports an app, nor the API test stack
  ['libs/testing/src/fixture.ts', "import { createGatewayApp } from '@projectory/gateway';"],
  ['libs/testing/src/fixture.ts', "import { identityService } from '@projectory/service-identity';"],
  ['libs/testing/src/fixture.ts', "import { allServices } from '@projectory/all-in-one';"],
  ['libs/platform/src/events/fixture.ts', "import { startApiStack } from '@projectory/api-stack';"],
  ['libs/testing/src/fixture.ts', "import { createGatewayApp } from '../../../gateway/src/index.js';"],
  ['libs/testing/src/fixtures/fixture.ts', "import { x } from '../../../../services/identity/src/index.js';"],
  ['libs/testing/src/fixture.ts', "import { startApiStack } from '../../../e2e/support/api-stack.js';"],
  ['libs/platform/test/fixture.int-spec.ts', "import { matchingService } from '@projectory/service-matching';"],
  // (b) a service never imports another service or the gateway, by alias or relative path
  ['services/matching/src/fixture.ts', "import { identityService } from '@projectory/service-identity';"],
  ['services/matching/test/fixture.int-spec.ts', "import { identityService } from '@projectory/service-identity';"],
  ['services/matching/src/services/fixture.ts', "import { createGatewayApp } from '@projectory/gateway';"],
  ['services/matching/src/fixture.ts', "import { x } from '../../identity/src/index.js';"],
  ['services/matching/src/controllers/fixture.ts', "import { x } from '../../../../services/identity/src/x.js';"],
  ['services/identity/test/fixture.int-spec.ts', "import { x } from '../../../gateway/src/index.js';"],
  // …and production code never imports the API test stack
  ['services/matching/src/fixture.ts', "import { startApiStack } from '@projectory/api-stack';"],
  ['services/all-in-one/src/fixture.ts', "import { startApiStack } from '@projectory/api-stack';"],
  // (c) the gateway never imports a service
  ['gateway/src/fixture.ts', "import { matchingService } from '@projectory/service-matching';"],
  ['gateway/src/proxy/fixture.ts', "import { x } from '../../../services/matching/src/index.js';"],
  ['gateway/test/fixture.int-spec.ts', "import { allServices } from '@projectory/all-in-one';"],
  ['gateway/src/fixture.ts', "import { startApiStack } from '@projectory/api-stack';"],
  // (d) nowhere a relative path into libs/*/src
  ['web/src/features/auth/fixture.ts', "import type { User } from '../../../../libs/contracts/src/identity/identity';"],
  ['e2e/fixture.e2e.ts', "import { Topics } from '../libs/contracts/src/topics.js';"],
  ['bench/fixture.mjs', "import { MemoryEventBus } from '../libs/platform/src/index.js';"],
  ['services/matching/test/fixture.ts', "import { Topics } from '../../../libs/contracts/src/topics.js';"],
  ['gateway/src/fixture.ts', "export * from '../../libs/contracts/src/index.js';"],
  // the web takes only types from contracts, whose index would bring zod into the bundle
  ['web/src/features/auth/fixture.ts', "import { Topics } from '@projectory/contracts';"],
  ['web/src/features/matching/components/fixture.tsx', "import { Topics } from '@projectory/contracts';"],
  ['web/src/shared/ui/fixture.tsx', "import { Topics } from '@projectory/contracts';"],
  // (e) a web feature imports another feature only through its index, from any depth of its folder
  ['web/src/features/dashboard/components/fixture.tsx', "import { X } from '../../matching/components/X';"],
  [
    'web/src/features/dashboard/student/fixture.tsx',
    "import { ProjectMatchCard } from '../../matching/components/ProjectMatchCard';",
  ],
  ['web/src/features/projects/fixture.ts', "import { useGetDashboardQuery } from '../../features/home/home.api';"],
  [
    'web/src/features/projects/components/fixture.ts',
    "import { useGetDashboardQuery } from '../../../features/home/home.api';",
  ],
  ['web/src/features/projects/fixture.ts', "import { exchangeLabel } from '../matching/matching.texts';"],
  ['web/src/features/projects/fixture.ts', "import type { Match } from '../matching/matching.api';"],
  ['web/src/features/dashboard/fixture.tsx', "import '../matching/matching.css';"],
  [
    'web/src/features/home/components/fixture.tsx',
    "export { MatchReview } from '../../reviews/components/MatchReview';",
  ],
  ['web/src/features/home/fixture.ts', "export * from '../dashboard/next-steps';"],
  // …and web/src/shared/ never imports a feature
  ['web/src/shared/ui/fixture.tsx', "import { homeTexts } from '../../features/home/home.texts';"],
  ['web/src/shared/session/fixture.ts', "import { AuthLayout } from '../../features/auth';"],
];

const allowed: [file: string, source: string][] = [
  [
    'services/all-in-one/src/fixture.ts',
    "import { identityService } from '@projectory/service-identity';\nimport { createGatewayApp } from '@projectory/gateway';",
  ],
  [
    'services/matching/test/fixture.int-spec.ts',
    "import { startApiStack } from '@projectory/api-stack';\nimport { waitFor } from '@projectory/testing';\nimport { explainPair } from '../src/scoring/index.js';",
  ],
  // a service's own services/ folder is not services/ of the repository
  ['services/matching/src/controllers/fixture.ts', "import { MatchService } from '../services/match.service.js';"],
  ['services/identity/src/fixture.ts', "import { Topics } from '@projectory/contracts';"],
  ['gateway/test/fixture.int-spec.ts', "import { startApiStack } from '@projectory/api-stack';"],
  ['libs/testing/src/fixture.ts', "import { MemoryEventBus } from '@projectory/platform';"],
  // a library's folder named like a service is its own
  ['libs/contracts/src/events/identity/fixture.ts', "import { userSchema } from '../../identity/identity.js';"],
  ['web/src/features/auth/fixture.ts', "import type { User } from '@projectory/contracts';"],
  // a feature's index, its own files (however it spells the path), shared/ and the app's own modules
  ['web/src/features/dashboard/fixture.tsx', "import { ProjectMatchCard, useGetMyMatchesQuery } from '../matching';"],
  ['web/src/features/dashboard/student/fixture.tsx', "import { MatchReview } from '../../reviews/index';"],
  ['web/src/features/home/fixture.ts', "export { nextSteps } from '../dashboard/index.ts';"],
  [
    'web/src/features/dashboard/employer/fixture.tsx',
    "import { useMyMatches } from '../use-dashboard-data';\nimport { dashboardTexts } from '../dashboard.texts';",
  ],
  [
    'web/src/features/matching/fixture.ts',
    "import { ProjectMatchCard } from '../matching/components/ProjectMatchCard';",
  ],
  ['web/src/features/matching/components/fixture.ts', "import { matchingApi } from '../../matching/matching.api';"],
  [
    'web/src/features/projects/components/fixture.tsx',
    "import { StatGrid } from '../../../shared/ui/StatGrid';\nimport { useCurrentUser } from '../../../shared/session';\nimport { api } from '../../../api/api';",
  ],
  [
    'web/src/shared/ui/fixture.tsx',
    "import { ScoreBar } from './ScoreBar';\nimport { useGetDashboardQuery } from '../api';",
  ],
  ['web/src/app/fixture.tsx', "import { ProjectsIntro } from '../features/projects/ProjectsPage';"],
  ['e2e/fixture.e2e.ts', "import { texts } from '../web/src/features/auth/auth.texts.js';"],
  ['e2e/support/fixture.ts', "import { createGatewayApp } from '@projectory/gateway';"],
  ['bench/fixture.mjs', "const { benchService } = await import('../libs/testing/dist/fixtures/bench.service.js');"],
];

describe('package boundaries (eslint.config.js)', () => {
  it.each(forbidden)('%s may not: %s', async (file, source) => {
    const problems = await lint(file, source);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^no-restricted-imports: /);
  });

  it.each(allowed)('%s may: %s', async (file, source) => {
    expect(await lint(file, source)).toEqual([]);
  });
});
