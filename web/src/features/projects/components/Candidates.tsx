import { App, Button, Tag } from 'antd';
import { useId } from 'react';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { formatDate } from '../../../shared/lib/format-date';
import { QueryError } from '../../../shared/ui/LoadError';
import { ListLoading } from '../../../shared/ui/ListStates';
import { ProfileLink } from '../../../shared/ui/ProfileLink';
import { CandidateCard } from '../../../shared/ui/CandidateCard';
import { Reasons } from '../../../shared/ui/MatchTags';
import {
  useChangeMatchStatusMutation,
  useGetProjectCandidatesQuery,
  type Match,
  type MatchStatus,
  type MatchStudentSkill,
} from '../../matching';
import { personName } from '../../../shared/lib/person-name';
import { projectsTexts } from '../projects.texts';
import { MessageButton } from '../../messages';
import { MatchReview } from '../../reviews';
import { CardSection } from '../../../shared/ui/CardSection';
import { CardList } from '../../../shared/ui/CardList';
import '../../../shared/ui/tag-list.css';

const t = projectsTexts.candidates;

/** Open decisions first, then the rest; the best match first within each. */
const STATUS_ORDER: Record<MatchStatus, number> = {
  pending: 0,
  accepted: 1,
  completed: 2,
  rejected: 3,
  withdrawn: 4,
  closed: 5,
};
const byDecisionThenScore = (a: Match, b: Match) =>
  STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || b.matchScore - a.matchScore;

/**
 * The applications to one of the employer's projects (GET /api/matches/me?projectId=), kept live: a
 * student who applies appears without a reload. Pending ones can be accepted or rejected, accepted ones
 * marked completed (API.md "Matching").
 */
export function Candidates({ projectId }: { projectId: string }) {
  const { data, error, isLoading, isFetching, refetch } = useGetProjectCandidatesQuery(projectId);
  const candidates = data ? [...data.items].sort(byDecisionThenScore) : [];

  return (
    <CardSection
      headingId="project-candidates-heading"
      title={t.heading}
      className="pj-candidates"
      headClassName="pj-candidates__head"
      aside={data && <span className="pj-candidates__count">{t.count(data.items.length)}</span>}
    >
      {isLoading ? (
        <ListLoading label={t.loading} rows={4} />
      ) : !data ? (
        <QueryError title={t.loadError} query={{ error, isFetching, refetch }} retryLabel={t.retry} />
      ) : candidates.length === 0 ? (
        <p className="pj-projects__empty">{t.empty}</p>
      ) : (
        <CardList items={candidates} className="pj-candidates__list">
          {(match) => <Candidate match={match} />}
        </CardList>
      )}
    </CardSection>
  );
}

function Candidate({ match }: { match: Match }) {
  const id = useId();
  const [changeStatus, { isLoading, originalArgs }] = useChangeMatchStatusMutation();
  const { message, modal, notification } = App.useApp();
  const name = personName(match.student, t.unnamed);
  const busy = (status: MatchStatus) => isLoading && originalArgs?.status === status;

  const move = async (status: 'accepted' | 'rejected' | 'completed') => {
    try {
      await changeStatus({ id: match.id, status }).unwrap();
      void message.success(t.changed[status](name));
    } catch (error) {
      notification.error({ title: projectsTexts.error, description: failureMessage(toApiFailure(error)) });
    }
  };

  const confirm = (status: 'rejected' | 'completed') => {
    const texts = status === 'rejected' ? t.confirmReject : t.confirmComplete;
    modal.confirm({
      title: texts.title(name),
      content: texts.body,
      okText: texts.ok,
      okButtonProps: { danger: status === 'rejected' },
      cancelText: texts.cancel,
      onOk: () => move(status),
    });
  };

  const footer = (
    <>
      <ProfileLink userId={match.studentId} name={name} />
      <MessageButton match={match} with={name} project={match.project.title} />
      {match.status === 'pending' && (
        <>
          <Button danger onClick={() => confirm('rejected')} disabled={isLoading} aria-label={t.rejectLabel(name)}>
            {t.reject}
          </Button>
          <Button
            type="primary"
            onClick={() => void move('accepted')}
            loading={busy('accepted')}
            disabled={isLoading && !busy('accepted')}
            aria-label={t.acceptLabel(name)}
          >
            {t.accept}
          </Button>
        </>
      )}
      {match.status === 'accepted' && (
        <Button onClick={() => confirm('completed')} loading={busy('completed')} aria-label={t.completeLabel(name)}>
          {t.complete}
        </Button>
      )}
    </>
  );

  return (
    <CandidateCard
      match={match}
      name={name}
      meta={t.appliedOn(formatDate(match.createdAt))}
      look="project"
      scoreLabels={t}
      footer={footer}
    >
      {match.pitch && (
        <section className="pj-candidate__pitch" aria-labelledby={`${id}-pitch`}>
          <h4 id={`${id}-pitch`} className="pj-match-card__subtitle">
            {t.pitch(name)}
          </h4>
          <p>{match.pitch}</p>
        </section>
      )}
      <Reasons reasons={match.reasons} id={`${id}-reasons`} />
      <StudentSkills skills={match.student.skills} label={t.studentSkills(name)} />
      <MatchReview match={match} counterpart={name} />
    </CandidateCard>
  );
}

/** What the applicant listed, strongest first, verified ones marked: the employer judges by them. */
function StudentSkills({ skills, label }: { skills: MatchStudentSkill[]; label: string }) {
  if (skills.length === 0) return <p className="pj-candidate__no-skills">{t.noSkills}</p>;
  const rank = { Advanced: 0, Intermediate: 1, Beginner: 2 } as const;
  const sorted = [...skills].sort((a, b) => rank[a.level] - rank[b.level] || a.name.localeCompare(b.name));
  return (
    <ul className="pj-tags" aria-label={label}>
      {sorted.map((skill) => (
        <li key={skill.name}>
          <Tag color={skill.verified ? 'green' : undefined}>
            {skill.name} · {skill.level}
            {skill.verified && ` · ${t.verified}`}
          </Tag>
        </li>
      ))}
    </ul>
  );
}
