// What every benchmark child process shares (bench/server.mjs, bench/chat-fixture.mjs,
// bench/open-loop.mjs): answers to the parent's usage requests (bench/lib.mjs `ask`), and the port a
// server it started listens on.

/**
 * A message over the IPC channel between a benchmark and its child.
 * @typedef {{ type?: string, id?: number, [field: string]: any }} IpcMessage
 */

/** What `ask(type)` of bench/lib.mjs reads, by type. */
const usages = { cpu: () => process.cpuUsage(), memory: () => process.memoryUsage() };

/**
 * Answers `{ type: 'cpu' | 'memory', id }` with `{ type, id, usage }`; hands any other message to
 * `onOther`.
 * @param {(message: IpcMessage) => void} [onOther]
 */
export function answerUsageRequests(onOther = () => {}) {
  process.on('message', (/** @type {IpcMessage} */ message) => {
    const usage = usages[message?.type];
    if (usage) process.send({ type: message.type, id: message.id, usage: usage() });
    else onOther(message);
  });
}

/**
 * The loopback port a server listens on.
 * @param {{ address(): import('node:net').AddressInfo | string | null }} server
 */
export const portOf = (server) => /** @type {import('node:net').AddressInfo} */ (server.address()).port;
