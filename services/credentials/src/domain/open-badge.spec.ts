import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  CredentialUrls,
  hashedNameIdentity,
  type MatchCompleted,
  newIdentitySalt,
  openBadgeCredential,
} from './open-badge.js';

const completed = (overrides: Partial<MatchCompleted> = {}): MatchCompleted => ({
  matchId: '6f1c7f0e-5a51-4d5e-9f44-3c7c2b8f7a01',
  projectId: '0c9f2d8e-1b3a-4e6f-8a7b-2d4c6e8f0a12',
  studentId: '3b0b0e51-59f6-4f3c-a9f4-4e7b1f2d3c45',
  employerId: '7d2e4f6a-8b0c-4d1e-9f3a-5b7c9d1e3f56',
  project: { title: 'Landing page', description: 'Build it.', exchangeType: 'certification' },
  student: { firstName: 'Ada', lastName: 'Lovelace' },
  employer: { firstName: 'Grace', lastName: 'Hopper', company: null },
  milestones: [],
  skills: [],
  recommendation: null,
  completedAt: '2026-11-30T10:00:00.000Z',
  ...overrides,
});

const SALT = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
/** `sha256$` + hex SHA-256 of the name followed by the salt, written out from OB3's IdentityObject. */
const ob3NameHash = (name: string, salt: string) =>
  `sha256$${createHash('sha256')
    .update(name + salt)
    .digest('hex')}`;

/** With the salt given (SALT), or with none, as the bench builds them: a new one each time. */
const build = (input: MatchCompleted, identitySalt: string | null = SALT) =>
  openBadgeCredential(new CredentialUrls('https://projectory.example/'), {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    issuedAt: new Date('2026-11-30T10:00:01Z'),
    issuerName: 'Projectory',
    statusListId: 3,
    statusIndex: 42,
    ...(identitySalt !== null && { identitySalt }),
    completed: input,
  });

describe('the Open Badges 3.0 credential of a completed match', () => {
  it('says what API.md "What it says" lists', () => {
    const credential = build(completed());
    expect(credential).toEqual({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      id: 'urn:uuid:a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      issuer: {
        id: 'https://projectory.example/api/credentials/issuer',
        type: ['Profile'],
        name: 'Projectory',
        url: 'https://projectory.example',
      },
      validFrom: '2026-11-30T10:00:01Z',
      name: 'Landing page',
      credentialSubject: {
        id: 'urn:uuid:3b0b0e51-59f6-4f3c-a9f4-4e7b1f2d3c45',
        type: ['AchievementSubject'],
        identifier: [
          {
            type: 'IdentityObject',
            identityHash: ob3NameHash('Ada Lovelace', SALT),
            identityType: 'name',
            hashed: true,
            salt: SALT,
          },
        ],
        achievement: {
          id: 'https://projectory.example/api/credentials/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d#achievement',
          type: ['Achievement'],
          name: 'Landing page',
          description: 'Build it.',
          criteria: { narrative: expect.stringContaining('Landing page') },
          achievementType: 'Certificate',
          creator: { type: ['Profile'], name: 'Grace Hopper' },
        },
      },
      evidence: [],
      credentialStatus: {
        id: 'https://projectory.example/api/credentials/status/3#42',
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: '42',
        statusListCredential: 'https://projectory.example/api/credentials/status/3',
      },
    });
  });

  it('names the company, tags the skills, lists the milestones and carries the recommendation', () => {
    const credential = build(
      completed({
        project: { title: 'Landing page', description: '', exchangeType: 'mentorship' },
        employer: { firstName: 'Grace', lastName: 'Hopper', company: 'Acme' },
        milestones: [
          {
            id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
            title: 'Design',
            description: 'Wireframes',
            approvedAt: '2026-11-29T09:00:00.000Z',
          },
        ],
        skills: ['TypeScript'],
        recommendation: 'Careful and quick.',
      }),
    );
    expect(credential.credentialSubject.achievement).toMatchObject({
      achievementType: 'Achievement',
      description: 'Landing page',
      creator: { name: 'Acme' },
      tag: ['TypeScript'],
    });
    expect(credential.evidence).toEqual([
      { type: ['Evidence'], name: 'Design', description: 'Wireframes', dateApproved: '2026-11-29T09:00:00.000Z' },
    ]);
    expect(credential.recommendation).toBe('Careful and quick.');
  });

  it('names the student only by a salted hash of their name, with a salt of its own', () => {
    const first = build(completed(), null);
    const second = build(completed(), null);
    expect(JSON.stringify(first)).not.toContain('Lovelace');
    const [identity] = first.credentialSubject.identifier!;
    const [other] = second.credentialSubject.identifier!;
    expect(identity).toEqual({
      type: 'IdentityObject',
      identityHash: expect.stringMatching(/^sha256\$[0-9a-f]{64}$/),
      identityType: 'name',
      hashed: true,
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(identity!.identityHash).toBe(ob3NameHash('Ada Lovelace', identity!.salt!));
    expect(other!.salt).not.toBe(identity!.salt);
    expect(other!.identityHash).not.toBe(identity!.identityHash);
    expect(newIdentitySalt()).not.toBe(newIdentitySalt());
    // UTF-8, as the browser's WebCrypto check hashes it.
    expect(hashedNameIdentity('Zoë Ñúñez', 'abc').identityHash).toBe(
      `sha256$${createHash('sha256').update(Buffer.from('Zoë Ñúñezabc', 'utf8')).digest('hex')}`,
    );
  });

  it('leaves out the identifier when the student has no name to hash', () => {
    const credential = build(completed({ student: { firstName: ' ', lastName: '' } }));
    expect(credential.credentialSubject).not.toHaveProperty('identifier');
  });
});
