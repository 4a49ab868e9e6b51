import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { z } from 'zod';
import { type EventDefinition, eventName } from './envelope.js';

/*
 * The AsyncAPI 3 document of the event stream (docs/events/asyncapi.yaml), generated from the zod
 * contracts: `npm run events:asyncapi` writes it, asyncapi.spec.ts fails when it is stale. Not part
 * of the package's index: only the generator script and its test import it.
 */

/** One event version found in libs/contracts, with the doc comment written above its export. */
export interface CollectedEvent {
  definition: EventDefinition;
  exportName: string;
  /** Path under libs/contracts/src, with forward slashes. */
  file: string;
  description?: string;
}

export const ASYNCAPI_PATH = 'docs/events/asyncapi.yaml';

function isEventDefinition(value: unknown): value is EventDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<EventDefinition>;
  return (
    typeof candidate.type === 'string' &&
    typeof candidate.version === 'number' &&
    typeof candidate.topic === 'string' &&
    typeof (candidate.schema as { safeParse?: unknown } | undefined)?.safeParse === 'function'
  );
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await sourceFiles(path)));
    else if (/\.ts$/.test(entry.name) && !/\.(spec|d)\.ts$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/** The `/** ... *\/` comment right above `export const <name> =`, as plain text. */
function docComment(source: string, exportName: string): string | undefined {
  const match = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export const ${exportName}\\b`).exec(source);
  if (!match) return undefined;
  return match[1]!
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * Every `defineEvent` export of every source file under `srcDir` (libs/contracts/src). `load` imports
 * one file by its path under srcDir (the test imports the TypeScript, the script the compiled build).
 * Throws when two definitions share a versioned name.
 */
export async function collectEvents(
  srcDir: string,
  load: (file: string) => Promise<Record<string, unknown>>,
): Promise<CollectedEvent[]> {
  const found = new Map<string, CollectedEvent>();
  for (const path of await sourceFiles(srcDir)) {
    const file = relative(srcDir, path).split(sep).join('/');
    if (file === 'asyncapi.ts') continue;
    const source = await readFile(path, 'utf8');
    if (!source.includes('defineEvent(')) continue;
    const exports = await load(file);
    for (const [exportName, value] of Object.entries(exports)) {
      if (!isEventDefinition(value)) continue;
      const name = eventName(value);
      const seen = found.get(name);
      if (seen && seen.definition !== value) {
        throw new Error(`${name} is defined twice: ${seen.file} (${seen.exportName}) and ${file} (${exportName})`);
      }
      if (!seen) found.set(name, { definition: value, exportName, file, description: docComment(source, exportName) });
    }
  }
  return [...found.values()].sort((a, b) => eventName(a.definition).localeCompare(eventName(b.definition)));
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** AsyncAPI object ids allow letters, digits, `_` and `-` only: `identity.user.registered.v1` → `identity_user_registered_v1`. */
const id = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

/** Marks personal-data properties (zod `.meta({ 'x-personal-data': true })`), found anywhere in the schema. */
function personalDataFields(schema: Json, path = ''): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const fields: string[] = [];
  if (schema['x-personal-data'] === true && path) fields.push(path);
  const properties = schema.properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const [name, property] of Object.entries(properties)) {
      fields.push(...personalDataFields(property, path ? `${path}.${name}` : name));
    }
  }
  if (schema.items !== undefined) fields.push(...personalDataFields(schema.items, `${path}[]`));
  return fields;
}

/**
 * The payload's JSON Schema (zod 4 `z.toJSONSchema`, draft-07 as AsyncAPI schemas are). The input
 * side: objects accept unknown properties, since a version may gain optional fields.
 */
function payloadSchema(definition: EventDefinition): JsonObject {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(definition.schema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonObject;
  return schema;
}

function headersSchema(ceType: string): JsonObject {
  return {
    type: 'object',
    description: 'CloudEvents 1.0 attributes, binary content mode (Kafka protocol binding): one header each.',
    required: ['ce_specversion', 'ce_id', 'ce_type', 'ce_source', 'ce_time', 'ce_subject', 'ce_correlationid'],
    properties: {
      ce_specversion: { type: 'string', const: '1.0' },
      ce_id: { type: 'string', format: 'uuid', description: 'The event id; consumers deduplicate on it.' },
      ce_type: { type: 'string', const: ceType, description: 'The event type and its version.' },
      ce_source: { type: 'string', description: 'The service that produced the event, e.g. `identity`.' },
      ce_time: { type: 'string', format: 'date-time', description: 'When the change happened.' },
      ce_subject: {
        type: 'string',
        description: 'The aggregate id (same as the message key), e.g. the user id on identity.users.',
      },
      ce_correlationid: {
        type: 'string',
        description: 'Extension: the request (or job) that led to the event; shared by every event it caused.',
      },
      ce_causationid: { type: 'string', description: 'Extension: the id of the event that caused this one, if any.' },
      'content-type': { type: 'string', const: 'application/json' },
    },
  };
}

function message(event: CollectedEvent): JsonObject {
  const { definition, description } = event;
  const name = eventName(definition);
  const payload = payloadSchema(definition);
  const personal = personalDataFields(payload);
  const result: JsonObject = {
    name,
    title: `${definition.type} v${definition.version}`,
    summary: description ?? `${definition.type}, version ${definition.version}.`,
    contentType: 'application/json',
    headers: headersSchema(name),
    payload,
    correlationId: { $ref: '#/components/correlationIds/correlation' },
    bindings: {
      kafka: {
        key: { type: 'string', description: 'The aggregate id (`ce_subject`): per key, events keep their order.' },
        bindingVersion: '0.5.0',
      },
    },
    'x-event-type': definition.type,
    'x-event-version': definition.version,
    'x-contract': `libs/contracts/src/${event.file} (${event.exportName})`,
  };
  if (personal.length > 0) result['x-personal-data-fields'] = personal;
  return result;
}

/** The whole document, as data. */
export function buildAsyncApi(events: CollectedEvent[]): JsonObject {
  const topics = [...new Set(events.map((event) => event.definition.topic))].sort();
  const messages: JsonObject = {};
  for (const event of events) messages[id(eventName(event.definition))] = message(event);
  const channels: JsonObject = {};
  const operations: JsonObject = {};
  for (const topic of topics) {
    const onTopic = events.filter((event) => event.definition.topic === topic);
    const refs: JsonObject = {};
    for (const event of onTopic) {
      const messageId = id(eventName(event.definition));
      refs[messageId] = { $ref: `#/components/messages/${messageId}` };
    }
    channels[id(topic)] = {
      address: topic,
      title: topic,
      description: `Kafka topic \`${topic}\` (Redis stream \`pj:events:${topic}\`): ${onTopic
        .map((event) => `\`${eventName(event.definition)}\``)
        .join(', ')}. Retained, so a new consumer group can read it from the beginning.`,
      messages: refs,
    };
    operations[`publish_${id(topic)}`] = {
      action: 'send',
      title: `Projectory publishes on ${topic}`,
      channel: { $ref: `#/channels/${id(topic)}` },
      messages: Object.keys(refs).map((messageId) => ({ $ref: `#/channels/${id(topic)}/messages/${messageId}` })),
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Projectory event stream',
      version: '1.0.0',
      description: [
        'Every event the Projectory services publish (generated from libs/contracts by `npm run events:asyncapi`;',
        'do not edit by hand). On Kafka each event is a CloudEvents 1.0 message in binary mode: the',
        'envelope in `ce_*` headers, the JSON payload as the value, the aggregate id as the key.',
        'A breaking change is a new version (`ce_type` ends in `.v2`); versions gain only optional fields.',
        'Properties marked `x-personal-data: true` carry personal data (see docs/events/README.md).',
      ].join(' '),
    },
    defaultContentType: 'application/json',
    servers: {
      kafka: {
        host: '{brokers}',
        protocol: 'kafka',
        description: 'The Kafka cluster of a distributed install (EVENT_BUS=kafka).',
        variables: { brokers: { default: 'localhost:9092', description: 'KAFKA_BROKERS of the install.' } },
      },
    },
    channels,
    operations,
    components: {
      messages,
      correlationIds: {
        correlation: {
          description: 'The request (or job) that led to the event.',
          location: '$message.header#/ce_correlationid',
        },
      },
    },
  };
}

