import type { JSONWebKeySet } from 'jose';
import type { PublicCredential } from '@projectory/contracts';
import { api } from '../../api/api';
import { credentialTag } from '../../api/tags';
import { checkRecipient, type RecipientCheck } from './recipient';
import type { Verification } from './verify-credential';

export type { PublicCredential, RecipientCheck, Verification };

/** The public page's reads: no session needed (API.md "Credentials"). */
export const credentialPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The credential, its VC-JWT and whether it was revoked · 404 for an unknown id. */
    getCredential: build.query<PublicCredential, string>({
      query: (id) => `/credentials/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [credentialTag(id)],
    }),
    /**
     * The browser's own check of the credential's signature against the issuer's published keys (GET
     * /api/credentials/jwks.json), rather than the server's word; jose and WebCrypto do the cryptography,
     * loaded with this page only. A failure to load the keys is an error (the page offers to check again).
     */
    verifyCredential: build.query<Verification, PublicCredential>({
      async queryFn(record, _api, _extraOptions, baseQuery) {
        const keys = await baseQuery('/credentials/jwks.json');
        if (keys.error) return { error: keys.error };
        try {
          const { verifyCredential } = await import('./verify-credential');
          return { data: await verifyCredential(record, keys.data as JSONWebKeySet) };
        } catch (error) {
          return { error: { status: 'CUSTOM_ERROR', error: String(error) } };
        }
      },
    }),
    /**
     * Whether the name shown (`recipient`, outside the signature) is the one the signed credential
     * names by its salted hash, checked in the browser with WebCrypto (recipient.ts).
     */
    checkRecipient: build.query<RecipientCheck, PublicCredential>({
      async queryFn(record) {
        try {
          return { data: await checkRecipient(record) };
        } catch {
          return { data: 'unchecked' };
        }
      },
    }),
  }),
});

export const { useGetCredentialQuery, useVerifyCredentialQuery, useCheckRecipientQuery } = credentialPageApi;
