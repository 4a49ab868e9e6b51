import { Button } from 'antd';
import { useState } from 'react';
import { ApplyDialog } from '../../matching';
import { projectsTexts } from '../projects.texts';

const t = projectsTexts.card;

export interface ApplyButtonProps {
  projectId: string;
  title: string;
  /** Who receives the application, when known. */
  employer?: string;
  /** Among the student's applications already. */
  applied: boolean;
  block?: boolean;
}

/**
 * 'Apply Now' (prototype spec §2) opens the confirm dialog, where the student may write a pitch and sees
 * how many applications they have left; a disabled 'Applied' once they applied.
 */
export function ApplyButton({ projectId, title, employer, applied, block }: ApplyButtonProps) {
  const [open, setOpen] = useState(false);
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
