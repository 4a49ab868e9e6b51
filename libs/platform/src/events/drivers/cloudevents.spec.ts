import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@projectory/contracts';
import { fromCloudEvent, toCloudEvent } from './cloudevents.js';

const envelope = (extra: Partial<EventEnvelope> = {}): EventEnvelope => ({
  id: randomUUID(),
  type: 'identity.user.registered',
  version: 1,
  source: 'identity',
  occurredAt: '2026-11-24T03:00:00.000Z',
  correlationId: randomUUID(),
  key: randomUUID(),
  payload: { userId: 'u1', nested: { list: [1, 'two', null] } },
  ...extra,
});

describe('CloudEvents binary mode', () => {
  it('puts the envelope in ce_* attributes and only the payload in the data', () => {
    const event = envelope({ causationId: 'cause-1' });
    const { headers, data } = toCloudEvent(event);
    expect(headers).toEqual({
      ce_specversion: '1.0',
      ce_id: event.id,
      ce_type: 'identity.user.registered.v1',
      ce_source: 'identity',
      ce_time: event.occurredAt,
      ce_subject: event.key,
      ce_correlationid: event.correlationId,
      ce_causationid: 'cause-1',
      'content-type': 'application/json',
    });
    expect(JSON.parse(data)).toEqual(event.payload);
  });

  it('rebuilds the same envelope from string or Buffer attributes, with or without a causation id', () => {
    for (const event of [envelope(), envelope({ causationId: randomUUID(), type: 'a.b.v2', version: 12 })]) {
      const { headers, data } = toCloudEvent(event);
      expect(fromCloudEvent(headers, data)).toStrictEqual(event);
      const buffers = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Buffer.from(value)]));
      expect(fromCloudEvent(buffers, Buffer.from(data))).toStrictEqual(event);
    }
  });

  it('refuses a record that is not one of ours, naming what is wrong', () => {
    const { headers, data } = toCloudEvent(envelope());
    const without = (name: string) => Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
    expect(() => fromCloudEvent(without('ce_id'), data)).toThrow('CloudEvent without ce_id');
    expect(() => fromCloudEvent({ ...headers, ce_type: 'identity.user.registered' }, data)).toThrow(
      'CloudEvent type without version',
    );
    expect(() => fromCloudEvent({ ...headers, ce_specversion: '0.3' }, data)).toThrow('specversion 0.3');
    expect(() => fromCloudEvent(headers, null)).toThrow('CloudEvent without data');
    expect(() => fromCloudEvent({ ...headers, 'content-type': 'text/plain' }, data)).toThrow('content-type');
  });

  it('takes the transport key when ce_subject is missing', () => {
    const event = envelope();
    const { headers, data } = toCloudEvent(event);
    delete headers.ce_subject;
    expect(fromCloudEvent(headers, data, event.key)).toStrictEqual(event);
  });
});
