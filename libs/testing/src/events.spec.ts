import { afterEach, describe, expect, it } from '@jest/globals';
import { defineEvent } from '@projectory/contracts';
import { MemoryEventBus } from '@projectory/platform';
import { z } from 'zod';
import { publishEvent, recordEvents, waitForEvent } from './events.js';

const Rung = defineEvent({
  type: 'test.bell.rung',
  version: 1,
  topic: 'test.bells',
  schema: z.object({ n: z.number() }),
});
const Rung2 = defineEvent({
  type: 'test.bell.rung',
  version: 2,
  topic: 'test.bells',
  schema: z.object({ n: z.number() }),
});
const Cast = defineEvent({ type: 'test.bell.cast', version: 1, topic: 'test.foundry', schema: z.object({}) });

describe('event helpers', () => {
  let bus = new MemoryEventBus();
  afterEach(async () => {
    await bus.close();
    bus = new MemoryEventBus();
  });

  it('publishes a complete envelope on the definition topic, payload checked by its schema', async () => {
    const envelope = await publishEvent(bus, Rung, 'bell-1', { n: 1 }, { source: 'belfry' });
    expect(envelope).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'test.bell.rung',
      version: 1,
      source: 'belfry',
      occurredAt: expect.any(String),
      correlationId: expect.any(String),
      key: 'bell-1',
      payload: { n: 1 },
    });
    const [recorded] = (await recordEvents(bus, ['test.bells'])).events;
    expect(recorded).toEqual(envelope);
    await expect(publishEvent(bus, Rung, 'bell-1', { n: 'one' } as never)).rejects.toThrow(/expected number/);
  });

  it('records only the given definitions (type and version), or everything on the given topics', async () => {
    const byDefinition = await recordEvents(bus, [Rung, Cast]);
    const byTopic = await recordEvents(bus, ['test.bells']);
    await publishEvent(bus, Rung, 'a', { n: 1 });
    await publishEvent(bus, Rung2, 'a', { n: 2 });
    await publishEvent(bus, Cast, 'b', {});
    expect(byDefinition.events.map((event) => [event.type, event.version])).toEqual([
      ['test.bell.rung', 1],
      ['test.bell.cast', 1],
    ]);
    expect(byTopic.events.map((event) => event.version)).toEqual([1, 2]);
  });

  it('waits for an event published before or after the wait began, and names what it saw on timeout', async () => {
    await publishEvent(bus, Rung, 'early', { n: 1 });
    expect((await waitForEvent(bus, Rung, (event) => event.key === 'early')).payload).toEqual({ n: 1 });

    const late = waitForEvent(bus, Rung, (event) => event.payload.n === 3, 2_000);
    await publishEvent(bus, Rung, 'late', { n: 2 });
    await publishEvent(bus, Rung, 'late', { n: 3 });
    expect((await late).payload).toEqual({ n: 3 });

    await expect(waitForEvent(bus, Rung, (event) => event.key === 'never', 100)).rejects.toThrow(
      /no matching test\.bell\.rung\.v1 within 100 ms; recorded 3: .*key=late/,
    );
  });
});
