import { Injectable } from '@nestjs/common';
import { type EventPayload, NotificationRequestedV1 } from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { notificationType } from '../domain/notification-type.js';
import { NotificationRepository } from '../repositories/notification.repository.js';

/**
 * Stores every `notification` a service asked the gateway to push (UserNotifier.notify) in the
 * recipient's inbox, under the event's id: a redelivered event finds its row and adds nothing. The live
 * push stays the gateway's. Other socket events (match:updated, message:new…) are not notifications.
 */
@Injectable()
export class NotificationRequestedConsumer {
  constructor(private readonly notifications: NotificationRepository) {}

  @OnEvent(NotificationRequestedV1)
  async requested(request: EventPayload<typeof NotificationRequestedV1>, { manager, envelope }: EventContext) {
    if (request.event !== 'notification') return;
    const { kind, title, body, link } = request.data;
    if (typeof kind !== 'string' || typeof title !== 'string') return;
    await this.notifications.insert(manager, {
      id: envelope.id,
      userId: request.userId,
      type: notificationType(kind),
      title,
      body: typeof body === 'string' ? body : null,
      link: typeof link === 'string' ? link : null,
      createdAt: envelope.occurredAt,
    });
  }
}