const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

function scalar(value: string | number | boolean | null): string {
  if (typeof value === 'string') return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

const key = (name: string) => (PLAIN.test(name) && !RESERVED.test(name) ? name : JSON.stringify(name));

function yamlLines(value: Json, indent: string): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return ['[]'];
    return value.flatMap((item) => {
      const [first, ...rest] = yamlBlock(item, `${indent}  `);
      return [`${indent}- ${first!.trimStart()}`, ...rest];
    });
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return ['{}'];
    return entries.flatMap(([name, item]) => {
      const nested =
        typeof item === 'object' && item !== null && (Array.isArray(item) ? item : Object.keys(item)).length > 0;
      if (!nested) return [`${indent}${key(name)}: ${yamlLines(item, '')[0]}`];
      return [`${indent}${key(name)}:`, ...yamlBlock(item, Array.isArray(item) ? indent : `${indent}  `)];
    });
  }
  return [scalar(value)];
}

function yamlBlock(value: Json, indent: string): string[] {
  if (typeof value !== 'object' || value === null) return [`${indent}${scalar(value)}`];
  const lines = yamlLines(value, indent);
  return lines.length === 1 && (lines[0] === '[]' || lines[0] === '{}') ? [`${indent}${lines[0]}`] : lines;
}

/** A small YAML writer for JSON data: block style, strings quoted as JSON when not plain words. */
export function toYaml(value: Json): string {
  return `${yamlLines(value, '').join('\n')}\n`;
}

/** The file's full text, header comment included. */
export function renderAsyncApi(events: CollectedEvent[]): string {
  const header = '# Generated by `npm run events:asyncapi` from libs/contracts. Do not edit by hand.\n';
  return header + toYaml(buildAsyncApi(events) as Json);
}
