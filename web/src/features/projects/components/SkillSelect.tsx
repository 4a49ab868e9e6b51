import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useSearchSkillsQuery } from '../../../shared/api/skills.api';
import { PROJECT_TAG_MAX, PROJECT_TAGS_MAX, projectsTexts } from '../projects.texts';

const t = projectsTexts.form;
const SEARCH_DELAY_MS = 250;

export interface SkillSelectProps {
  /** Set by Form.Item, so that its label names the field. */
  id?: string;
  value?: string[];
  onChange?: (skills: string[]) => void;
}

/**
 * Required skills picked from the skill catalog (the students' own: `GET /api/skills`), or typed
 * freely and added with Enter. The server files a catalog name or alias under the catalog skill
 * ("JS" → JavaScript), so that employers and students meet on the same skill.
 */
export function SkillSelect({ id, value = [], onChange }: SkillSelectProps) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const search = useSearchSkillsQuery(query, { skip: !query });
  const results = query ? (search.data?.items ?? []) : [];

  return (
    <Select
      id={id}
      mode="tags"
      value={value}
      onChange={(skills: string[]) => {
        const seen = new Set<string>();
        const kept = skills
          .map((skill) => skill.trim())
          .filter((skill) => {
            const key = skill.toLowerCase();
            if (!skill || skill.length > PROJECT_TAG_MAX || seen.has(key)) return false;
            seen.add(key);
            return true;
          });
        onChange?.(kept);
        setText('');
      }}
      onSearch={setText}
      searchValue={text}
      filterOption={false}
      options={results.map((skill) => ({ value: skill.name, label: skill.name }))}
      notFoundContent={null}
      maxCount={PROJECT_TAGS_MAX}
      tokenSeparators={[',']}
      placeholder={t.requiredSkillsPlaceholder}
      loading={search.isFetching}
      className="pj-skill-select"
    />
  );
}
