import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { achievementTypes } from '../../values/credentials.js';
import { Topics } from '../../topics.js';

/** A completed match earned its student a signed Open Badges 3.0 credential (once per match). */
export const CredentialIssuedV1 = defineEvent({
  type: 'credentials.credential.issued',
  version: 1,
  topic: Topics.CredentialsCredentials,
  schema: z.object({
    credentialId: z.uuid(),
    matchId: z.uuid(),
    projectId: z.uuid(),
    studentId: z.uuid(),
    employerId: z.uuid(),
    achievementType: z.enum(achievementTypes),
    /** The signing key's id (JWKS). */
    kid: z.string(),
    issuedAt: z.iso.datetime(),
  }),
});
