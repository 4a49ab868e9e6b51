// The web has one theme (web/src/shared/theme): its palette and tokens.css are the only place a colour
// is written as hex. Everywhere else a stylesheet uses var(--pj-…) and code the palette; this fails,
// listing file:line, for a hex colour anywhere else in web/src.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const webSrc = join(root, 'web', 'src');
const theme = join(webSrc, 'shared', 'theme');

/** #rgb, #rgba, #rrggbb, #rrggbbaa. */
const HEX = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b/gi;

interface Found {
  offset: number;
  colour: string;
}

/**
 * Hex colours in a stylesheet's property values. An id selector (`#add`) is not one: what follows a
 * value is `;` or `}`, what follows a selector is `{`. Comments are blanked first.
 */
function cssColours(text: string): Found[] {
  const css = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return [...css.matchAll(HEX)]
    .filter((match) => /^[^{};]*[;}]/.test(css.slice(match.index + match[0].length)))
    .map((match) => ({ offset: match.index, colour: match[0] }));
}

/**
 * Hex colours in a module's string literals: a string that is a hex colour (`stroke="#fff"`,
 * `color: '#4f46e5'`), or that holds one in a CSS value (`'0 0 0 1px #fff'`). Comments, and `#` in
 * URLs and ids (`href="#main"`, `'/projects#add'`), are not colours.
 */
function codeColours(text: string, fileName: string): Found[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: Found[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
      const start = node.getStart(source) + 1;
      for (const match of node.text.matchAll(HEX)) {
        const whole = match[0].length === node.text.trim().length;
        const inValue = match.index === 0 || /[\s(,:]/.test(node.text[match.index - 1]!);
        if (whole || inValue) found.push({ offset: start + match.index, colour: match[0] });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function* webFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== theme) yield* webFiles(path);
    } else if (/\.(css|tsx?)$/.test(entry.name)) yield path;
  }
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

describe('colours in the web', () => {
  it('are written as hex only in web/src/shared/theme', () => {
    const outside: string[] = [];
    for (const file of webFiles(webSrc)) {
      const text = readFileSync(file, 'utf8');
      const found = file.endsWith('.css') ? cssColours(text) : codeColours(text, file);
      for (const { offset, colour } of found)
        outside.push(`${relative(root, file)}:${lineOf(text, offset)}: ${colour} (use the theme's token or palette)`);
    }
    expect(outside).toEqual([]);
  });

  it('are told apart from ids, URLs and comments', () => {
    const css = [
      '/* was #4f46e5 */ .a #add, #main:focus { outline: none; }',
      '.b { color: #4F46E5; box-shadow: 0 0 0 2px #fff }',
      '.c { background: linear-gradient(#eef2ff, #f5f3ffcc); }',
    ].join('\n');
    expect(cssColours(css).map((found) => found.colour)).toEqual(['#4F46E5', '#fff', '#eef2ff', '#f5f3ffcc']);

    const tsx = [
      '// #fff on indigo',
      'const a = <a href="#main" stroke="#fff">#fade</a>;',
      "const b = { color: '#4f46e5', to: '/projects#add', border: `1px solid #e2e8f0`, id: '#abcde' };",
    ].join('\n');
    expect(codeColours(tsx, 'fixture.tsx').map((found) => found.colour)).toEqual(['#fff', '#4f46e5', '#e2e8f0']);
  });
});
