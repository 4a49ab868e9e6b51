import { Input, Select, Switch } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useSearchSkillsQuery } from '../../../shared/api/skills.api';
import { Icon } from '../../../shared/ui/Icon';
import type { Project } from '../talent.api';
import { TALENT_SKILLS_MAX, talentTexts } from '../talent.texts';

const t = talentTexts.filters;
const SKILL_SEARCH_DELAY_MS = 250;

export interface TalentFilterValues {
  /** As typed; the page debounces it. */
  text: string;
  skills: string[];
  verifiedOnly: boolean;
  projectId: string;
  graduationYear: number | null;
}

export const noFilters: TalentFilterValues = {
  text: '',
  skills: [],
  verifiedOnly: false,
  projectId: '',
  graduationYear: null,
};

/** Graduation years on offer: a few years back (alumni) to the longest study ahead. */
function graduationYears(now = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 13 }, (_, index) => year - 6 + index);
}

export interface TalentFiltersProps {
  value: TalentFilterValues;
  onChange: (next: TalentFilterValues) => void;
  /** The employer's active projects, to rank by; undefined while they load. */
  projects: Project[] | undefined;
}

/** Words, catalog skills (all must match), verified only, graduation year and the project to rank by. */
export function TalentFilters({ value, onChange, projects }: TalentFiltersProps) {
  const id = useId();
  const set = (change: Partial<TalentFilterValues>) => onChange({ ...value, ...change });
  const years = useMemo(() => graduationYears(), []);
  return (
    <form
      role="search"
      aria-label={t.label}
      className="pj-talent__filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="pj-talent__field pj-talent__field--wide">
        <label htmlFor={`${id}-q`} className="pj-talent__label">
          {t.words}
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          allowClear
          value={value.text}
          onChange={(event) => set({ text: event.target.value })}
          placeholder={t.wordsPlaceholder}
          prefix={<Icon name="search" size={16} />}
          maxLength={100}
        />
      </div>
      <div className="pj-talent__field pj-talent__field--wide">
        <label htmlFor={`${id}-skills`} className="pj-talent__label">
          {t.skills}
        </label>
        <CatalogSkillSelect
          id={`${id}-skills`}
          describedBy={`${id}-skills-hint`}
          value={value.skills}
          onChange={(skills) => set({ skills })}
        />
        <p id={`${id}-skills-hint`} className="pj-talent__hint">
          {t.skillsHint}
        </p>
      </div>
      <div className="pj-talent__field">
        <label htmlFor={`${id}-year`} className="pj-talent__label">
          {t.graduationYear}
        </label>
        <Select<number | ''>
          id={`${id}-year`}
          value={value.graduationYear ?? ''}
          onChange={(year) => set({ graduationYear: year === '' ? null : year })}
          options={[{ value: '', label: t.anyYear }, ...years.map((year) => ({ value: year, label: String(year) }))]}
          className="pj-talent__select"
        />
      </div>
      <div className="pj-talent__field">
        <label htmlFor={`${id}-project`} className="pj-talent__label">
          {t.rankBy}
        </label>
        <Select<string>
          id={`${id}-project`}
          value={value.projectId}
          onChange={(projectId) => set({ projectId })}
          loading={projects === undefined}
          options={[
            { value: '', label: projects === undefined ? t.rankByLoading : t.rankByNone },
            ...(projects ?? []).map((project) => ({ value: project.id, label: project.title })),
          ]}
          className="pj-talent__select"
          popupMatchSelectWidth={false}
        />
      </div>
      <div className="pj-talent__field pj-talent__switch">
        <Switch
          id={`${id}-verified`}
          checked={value.verifiedOnly}
          onChange={(verifiedOnly) => set({ verifiedOnly })}
          aria-describedby={`${id}-verified-hint`}
        />
        <span>
          <label htmlFor={`${id}-verified`} className="pj-talent__label">
            {t.verifiedOnly}
          </label>
          <span id={`${id}-verified-hint`} className="pj-talent__hint">
            {t.verifiedOnlyHint}
          </span>
        </span>
      </div>
    </form>
  );
}

/** A multi-select of catalog skills (GET /api/skills, as the skills page and the project form search it). */
function CatalogSkillSelect({
  id,
  describedBy,
  value,
  onChange,
}: {
  id: string;
  describedBy: string;
  value: string[];
  onChange: (skills: string[]) => void;
}) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SKILL_SEARCH_DELAY_MS);
  const search = useSearchSkillsQuery(query);
  const options = (search.data?.items ?? []).map((skill) => ({ value: skill.name, label: skill.name }));
  return (
    <Select<string[]>
      id={id}
      aria-describedby={describedBy}
      mode="multiple"
      value={value}
      onChange={(skills) => {
        onChange(skills);
        setText('');
      }}
      onSearch={setText}
      searchValue={text}
      filterOption={false}
      options={options}
      maxCount={TALENT_SKILLS_MAX}
      placeholder={t.skillsPlaceholder}
      loading={search.isFetching}
      allowClear
      className="pj-talent__skills"
    />
  );
}
