import { Button } from 'antd';
import { useApplyToProject } from '../../matching/use-apply';
import { projectsTexts } from '../projects.texts';

const t = projectsTexts.card;

export interface ApplyButtonProps {
  projectId: string;
  title: string;
  /** Among the student's applications already. */
  applied: boolean;
  block?: boolean;
}

/** 'Apply Now', 'Applying...' while the call runs, then a disabled 'Applied' (prototype spec §2). */
export function ApplyButton({ projectId, title, applied, block }: ApplyButtonProps) {
  const { apply, isLoading } = useApplyToProject();
  if (applied) {
    return (
      <Button disabled block={block}>
        {t.applied}
      </Button>
    );
  }
  return (
    <Button
      type="primary"
      block={block}
      loading={isLoading}
      aria-label={isLoading ? t.applying : t.applyLabel(title)}
      onClick={() => void apply(projectId)}
    >
      {isLoading ? t.applying : t.apply}
    </Button>
  );
}
