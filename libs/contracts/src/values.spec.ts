import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import * as contracts from './index.js';
import * as values from './values.js';

const SOURCE = dirname(fileURLToPath(import.meta.url));

/** Every module specifier of a TypeScript file: static imports and re-exports, type-only ones too, and `import()`. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!);
  return found;
}

/** The files `entry` reaches through relative specifiers, and every non-relative specifier on the way. */
function reach(entry: string): { files: string[]; external: string[] } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of specifiers(file)) {
      if (!specifier.startsWith('.')) external.add(`${relative(SOURCE, file)}: ${specifier}`);
      else visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
    }
  };
  visit(entry);
  return { files: [...files].map((file) => relative(SOURCE, file)).sort(), external: [...external] };
}

describe('@projectory/contracts/values', () => {
  it('imports no zod, nor any other package: the web app imports it', () => {
    const { files, external } = reach(join(SOURCE, 'values.ts'));
    expect(files.length).toBeGreaterThan(1);
    expect(external).toEqual([]);
  });

  it('stays inside values.ts and values/', () => {
    const outside = reach(join(SOURCE, 'values.ts')).files.filter(
      (file) => file !== 'values.ts' && !file.startsWith('values/'),
    );
    expect(outside).toEqual([]);
  });

  it('is re-exported whole by the main entry, the same bindings', () => {
    const missing = Object.entries(values)
      .filter(([name, value]) => (contracts as Record<string, unknown>)[name] !== value)
      .map(([name]) => name);
    expect(Object.keys(values).length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('finds a zod import where there is one (the check itself works)', () => {
    expect(reach(join(SOURCE, 'errors.ts')).external).toContain('errors.ts: zod');
  });
});
