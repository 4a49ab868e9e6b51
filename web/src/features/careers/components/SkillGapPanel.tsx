import { Alert, Button, Tag } from 'antd';
import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { useGetMyMatchesQuery } from '../../matching';
import { ApplyButton } from '../../projects';
import type { SkillGap, SuggestedProject } from '../careers.api';
import { careersTexts } from '../careers.texts';
import '../../../shared/ui/tag-list.css';

const t = careersTexts.gap;

function Badges({ skills, label, missing }: { skills: string[]; label: string; missing?: ReadonlySet<string> }) {
  return (
    <ul className="pj-tags" aria-label={label}>
      {skills.map((skill) => (
        <li key={skill}>
          {missing?.has(skill.toLowerCase()) ? (
            <Tag className="pj-gap__missing">
              {skill}
              <span className="pj-visually-hidden">{t.missingSuffix}</span>
            </Tag>
          ) : (
            <Tag>{skill}</Tag>
          )}
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="pj-gap__section" aria-labelledby={id}>
      <h4 id={id} className="pj-gap__title">
        {title}
      </h4>
      {children}
    </section>
  );
}

/** Open projects that need a missing skill, with Apply as on /projects (its toasts and limit messages). */
function SuggestedProjects({ projects, missing }: { projects: SuggestedProject[]; missing: ReadonlySet<string> }) {
  const applications = useGetMyMatchesQuery(undefined);
  const applied = useMemo(() => new Set(applications.data?.items.map((match) => match.projectId)), [applications.data]);
  if (projects.length === 0) return <p className="pj-gap__empty">{t.noProjects}</p>;
  return (
    <ul className="pj-gap__projects">
      {projects.map((project) => (
        <li key={project.id} className="pj-gap__project">
          <Link
            to={`/projects/${project.id}`}
            className="pj-gap__project-link"
            aria-label={t.viewProject(project.title)}
          >
            {project.title}
          </Link>
          <Badges skills={project.skills} label={t.projectSkills(project.title)} missing={missing} />
          <ApplyButton project={project} applied={applied.has(project.id)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Gap Analysis (prototype spec §2): 'Your Strengths', 'Skills to Develop', 'Learning Recommendations',
 * then the open projects that build a missing skill (PRODUCT.md: the gap → project → verified skill loop).
 */
export interface SkillGapPanelProps {
  /** The skill-gap query of the selected career (CareerDetail asks it). */
  gap: { data?: SkillGap; error?: unknown; isLoading: boolean; isFetching: boolean; refetch: () => unknown };
}

export function SkillGapPanel({ gap }: SkillGapPanelProps) {
  const { data, error, isLoading, isFetching, refetch } = gap;
  const missing = useMemo(() => new Set(data?.missingSkills.map((skill) => skill.toLowerCase())), [data]);

  if (isLoading) {
    return (
      <p className="pj-gap__status" role="status">
        {t.loading}
      </p>
    );
  }
  if (error && !data) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t.failed}
        description={failureMessage(toApiFailure(error))}
        action={
          <Button onClick={() => void refetch()} loading={isFetching}>
            {t.retry}
          </Button>
        }
      />
    );
  }
  if (!data) return <p className="pj-gap__status">{t.none}</p>;
  return (
    <div className="pj-gap" aria-busy={isFetching}>
      <Section title={t.strengths}>
        {data.strengthSkills.length > 0 ? (
          <Badges skills={data.strengthSkills} label={t.strengths} />
        ) : (
          <p className="pj-gap__empty">{t.noStrengths}</p>
        )}
      </Section>
      <Section title={t.toDevelop}>
        {data.missingSkills.length > 0 ? (
          <Badges skills={data.missingSkills} label={t.toDevelop} />
        ) : (
          <p className="pj-gap__empty">{t.noGaps}</p>
        )}
      </Section>
      {data.recommendations.length > 0 && (
        <Section title={t.learning}>
          <ul className="pj-gap__list">
            {data.recommendations.map((recommendation) => (
              <li key={recommendation}>{recommendation}</li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={t.projects}>
        <p className="pj-gap__lead">{t.projectsLead}</p>
        <SuggestedProjects projects={data.suggestedProjects} missing={missing} />
      </Section>
    </div>
  );
}
