import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { userSnapshotSchema } from './user-snapshot.js';

/** A user's profile, role or plan changed: the full snapshot, so a consumer simply replaces its copy. */
export const UserUpdatedV1 = defineEvent({
  type: 'identity.user.updated',
  version: 1,
  topic: Topics.IdentityUsers,
  schema: userSnapshotSchema,
});
