import { App, Button } from 'antd';
import { useState } from 'react';
import { toApiFailure, failureMessage } from '../../../api/api-error';
import { useArchiveProjectMutation, useUpdateProjectMutation, type Project } from '../projects.api';
import { projectsTexts } from '../projects.texts';
import { ProjectFormDialog } from './lazy-dialogs';
import { confirmDanger } from '../../../shared/lib/confirm-danger';

const t = projectsTexts.employer;

export interface OwnerActionsProps {
  project: Project;
  /** After the project was deleted (e.g. leave its page). */
  onDeleted?: () => void;
}

/** The employer's own project: Edit (the project form), Activate/Deactivate, Delete (archived, confirmed). */
export function OwnerActions({ project, onDeleted }: OwnerActionsProps) {
  const [editing, setEditing] = useState(false);
  const [updateProject, update] = useUpdateProjectMutation();
  const [archiveProject] = useArchiveProjectMutation();
  const { message, modal, notification } = App.useApp();
  const active = project.isActive;

  const onToggle = async () => {
    try {
      await updateProject({ id: project.id, changes: { isActive: !active } }).unwrap();
      void message.success(active ? t.deactivated : t.activated);
    } catch (error) {
      notification.error({ title: t.actionFailed, description: failureMessage(toApiFailure(error)) });
    }
  };

  const onDelete = () => {
    confirmDanger(modal, { ...t.confirmRemove, title: t.confirmRemove.title(project.title) }, async () => {
      try {
        await archiveProject(project.id).unwrap();
        void message.success(t.removed);
        onDeleted?.();
      } catch (error) {
        notification.error({ title: t.actionFailed, description: failureMessage(toApiFailure(error)) });
      }
    });
  };

  return (
    <div className="pj-owner-actions">
      <Button
        onClick={() => setEditing(true)}
        onPointerEnter={ProjectFormDialog.preload}
        onFocus={ProjectFormDialog.preload}
        aria-label={t.editLabel(project.title)}
      >
        {t.edit}
      </Button>
      <Button
        onClick={() => void onToggle()}
        loading={update.isLoading}
        aria-label={active ? t.deactivateLabel(project.title) : t.activateLabel(project.title)}
      >
        {active ? t.deactivate : t.activate}
      </Button>
      <Button danger onClick={onDelete} aria-label={t.removeLabel(project.title)}>
        {t.remove}
      </Button>
      <ProjectFormDialog open={editing} onClose={() => setEditing(false)} project={project} />
    </div>
  );
}
