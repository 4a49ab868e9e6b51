/** How many projects are kept per student, and candidates per project (ARCHITECTURE §4). */
export const TOP_K = 20;

/** One line of a ranking: the other side's id and the pair's overall score. */
export interface RankEntry {
  id: string;
  overall: number;
}

/** Best first: higher overall, then the smaller id (the scorer breaks ties the same way). */
export function compareRank(a: RankEntry, b: RankEntry): number {
  return b.overall - a.overall || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export const sortRanking = (entries: RankEntry[]): RankEntry[] => [...entries].sort(compareRank);

/** Whether `entry` would enter a top-K list whose floor (K-th entry) is `floor`, given its length. */
export function wouldEnter(entry: RankEntry, length: number, floor: RankEntry | null, k = TOP_K): boolean {
  return length < k || floor === null || compareRank(entry, floor) < 0;
}

/**
 * The top-K list after one entry changed, derived from the stored list alone when that is exact:
 * - `overall === null`: the entry left the ranking (project inactive, user no longer a student);
 * - otherwise its new score.
 * Returns `unchanged` when nothing moves, and `recompute` when the new list depends on entries beyond
 * K that are not stored (an entry of a full list dropped below the old floor, or left it).
 * A list shorter than K holds every candidate there is, so it never needs a recompute.
 */
export function mergeRanking(
  list: readonly RankEntry[],
  id: string,
  overall: number | null,
  k = TOP_K,
): RankEntry[] | 'unchanged' | 'recompute' {
  const index = list.findIndex((entry) => entry.id === id);
  const full = list.length >= k;
  if (overall === null) {
    if (index < 0) return 'unchanged';
    return full ? 'recompute' : list.filter((entry) => entry.id !== id);
  }
  const entry = { id, overall };
  if (index >= 0) {
    if (list[index]!.overall === overall) return 'unchanged';
    const rest = list.filter((other) => other.id !== id);
    // Everything outside the list ranks after the old floor: the entry may move anywhere at or above it.
    if (full && compareRank(entry, list[k - 1]!) > 0) return 'recompute';
    return sortRanking([...rest, entry]);
  }
  if (!wouldEnter(entry, list.length, full ? list[k - 1]! : null, k)) return 'unchanged';
  return sortRanking([...list, entry]).slice(0, k);
}

export function sameRanking(a: readonly RankEntry[], b: readonly RankEntry[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry.id === b[i]!.id && entry.overall === b[i]!.overall);
}
