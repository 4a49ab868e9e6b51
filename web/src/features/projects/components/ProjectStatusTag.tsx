import { Tag } from 'antd';
import { projectsTexts } from '../projects.texts';
import { palette } from '../../../shared/theme';

/** Prototype spec §4: isActive shows 'Active', otherwise 'Inactive'. */
export function ProjectStatusTag({ active }: { active: boolean }) {
  return (
    <Tag color={active ? palette.success : undefined} className="pj-project-status">
      {active ? projectsTexts.card.active : projectsTexts.card.inactive}
    </Tag>
  );
}
