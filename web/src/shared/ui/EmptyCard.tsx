import { Empty } from 'antd';
import type { ReactNode } from 'react';

export interface EmptyCardProps {
  /** The id of its heading, which names the card. */
  headingId: string;
  title: string;
  body: ReactNode;
  /** The next step (a button link). */
  children?: ReactNode;
}

/** A page with nothing to show yet: antd's empty picture, a heading, a sentence and the next step, in a card. */
export function EmptyCard({ headingId, title, body, children }: EmptyCardProps) {
  return (
    <section className="pj-card pj-empty" aria-labelledby={headingId}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <h2 id={headingId} className="pj-empty__title">
              {title}
            </h2>
            <p className="pj-empty__body">{body}</p>
          </>
        }
      >
        {children}
      </Empty>
    </section>
  );
}
