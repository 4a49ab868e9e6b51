import type { WorkspaceProgress } from '@projectory/contracts';
import { palette } from '../theme';
import { milestoneProgressTexts as t } from './milestone-progress.texts';
import { ScoreBar } from './ScoreBar';

/** A collaboration's progress (API.md "The collaboration workspace"): the approved share of its milestones as a bar. */
export function MilestoneProgress({ progress }: { progress: WorkspaceProgress }) {
  return (
    <ScoreBar
      label={t.label}
      percent={progress.percent}
      hint={t.approvedOf(progress.approved, progress.total)}
      color={palette.success}
    />
  );
}
