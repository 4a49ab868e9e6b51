import { Button } from 'antd';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { toApiFailure } from '../../api/api-error';
import { useInvitationAnswers } from '../../shared/api/invitations.api';
import { useDebouncedValue } from '../../shared/lib/use-debounced-value';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useTab } from '../../shared/lib/use-tab';
import { useCurrentUser } from '../../shared/session';
import { ListEmpty, ListLoading, QueryList } from '../../shared/ui/ListStates';
import { LoadError, QueryError } from '../../shared/ui/LoadError';
import { MissingCard } from '../../shared/ui/MissingCard';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Tabs } from '../../shared/ui/Tabs';
import { InviteDialog } from './components/lazy-dialogs';
import { StudentCard } from './components/StudentCard';
import { noFilters, TalentFilters, type TalentFilterValues } from './components/TalentFilters';
import {
  useGetShortlistQuery,
  useGetTalentProjectsQuery,
  useSearchTalentInfiniteQuery,
  type Project,
  type TalentCard,
} from './talent.api';
import { TALENT_SEARCH_DELAY_MS, talentTabs, talentTexts as t, type TalentTab } from './talent.texts';
import './talent.css';

/**
 * /talent (API.md "Finding talent"): employers (and admins) search discoverable students, rank them by
 * their fit with one of their active projects, shortlist them and invite them to apply. Students are
 * sent to their settings, where they choose whether employers may find them.
 */
export function TalentPage() {
  useDocumentTitle(t.documentTitle);
  const user = useCurrentUser();
  if (user.role === 'student') {
    return (
      <MissingCard
        title={t.employersOnly.title}
        body={t.employersOnly.body}
        to="/settings"
        action={t.employersOnly.action}
      />
    );
  }
  return <FindTalent />;
}

function FindTalent() {
  // A student's answer shows on their card while the page is open.
  useInvitationAnswers();
  const [tab, setTab] = useTab<TalentTab>(talentTabs);
  const [filters, setFilters] = useState<TalentFilterValues>(noFilters);
  const [inviting, setInviting] = useState<TalentCard>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const projects = useGetTalentProjectsQuery(undefined);
  const active = useMemo(() => projects.data?.items.filter((project) => project.isActive), [projects.data]);
  // A ranking project that is no longer active is not asked for (the server would refuse it).
  const projectId = active?.some((project) => project.id === filters.projectId) ? filters.projectId : '';

  const invite = (student: TalentCard) => {
    setInviting(student);
    setDialogOpen(true);
  };
  const cards = (items: TalentCard[]) =>
    items.map((student) => (
      <li key={student.id}>
        <StudentCard student={student} onInvite={invite} onPrepareInvite={InviteDialog.preload} />
      </li>
    ));

  return (
    <div className="pj-talent">
      <PageHeader title={t.title} lead={t.lead} />
      <Tabs<TalentTab>
        aria-label={t.tabsLabel}
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'search',
            label: t.tabs.search,
            children: (
              <>
                <TalentFilters value={filters} onChange={setFilters} projects={active} />
                <TalentResults filters={filters} projectId={projectId} projects={active ?? []} renderCards={cards} />
              </>
            ),
          },
          {
            key: 'shortlist',
            label: t.tabs.shortlist,
            children: <Shortlist renderCards={cards} onSearch={() => setTab('search')} />,
          },
        ]}
      />
      <InviteDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        student={inviting}
        projects={active ?? []}
        defaultProjectId={projectId || undefined}
      />
    </div>
  );
}

interface TalentResultsProps {
  filters: TalentFilterValues;
  projectId: string;
  projects: Project[];
  renderCards: (items: TalentCard[]) => ReactNode;
}

/** The search's results, a page at a time, in their four states, with "Load more". */
function TalentResults({ filters, projectId, projects, renderCards }: TalentResultsProps) {
  const r = t.results;
  const q = useDebouncedValue(filters.text.trim(), TALENT_SEARCH_DELAY_MS);
  const { skills, verifiedOnly, graduationYear } = filters;
  const query = useSearchTalentInfiniteQuery(
    { q, skills, verifiedOnly, projectId, graduationYear },
    { refetchOnMountOrArgChange: 30 },
  );
  const { data, error, isLoading, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = query;
  const filtered = q !== '' || skills.length > 0 || verifiedOnly || graduationYear !== null;
  const ranking = projects.find((project) => project.id === projectId);

  let body;
  if (isLoading) body = <ListLoading label={r.loading} rows={6} />;
  else if (!data) {
    body =
      toApiFailure(error).status === 429 ? (
        <LoadError
          title={r.loadError}
          description={r.rateLimited}
          retryLabel={r.retry}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <QueryError title={r.loadError} query={{ error, isFetching, refetch }} retryLabel={r.retry} />
      );
  } else {
    const pages = data.pages.filter((page) => page.items.length > 0);
    body =
      pages.length === 0 ? (
        <ListEmpty>{filtered ? r.emptyFiltered : ranking ? r.empty : r.emptyNone}</ListEmpty>
      ) : (
        <>
          <ul className="pj-talent__grid" aria-label={r.label} aria-busy={isFetching && !isFetchingNextPage}>
            {pages.map((page, index) => (
              <Fragment key={index}>{renderCards(page.items)}</Fragment>
            ))}
          </ul>
          {hasNextPage && (
            <div className="pj-talent__more">
              <Button onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
                {isFetchingNextPage ? r.loadingMore : r.loadMore}
              </Button>
            </div>
          )}
        </>
      );
  }
  return (
    <section aria-labelledby="talent-results-heading" className="pj-talent__results">
      <h2 id="talent-results-heading" className="pj-visually-hidden">
        {r.label}
      </h2>
      <p className="pj-talent__order" role="status">
        {ranking ? r.rankedBy(ranking.title) : r.unranked}
      </p>
      {body}
    </section>
  );
}

function Shortlist({
  renderCards,
  onSearch,
}: {
  renderCards: (items: TalentCard[]) => ReactNode;
  onSearch: () => void;
}) {
  const s = t.shortlist;
  const query = useGetShortlistQuery(undefined);
  return (
    <section aria-labelledby="talent-shortlist-heading" className="pj-talent__results">
      <h2 id="talent-shortlist-heading" className="pj-talent__heading">
        {s.heading}
      </h2>
      <QueryList
        query={query}
        items={query.data?.items}
        loading={s.loading}
        loadError={s.loadError}
        empty={s.empty}
        emptyAction={<Button onClick={onSearch}>{s.toSearch}</Button>}
      >
        {(items) => (
          <ul className="pj-talent__grid" aria-label={s.heading}>
            {renderCards(items)}
          </ul>
        )}
      </QueryList>
    </section>
  );
}
