import { describe, expect, it } from '@jest/globals';
import { credentialTagsOf } from './credentials-live';

const ID = '0b7c5a52-6f7e-4a57-9d4c-2f1b9d3e8a10';

describe("the student's credentials, kept live from notifications", () => {
  it('makes the collection and the credential stale on credential.issued and credential.revoked', () => {
    for (const kind of ['credential.issued', 'credential.revoked']) {
      expect(credentialTagsOf({ kind, link: `/credentials/${ID}` })).toEqual([
        { type: 'Credential', id: 'LIST' },
        { type: 'Credential', id: ID },
      ]);
    }
  });

  it('still makes the collection stale without a link to the credential', () => {
    expect(credentialTagsOf({ kind: 'credential.issued' })).toEqual([{ type: 'Credential', id: 'LIST' }]);
    expect(credentialTagsOf({ kind: 'credential.issued', link: '/portfolio' })).toEqual([
      { type: 'Credential', id: 'LIST' },
    ]);
  });

  it('ignores every other notification', () => {
    expect(credentialTagsOf({ kind: 'plan.changed', link: `/credentials/${ID}` })).toEqual([]);
    expect(credentialTagsOf({ kind: 'message.received' })).toEqual([]);
  });
});
