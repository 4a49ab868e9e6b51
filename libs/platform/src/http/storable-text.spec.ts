import { describe, expect, it } from '@jest/globals';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE, unstorableTextIssues } from './storable-text.js';

const issue = (path: string) => ({ path, message: UNSTORABLE_TEXT_MESSAGE });

describe('storable text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'x\uD800y'],
    ['a lone high surrogate at the end', 'x\uDBFF'],
    ['a lone low surrogate', '\uDC00x'],
    ['a low surrogate before its high one', '\uDE00\uD83D'],
  ])('refuses %s', (_, text) => {
    expect(isStorableText(text)).toBe(false);
  });

  it.each([
    ['plain text', 'Web design'],
    ['an emoji (a surrogate pair)', 'rocket \uD83D\uDE80 launch'],
    ['the highest code point', '\uDBFF\uDFFF'],
    ['other control characters', 'tab\tnew line\n\u0001'],
    ['the empty string', ''],
  ])('accepts %s', (_, text) => {
    expect(isStorableText(text)).toBe(true);
  });

  it('names the field of a bad value, nested in objects and arrays, the way zod names paths', () => {
    expect(
      unstorableTextIssues({
        title: 'fine',
        description: 'bad\u0000',
        links: [{ label: 'ok', url: 'https://x.test/\uD800' }],
        tags: [['a', ['b', '\uDC00']]],
      }),
    ).toEqual([issue('description'), issue('links.0.url'), issue('tags.0.1.1')]);
  });

  it('names a key that holds NUL or a lone surrogate, shown with U+FFFD, and does not look inside it', () => {
    expect(unstorableTextIssues({ profile: { 'na\u0000me': 'x\u0000', ok: 'y' }, '\uD800': 1 })).toEqual([
      issue('profile.na\uFFFDme'),
      issue('\uFFFD'),
    ]);
  });

  it('checks query strings as fastify parses them: strings and arrays in an object of a prototype-less class', () => {
    // fast-querystring's result: `new Empty()`, where Empty.prototype = Object.create(null).
    const query = Object.assign(Object.create(Object.create(null) as object) as object, {
      q: 'java',
      status: ['pending', 'acc\u0000epted'],
    });
    expect(unstorableTextIssues(query)).toEqual([issue('status.1')]);
    expect(unstorableTextIssues(Object.assign(Object.create(null) as object, { q: '\uD800' }))).toEqual([issue('q')]);
  });

  it('passes every storable body, and what is not text at all', () => {
    const body = { name: 'Zoë 🚀', count: 5, ok: true, none: null, list: [1, 'two', { three: '\uD83D\uDE00' }] };
    expect(unstorableTextIssues(body)).toEqual([]);
    for (const value of [undefined, null, 42, Buffer.from([0, 0xd8]), new Date(0)]) {
      expect(unstorableTextIssues(value)).toEqual([]);
    }
  });

  it('names a bad top-level string with the empty path', () => {
    expect(unstorableTextIssues('\u0000')).toEqual([issue('')]);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let nested: unknown = '\u0000';
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    const [found] = unstorableTextIssues(nested);
    expect(found?.path.split('.')).toHaveLength(100_000);
  });

  it('lists at most 20 fields', () => {
    const body = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`field${index}`, '\u0000']));
    const issues = unstorableTextIssues(body);
    expect(issues).toHaveLength(20);
    expect(issues[0]).toEqual(issue('field0'));
  });
});
