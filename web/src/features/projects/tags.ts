/**
 * The prototype's tag entry (spec §5): a tag is trimmed (inner runs of white space made one space),
 * an empty one is ignored and one already there, but for case, is not added. The contracts' rule
 * (`cleanTag`, `tagKey`, as in `normalizeTags`), which the server applies again.
 */
import { cleanTag, tagKey } from '@projectory/contracts/values';

export function hasTag(tags: readonly string[], tag: string): boolean {
  const key = tagKey(tag);
  return tags.some((existing) => tagKey(existing) === key);
}

export type AddTagResult =
  | { outcome: 'added'; tags: string[]; tag: string }
  | { outcome: 'empty' }
  | { outcome: 'duplicate'; tag: string }
  | { outcome: 'full' };

/** `raw` added to `tags` when it is a new, non-empty tag and there is room for it. */
export function addTag(tags: readonly string[], raw: string, max: number): AddTagResult {
  const tag = cleanTag(raw);
  if (!tag) return { outcome: 'empty' };
  if (hasTag(tags, tag)) return { outcome: 'duplicate', tag };
  if (tags.length >= max) return { outcome: 'full' };
  return { outcome: 'added', tags: [...tags, tag], tag };
}
