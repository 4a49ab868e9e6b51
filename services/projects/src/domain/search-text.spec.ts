import { describe, expect, it } from '@jest/globals';
import { searchQuery, websearchText } from './search-text.js';

describe('websearchText', () => {
  it.each([
    ['web design', 'web design'],
    ['"web design"', '"web design"'],
    ['web -analytics -design', 'web -analytics -design'],
    ['-"web design" java', '-"web design" java'],
    ['java or python', 'java or python'],
    ['state-of-the-art e-mail', 'state-of-the-art e-mail'],
    ["c++ node.js o'reilly Zoë 🚀", "c++ node.js o'reilly Zoë 🚀"],
    ['  spaced\tout  ', 'spaced out'],
  ])('keeps what the websearch syntax means: %j', (q, kept) => {
    expect(websearchText(q)).toBe(kept);
  });

  it.each([
    ['50 dashes', '-'.repeat(50), ''],
    ['500 dashes', '-'.repeat(500), ''],
    ['dashes before a word', `${'-'.repeat(50)}java`, '-java'],
    ['spaced dashes (a dash applies to what touches it)', `${'- '.repeat(50)}java`, 'java'],
    ['bangs', '!!!', ''],
    ['bangs and dashes', `${'!-'.repeat(50)}java`, '-java'],
    ['tsquery operators', '&|:* <-> (x) java:*', 'x java'],
    ['quotes only', '""" "', ''],
    ['an unclosed phrase of operators', '"- - !"', ''],
    ['an unclosed phrase', '"web design', '"web design"'],
    ['dashes inside words', 'a----b- -c--', 'a-b -c'],
    ['a dash before an empty phrase', '-"" -"&" java', 'java'],
  ])('reduces %s to words, phrases and single dashes', (_, q, reduced) => {
    expect(websearchText(q)).toBe(reduced);
  });
});

describe('searchQuery', () => {
  it.each([
    ['react dashboard', { wanted: ['react', 'dashboard'], plain: true, excludes: false }],
    ['"react dashboard" sales', { wanted: ['react', 'dashboard', 'sales'], plain: false, excludes: false }],
    ['react OR vue', { wanted: ['react', 'vue'], plain: false, excludes: false }],
    ['react -angular -"old stuff"', { wanted: ['react'], plain: false, excludes: true }],
    ['-react', { wanted: [], plain: false, excludes: true }],
  ])('names the words that can lift a title into a higher tier: %j', (q, parts) => {
    expect(searchQuery(q)).toEqual({ text: websearchText(q), ...parts });
  });
});
