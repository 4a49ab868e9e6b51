import { Tag } from 'antd';
import { projectsTexts } from '../projects.texts';

/** Prototype spec §4: isActive shows 'Active', otherwise 'Inactive'. */
export function ProjectStatusTag({ active }: { active: boolean }) {
  return (
    <Tag color={active ? '#15803d' : undefined} className="pj-project-status">
      {active ? projectsTexts.card.active : projectsTexts.card.inactive}
    </Tag>
  );
}
