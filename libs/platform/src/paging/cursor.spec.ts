import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  cursorParts,
  decodeCursor,
  encodeCursor,
  InvalidCursorException,
  newestFirstPosition,
  toPage,
} from './cursor.js';

const id = '0b6f4c1e-3a52-4c39-9d0e-8f1f0f2a7b11';
const ranked = z.tuple([cursorParts.rank, cursorParts.micros, cursorParts.id]);
const named = z.tuple([cursorParts.text, cursorParts.id]);
const raw = (text: string) => Buffer.from(text).toString('base64url');

describe('cursor codec', () => {
  it('round-trips positions at microsecond precision, a rank and text exactly', () => {
    expect(decodeCursor(encodeCursor(['1732500000123456', id]), newestFirstPosition)).toEqual(['1732500000123456', id]);
    expect(decodeCursor(encodeCursor([2, '1732500000123456', id]), ranked)).toEqual([2, '1732500000123456', id]);
    expect(decodeCursor(encodeCursor(['c++ & c#', id]), named)).toEqual(['c++ & c#', id]);
    expect(decodeCursor(undefined, newestFirstPosition)).toBeUndefined();
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['empty', ''],
    ['not JSON', raw('1.2.3')],
    ['wrong shape', raw(JSON.stringify({ micros: '1', id }))],
    ['another listing’s position', encodeCursor([0.5, '1', id])],
    ['SQL in a number', encodeCursor(['1; DROP TABLE projects', id])],
    ['micros beyond bigint', encodeCursor(['99999999999999999999', id])],
    ['micros beyond year 9999', encodeCursor(['999999999999999999', id])],
    ['negative micros', encodeCursor(['-1', id])],
    ['micros as a number', encodeCursor([1732500000123456, id])],
    ['not an id', encodeCursor(['1', 'x'])],
    ['NUL in the id', encodeCursor(['1', `${id}\u0000`])],
    ['extra element', encodeCursor(['1', id, 'more'])],
    ['overlong', 'A'.repeat(513)],
  ])('refuses %s with 400 INVALID_CURSOR on cursor', (_case, cursor) => {
    expect(() => decodeCursor(cursor, newestFirstPosition)).toThrow(InvalidCursorException);
    try {
      decodeCursor(cursor, newestFirstPosition);
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, code: 'INVALID_CURSOR', issues: [{ path: 'cursor' }] });
    }
  });

  it.each([
    ['a negative rank', [-1, '1', id]],
    ['a fractional rank', [0.6079271, '1', id]],
    ['a rank as text', ['2', '1', id]],
    ['a rank beyond 1000', [1001, '1', id]],
  ])('refuses %s', (_case, position) => {
    expect(() => decodeCursor(encodeCursor(position), ranked)).toThrow(InvalidCursorException);
  });

  it.each([
    ['a NUL character', `a\u0000b`],
    ['a lone high surrogate', 'a\uD800'],
    ['a lone low surrogate', '\uDC00a'],
    ['overlong text', 'x'.repeat(201)],
  ])('refuses text with %s', (_case, text) => {
    expect(() => decodeCursor(encodeCursor([text, id]), named)).toThrow(InvalidCursorException);
  });
});

describe('toPage', () => {
  const rows = [1, 2, 3].map((n) => ({ n, micros: `${n}`, id }));

  it('shows `limit` rows and points after the last one when a further row was read', () => {
    const page = toPage(
      rows,
      2,
      (row) => row.n,
      (row) => [row.micros, row.id],
    );
    expect(page.items).toEqual([1, 2]);
    expect(decodeCursor(page.nextCursor!, newestFirstPosition)).toEqual(['2', id]);
  });

  it('ends the walk with a null cursor on the last page', () => {
    expect(
      toPage(
        rows,
        3,
        (row) => row.n,
        (row) => [row.micros, row.id],
      ),
    ).toEqual({ items: [1, 2, 3], nextCursor: null });
  });
});
