import { MemoryEventBus } from './drivers/memory-event-bus.js';
import type { EventBus } from './event-bus.js';

// Placeholder until the Redis and Kafka drivers land (being written in parallel).
export function createEventBus(
  config: { EVENT_BUS: 'memory' | 'redis' | 'kafka'; REDIS_URL?: string; KAFKA_BROKERS?: string },
  _clientId: string,
): EventBus {
  if (config.EVENT_BUS !== 'memory') throw new Error(`event bus driver ${config.EVENT_BUS} not available yet`);
  return new MemoryEventBus();
}
