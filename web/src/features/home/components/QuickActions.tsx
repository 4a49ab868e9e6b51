import { ButtonLink } from '../../../components/ButtonLink';
import { homeTexts } from '../home.texts';

const t = homeTexts.quickActions;

export interface QuickActionsProps {
  student: boolean;
}

export function QuickActions({ student }: QuickActionsProps) {
  const actions = [
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
  return (
    <section className="pj-panel" aria-labelledby="home-actions-heading">
      <h2 id="home-actions-heading" className="pj-panel__title">
        {t.title}
      </h2>
      <ul className="pj-actions">
        {actions.map((action, i) => (
          <li key={action.to}>
            <ButtonLink to={action.to} type={i === 0 ? 'primary' : 'default'} block>
              {action.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
