import { Button } from 'antd';
import { useState } from 'react';
import { ApplyDialog } from '../../matching';
import { employerName } from '../people';
import { projectsTexts } from '../projects.texts';

const t = projectsTexts.card;

export interface ApplyButtonProps {
  /** The project; with its employer, who receives the application, when known. */
  project: { id: string; title: string; employer?: Parameters<typeof employerName>[0] };
  /** Among the student's applications already. */
  applied: boolean;
  block?: boolean;
}

/**
 * 'Apply Now' (prototype spec §2) opens the confirm dialog, where the student may write a pitch and sees
 * how many applications they have left; a disabled 'Applied' once they applied.
 */
export function ApplyButton({ project, applied, block }: ApplyButtonProps) {
  const [open, setOpen] = useState(false);
  const { id: projectId, title } = project;
  const employer = project.employer && employerName(project.employer);
  if (applied) {
    return (
      <Button disabled block={block}>
        {t.applied}
      </Button>
    );
  }
  return (
    <>
      <Button
        type="primary"
        block={block}
        aria-label={t.applyLabel(title)}
        onClick={() => setOpen(true)}
        onPointerEnter={ApplyDialog.preload}
        onFocus={ApplyDialog.preload}
      >
        {t.apply}
      </Button>
      <ApplyDialog open={open} project={{ id: projectId, title }} employer={employer} onClose={() => setOpen(false)} />
    </>
  );
}
