// tokens.css and palette.ts write the same colours twice (CSS cannot import a TypeScript object): these
// checks keep the two in step, and every theme property that the web uses declared.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { palette, type PaletteRole } from './palette';

const themeDir = fileURLToPath(new URL('.', import.meta.url));
const webSrc = join(themeDir, '..', '..');

/** tokens.css's custom properties: name → value. */
const tokens = new Map(
  [...readFileSync(join(themeDir, 'tokens.css'), 'utf8').matchAll(/(--pj-[\w-]+)\s*:\s*([^;]+);/g)].map(
    ([, name, value]) => [name!, value!.trim()],
  ),
);

const kebab = (role: string) => role.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(css|tsx?)$/.test(entry.name) && !entry.name.endsWith('.spec.ts')) yield path;
  }
}

describe('the theme tokens', () => {
  it('declare every palette colour as --pj-color-<role>, with the same value', () => {
    const declared = Object.entries(palette).map(([role]) => [role, tokens.get(`--pj-color-${kebab(role)}`)]);
    expect(declared).toEqual(Object.entries(palette));
  });

  it('write no colour of their own: each --pj-color- with a value is a palette entry', () => {
    const own = [...tokens]
      .filter(([name, value]) => name.startsWith('--pj-color-') && !value.includes('var('))
      .filter(([name, value]) => palette[camel(name.slice('--pj-color-'.length)) as PaletteRole] !== value);
    expect(own).toEqual([]);
  });

  it('give the channels of a palette colour as --pj-rgb-<role>', () => {
    const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(' ');
    const rgb = [...tokens].filter(([name]) => name.startsWith('--pj-rgb-'));
    expect(rgb.length).toBeGreaterThan(0);
    for (const [name, value] of rgb) {
      const hex = palette[camel(name.slice('--pj-rgb-'.length)) as PaletteRole] as string | undefined;
      expect([name, value]).toEqual([name, hex && channels(hex)]);
    }
  });

  it('declare every colour, channel and gradient property that the web uses', () => {
    const undeclared: string[] = [];
    for (const file of sourceFiles(webSrc)) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/var\((--pj-(?:color|rgb|gradient)-[\w-]+)/g)) {
        if (!tokens.has(name!)) undeclared.push(`${file.slice(webSrc.length + 1)}: ${name}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
