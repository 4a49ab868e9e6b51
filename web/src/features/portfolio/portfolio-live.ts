import { socket } from '../../api/socket';
import type { Collection } from '../../api/collection';
import type { PortfolioItem } from '@projectory/contracts';

export interface FollowPortfolioReviewsOptions {
  /** The cache entry's lifecycle (`onCacheEntryAdded`). */
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  updateCachedData: (recipe: (draft: Collection<PortfolioItem>) => void) => unknown;
  /** Asks for the whole list (and what a decision changes) again. */
  refresh: () => void;
  /** A reviewer decided on an item: what else that makes stale. */
  onReviewed: () => void;
}

/**
 * Keeps the student's cached items current from the socket's `portfolio:updated` (the item as a
 * reviewer left it): the card takes its new status and notes at once. Socket delivery is best effort,
 * so a list that may have missed events (socket down, then back) is asked for again. Runs until the
 * entry leaves the cache.
 */
export async function followPortfolioReviews(options: FollowPortfolioReviewsOptions): Promise<void> {
  const { cacheDataLoaded, cacheEntryRemoved, updateCachedData, refresh, onReviewed } = options;
  try {
    await cacheDataLoaded;
  } catch {
    return; // the entry went away before its first answer
  }
  let missed = !socket.connected;
  const onUpdated = (item: PortfolioItem) => {
    let known = false;
    updateCachedData((draft) => {
      const index = draft.items.findIndex((candidate) => candidate.id === item.id);
      if (index < 0) return;
      known = true;
      draft.items[index] = item;
    });
    if (known) onReviewed();
    else refresh();
  };
  const onDisconnect = () => {
    missed = true;
  };
  const onConnect = () => {
    if (!missed) return;
    missed = false;
    refresh();
  };
  socket.on('portfolio:updated', onUpdated);
  socket.on('disconnect', onDisconnect);
  socket.on('connect', onConnect);
  await cacheEntryRemoved;
  socket.off('portfolio:updated', onUpdated);
  socket.off('disconnect', onDisconnect);
  socket.off('connect', onConnect);
}
