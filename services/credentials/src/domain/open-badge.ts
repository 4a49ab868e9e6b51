import { createHash, randomBytes } from 'node:crypto';
import {
  type AchievementType,
  type EventPayload,
  type MatchCompletedV1,
  OB3_CONTEXT,
  type OpenBadgeCredential,
  type OpenBadgeIdentityObject,
  VC_CONTEXT_V2,
} from '@projectory/contracts';

export type MatchCompleted = EventPayload<typeof MatchCompletedV1>;

/** The platform's public URLs of the credentials API (the issuer, a status list, a credential). */
export class CredentialUrls {
  constructor(readonly origin: string) {
    this.origin = origin.replace(/\/+$/, '');
  }
  get issuer(): string {
    return `${this.origin}/api/credentials/issuer`;
  }
  statusList(listId: number): string {
    return `${this.origin}/api/credentials/status/${listId}`;
  }
  credential(id: string): string {
    return `${this.origin}/api/credentials/${id}`;
  }
}

/** `achievementType` follows the exchange: a certification project earns a Certificate. */
export const achievementTypeOf = (exchangeType: MatchCompleted['project']['exchangeType']): AchievementType =>
  exchangeType === 'certification' ? 'Certificate' : 'Achievement';

/** VC 2.0 `validFrom` and the JWT's `iat`/`nbf` agree: whole seconds. */
export const wholeSeconds = (at: Date): Date => new Date(Math.floor(at.getTime() / 1000) * 1000);
export const xsdDateTime = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** The student's name as the public record states it (outside the signature) and as the hash covers it. */
export const recipientName = (completed: MatchCompleted): string => fullName(completed.student);

/** A credential's own salt for the name's hash: 128 random bits, hex. */
export const newIdentitySalt = (): string => randomBytes(16).toString('hex');

/**
 * OB3 `IdentityObject` naming the student by a salted hash (`identityType: name`): `sha256$` and the hex
 * SHA-256 of the name's UTF-8 followed by the salt. The signed credential holds no name, so erasing the
 * stored one leaves it verifiable and naming no one (API.md "Your data").
 */
export function hashedNameIdentity(name: string, salt: string): OpenBadgeIdentityObject {
  const digest = createHash('sha256').update(`${name}${salt}`, 'utf8').digest('hex');
  return { type: 'IdentityObject', identityHash: `sha256$${digest}`, identityType: 'name', hashed: true, salt };
}

/** Who the employer is on the credential: their company, or their name without one. */
export const employerName = (completed: MatchCompleted): string =>
  completed.employer.company?.trim() || fullName(completed.employer) || 'An employer on Projectory';

export interface CredentialInput {
  id: string;
  issuedAt: Date;
  issuerName: string;
  statusListId: number;
  statusIndex: number;
  /** The salt of the student's hashed name, stored with the credential (a new one when not given). */
  identitySalt?: string;
  completed: MatchCompleted;
}

/**
 * The Open Badges 3.0 `OpenBadgeCredential` a completed match earns (API.md "What it says"): the
 * achievement is the project, its creator the employer, the evidence the approved milestones in plan
 * order, the tags the project's skills the student holds, the employer's recommendation when given,
 * and its revocation entry in a Bitstring Status List. The student is named by an OB3 IdentityObject
 * holding their name's salted hash, never the name itself.
 */
export function openBadgeCredential(urls: CredentialUrls, input: CredentialInput): OpenBadgeCredential {
  const { completed } = input;
  const title = completed.project.title.trim() || 'A Projectory project';
  const company = employerName(completed);
  const statusListCredential = urls.statusList(input.statusListId);
  const milestones = completed.milestones.length;
  const name = recipientName(completed);
  return {
    '@context': [VC_CONTEXT_V2, OB3_CONTEXT],
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    id: `urn:uuid:${input.id}`,
    issuer: { id: urls.issuer, type: ['Profile'], name: input.issuerName, url: urls.origin },
    validFrom: xsdDateTime(input.issuedAt),
    name: title,
    credentialSubject: {
      id: `urn:uuid:${completed.studentId}`,
      type: ['AchievementSubject'],
      ...(name && { identifier: [hashedNameIdentity(name, input.identitySalt ?? newIdentitySalt())] }),
      achievement: {
        id: `${urls.credential(input.id)}#achievement`,
        type: ['Achievement'],
        name: title,
        description: completed.project.description.trim() || title,
        criteria: {
          narrative:
            `Completed the project "${title}" for ${company} on Projectory` +
            (milestones > 0
              ? `, with each of its ${milestones} milestone${milestones === 1 ? '' : 's'} approved by the employer.`
              : ', approved as complete by the employer.'),
        },
        achievementType: achievementTypeOf(completed.project.exchangeType),
        creator: { type: ['Profile'], name: company },
        ...(completed.skills.length > 0 && { tag: completed.skills }),
      },
    },
    evidence: completed.milestones.map((milestone) => ({
      type: ['Evidence'],
      name: milestone.title,
      description: milestone.description,
      dateApproved: milestone.approvedAt,
    })),
    ...(completed.recommendation && { recommendation: completed.recommendation }),
    credentialStatus: {
      id: `${statusListCredential}#${input.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(input.statusIndex),
      statusListCredential,
    },
  };
}
