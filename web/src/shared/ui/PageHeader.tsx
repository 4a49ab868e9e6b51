import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  lead?: ReactNode;
  /** More under the lead (a note, the algorithm's name). */
  children?: ReactNode;
  /** What the page offers beside its title (a create button): the header becomes a row. */
  actions?: ReactNode;
  className?: string;
}

/** A page's title (its one `h1`) and lead, the `.pj-page-header` of app.css; with actions beside it. */
export function PageHeader({ title, lead, children, actions, className }: PageHeaderProps) {
  const heading = (
    <>
      <h1 className="pj-page-header__title">{title}</h1>
      {lead !== undefined && <p className="pj-page-header__lead">{lead}</p>}
      {children}
    </>
  );
  return (
    <header className={className ? `pj-page-header ${className}` : 'pj-page-header'}>
      {actions === undefined ? (
        heading
      ) : (
        <>
          <div>{heading}</div>
          {actions}
        </>
      )}
    </header>
  );
}
