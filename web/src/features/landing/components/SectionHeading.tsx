export interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  /** Light text, for sections on a dark background. */
  inverted?: boolean;
}

export function SectionHeading({ id, eyebrow, title, lead, inverted = false }: SectionHeadingProps) {
  return (
    <div className={inverted ? 'lp-heading lp-heading--inverted' : 'lp-heading'}>
      <p className="lp-eyebrow">{eyebrow}</p>
      <h2 id={id} className="lp-heading__title">
        {title}
      </h2>
      {lead ? <p className="lp-heading__lead">{lead}</p> : null}
    </div>
  );
}
