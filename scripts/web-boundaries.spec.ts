// The web's feature boundaries (docs/web-anatomy.md): a feature of web/src/features imports another
// only through its index.ts, and the features depend on each other along few edges, what several of
// them need living in web/src/shared. ESLint reports a deep import where it is written
// (eslint.config.js, proven by lint-boundaries.spec.ts); this counts the edges, which no lint rule
// does, and checks every import form ESLint's rule does not see (`import()`).
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const FEATURES = 'web/src/features';

/**
 * At most this many (importing feature, imported feature) pairs. Issue 34 brought them from 59 down to
 * 24; a new edge is a choice to make on purpose (is it the feature's public API, or shared?).
 */
const MAX_EDGES = 24;

interface SourceFile {
  /** Relative to the repository, with `/`. */
  path: string;
  text: string;
}

interface FeatureImport {
  file: string;
  specifier: string;
  from: string;
  to: string;
  /** `../matching`, `../matching/index`, `../../matching/index.ts`: the feature's public API. */
  throughIndex: boolean;
}

/** Every relative import (static, `export … from`, `import()`, type-only) of a file in one feature into another. */
function featureImports(files: readonly SourceFile[]): FeatureImport[] {
  return files.flatMap(({ path, text }) => {
    const [from] = posix.relative(FEATURES, path).split('/');
    return ts
      .preProcessFile(text, true, true)
      .importedFiles.map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => {
        const target = posix.relative(FEATURES, posix.join(posix.dirname(path), specifier));
        const [to, ...rest] = target.split('/');
        if (target.startsWith('..') || !to || to === from) return [];
        const throughIndex = rest.length === 0 || (rest.length === 1 && /^index(?:\.[jt]sx?)?$/.test(rest[0]!));
        return [{ file: path, specifier, from: from!, to, throughIndex }];
      });
  });
}

/** The distinct "importing feature → imported feature" pairs, sorted. */
function featureEdges(imports: readonly FeatureImport[]): string[] {
  return [...new Set(imports.map((imported) => `${imported.from} → ${imported.to}`))].sort();
}

function webFeatureFiles(): SourceFile[] {
  return readdirSync(join(root, FEATURES), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|tsx)$/.test(entry.name))
    .map((entry) => {
      const path = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
      return { path, text: readFileSync(join(root, path), 'utf8') };
    });
}

describe('reading the imports of the web features', () => {
  const fixture = (path: string, text: string): SourceFile => ({ path: `${FEATURES}/${path}`, text });

  it('finds imports into another feature in every form, and tells its index from its insides', () => {
    const imports = featureImports([
      fixture(
        'dashboard/components/Card.tsx',
        [
          "import { MatchReview } from '../../reviews';",
          "import type { Match } from '../../matching/matching.api';",
          "import '../../matching/matching.css';",
          "export { nextSteps } from '../../home/index.ts';",
          "const Dialog = lazy(() => import('../../projects/components/Dialog'));",
          "import { TabList } from '../components/TabStates';",
          "import { StatGrid } from '../../../shared/ui/StatGrid';",
        ].join('\n'),
      ),
    ]);
    expect(imports.map(({ specifier, to, throughIndex }) => [specifier, to, throughIndex])).toEqual([
      ['../../reviews', 'reviews', true],
      ['../../matching/matching.api', 'matching', false],
      ['../../matching/matching.css', 'matching', false],
      ['../../home/index.ts', 'home', true],
      ['../../projects/components/Dialog', 'projects', false],
    ]);
  });

  it('counts one edge per pair of features, however many imports it has', () => {
    const imports = featureImports([
      fixture('projects/ProjectPage.tsx', "import { a } from '../matching';\nimport { b } from '../matching';"),
      fixture(
        'projects/components/Card.tsx',
        "import { c } from '../../matching';\nimport { d } from '../../reviews';",
      ),
      fixture('reviews/Review.tsx', "import { e } from '../projects';\nimport { f } from './own';"),
    ]);
    expect(featureEdges(imports)).toEqual(['projects → matching', 'projects → reviews', 'reviews → projects']);
  });
});

describe('the web features (web/src/features)', () => {
  const imports = featureImports(webFeatureFiles());

  it("import another feature only through its index.ts, never a file inside it (listed: file: 'import')", () => {
    const offenders = imports
      .filter((imported) => !imported.throughIndex)
      .map((imported) => `${imported.file}: '${imported.specifier}'`);
    expect(offenders).toEqual([]);
  });

  it(`depend on each other along at most ${MAX_EDGES} edges`, () => {
    const edges = featureEdges(imports);
    if (edges.length > MAX_EDGES) {
      throw new Error(
        `${edges.length} feature → feature edges, at most ${MAX_EDGES} allowed: move what several features need ` +
          `to web/src/shared/ rather than importing it from another feature. The edges:\n  ${edges.join('\n  ')}`,
      );
    }
    expect(edges.length).toBeLessThanOrEqual(MAX_EDGES);
  });
});
