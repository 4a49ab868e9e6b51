import { describe, expect, it } from '@jest/globals';
import { mergeRanking, type RankEntry, sortRanking, wouldEnter } from './top-k.js';

const e = (id: string, overall: number): RankEntry => ({ id, overall });
const full = sortRanking([e('a', 90), e('b', 80), e('c', 70)]);

describe('mergeRanking (K = 3)', () => {
  it('inserts an entry that beats the floor and drops the last one', () => {
    expect(mergeRanking(full, 'd', 75, 3)).toEqual([e('a', 90), e('b', 80), e('d', 75)]);
  });

  it('breaks ties by id, as the scorer does', () => {
    expect(mergeRanking(full, '0', 70, 3)).toEqual([e('a', 90), e('b', 80), e('0', 70)]);
    expect(mergeRanking(full, 'z', 70, 3)).toBe('unchanged');
  });

  it('leaves the list alone when the newcomer ranks below the floor or nothing moved', () => {
    expect(mergeRanking(full, 'd', 10, 3)).toBe('unchanged');
    expect(mergeRanking(full, 'b', 80, 3)).toBe('unchanged');
    expect(mergeRanking(full, 'd', null, 3)).toBe('unchanged');
  });

  it('moves an entry that stays at or above the old floor', () => {
    expect(mergeRanking(full, 'a', 75, 3)).toEqual([e('b', 80), e('a', 75), e('c', 70)]);
    expect(mergeRanking(full, 'c', 95, 3)).toEqual([e('c', 95), e('a', 90), e('b', 80)]);
  });

  it('asks for a recompute when a member of a full list drops below the floor or leaves', () => {
    expect(mergeRanking(full, 'a', 60, 3)).toBe('recompute');
    expect(mergeRanking(full, 'c', 69, 3)).toBe('recompute');
    expect(mergeRanking(full, 'b', null, 3)).toBe('recompute');
  });

  it('never needs a recompute for a list shorter than K: it holds every candidate', () => {
    const short = [e('a', 90), e('b', 80)];
    expect(mergeRanking(short, 'a', 10, 3)).toEqual([e('b', 80), e('a', 10)]);
    expect(mergeRanking(short, 'a', null, 3)).toEqual([e('b', 80)]);
    expect(mergeRanking(short, 'c', 0, 3)).toEqual([e('a', 90), e('b', 80), e('c', 0)]);
  });

  it('tells whether an entry would enter', () => {
    expect(wouldEnter(e('x', 0), 2, e('b', 80), 3)).toBe(true);
    expect(wouldEnter(e('x', 81), 3, e('b', 80), 3)).toBe(true);
    expect(wouldEnter(e('x', 79), 3, e('b', 80), 3)).toBe(false);
  });
});
