import type { QuickAction } from '../../shared/ui/QuickActions';
import { homeTexts } from './home.texts';

const t = homeTexts.quickActions;

/** Home's quick actions for the role, the main one first. */
export function homeActions(student: boolean): QuickAction[] {
  return [
    { to: '/projects', label: student ? t.browseProjects : t.createProject },
    { to: '/matching-demo', label: t.matches },
    ...(student
      ? [
          { to: '/skills', label: t.skills },
          { to: '/career-recommendations', label: t.careers },
        ]
      : []),
    { to: '/messages', label: t.messages },
    { to: '/dashboard', label: t.dashboard },
    { to: '/settings', label: t.settings },
  ];
}
