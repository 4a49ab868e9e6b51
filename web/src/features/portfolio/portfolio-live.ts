import { followWhileCached } from '../../shared/live';
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
  const { updateCachedData, refresh, onReviewed } = options;
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
  await followWhileCached(options, { on: { 'portfolio:updated': onUpdated }, resync: refresh });
}
