import { Button } from 'antd';
import { exchangeTypeLabels } from '@projectory/contracts/values';
import { personName } from '../../../shared/lib/person-name';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { FactList } from '../../../shared/ui/FactList';
import { Icon } from '../../../shared/ui/Icon';
import { StatusTag } from '../../../shared/ui/MatchTags';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { MilestoneProgress } from '../../../shared/ui/MilestoneProgress';
import type { WorkspaceRole } from '../workspace-format';
import type { Workspace } from '../workspace.api';
import { calendarUrl, conversationPath, workspaceTexts } from '../workspace.texts';

const t = workspaceTexts.header;

/** The header's classes; index.html's first frame of the page draws its title in the same (app/app-frames.tsx). */
export const WORKSPACE_HEADER_CLASS = 'pj-page-header--split pj-workspace__header';

/**
 * The project's title, whom the reader works with and on what exchange, the match's status, the progress
 * (approved of all milestones), and the ways out: the calendar feed and the conversation.
 */
export function WorkspaceHeader({ workspace, role }: { workspace: Workspace; role: WorkspaceRole }) {
  const { project, student, employer, progress } = workspace;
  const studentName = personName(student);
  const employerName = personName(employer);
  const employerWho = t.employerWho(employerName, employer.company);
  const counterpart = { student: employerWho, employer: studentName, viewer: undefined }[role];

  return (
    <>
      <PageHeader
        className={WORKSPACE_HEADER_CLASS}
        title={project.title}
        lead={t.lead(counterpart)}
        actions={
          <div className="pj-workspace__links">
            <Button
              href={calendarUrl(workspace.matchId)}
              download
              icon={<Icon name="calendar" size={16} />}
              aria-label={t.calendarLabel}
            >
              {t.calendar}
            </Button>
            <ButtonLink to={conversationPath(workspace.matchId)} icon={<Icon name="chat" size={16} />}>
              {t.conversation}
            </ButtonLink>
          </div>
        }
      />
      <section className="pj-card pj-workspace__summary" aria-label={t.facts}>
        <FactList
          className="pj-workspace__facts"
          facts={[
            {
              label: t.exchange,
              value: (
                <>
                  <strong>{exchangeTypeLabels[project.exchangeType]}</strong>
                  {project.exchangeDescription && <p>{project.exchangeDescription}</p>}
                </>
              ),
            },
            { label: t.counterpart, value: counterpart ?? t.bothSides(studentName, employerWho) },
            { label: t.status, value: <StatusTag status={workspace.status} /> },
          ]}
        />
        <MilestoneProgress progress={progress} />
      </section>
    </>
  );
}
