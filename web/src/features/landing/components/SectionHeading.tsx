export interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
}

export function SectionHeading({ id, eyebrow, title, lead }: SectionHeadingProps) {
  return (
    <div className="lp-heading">
      <p className="lp-eyebrow">{eyebrow}</p>
      <h2 id={id} className="lp-heading__title">
        {title}
      </h2>
      {lead ? <p className="lp-heading__lead">{lead}</p> : null}
    </div>
  );
}
