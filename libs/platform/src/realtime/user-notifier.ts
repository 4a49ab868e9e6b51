import { Injectable } from '@nestjs/common';
import { type EventPayload, NotificationRequestedV1, type ServerToClientEvents } from '@projectory/contracts';
import type { EntityManager } from 'typeorm';
import { OutboxService } from '../events/outbox.service.js';

/** The socket events a service may push to a user through the gateway. */
export type PushedEvent = (typeof NotificationRequestedV1.schema.shape.event.options)[number];
type SocketData<E extends PushedEvent> = Parameters<ServerToClientEvents[E]>[0];
/**
 * What an event of the socket map carries, as a service pushes it: a `notification` (the toast and inbox
 * entry a user sees) without its id, which is the event's, given by the gateway on delivery.
 */
export type PushedData<E extends PushedEvent> = E extends 'notification' ? Omit<SocketData<E>, 'id'> : SocketData<E>;
export type NotificationData = PushedData<'notification'>;

/**
 * Live updates to one user's open sockets, through the gateway (NotificationRequested, best effort; the
 * database stays the truth). Written to the outbox in the caller's transaction, so nothing is announced
 * that did not commit, and typed by the socket event map, so a service cannot push a shape clients do
 * not expect.
 */
@Injectable()
export class UserNotifier {
  constructor(private readonly outbox: OutboxService) {}

  /** To one user, or to several as one event (the first is the event's key). */
  async push<E extends PushedEvent>(
    manager: EntityManager,
    to: string | readonly [string, ...string[]],
    event: E,
    data: PushedData<E>,
  ): Promise<void> {
    const { key, payload } = this.request(to, event, data);
    await this.outbox.add(manager, NotificationRequestedV1, key, payload);
  }

  /**
   * The NotificationRequested event's key and payload of a push, for a caller that writes its outbox
   * row itself (OutboxService.envelope).
   */
  request<E extends PushedEvent>(
    to: string | readonly [string, ...string[]],
    event: E,
    data: PushedData<E>,
  ): { key: string; payload: EventPayload<typeof NotificationRequestedV1> } {
    const [userId, ...alsoUserIds] = typeof to === 'string' ? [to] : to;
    return {
      key: userId,
      payload: {
        userId,
        ...(alsoUserIds.length > 0 && { alsoUserIds }),
        event,
        // The event's payload travels as a JSON object; its shape was checked against the socket map above.
        data: data as Record<string, unknown>,
      },
    };
  }

  notify(manager: EntityManager, userId: string, notification: NotificationData): Promise<void> {
    return this.push(manager, userId, 'notification', notification);
  }
}
