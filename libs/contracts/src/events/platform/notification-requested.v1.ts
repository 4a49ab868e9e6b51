import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { personalData } from '../personal-data.js';

/**
 * A service asks the gateway to push something to one user's open sockets (best effort), or the same
 * thing to a few users at once (`alsoUserIds`: a chat message goes to its recipient and the sender's
 * other tabs as one event).
 */
export const NotificationRequestedV1 = defineEvent({
  type: 'platform.notification.requested',
  version: 1,
  topic: Topics.Notifications,
  schema: z.object({
    userId: z.uuid(),
    alsoUserIds: z.array(z.uuid()).max(10).optional(),
    event: z.enum([
      'notification',
      'match:updated',
      'message:new',
      'message:read',
      'portfolio:updated',
      'careers:progress',
      'view:changed',
      'workspace:updated',
    ]),
    /** What the socket event carries: message text, names, titles (free text about people). */
    data: personalData(z.record(z.string(), z.unknown())),
  }),
});
