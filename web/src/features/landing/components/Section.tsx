import type { ReactNode } from 'react';
import type { SectionId } from '../landing.texts';
import { SectionHeading } from './SectionHeading';

export interface SectionProps {
  /** The section's anchor (the header's links); its heading's id is `<id>-title`. */
  id: SectionId;
  heading: { eyebrow: string; title: string; lead?: string };
  /** On the tinted background, every other section. */
  tinted?: boolean;
  children: ReactNode;
}

/** A section of the landing page: its heading, then its content, in the page's container. */
export function Section({ id, heading, tinted = false, children }: SectionProps) {
  return (
    <section
      id={id}
      className={tinted ? 'lp-section lp-section--tinted' : 'lp-section'}
      aria-labelledby={`${id}-title`}
    >
      <div className="lp-container">
        <SectionHeading id={`${id}-title`} eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
        {children}
      </div>
    </section>
  );
}
