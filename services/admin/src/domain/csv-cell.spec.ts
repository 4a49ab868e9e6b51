import { describe, expect, it } from '@jest/globals';
import { escapeCsvCell } from './csv-cell.js';

describe('escapeCsvCell', () => {
  it.each(['=SUM(A1:A2)', '+1', '-2+3', '@cmd', '\tx', '\rx'])('prefixes %j with a quote', (cell) => {
    expect(escapeCsvCell(cell)).toBe(`'${cell}`);
  });

  it('leaves other text as it is', () => {
    expect(escapeCsvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(escapeCsvCell('a=b')).toBe('a=b');
    expect(escapeCsvCell('')).toBe('');
  });
});
