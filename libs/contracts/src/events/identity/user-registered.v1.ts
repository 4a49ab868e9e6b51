import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { userSnapshotSchema } from './user-snapshot.js';

/** A new account exists: other services start their read model of the user from this snapshot. */
export const UserRegisteredV1 = defineEvent({
  type: 'identity.user.registered',
  version: 1,
  topic: Topics.IdentityUsers,
  schema: userSnapshotSchema,
});
