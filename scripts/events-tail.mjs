// `npm run events:tail`: reads the event stream from Kafka, from the beginning, as a data team would
// (docs/events/README.md). One JSON line per event on stdout:
//   {"topic","partition","offset","key","headers":{"ce_id",...},"payload"}
// Settings (environment):
//   KAFKA_BROKERS  comma-separated brokers (default localhost:9092)
//   TOPICS         comma-separated topics (default: every topic of the cluster but Kafka's internal `__*`)
//   GROUP_ID       consumer group (default: a fresh `events-tail-<random>`, so every run starts at the beginning)
//   EXIT_AT_END    `true`: stop once every partition is read up to where it ended at start-up
//                  (default: keep following new events until Ctrl-C)
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import kafkajs from 'kafkajs';

const { Kafka, logLevel } = kafkajs;

function settings(env) {
  const list = (value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const brokers = list(env.KAFKA_BROKERS);
  return {
    brokers: brokers.length > 0 ? brokers : ['localhost:9092'],
    topics: list(env.TOPICS),
    groupId: env.GROUP_ID || `events-tail-${randomUUID()}`,
    exitAtEnd: /^(1|true|yes)$/i.test(env.EXIT_AT_END ?? ''),
  };
}

const text = (value) => (value === null || value === undefined ? null : Buffer.from(value).toString('utf8'));

/** The payload as JSON when it is JSON (CloudEvents data), as text otherwise. */
function payload(value) {
  const raw = text(value);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Every header (the CloudEvents attributes `ce_*` and `content-type`) as text. */
function headers(message) {
  const entries = Object.entries(message.headers ?? {}).map(([name, value]) => [
    name,
    Array.isArray(value) ? value.map(text) : text(value),
  ]);
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Consumes the topics from the beginning and calls `onEvent` with one record per message. Resolves
 * with a `stop()` and `done`, which settles when EXIT_AT_END is reached (never otherwise).
 */
export async function tailEvents(options, onEvent) {
  const kafka = new Kafka({ clientId: 'events-tail', brokers: options.brokers, logLevel: logLevel.ERROR });
  const admin = kafka.admin();
  await admin.connect();
  let consumer;
  try {
    const topics =
      options.topics.length > 0
        ? options.topics
        : (await admin.listTopics()).filter((topic) => !topic.startsWith('__')).sort();
    // Where each partition ends now: EXIT_AT_END stops once every one was read that far.
    const remaining = new Map();
    if (options.exitAtEnd) {
      // A topic named in TOPICS that does not exist yet holds nothing to wait for.
      const existing = new Set(await admin.listTopics());
      for (const topic of topics.filter((name) => existing.has(name))) {
        for (const { partition, offset, low } of await admin.fetchTopicOffsets(topic)) {
          if (BigInt(offset) > BigInt(low)) remaining.set(`${topic}:${partition}`, BigInt(offset));
        }
      }
    }
    let finish;
    const done = new Promise((resolve) => (finish = resolve));
    const stop = async () => {
      await consumer?.disconnect().catch(() => undefined);
      await admin.disconnect().catch(() => undefined);
      finish();
    };
    if (topics.length === 0 || (options.exitAtEnd && remaining.size === 0)) {
      await stop();
      return { topics, stop, done };
    }
    consumer = kafka.consumer({ groupId: options.groupId, maxWaitTimeInMs: 500 });
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        onEvent({
          topic,
          partition,
          offset: message.offset,
          key: text(message.key),
          headers: headers(message),
          payload: payload(message.value),
        });
        const end = remaining.get(`${topic}:${partition}`);
        if (end !== undefined && BigInt(message.offset) + 1n >= end) {
          remaining.delete(`${topic}:${partition}`);
          if (remaining.size === 0) setImmediate(() => void stop());
        }
      },
    });
    return { topics, stop, done };
  } catch (error) {
    await consumer?.disconnect().catch(() => undefined);
    await admin.disconnect().catch(() => undefined);
    throw error;
  }
}

async function main() {
  const options = settings(process.env);
  const tail = await tailEvents(options, (event) => process.stdout.write(`${JSON.stringify(event)}\n`));
  process.stderr.write(
    `events-tail: group ${options.groupId} on ${options.brokers.join(',')}, topics ${tail.topics.join(', ') || '(none)'}\n`,
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void tail.stop());
  await tail.done;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`events-tail: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
