import { afterEach, describe, expect, it } from '@jest/globals';
import { Server } from 'socket.io';
import { IN_FLIGHT_KEEP_MS, RecoveryAdapter } from './recovery-adapter.js';

const adapters: RecoveryAdapter[] = [];

/** A Socket.IO server that listens nowhere: its adapter is driven directly. */
function newAdapter(): RecoveryAdapter {
  const server = new Server({
    connectionStateRecovery: { maxDisconnectionDuration: 120_000 },
    adapter: RecoveryAdapter,
  } as never);
  const adapter = server.of('/').adapter as RecoveryAdapter;
  adapters.push(adapter);
  return adapter;
}

/** Emits an event to every socket, as `server.emit` does; returns its offset (the packet's id). */
function emit(adapter: RecoveryAdapter, name: string): string {
  const packet = { type: 2, nsp: '/', data: [name] as unknown[] };
  adapter.broadcast(packet, { rooms: new Set(), except: new Set(), flags: {} });
  return packet.data.at(-1) as string;
}

const drop = (adapter: RecoveryAdapter, pid: string) =>
  adapter.persistSession({ sid: `sid-${pid}`, pid, rooms: [], data: {} });

afterEach(() => {
  for (const adapter of adapters.splice(0)) adapter.close();
});

describe('RecoveryAdapter', () => {
  it('keeps no packet past the in-flight window while no connection is down', async () => {
    const adapter = newAdapter();
    const first = emit(adapter, 'first');
    emit(adapter, 'second');
    adapter.trim(Date.now() + IN_FLIGHT_KEEP_MS + 1);

    // A socket that dropped afterwards, having received only the first packet, is past recovering.
    drop(adapter, 'late');
    expect(await adapter.restoreSession('late', first)).toBeNull();
  });

  it('keeps what a dropped connection missed, from the in-flight window before it dropped', async () => {
    const adapter = newAdapter();
    const before = emit(adapter, 'in flight');
    drop(adapter, 'away');
    emit(adapter, 'missed 1');
    emit(adapter, 'missed 2');
    adapter.trim(Date.now() + IN_FLIGHT_KEEP_MS + 60_000);

    const session = await adapter.restoreSession('away', before);
    expect(session?.missedPackets.map((data) => data[0])).toEqual(['missed 1', 'missed 2']);
  });

  it('forgets a dropped connection once it came back, and trims again', async () => {
    const adapter = newAdapter();
    const before = emit(adapter, 'in flight');
    drop(adapter, 'back');
    const missed = emit(adapter, 'missed');
    expect(await adapter.restoreSession('back', before)).not.toBeNull();
    adapter.trim(Date.now() + IN_FLIGHT_KEEP_MS + 1);

    drop(adapter, 'later');
    expect(await adapter.restoreSession('later', missed)).toBeNull();
  });
});
