import { describe, expect, it } from '@jest/globals';
import { parseCookies } from './cookies.js';

describe('parseCookies', () => {
  it('reads pairs, decoded, first occurrence winning', () => {
    expect(parseCookies('a=1; b=x%20y; a=2')).toEqual({ a: '1', b: 'x y' });
    expect(parseCookies(undefined)).toEqual({});
  });

  it('ignores a value that cannot be decoded or is not printable ASCII (NUL, control characters, past Latin-1)', () => {
    expect(parseCookies('a=%00; b=%ED%A0%80; c=%0A; d=%E2%82%AC; e=%C3%A9; f=%; ok=token_-.')).toEqual({
      ok: 'token_-.',
    });
  });
});
