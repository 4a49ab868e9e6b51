import { SetMetadata } from '@nestjs/common';
import { type EventDefinition, type EventEnvelope, type EventPayload, eventName } from '@projectory/contracts';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { RequestContext } from '../logging/logger.js';
import { backoffMs, sleep, type EventBus, type Subscription } from './event-bus.js';
import type { InboxService } from './inbox.service.js';

export const EVENT_HANDLER_KEY = 'projectory:event-handler';

export interface EventContext {
  envelope: EventEnvelope;
  /** The inbox transaction: write the side effect with it so that it commits with the dedupe record. */
  manager: EntityManager;
}

export interface OnEventOptions<D extends EventDefinition> {
  /**
   * Which of the events this handler wants, decided from the payload before any inbox transaction
   * is opened: the others are skipped at no database cost (a consumer of one kind among many on a
   * busy topic).
   */
  when?: (payload: EventPayload<D>) => boolean;
}

export interface EventHandlerMetadata {
  definitions: EventDefinition[];
  when?: (payload: unknown) => boolean;
}

/**
 * Marks a provider method as the handler of one event version: `(payload, context) => Promise<void>`;
 * or of several that say the same thing in one payload (a snapshot created or updated), each still
 * received, deduplicated and dead-lettered as itself.
 */
export const OnEvent = <D extends EventDefinition>(definition: D | readonly D[], options: OnEventOptions<D> = {}) => {
  const definitions: EventDefinition[] = Array.isArray(definition)
    ? [...(definition as readonly D[])]
    : [definition as D];
  if (definitions.length === 0) throw new Error('@OnEvent needs at least one event');
  return SetMetadata<string, EventHandlerMetadata>(EVENT_HANDLER_KEY, {
    definitions,
    when: options.when as EventHandlerMetadata['when'],
  });
};

export interface RegisteredHandler {
  definition: EventDefinition;
  when?: (payload: unknown) => boolean;
  handle: (payload: unknown, context: EventContext) => Promise<void>;
  where: string;
}

/** The dispatcher's entries for one method marked `@OnEvent`: one per event it handles. */
export function eventHandlers(
  metadata: EventHandlerMetadata,
  where: string,
  handle: RegisteredHandler['handle'],
): RegisteredHandler[] {
  return metadata.definitions.map((definition) => ({ definition, when: metadata.when, where, handle }));
}

export interface EventDispatcherOptions {
  /** Consumer group (the service name): each service receives every event once. */
  group: string;
  maxAttempts?: number;
  retryBaseMs?: number;
}

/**
 * Subscribes a service's handlers and runs each delivery through the inbox: validated payload,
 * correlation id restored, bounded retries, then the dead-letter table instead of an endless loop.
 */
export class EventDispatcher {
  private readonly byName = new Map<string, RegisteredHandler>();
  private subscription?: Subscription;

  constructor(
    private readonly bus: EventBus,
    private readonly inbox: InboxService,
    private readonly logger: Logger,
    private readonly options: EventDispatcherOptions,
    handlers: RegisteredHandler[],
  ) {
    for (const handler of handlers) {
      const name = eventName(handler.definition);
      const existing = this.byName.get(name);
      if (existing)
        throw new Error(`${name} has two handlers in ${options.group}: ${existing.where} and ${handler.where}`);
      this.byName.set(name, handler);
    }
  }

  get topics(): string[] {
    return [...new Set([...this.byName.values()].map((h) => h.definition.topic))];
  }

  async start(): Promise<void> {
    if (this.byName.size === 0) return;
    this.subscription = await this.bus.subscribe({
      group: this.options.group,
      topics: this.topics,
      handler: (envelope) => this.deliver(envelope),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }

  /**
   * An admin's replay of a dead letter: one delivery to this group's handler through the inbox, so an
   * event it already applied is not applied again. Resolves with whether the effect ran now; throws
   * the handler's (or the payload's) error, leaving the dead-lettering to the caller.
   */
  async replay(envelope: EventEnvelope): Promise<boolean> {
    const handler = this.byName.get(`${envelope.type}.v${envelope.version}`);
    if (!handler) throw new Error(`${this.options.group} has no handler for ${envelope.type}.v${envelope.version}`);
    return RequestContext.run(envelope.correlationId, async () => {
      const payload = handler.definition.schema.parse(envelope.payload);
      if (handler.when && !handler.when(payload)) return false;
      return this.inbox.processOnce(this.options.group, envelope, (manager) =>
        handler.handle(payload, { envelope, manager }),
      );
    });
  }

  /** Resolves when the event is handled, skipped or dead-lettered; throws only when even that failed. */
  async deliver(envelope: EventEnvelope): Promise<void> {
    const handler = this.byName.get(`${envelope.type}.v${envelope.version}`);
    if (!handler) return; // another event on a topic we listen to
    await RequestContext.run(envelope.correlationId, async () => {
      const parsed = handler.definition.schema.safeParse(envelope.payload);
      if (!parsed.success) {
        this.logger.error(
          { eventId: envelope.id, type: envelope.type, issues: parsed.error.issues },
          'invalid event payload',
        );
        await this.inbox.deadLetter(this.options.group, envelope, parsed.error);
        return;
      }
      if (handler.when && !handler.when(parsed.data)) return;
      const maxAttempts = this.options.maxAttempts ?? 5;
      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.inbox.processOnce(this.options.group, envelope, (manager) =>
            handler.handle(parsed.data, { envelope, manager }),
          );
          return;
        } catch (error) {
          if (attempt >= maxAttempts) {
            this.logger.error(
              { err: error, eventId: envelope.id, type: envelope.type },
              'event handler failed; dead-lettered',
            );
            await this.inbox.deadLetter(this.options.group, envelope, error, attempt);
            return;
          }
          this.logger.warn({ err: error, eventId: envelope.id, attempt }, 'event handler failed; retrying');
          await sleep(backoffMs(attempt, this.options.retryBaseMs ?? 100, 5_000));
        }
      }
    });
  }
}
