import { Tag } from 'antd';
import { useId } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date';
import { formatFileSize } from '../../../shared/lib/format-file-size';
import { FactList, type Fact } from '../../../shared/ui/FactList';
import { palette } from '../../../shared/theme';
import type { Submission } from '../workspace.api';
import { submissionFileUrl, workspaceTexts } from '../workspace.texts';

const t = workspaceTexts.submissions;

const DECISION_COLORS = { approved: palette.success, changes_requested: palette.warning } as const;

/** A milestone's submissions, newest first: each note, its links and file, and the employer's decision with feedback. */
export function Submissions({ matchId, submissions }: { matchId: string; submissions: Submission[] }) {
  const id = useId();
  if (submissions.length === 0) return <p className="pj-milestone__muted">{t.none}</p>;
  return (
    <section className="pj-submissions" aria-labelledby={id}>
      <h4 id={id} className="pj-submissions__title">
        {t.title(submissions.length)}
      </h4>
      <ol className="pj-submissions__list">
        {submissions.map((submission, index) => (
          <li key={submission.id} className="pj-submission">
            <p className="pj-submission__meta">
              <span>{t.submittedOn(formatDateTime(submission.submittedAt))}</span>
              {index === 0 && <Tag>{t.latest}</Tag>}
              <Tag color={submission.decision ? DECISION_COLORS[submission.decision] : undefined}>
                {t.decision[submission.decision ?? 'pending']}
              </Tag>
              {submission.decidedAt && <span>{t.decidedOn(formatDateTime(submission.decidedAt))}</span>}
            </p>
            <FactList className="pj-submission__facts" facts={facts(matchId, submission)} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function facts(matchId: string, submission: Submission): Fact[] {
  const list: Fact[] = [{ label: t.note, value: <p className="pj-submission__text">{submission.note}</p> }];
  if (submission.links.length > 0) {
    list.push({
      label: t.links,
      value: (
        <ul className="pj-submission__links">
          {submission.links.map((link) => (
            <li key={link}>
              <a href={link} target="_blank" rel="noopener noreferrer">
                {link}
              </a>
            </li>
          ))}
        </ul>
      ),
    });
  }
  const file = submission.attachment;
  if (file) {
    list.push({
      label: t.file,
      value: (
        <a href={submissionFileUrl(matchId, submission.id)} download={file.fileName}>
          {t.download(file.fileName, formatFileSize(file.fileSize))}
        </a>
      ),
    });
  }
  if (submission.feedback) {
    list.push({ label: t.feedback, value: <p className="pj-submission__text">{submission.feedback}</p> });
  }
  return list;
}
