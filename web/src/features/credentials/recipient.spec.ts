import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { OpenBadgeCredential, OpenBadgeIdentityObject, PublicCredential } from '@projectory/contracts';
import { checkRecipient } from './recipient';

const SALT = '9f8e7d6c5b4a39281706f5e4d3c2b1a0';
/** OB3's name hash, written out with Node's crypto (the page uses WebCrypto). */
const nameHash = (name: string, salt: string) =>
  `sha256$${createHash('sha256')
    .update(name + salt)
    .digest('hex')}`;

const hashed = (name: string, salt = SALT): OpenBadgeIdentityObject => ({
  type: 'IdentityObject',
  identityHash: nameHash(name, salt),
  identityType: 'name',
  hashed: true,
  salt,
});

function record(recipient: string | null, identifier?: OpenBadgeIdentityObject[]): PublicCredential {
  return {
    id: '0b7c5a52-6f7e-4a57-9d4c-2f1b9d3e8a10',
    status: 'active',
    revokedAt: null,
    revocationReason: null,
    jwt: 'a.b.c',
    recipient: recipient === null ? null : { name: recipient },
    credential: {
      credentialSubject: {
        id: 'urn:uuid:5d0e3f1a-1c2b-4d5e-8f90-a1b2c3d4e5f6',
        type: ['AchievementSubject'],
        identifier,
      },
    } as OpenBadgeCredential,
  };
}

describe("checking the recipient's name against the signed credential's hash", () => {
  it('says the name matches when SHA-256 of the name and the salt is the signed hash', async () => {
    expect(await checkRecipient(record('Ada Lovelace', [hashed('Ada Lovelace')]))).toBe('matches');
    expect(await checkRecipient(record('Zoë Ñúñez', [hashed('Zoë Ñúñez')]))).toBe('matches');
  });

  it('says the name differs for another name or another salt', async () => {
    expect(await checkRecipient(record('Ada Byron', [hashed('Ada Lovelace')]))).toBe('differs');
    const otherSalt = { ...hashed('Ada Lovelace', 'another'), salt: SALT };
    expect(await checkRecipient(record('Ada Lovelace', [otherSalt]))).toBe('differs');
  });

  it('checks nothing without a name, without a hashed name, or without WebCrypto', async () => {
    expect(await checkRecipient(record(null, [hashed('Ada Lovelace')]))).toBe('unchecked');
    expect(await checkRecipient(record('Ada Lovelace'))).toBe('unchecked');
    const plain: OpenBadgeIdentityObject = {
      type: 'IdentityObject',
      identityType: 'name',
      hashed: false,
      identityHash: 'Ada Lovelace',
    };
    expect(await checkRecipient(record('Ada Lovelace', [plain]))).toBe('unchecked');
    expect(await checkRecipient(record('Ada Lovelace', [hashed('Ada Lovelace')]), null)).toBe('unchecked');
  });
});
