import { BitstringStatusList } from '@digitalbazaar/vc-bitstring-status-list';
import { VC_CONTEXT_V2 } from '@projectory/contracts';

/**
 * W3C Bitstring Status List v1.0: a list holds 131,072 entries (16 KiB), the minimum the spec sets
 * for herd privacy; a credential's entry is its list and its index in it.
 */
export const STATUS_LIST_SIZE = 131_072;

/**
 * The stored bits are the spec's bitstring as bytes: index 0 is the left-most (most significant) bit of
 * the first byte. Postgres' `set_bit` on bytea counts from the least significant bit of each byte, so
 * the repository sets bit `postgresBitOf(index)`.
 */
export const postgresBitOf = (index: number): number => Math.floor(index / 8) * 8 + (7 - (index % 8));

/** `encodedList`: the multibase (`u`, base64url without padding) GZIP of the list's bits. */
export function encodeStatusList(bits: Uint8Array): Promise<string> {
  return new BitstringStatusList({ buffer: bits }).encode();
}

/** The `vc` claim of a status list's VC-JWT: a BitstringStatusListCredential for revocation. */
export interface StatusListCredential {
  '@context': string[];
  id: string;
  type: ['VerifiableCredential', 'BitstringStatusListCredential'];
  issuer: string;
  validFrom: string;
  credentialSubject: { id: string; type: 'BitstringStatusList'; statusPurpose: 'revocation'; encodedList: string };
}

export function statusListCredential(
  url: string,
  issuer: string,
  encodedList: string,
  validFrom: string,
): StatusListCredential {
  return {
    '@context': [VC_CONTEXT_V2],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer,
    validFrom,
    credentialSubject: { id: `${url}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList },
  };
}
