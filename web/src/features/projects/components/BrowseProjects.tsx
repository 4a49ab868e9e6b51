import { Button, Input, Select } from 'antd';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Icon } from '../../../shared/ui/Icon';
import { QueryError } from '../../../shared/ui/LoadError';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import {
  useGetMyMatchesQuery,
  useGetProjectFitsQuery,
  useGetRecommendationsInfiniteQuery,
  type RecommendedProject,
} from '../../matching';
import { exchangeTypeLabels } from '@projectory/contracts/values';
import { useBrowseProjectsInfiniteQuery, type ExchangeType, type Project } from '../projects.api';
import { FILTER_EXCHANGE_TYPES, SEARCH_DELAY_MS, projectsTexts } from '../projects.texts';
import { ApplyButton } from './ApplyButton';
import { FitSummary } from './FitSummary';
import { ProjectCard } from './ProjectCard';
import { ChoiceButtons } from '../../../shared/ui/ChoiceButtons';
import { CardsLoading } from './CardsLoading';

const t = projectsTexts.browse;

const typeOptions = [
  { value: '', label: t.allTypes },
  ...FILTER_EXCHANGE_TYPES.map((value) => ({ value, label: exchangeTypeLabels[value] })),
];

type Sort = 'newest' | 'fit';
/** The order is in the address (?sort=fit), so that it survives a reload and can be linked. */
const SORT_PARAM = 'sort';

export interface BrowseProjectsProps {
  /** Students apply from the cards, see their fit on each and may rank the list by it; others only look. */
  canApply: boolean;
}

/**
 * Browse (prototype spec §2): a debounced full-text search (the server's, ADR 0008) and a type filter
 * over every active project, newest first (best match first when searching), a page at a time. A
 * student sees their fit on every card and may sort by best fit instead (GET /api/matches/recommendations).
 */
export function BrowseProjects({ canApply }: BrowseProjectsProps) {
  const [params, setParams] = useSearchParams();
  const sort: Sort = canApply && params.get(SORT_PARAM) === 'fit' ? 'fit' : 'newest';
  const setSort = (next: Sort) =>
    setParams(
      (current) => {
        if (next === 'fit') current.set(SORT_PARAM, next);
        else current.delete(SORT_PARAM);
        return current;
      },
      { replace: true },
    );
  const [text, setText] = useState('');
  const [exchangeType, setExchangeType] = useState<ExchangeType | ''>('');

  return (
    <section aria-labelledby="projects-browse-heading">
      <h2 id="projects-browse-heading" className="pj-visually-hidden">
        {t.heading}
      </h2>
      <div className="pj-projects__filters">
        {sort === 'newest' && (
          <div className="pj-projects__search-row" role="search">
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
        )}
        {canApply && (
          <ChoiceButtons<Sort>
            name="projects-sort"
            label={t.sort}
            value={sort}
            onChange={setSort}
            choices={t.sorts}
            className="pj-projects__sort"
          />
        )}
      </div>
      {sort === 'fit' ? (
        <RecommendedProjects />
      ) : (
        <NewestProjects q={text} exchangeType={exchangeType} canApply={canApply} />
      )}
    </section>
  );
}

interface NewestProjectsProps {
  q: string;
  exchangeType: ExchangeType | '';
  canApply: boolean;
}

/** Today's list: newest first, searched and filtered; the student's fit asked once per page of cards. */
function NewestProjects({ q: text, exchangeType, canApply }: NewestProjectsProps) {
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const query = useBrowseProjectsInfiniteQuery({ q, exchangeType }, { refetchOnMountOrArgChange: 30 });
  const applied = useAppliedProjects(canApply);
  const filtered = q !== '' || exchangeType !== '';
  return (
    <ProjectList
      query={query}
      empty={filtered ? t.noResults : t.empty}
      renderPage={(projects) => <CardPage projects={projects} canApply={canApply} applied={applied} />}
    />
  );
}

/** Best fit: active projects ranked by the student's fit, best first; each carries its fit already. */
function RecommendedProjects() {
  const query = useGetRecommendationsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const applied = useAppliedProjects(true);
  return (
    <>
      <p className="pj-projects__lead">{t.fitLead}</p>
      <ProjectList
        query={query}
        empty={t.fitEmpty}
        renderPage={(projects: RecommendedProject[]) =>
          projects.map((project) => (
            <BrowseCard
              key={project.id}
              project={project}
              canApply
              applied={applied.has(project.id)}
              fit={<FitSummary fit={project} loading={false} />}
            />
          ))
        }
      />
    </>
  );
}

/** 'Applied' on a card: the project is among the student's applications. */
function useAppliedProjects(canApply: boolean): ReadonlySet<string> {
  const applications = useGetMyMatchesQuery(undefined, { skip: !canApply });
  return useMemo(() => new Set(applications.data?.items.map((match) => match.projectId)), [applications.data]);
}

/** One page of the newest list, with one GET /api/matches/fit for its cards (not one per card). */
function CardPage({
  projects,
  canApply,
  applied,
}: {
  projects: Project[];
  canApply: boolean;
  applied: ReadonlySet<string>;
}) {
  const ids = projects.map((project) => project.id);
  const fits = useGetProjectFitsQuery(ids, { skip: !canApply || ids.length === 0 });
  const byProject = useMemo(() => new Map(fits.data?.items.map((fit) => [fit.projectId, fit])), [fits.data]);
  return projects.map((project) => (
    <BrowseCard
      key={project.id}
      project={project}
      canApply={canApply}
      applied={applied.has(project.id)}
      fit={canApply && <FitSummary fit={byProject.get(project.id)} loading={fits.isLoading} />}
    />
  ));
}

function BrowseCard({
  project,
  canApply,
  applied,
  fit,
}: {
  project: Project;
  canApply: boolean;
  applied: boolean;
  fit: ReactNode;
}) {
  return (
    <li>
      <ProjectCard
        project={project}
        showEmployer
        fit={fit}
        actions={canApply && <ApplyButton project={project} applied={applied} />}
      />
    </li>
  );
}

interface PagedQuery<T> {
  data?: { pages: { items: T[] }[] };
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** A paged list of cards with its loading, error and empty states, and 'Load more'. */
function ProjectList<T>({
  query,
  empty,
  renderPage,
}: {
  query: PagedQuery<T>;
  empty: string;
  renderPage: (items: T[]) => ReactNode;
}) {
  const { data, error, isLoading, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = query;
  if (isLoading) {
    return <CardsLoading label={t.loading} cards={3} rows={4} />;
  }
  if (!data) {
    return <QueryError title={t.loadError} query={{ error, isFetching, refetch }} retryLabel={t.retry} />;
  }
  const pages = data.pages.filter((page) => page.items.length > 0);
  if (pages.length === 0) return <p className="pj-projects__empty">{empty}</p>;
  return (
    <>
      <ul className="pj-projects__grid" aria-busy={isFetching && !isFetchingNextPage}>
        {pages.map((page, index) => (
          <Fragment key={index}>{renderPage(page.items)}</Fragment>
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
