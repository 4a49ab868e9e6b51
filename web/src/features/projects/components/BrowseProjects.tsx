import { Button, Input, Select, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { toApiFailure } from '../../../api/api-error';
import { Icon } from '../../../components/Icon';
import { LoadError } from '../../../components/LoadError';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useGetMyMatchesQuery } from '../../matching/matching.api';
import { exchangeTypeLabels } from '@projectory/contracts/values';
import { useBrowseProjectsInfiniteQuery, type ExchangeType } from '../projects.api';
import { FILTER_EXCHANGE_TYPES, SEARCH_DELAY_MS, projectsTexts } from '../projects.texts';
import { ApplyButton } from './ApplyButton';
import { ProjectCard } from './ProjectCard';

const t = projectsTexts.browse;

const typeOptions = [
  { value: '', label: t.allTypes },
  ...FILTER_EXCHANGE_TYPES.map((value) => ({ value, label: exchangeTypeLabels[value] })),
];

export interface BrowseProjectsProps {
  /** Students apply from the cards; others only look. */
  canApply: boolean;
}

/**
 * Browse (prototype spec §2): a debounced full-text search (the server's, ADR 0008) and a type filter
 * over every active project, newest first (best match first when searching), a page at a time.
 */
export function BrowseProjects({ canApply }: BrowseProjectsProps) {
  const [text, setText] = useState('');
  const [exchangeType, setExchangeType] = useState<ExchangeType | ''>('');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const { data, error, isLoading, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    useBrowseProjectsInfiniteQuery({ q, exchangeType }, { refetchOnMountOrArgChange: 30 });
  // 'Applied' on a card: the project is among the student's applications.
  const applications = useGetMyMatchesQuery(undefined, { skip: !canApply });
  const applied = useMemo(() => new Set(applications.data?.items.map((match) => match.projectId)), [applications.data]);
  const projects = data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = q !== '' || exchangeType !== '';

  let body;
  if (isLoading) {
    body = (
      <div role="status" className="pj-projects__loading">
        <span className="pj-visually-hidden">{t.loading}</span>
        {[0, 1, 2].map((key) => (
          <div key={key} className="pj-match-card">
            <Skeleton active paragraph={{ rows: 4 }} />
          </div>
        ))}
      </div>
    );
  } else if (!data) {
    body = (
      <LoadError
        title={t.loadError}
        description={toApiFailure(error).message}
        retryLabel={t.retry}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else if (projects.length === 0) {
    body = <p className="pj-projects__empty">{filtered ? t.noResults : t.empty}</p>;
  } else {
    body = (
      <>
        <ul className="pj-projects__grid" aria-busy={isFetching && !isFetchingNextPage}>
          {projects.map((project) => (
            <li key={project.id}>
              <ProjectCard
                project={project}
                showEmployer
                actions={
                  canApply && (
                    <ApplyButton projectId={project.id} title={project.title} applied={applied.has(project.id)} />
                  )
                }
              />
            </li>
          ))}
        </ul>
        {hasNextPage && (
          <div className="pj-projects__more">
            <Button onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
              {isFetchingNextPage ? t.loadingMore : t.loadMore}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="projects-browse-heading">
      <h2 id="projects-browse-heading" className="pj-visually-hidden">
        {t.heading}
      </h2>
      <div className="pj-projects__filters" role="search">
        <Input
          type="search"
          allowClear
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t.searchPlaceholder}
          aria-label={t.search}
          prefix={<Icon name="search" size={16} />}
          className="pj-projects__search"
        />
        <Select<ExchangeType | ''>
          value={exchangeType}
          onChange={setExchangeType}
          options={typeOptions}
          aria-label={t.type}
          className="pj-projects__type"
          popupMatchSelectWidth={false}
        />
      </div>
      {body}
    </section>
  );
}
