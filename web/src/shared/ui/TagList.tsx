import { Tag } from 'antd';
import { tagListTexts } from './tag-list.texts';
import './tag-list.css';

export interface TagListProps {
  tags: readonly string[];
  /** Names the list for screen readers, e.g. 'Required skills'. */
  label: string;
  /** Shown before '+N more'; all of them when absent. */
  max?: number;
}

/** Skill or value tags: the first `max`, then '+N more' (prototype spec §9). */
export function TagList({ tags, label, max }: TagListProps) {
  if (tags.length === 0) return null;
  const shown = max === undefined ? tags : tags.slice(0, max);
  const hidden = tags.length - shown.length;
  return (
    <ul className="pj-tags" aria-label={label}>
      {shown.map((tag) => (
        <li key={tag}>
          <Tag>{tag}</Tag>
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <Tag className="pj-tags__more">{tagListTexts.more(hidden)}</Tag>
        </li>
      )}
    </ul>
  );
}
