import { UserRegisteredV1, UserUpdatedV1 } from '@projectory/contracts';
import { OnEvent } from './event-consumer.js';

/** Identity's events that carry a whole `UserSnapshot`: a read model of people replaces its row from either. */
export const UserSnapshotEvents = [UserRegisteredV1, UserUpdatedV1] as const;

/**
 * Marks the one handler of a service's people read model: `(user: UserSnapshot, { manager, envelope })`,
 * called for UserRegistered and UserUpdated alike. It writes with the repository's `applyPerson`
 * (`upsertSnapshot` as of `envelope.occurredAt`), so a late or repeated event changes nothing.
 */
export const OnUserSnapshot = () => OnEvent(UserSnapshotEvents);
