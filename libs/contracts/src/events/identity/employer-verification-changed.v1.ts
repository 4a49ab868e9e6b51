import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { verificationLevels } from '../../values/safety.js';
import { personalData } from '../personal-data.js';

/**
 * An employer's verification level changed: by the mailed link (`domain`, the employer is the actor) or
 * by an admin (`registered` or back to `none`). The admin service audits an admin's change; UserUpdated
 * carries the level to the read models.
 */
export const EmployerVerificationChangedV1 = defineEvent({
  type: 'identity.employer.verification-changed',
  version: 1,
  topic: Topics.IdentityUsers,
  schema: z.object({
    changeId: z.uuid(),
    employerId: z.uuid(),
    before: z.enum(verificationLevels),
    after: z.enum(verificationLevels),
    method: z.enum(['domain', 'admin']),
    actorId: z.uuid(),
    /** The admin's note (empty for a domain link). */
    note: personalData(z.string()),
    changedAt: z.iso.datetime(),
  }),
});
