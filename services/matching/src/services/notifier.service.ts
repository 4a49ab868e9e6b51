import { Injectable } from '@nestjs/common';
import { type MatchStatus, NotificationRequestedV1, type ServerToClientEvents } from '@projectory/contracts';
import { OutboxService } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

export type NotificationData = Parameters<ServerToClientEvents['notification']>[0];

/**
 * Live updates to one user's open sockets, through the gateway (NotificationRequested, best effort; the
 * database stays the truth). Written to the outbox in the caller's transaction, so nothing is announced
 * that did not commit.
 */
@Injectable()
export class NotifierService {
  constructor(private readonly outbox: OutboxService) {}

  async matchUpdated(
    manager: EntityManager,
    userId: string,
    match: { id: string; status: MatchStatus; projectId: string },
    notification: NotificationData,
  ): Promise<void> {
    await this.outbox.add(manager, NotificationRequestedV1, userId, {
      userId,
      event: 'match:updated',
      data: { matchId: match.id, status: match.status, projectId: match.projectId },
    });
    await this.notify(manager, userId, notification);
  }

  async notify(manager: EntityManager, userId: string, notification: NotificationData): Promise<void> {
    await this.outbox.add(manager, NotificationRequestedV1, userId, {
      userId,
      event: 'notification',
      data: notification,
    });
  }
}
