import { describe, expect, it } from '@jest/globals';
import { cursorPages, pageParams } from './cursor-pages';

describe('cursor pages', () => {
  it("asks for the next page by the last page's cursor, and for none after the last", () => {
    expect(cursorPages.initialPageParam).toBeNull();
    expect(cursorPages.getNextPageParam({ nextCursor: 'abc' })).toBe('abc');
    expect(cursorPages.getNextPageParam({ nextCursor: null })).toBeNull();
  });

  it("sends the list's own parameters that are set, the page size, and the cursor once there is one", () => {
    expect(pageParams(20, null, { q: 'design', role: '', status: undefined })).toEqual({ q: 'design', limit: 20 });
    expect(pageParams(20, 'abc')).toEqual({ limit: 20, cursor: 'abc' });
  });
});
