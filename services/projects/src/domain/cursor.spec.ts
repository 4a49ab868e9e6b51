import { describe, expect, it } from '@jest/globals';
import { ValidationException } from '@projectory/platform';
import { decodeCursor, encodeCursor, newestPosition, rankedPosition } from './cursor.js';

const id = '0b6f4c1e-3a52-4c39-9d0e-8f1f0f2a7b11';

describe('project cursors', () => {
  it('round-trip a newest-first and a ranked position', () => {
    expect(decodeCursor(encodeCursor(['1732500000123456', id]), newestPosition)).toEqual(['1732500000123456', id]);
    expect(decodeCursor(encodeCursor([0.6079271, '1732500000123456', id]), rankedPosition)).toEqual([
      0.6079271,
      '1732500000123456',
      id,
    ]);
  });

  it('refuse a cursor of another listing, a forged one and garbage with a 400 on cursor', () => {
    const ranked = encodeCursor([0.5, '1', id]);
    for (const cursor of [ranked, 'not-a-cursor', encodeCursor(['1; DROP TABLE projects', id]), '']) {
      expect(() => decodeCursor(cursor, newestPosition)).toThrow(ValidationException);
    }
    expect(() => decodeCursor(encodeCursor(['1', id]), rankedPosition)).toThrow(ValidationException);
    expect(() => decodeCursor(encodeCursor([-1, '1', id]), rankedPosition)).toThrow(ValidationException);
  });
});
