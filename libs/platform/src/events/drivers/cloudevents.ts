import type { EventEnvelope } from '@projectory/contracts';

/**
 * The wire form of an event on every driver: CloudEvents 1.0 in binary mode (docs/events/README.md).
 * The envelope travels as `ce_*` attributes, the payload alone as the data (JSON):
 *
 * | envelope        | attribute          |
 * |-----------------|--------------------|
 * | id              | ce_id              |
 * | type + version  | ce_type (`identity.user.registered.v1`, as `eventName()` names it) |
 * | source          | ce_source          |
 * | occurredAt      | ce_time            |
 * | key             | ce_subject (and the Kafka message key) |
 * | correlationId   | ce_correlationid (extension) |
 * | causationId     | ce_causationid (extension, only when set) |
 * | -               | ce_specversion `1.0`, content-type `application/json` |
 *
 * Kafka carries the attributes as message headers, Redis Streams as entry fields next to `data`,
 * the in-process bus as a record of both: every driver stores exactly this and rebuilds the envelope
 * from it, so no envelope field can exist on one driver and be lost on another.
 */
export const CE_SPEC_VERSION = '1.0';
export const CE_CONTENT_TYPE = 'application/json';

export const CloudEventHeaders = {
  id: 'ce_id',
  type: 'ce_type',
  source: 'ce_source',
  specVersion: 'ce_specversion',
  time: 'ce_time',
  subject: 'ce_subject',
  correlationId: 'ce_correlationid',
  causationId: 'ce_causationid',
  contentType: 'content-type',
} as const;

export interface CloudEventRecord {
  /** The attributes, each a string (Kafka headers, Redis fields). */
  headers: Record<string, string>;
  /** The payload as JSON. */
  data: string;
}

/** Header values as the drivers hand them over (kafkajs gives Buffers, possibly repeated). */
export type HeaderValue = string | Buffer | Array<string | Buffer> | undefined;

const TYPE_WITH_VERSION = /^(.+)\.v([1-9][0-9]*)$/;

/** `identity.user.registered` version 1 → `identity.user.registered.v1`. */
export function cloudEventType(type: string, version: number): string {
  return `${type}.v${version}`;
}

export function toCloudEvent(envelope: EventEnvelope): CloudEventRecord {
  const headers: Record<string, string> = {
    [CloudEventHeaders.specVersion]: CE_SPEC_VERSION,
    [CloudEventHeaders.id]: envelope.id,
    [CloudEventHeaders.type]: cloudEventType(envelope.type, envelope.version),
    [CloudEventHeaders.source]: envelope.source,
    [CloudEventHeaders.time]: envelope.occurredAt,
    [CloudEventHeaders.subject]: envelope.key,
    [CloudEventHeaders.correlationId]: envelope.correlationId,
    [CloudEventHeaders.contentType]: CE_CONTENT_TYPE,
  };
  if (envelope.causationId !== undefined) headers[CloudEventHeaders.causationId] = envelope.causationId;
  return { headers, data: JSON.stringify(envelope.payload ?? null) };
}

function text(value: HeaderValue): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  return typeof first === 'string' ? first : first.toString('utf8');
}

/** True when the attributes are a CloudEvent (rather than an envelope written before this format). */
export function isCloudEvent(headers: Record<string, HeaderValue>): boolean {
  return text(headers[CloudEventHeaders.specVersion]) !== undefined;
}

/**
 * Rebuilds the envelope; throws on a record that is not a CloudEvent of ours (missing attribute,
 * unversioned type, other spec version, data that is not JSON). `fallbackKey` is the transport's own
 * key (Kafka's message key) for a record without `ce_subject`.
 */
export function fromCloudEvent(
  headers: Record<string, HeaderValue>,
  data: string | Buffer | null | undefined,
  fallbackKey?: string,
): EventEnvelope {
  const get = (name: string) => text(headers[name]);
  const required = (name: string) => {
    const value = get(name);
    if (!value) throw new Error(`CloudEvent without ${name}`);
    return value;
  };
  const specVersion = required(CloudEventHeaders.specVersion);
  if (specVersion !== CE_SPEC_VERSION) throw new Error(`unsupported CloudEvents specversion ${specVersion}`);
  const contentType = get(CloudEventHeaders.contentType);
  if (contentType !== undefined && !contentType.startsWith(CE_CONTENT_TYPE)) {
    throw new Error(`unsupported content-type ${contentType}`);
  }
  const ceType = required(CloudEventHeaders.type);
  const typed = TYPE_WITH_VERSION.exec(ceType);
  if (!typed) throw new Error(`CloudEvent type without version: ${ceType}`);
  if (data === null || data === undefined) throw new Error('CloudEvent without data');
  const key = get(CloudEventHeaders.subject) ?? fallbackKey;
  if (!key) throw new Error(`CloudEvent without ${CloudEventHeaders.subject}`);
  const envelope: EventEnvelope = {
    id: required(CloudEventHeaders.id),
    type: typed[1]!,
    version: Number(typed[2]),
    source: required(CloudEventHeaders.source),
    occurredAt: required(CloudEventHeaders.time),
    correlationId: required(CloudEventHeaders.correlationId),
    key,
    payload: JSON.parse(typeof data === 'string' ? data : data.toString('utf8')) as unknown,
  };
  const causationId = get(CloudEventHeaders.causationId);
  if (causationId !== undefined) envelope.causationId = causationId;
  return envelope;
}
