/**
 * The keys of the WAI-ARIA tabs pattern: the tab that `key` moves to from the tab at `current`, or
 * undefined when the key is not one of them. The arrows wrap around at either end.
 */
export function tabAfterKey(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** The tabs opened so far, with `key`; the same array when it is already among them. */
export function withVisited<K>(visited: readonly K[], key: K): readonly K[] {
  return visited.includes(key) ? visited : [...visited, key];
}
