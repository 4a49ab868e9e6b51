import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/** A session ended (logout, password change, expiry): gateways drop it from their caches and sockets. */
export const SessionRevokedV1 = defineEvent({
  type: 'identity.session.revoked',
  version: 1,
  topic: Topics.IdentitySessions,
  schema: z.object({ sessionId: z.string().min(1), userId: z.uuid() }),
});
