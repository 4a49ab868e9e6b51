import type { Logger } from 'pino';
import { KafkaEventBus } from './drivers/kafka-event-bus.js';
import { MemoryEventBus } from './drivers/memory-event-bus.js';
import { RedisStreamsEventBus } from './drivers/redis-streams-event-bus.js';
import type { EventBus } from './event-bus.js';

export interface EventBusConfig {
  EVENT_BUS: 'memory' | 'redis' | 'kafka';
  REDIS_URL?: string;
  KAFKA_BROKERS?: string;
  /** Redis: entries pending this long on a consumer are taken over (it is presumed dead). */
  EVENT_BUS_CLAIM_IDLE_MS?: number;
  /** Kafka: a consumer silent this long leaves its group and its partitions move on. */
  KAFKA_SESSION_TIMEOUT_MS?: number;
}

/** The driver named by EVENT_BUS (ARCHITECTURE §2); `clientId` names this process to Kafka. */
export function createEventBus(config: EventBusConfig, clientId: string, logger?: Logger): EventBus {
  switch (config.EVENT_BUS) {
    case 'memory':
      return new MemoryEventBus();
    case 'redis':
      if (!config.REDIS_URL) throw new Error('REDIS_URL is required when EVENT_BUS=redis');
      return new RedisStreamsEventBus({ url: config.REDIS_URL, claimIdleMs: config.EVENT_BUS_CLAIM_IDLE_MS, logger });
    case 'kafka': {
      const brokers = (config.KAFKA_BROKERS ?? '')
        .split(',')
        .map((broker) => broker.trim())
        .filter(Boolean);
      if (brokers.length === 0) throw new Error('KAFKA_BROKERS is required when EVENT_BUS=kafka');
      return new KafkaEventBus({ brokers, clientId, sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS, logger });
    }
  }
}
