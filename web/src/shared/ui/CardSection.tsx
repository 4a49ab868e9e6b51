import type { HTMLAttributes, ReactNode } from 'react';

export interface CardSectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'aria-labelledby'> {
  /** The id of its heading, which names the section. */
  headingId: string;
  title: ReactNode;
  /** With a head row: the row's class, and what sits beside the title (a count, a link, a button). */
  headClassName?: string;
  aside?: ReactNode;
  children?: ReactNode;
}

/** A white card (`.pj-card`) named by its `h2`, the title alone or in a head row beside a count or an action. */
export function CardSection({
  headingId,
  title,
  headClassName,
  aside,
  className,
  children,
  ...rest
}: CardSectionProps) {
  const heading = (
    <h2 id={headingId} className="pj-card__title">
      {title}
    </h2>
  );
  return (
    <section className={className ? `pj-card ${className}` : 'pj-card'} aria-labelledby={headingId} {...rest}>
      {headClassName === undefined ? (
        heading
      ) : (
        <div className={headClassName}>
          {heading}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
