import { useEffect, useRef } from 'react';
import { listen, type ListenOptions } from './listen';

/**
 * Listens while the component is mounted. The latest options are used without listening again (no
 * dependency list to keep), and events missed before mounting are the component's data's business:
 * only a drop while mounted resyncs.
 */
export function useSocketEvents(options: ListenOptions): void {
  const latest = useRef(options);
  latest.current = options;
  const events = Object.keys(options.on).sort().join();
  const resyncs = options.resync !== undefined;
  useEffect(() => {
    const on = Object.fromEntries(
      events
        .split(',')
        .filter(Boolean)
        .map((event) => [
          event,
          (...args: unknown[]) => (latest.current.on as Record<string, (...a: unknown[]) => void>)[event]?.(...args),
        ]),
    );
    return listen({ on, resync: resyncs ? () => latest.current.resync?.() : undefined, missedAtStart: false });
  }, [events, resyncs]);
}
