import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Parser } from '@asyncapi/parser';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import {
  ASYNCAPI_PATH,
  buildAsyncApi,
  type CollectedEvent,
  collectEvents,
  type Json,
  renderAsyncApi,
  toYaml,
} from './asyncapi.js';
import { eventName } from './envelope.js';
import * as contracts from './index.js';

const SRC = dirname(fileURLToPath(import.meta.url));
const ROOT = join(SRC, '..', '..', '..');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;

let events: CollectedEvent[];
let committed: string;

beforeAll(async () => {
  events = await collectEvents(SRC, (file) => import(pathToFileURL(join(SRC, file)).href));
  committed = readFileSync(join(ROOT, ASYNCAPI_PATH), 'utf8');
});

describe('docs/events/asyncapi.yaml', () => {
  it('is what the contracts generate now', async () => {
    // Formatted as scripts/asyncapi.mjs writes it.
    const path = join(ROOT, ASYNCAPI_PATH);
    const fresh = await format(renderAsyncApi(events), { ...(await resolveConfig(path)), filepath: path });
    if (fresh !== committed) {
      throw new Error(`${ASYNCAPI_PATH} is stale: the event contracts changed. run npm run events:asyncapi`);
    }
  });

  it('is a valid AsyncAPI 3 document (@asyncapi/parser: no errors, no warnings)', async () => {
    const { document, diagnostics } = await new Parser().parse(committed);
    // Severity 0 is an error, 1 a warning; 2 and 3 are hints (e.g. "3.1.0 exists").
    const problems = diagnostics
      .filter((diagnostic) => diagnostic.severity <= 1)
      .map((diagnostic) => `${diagnostic.path.join('.')}: ${diagnostic.message}`);
    expect(problems).toEqual([]);
    expect(document?.version()).toBe('3.0.0');
  }, 30_000);

  it('holds every event the contracts export, each on the channel of its topic', () => {
    const exported = (Object.values(contracts) as unknown[]).filter(
      (value): value is contracts.EventDefinition =>
        typeof value === 'object' && value !== null && 'topic' in value && 'schema' in value && 'version' in value,
    );
    const collected = events.map((event) => eventName(event.definition));
    for (const definition of exported) expect(collected).toContain(eventName(definition));

    const doc: Doc = parse(committed);
    for (const { definition } of events) {
      const channel = Object.values(doc.channels).find((c: Doc) => c.address === definition.topic) as Doc;
      const messageId = eventName(definition).replace(/[^A-Za-z0-9_-]/g, '_');
      expect(channel.messages[messageId]).toEqual({ $ref: `#/components/messages/${messageId}` });
      const message = doc.components.messages[messageId];
      expect(message.headers.properties.ce_type.const).toBe(eventName(definition));
      expect(message.bindings.kafka.key.type).toBe('string');
    }
  });

  it('marks personal data, and e-mail addresses travel on identity.users only', () => {
    const doc: Doc = parse(committed);
    const registered = doc.components.messages.identity_user_registered_v1;
    for (const field of ['email', 'firstName', 'lastName', 'headline', 'location', 'profileImageUrl']) {
      expect(registered.payload.properties[field]['x-personal-data']).toBe(true);
    }
    expect(registered.payload.properties.userId['x-personal-data']).toBeUndefined();
    expect(registered['x-personal-data-fields']).toEqual(expect.arrayContaining(['email', 'firstName', 'lastName']));

    const emailFields = (schema: Doc, path: string): string[] =>
      typeof schema !== 'object' || schema === null
        ? []
        : Object.entries(schema).flatMap(([name, value]) => [
            ...(/e-?mail/i.test(name) && typeof value === 'object' && path.endsWith('properties') ? [name] : []),
            ...emailFields(value, `${path}.${name}`),
          ]);
    const carrying = events
      .filter(({ definition }) => {
        const message = doc.components.messages[eventName(definition).replace(/[^A-Za-z0-9_-]/g, '_')];
        return emailFields(message.payload, 'payload').length > 0;
      })
      .map(({ definition }) => definition.topic);
    expect([...new Set(carrying)]).toEqual(['identity.users']);
  });

  it('the YAML writer writes what a YAML parser reads back as the same data', () => {
    expect(parse(committed)).toEqual(buildAsyncApi(events));
    const tricky: Json = {
      'a key': [
        'yes',
        'No',
        '1.0',
        '',
        ' padded',
        'line\nbreak',
        'quote "x" \\ back',
        '#hash',
        'a: b',
        null,
        true,
        3.5,
      ],
      nested: [{ x: [] }, { y: {} }, [['deep']]],
      $ref: '#/x',
    };
    expect(parse(toYaml(tricky))).toEqual(tricky);
  });
});
