import { ButtonLink } from './ButtonLink';

export interface MissingCardProps {
  title: string;
  body: string;
  /** Where the one way on leads, and its label. */
  to: string;
  action: string;
}

/** A page's own "not found" card (a project, a profile): what happened, and one way on. */
export function MissingCard({ title, body, to, action }: MissingCardProps) {
  return (
    <div className="pj-card pj-empty" role="alert">
      <h1 className="pj-empty__title">{title}</h1>
      <p className="pj-empty__body">{body}</p>
      <div className="pj-empty__action">
        <ButtonLink to={to} type="primary">
          {action}
        </ButtonLink>
      </div>
    </div>
  );
}
