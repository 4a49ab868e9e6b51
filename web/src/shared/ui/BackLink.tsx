import { Link } from 'react-router-dom';
import { Icon } from './Icon';

export interface BackLinkProps {
  to: string;
  label: string;
  className?: string;
}

/** The way back above a detail page (a project, a profile): an arrow and where it leads. */
export function BackLink({ to, label, className }: BackLinkProps) {
  return (
    <Link to={to} className={className}>
      <Icon name="arrow-left" size={16} />
      <span>{label}</span>
    </Link>
  );
}
