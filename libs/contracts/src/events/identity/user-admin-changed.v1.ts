import { adminChangeSchema } from '../../admin/admin.js';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/**
 * An admin changed a user's plan, role or suspension (PATCH /api/admin/users/:id): who, what before
 * and after, and why. The admin service keeps it as an audit row; UserUpdated carries the user now.
 */
export const UserAdminChangedV1 = defineEvent({
  type: 'identity.user.admin-changed',
  version: 1,
  topic: Topics.IdentityUsers,
  schema: adminChangeSchema,
});
