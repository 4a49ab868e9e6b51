import { describe, expect, it } from '@jest/globals';
import { tabAfterKey, withVisited } from './tabs-keys';

describe('tabAfterKey', () => {
  it('moves right and left, wrapping around at either end', () => {
    expect(tabAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 2, 3)).toBe(1);
    expect(tabAfterKey('ArrowLeft', 0, 3)).toBe(2);
  });

  it('goes to the first tab on Home and to the last on End', () => {
    expect(tabAfterKey('Home', 2, 4)).toBe(0);
    expect(tabAfterKey('End', 0, 4)).toBe(3);
  });

  it('leaves every other key to the browser', () => {
    for (const key of ['Enter', ' ', 'Tab', 'ArrowDown', 'ArrowUp', 'a'])
      expect(tabAfterKey(key, 1, 3)).toBeUndefined();
  });

  it('has nowhere to go without tabs', () => {
    expect(tabAfterKey('ArrowRight', 0, 0)).toBeUndefined();
  });
});

describe('withVisited', () => {
  it('adds a tab opened for the first time, keeping the earlier ones', () => {
    expect(withVisited(['a'], 'b')).toEqual(['a', 'b']);
  });

  it('returns the same list for a tab opened before, so that the state does not change', () => {
    const visited = ['a', 'b'];
    expect(withVisited(visited, 'a')).toBe(visited);
  });
});
