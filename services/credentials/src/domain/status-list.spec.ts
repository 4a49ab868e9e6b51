import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { BitstringStatusList } from '@digitalbazaar/vc-bitstring-status-list';
import { encodeStatusList, postgresBitOf, STATUS_LIST_SIZE } from './status-list.js';

/** The `encodedList` of the W3C Bitstring Status List v1.0 examples: 131,072 entries, none set. */
const SPEC_EXAMPLE = 'uH4sIAAAAAAAAA-3BMQEAAADCoPVPbQwfoAAAAAAAAAAAAAAAAAAAAIC3AYbSVKsAQAAA';

/** The spec's decoding, by hand: multibase `u` (base64url, no padding), then GZIP. */
const decode = (encoded: string): Buffer => {
  expect(encoded[0]).toBe('u');
  return gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
};

describe('the Bitstring Status List encoding (W3C Bitstring Status List v1.0)', () => {
  it("decodes the spec's example to 131,072 clear entries, as the library does", async () => {
    expect([...decode(SPEC_EXAMPLE)]).toEqual(new Array(STATUS_LIST_SIZE / 8).fill(0));
    const list = await BitstringStatusList.decode({ encodedList: SPEC_EXAMPLE });
    expect(list.length).toBe(STATUS_LIST_SIZE);
    expect(list.getStatus(0)).toBe(false);
  });

  it('encodes the empty list to what the example decodes to', async () => {
    const encoded = await encodeStatusList(new Uint8Array(STATUS_LIST_SIZE / 8));
    expect(decode(encoded)).toEqual(decode(SPEC_EXAMPLE));
  });

  it('puts index 0 in the left-most bit: entries 0, 5 and 131071 set', async () => {
    const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
    bits[0] = 0b1000_0100;
    bits[bits.length - 1] = 0b0000_0001;
    const list = await BitstringStatusList.decode({ encodedList: await encodeStatusList(bits) });
    const set = [0, 1, 4, 5, 6, 131_070, 131_071].filter((index) => list.getStatus(index));
    expect(set).toEqual([0, 5, 131_071]);
  });

  it("maps an entry to Postgres' set_bit numbering (least significant bit of each byte first)", () => {
    // set_bit(bytes, n) sets bit n % 8 (from the least significant) of byte n / 8.
    const postgres = (bytes: Uint8Array, n: number) => (bytes[n >> 3]! |= 1 << (n % 8));
    for (const index of [0, 1, 7, 8, 13, 131_071]) {
      const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
      postgres(bits, postgresBitOf(index));
      expect((bits[index >> 3]! >> (7 - (index % 8))) & 1).toBe(1);
      expect(bits.reduce((sum, byte) => sum + byte, 0)).toBe(bits[index >> 3]);
    }
  });
});
