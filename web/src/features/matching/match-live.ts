import { matchStatuses } from '@projectory/contracts/values';
import type { ServerToClientEvents } from '../../api/socket';
import { followWhileCached } from '../../shared/live';
import type { Collection } from '../../api/collection';
import type { Match } from '@projectory/contracts';

export type MatchUpdate = Parameters<ServerToClientEvents['match:updated']>[0];
type MatchStatus = Match['status'];

const STATUSES = new Set<string>(matchStatuses satisfies readonly MatchStatus[]);
const isStatus = (status: string): status is MatchStatus => STATUSES.has(status);

export interface FollowMatchUpdatesOptions {
  /** The cache entry's lifecycle (`onCacheEntryAdded`). */
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  updateCachedData: (recipe: (draft: Collection<Match>) => void) => unknown;
  /** Whether the application the event names belongs in this list. */
  belongs: (update: MatchUpdate) => boolean;
  /** GET /api/matches/:id, for an application this list does not hold yet (a new applicant). */
  loadMatch: (matchId: string) => Promise<Match | undefined>;
  /** Asks for the whole list again: after the socket was down, events may have been missed. */
  resync: () => void;
  /** Anything else an event makes stale (e.g. the dashboard's figures). */
  onUpdate?: (update: MatchUpdate) => void;
}

/**
 * Keeps a cached list of applications live from the socket's `match:updated` (API.md "Messaging"): a
 * known application takes its new status at once (one the system closed or reopened is fetched again, for
 * its reason); an unknown one (someone just applied) is fetched and put first, the lists being newest first. Socket delivery is best effort, so a list that may have
 * missed events (socket not connected yet, or reconnected) is fetched again. Runs until the entry leaves
 * the cache.
 */
export async function followMatchUpdates(options: FollowMatchUpdatesOptions): Promise<void> {
  const { cacheEntryRemoved, updateCachedData, belongs, loadMatch, resync, onUpdate } = options;
  let removed = false;
  void cacheEntryRemoved.then(() => (removed = true));
  const replace = (matchId: string, put: (draft: Collection<Match>, match: Match) => void) =>
    void loadMatch(matchId).then((match) => {
      if (match && !removed) updateCachedData((draft) => put(draft, match));
    });

  const onMatchUpdated = (update: MatchUpdate) => {
    if (!belongs(update)) return;
    onUpdate?.(update);
    let known = false;
    let bySystem = update.status === 'closed';
    updateCachedData((draft) => {
      const match = draft.items.find((item) => item.id === update.matchId);
      if (!match) return;
      known = true;
      bySystem ||= match.status === 'closed';
      if (isStatus(update.status)) match.status = update.status;
    });
    if (known && bySystem) {
      replace(update.matchId, (draft, match) => {
        const index = draft.items.findIndex((item) => item.id === match.id);
        if (index >= 0) draft.items[index] = match;
      });
    } else if (!known) {
      replace(update.matchId, (draft, match) => {
        if (!draft.items.some((item) => item.id === match.id)) draft.items.unshift(match);
      });
    }
  };
  await followWhileCached(options, { on: { 'match:updated': onMatchUpdated }, resync });
}
