import { describe, expect, it } from '@jest/globals';
import { ValidationException } from '@projectory/platform';
import { decodeCursor, encodeCursor } from './cursor.js';

describe('keyset cursors', () => {
  it('round-trips a position at microsecond precision', () => {
    const position = { micros: '1732363200123456', id: '0b6f3c5e-8c1a-4d2e-9f00-7a1b2c3d4e5f' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    expect(decodeCursor(undefined)).toBeNull();
  });

  it('refuses anything it did not issue with a 400 on cursor', () => {
    for (const cursor of [
      'garbage',
      encodeCursor({ micros: 'x', id: 'y' }),
      Buffer.from('1.2.3').toString('base64url'),
    ]) {
      expect(() => decodeCursor(cursor)).toThrow(ValidationException);
    }
  });
});
