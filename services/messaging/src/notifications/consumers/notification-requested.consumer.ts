import { Injectable } from '@nestjs/common';
import { type EventPayload, NotificationRequestedV1 } from '@projectory/contracts';
import { type EventContext, OnEvent } from '@projectory/platform';
import { mailSetting } from '../../mail/domain/away-mail-texts.js';
import { AwayMailService } from '../../mail/away-mail.service.js';
import { NotificationRepository } from '../repositories/notification.repository.js';

/**
 * Stores every `notification` a service asked the gateway to push (UserNotifier.notify) in the
 * recipient's inbox, under the event's id: a redelivered event finds its row and adds nothing. The live
 * push stays the gateway's. Other socket events (match:updated, message:new…) are not notifications.
 * Producers send API.md's type names as the `kind`. A new notification of a type that is mailed
 * (applications, status changes) schedules its away mail.
 */
@Injectable()
export class NotificationRequestedConsumer {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly awayMail: AwayMailService,
  ) {}

  // Most requests on this topic are socket pushes (message:new, match:updated…), not notifications:
  // they are skipped before an inbox transaction is opened. So is a message.received: the send's own
  // statement stored it under this event's id (or it only renamed the unread one and sent no event), so
  // here it would find its row and do nothing, after waiting for a pooled connection behind the sends.
  @OnEvent(NotificationRequestedV1, {
    when: (request) => request.event === 'notification' && request.data.kind !== 'message.received',
  })
  async requested(request: EventPayload<typeof NotificationRequestedV1>, { manager, envelope }: EventContext) {
    const { kind, title, body, link } = request.data;
    if (typeof kind !== 'string' || typeof title !== 'string') return;
    const stored = await this.notifications.insert(manager, {
      id: envelope.id,
      userId: request.userId,
      type: kind,
      title,
      body: typeof body === 'string' ? body : null,
      link: typeof link === 'string' ? link : null,
      createdAt: envelope.occurredAt,
    });
    if (stored && mailSetting(kind))
      await this.awayMail.schedule({ about: 'notification', notificationId: envelope.id });
  }
}
