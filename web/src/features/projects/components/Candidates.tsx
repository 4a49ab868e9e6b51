import { Alert, App, Button, Form, Modal, Tag } from 'antd';
import { RECOMMENDATION_MAX, WorkspaceErrorCode, opensWorkspace, workspacePath } from '@projectory/contracts/values';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { formatDate } from '../../../shared/lib/format-date';
import { QueryError } from '../../../shared/ui/LoadError';
import { ListLoading } from '../../../shared/ui/ListStates';
import { ProfileLink } from '../../../shared/ui/ProfileLink';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { formDialogFooter } from '../../../shared/ui/form-dialog-footer';
import { TextAreaItem } from '../../../shared/ui/TextAreaItem';
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
  const [completing, setCompleting] = useState(false);
  const name = personName(match.student, t.unnamed);
  const busy = (status: MatchStatus) => isLoading && originalArgs?.status === status;

  const move = async (status: 'accepted' | 'rejected') => {
    try {
      await changeStatus({ id: match.id, status }).unwrap();
      void message.success(t.changed[status](name));
    } catch (error) {
      notification.error({ title: projectsTexts.error, description: failureMessage(toApiFailure(error)) });
    }
  };

  const confirmReject = () => {
    const texts = t.confirmReject;
    modal.confirm({
      title: texts.title(name),
      content: texts.body,
      okText: texts.ok,
      okButtonProps: { danger: true },
      cancelText: texts.cancel,
      onOk: () => move('rejected'),
    });
  };

  const footer = (
    <>
      <ProfileLink userId={match.studentId} name={name} />
      <MessageButton match={match} with={name} project={match.project.title} />
      {match.status === 'pending' && (
        <>
          <Button danger onClick={confirmReject} disabled={isLoading} aria-label={t.rejectLabel(name)}>
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
      {opensWorkspace(match.status) && (
        <ButtonLink to={workspacePath(match.id)} aria-label={t.workspaceLabel(name)}>
          {t.workspace}
        </ButtonLink>
      )}
      {match.status === 'accepted' && (
        <Button onClick={() => setCompleting(true)} aria-label={t.completeLabel(name)}>
          {t.complete}
        </Button>
      )}
      {completing && <CompleteDialog match={match} name={name} onClose={() => setCompleting(false)} />}
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

/**
 * "Mark completed": asks first, with an optional recommendation of the student (it goes into their
 * credential). While a milestone of the workspace is not approved the server refuses (409
 * MILESTONES_OPEN): the dialog says so and leads to the workspace.
 */
function CompleteDialog({ match, name, onClose }: { match: Match; name: string; onClose: () => void }) {
  const texts = t.confirmComplete;
  const [form] = Form.useForm<{ recommendation: string }>();
  const [changeStatus, { isLoading }] = useChangeMatchStatusMutation();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<{ message: string; milestonesOpen: boolean }>();

  const complete = async ({ recommendation }: { recommendation: string }) => {
    setFailure(undefined);
    try {
      await changeStatus({ id: match.id, status: 'completed', recommendation: recommendation.trim() }).unwrap();
      void message.success(t.changed.completed(name));
      onClose();
    } catch (error) {
      const apiFailure = toApiFailure(error);
      const milestonesOpen = apiFailure.code === WorkspaceErrorCode.MilestonesOpen;
      setFailure({ message: milestonesOpen ? texts.milestonesOpen : failureMessage(apiFailure), milestonesOpen });
    }
  };

  return (
    <Modal
      open
      title={texts.title(name)}
      onCancel={onClose}
      footer={formDialogFooter({ cancel: texts.cancel, onCancel: onClose, form, submit: texts.ok, loading: isLoading })}
    >
      <p>{texts.body}</p>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="pj-form-alert"
          title={failure.message}
          description={failure.milestonesOpen && <Link to={workspacePath(match.id)}>{texts.openWorkspace}</Link>}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ recommendation: '' }}
        onFinish={(values) => void complete(values)}
      >
        <TextAreaItem
          name="recommendation"
          max={RECOMMENDATION_MAX}
          texts={texts.recommendation}
          extra={texts.recommendationHint}
        />
      </Form>
    </Modal>
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
