import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { personalData } from '../personal-data.js';

/** A credential was revoked by an admin or the project's employer; its status list bit is set. */
export const CredentialRevokedV1 = defineEvent({
  type: 'credentials.credential.revoked',
  version: 1,
  topic: Topics.CredentialsCredentials,
  schema: z.object({
    credentialId: z.uuid(),
    matchId: z.uuid(),
    studentId: z.uuid(),
    employerId: z.uuid(),
    revokedBy: z.uuid(),
    /** Written by an admin or the employer about the student's credential. */
    reason: personalData(z.string()),
    revokedAt: z.iso.datetime(),
  }),
});
