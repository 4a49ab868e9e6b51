import { describe, expect, it, jest } from '@jest/globals';
import { listenTo, type LiveSource } from './listen';

/** A socket as far as listeners see it: events by name, `connected` and `recovered` set by the test. */
function fakeSocket(connected: boolean) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const source = {
    connected,
    recovered: false,
    on(event: string, listener: (...args: unknown[]) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      return source;
    },
    off(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener);
      return source;
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
    count: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
  return source as typeof source & LiveSource;
}

describe('listenTo', () => {
  it('passes the events it follows to their handlers and stops with the function it returns', () => {
    const socket = fakeSocket(true);
    const onMatch = jest.fn();
    const stop = listenTo(socket, { on: { 'match:updated': onMatch } });
    socket.emit('match:updated', { matchId: 'm', status: 'accepted', projectId: 'p' });
    expect(onMatch).toHaveBeenCalledWith({ matchId: 'm', status: 'accepted', projectId: 'p' });
    stop();
    socket.emit('match:updated', { matchId: 'm', status: 'rejected', projectId: 'p' });
    expect(onMatch).toHaveBeenCalledTimes(1);
    expect(socket.count()).toBe(0);
  });

  it('resyncs once after a drop the server could not replay, not after one it recovered', () => {
    const socket = fakeSocket(true);
    const resync = jest.fn();
    listenTo(socket, { on: {}, resync });
    socket.emit('connect'); // no drop yet: nothing was missed
    expect(resync).not.toHaveBeenCalled();

    socket.emit('disconnect');
    socket.recovered = true;
    socket.emit('connect');
    expect(resync).not.toHaveBeenCalled();

    socket.emit('disconnect');
    socket.recovered = false;
    socket.emit('connect');
    socket.emit('connect');
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('resyncs on the first connection when listening began before the socket was connected', () => {
    const socket = fakeSocket(false);
    const resync = jest.fn();
    listenTo(socket, { on: {}, resync });
    socket.emit('connect');
    expect(resync).toHaveBeenCalledTimes(1);

    // A component mounted before the socket connected fetched its data itself: nothing missed yet.
    const later = fakeSocket(false);
    const mounted = jest.fn();
    listenTo(later, { on: {}, resync: mounted, missedAtStart: false });
    later.emit('connect');
    expect(mounted).not.toHaveBeenCalled();
  });
});
