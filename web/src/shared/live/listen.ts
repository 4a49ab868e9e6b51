import { socket, type AppSocket, type ServerToClientEvents } from '../../api/socket';

/** Handlers for some of the server's socket events. */
export type SocketHandlers = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };

/** What a listener needs of the socket (the app's one socket; a fake in specs). */
export type LiveSource = Pick<AppSocket, 'on' | 'off' | 'connected' | 'recovered'>;

export interface ListenOptions {
  /** The events to follow. */
  on: SocketHandlers;
  /**
   * Asks for what the events keep current again: called when the socket is back after a drop the
   * server could not replay (a short one it replays: `socket.recovered`), and when the browser is back
   * online (the socket may not have noticed it was cut off).
   */
  resync?: () => void;
  /**
   * Whether events may already have been missed when listening starts (default: the socket is not
   * connected yet, so data fetched before it connects may be older than its first event).
   */
  missedAtStart?: boolean;
}

type Listener = (...args: unknown[]) => void;

/**
 * Follows socket events until the returned function is called (API.md "Messaging": the connection
 * recovers missed events after a short drop; after a longer one the client refetches). The one place
 * the web listens to the server's pushes and resyncs after a drop.
 */
export function listenTo(
  source: LiveSource,
  { on, resync, missedAtStart = !source.connected }: ListenOptions,
): () => void {
  let missed = missedAtStart;
  const onDisconnect = () => {
    missed = true;
  };
  const onConnect = () => {
    if (!missed) return;
    missed = false;
    if (!source.recovered) resync?.();
  };
  const onOnline = () => resync?.();
  const handlers = Object.entries(on) as [keyof ServerToClientEvents, Listener][];
  const events = source as unknown as {
    on(event: string, listener: Listener): void;
    off(event: string, listener: Listener): void;
  };
  for (const [event, handler] of handlers) events.on(event, handler);
  events.on('disconnect', onDisconnect);
  events.on('connect', onConnect);
  if (resync && typeof window !== 'undefined') window.addEventListener('online', onOnline);
  return () => {
    for (const [event, handler] of handlers) events.off(event, handler);
    events.off('disconnect', onDisconnect);
    events.off('connect', onConnect);
    if (resync && typeof window !== 'undefined') window.removeEventListener('online', onOnline);
  };
}

/** `listenTo` the app's socket. */
export const listen = (options: ListenOptions): (() => void) => listenTo(socket, options);

/** An RTK Query cache entry's lifecycle (`onCacheEntryAdded`). */
export interface CacheEntryLifecycle {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * In `onCacheEntryAdded`: listens from the entry's first answer until it leaves the cache (nothing when
 * it went away before answering).
 */
export async function followWhileCached(lifecycle: CacheEntryLifecycle, options: ListenOptions): Promise<void> {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  const stop = listen(options);
  await lifecycle.cacheEntryRemoved;
  stop();
}
