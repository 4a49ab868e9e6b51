import { Skeleton } from 'antd';

export interface CardsLoadingProps {
  /** Read by screen readers. */
  label: string;
  /** How many placeholder cards, and the lines of each. */
  cards: number;
  rows: number;
}

/** Project or application cards on their way: announced by the label, shown as placeholder cards. */
export function CardsLoading({ label, cards, rows }: CardsLoadingProps) {
  return (
    <div role="status" className="pj-projects__loading">
      <span className="pj-visually-hidden">{label}</span>
      {Array.from({ length: cards }, (_, key) => (
        <div key={key} className="pj-match-card">
          <Skeleton active paragraph={{ rows }} />
        </div>
      ))}
    </div>
  );
}
