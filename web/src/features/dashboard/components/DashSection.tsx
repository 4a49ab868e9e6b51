import type { ReactNode } from 'react';

export interface DashSectionProps {
  /** The id of its heading, which names the section. */
  headingId: string;
  title: string;
  /** A sentence under the title. */
  lead?: string;
  /** How many items ('3 projects'), beside the title once known. */
  count?: string;
  /** What the section offers at the end of its head row (create, see all). */
  action?: ReactNode;
  children: ReactNode;
}

/** A tab's section of the dashboards: its heading with a lead or a count, an action, then its list. */
export function DashSection({ headingId, title, lead, count: countText, action, children }: DashSectionProps) {
  const count = countText !== undefined && <span className="pj-dash__count">{countText}</span>;
  const heading = (
    <h2 id={headingId} className="pj-dash__section-title">
      {title}
    </h2>
  );
  let head: ReactNode;
  if (lead !== undefined) {
    const intro = (
      <div>
        {heading}
        <p className="pj-dash__muted">{lead}</p>
      </div>
    );
    head =
      action === undefined ? (
        intro
      ) : (
        <div className="pj-dash__head">
          {intro}
          {action}
        </div>
      );
  } else if (action !== undefined) {
    head = (
      <div className="pj-dash__head">
        <div className="pj-dash__head-text">
          {heading}
          {count}
        </div>
        {action}
      </div>
    );
  } else {
    head = (
      <div className="pj-dash__head">
        {heading}
        {count}
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="pj-dash__stack">
      {head}
      {children}
    </section>
  );
}
