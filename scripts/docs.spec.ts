// The repository's documents lead somewhere: every relative link in a Markdown file resolves to a file
// or folder of the repository (or of ../shared, the design documents beside it), and the ADR index
// lists every record in docs/adr.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const root = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.data', 'test-results', 'playwright-report', '.nx']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** `[text](target)` links, without code spans and fenced blocks; external and in-page ones left out. */
function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURI(target.split('#')[0]!));
}

describe('the documents', () => {
  it('link only to files that exist', () => {
    const broken = markdownFiles(root).flatMap((file) =>
      relativeLinks(readFileSync(file, 'utf8'))
        .filter((target) => !existsSync(resolve(dirname(file), target)))
        .map((target) => `${relative(root, file)} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('index every architecture decision record in docs/adr/README.md', () => {
    const index = readFileSync(join(root, 'docs', 'adr', 'README.md'), 'utf8');
    const records = readdirSync(join(root, 'docs', 'adr')).filter((name) => /^\d{4}-.*\.md$/.test(name));
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });
});
