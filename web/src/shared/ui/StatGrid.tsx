import { Skeleton } from 'antd';

export interface Stat {
  label: string;
  /** undefined while loading: a placeholder on the figure's line, so that nothing moves when it comes. */
  value: string | undefined;
  hint?: string;
}

export interface StatGridProps {
  /** undefined while loading, when not even the labels are known. */
  stats: Stat[] | undefined;
  /** How many placeholders show while loading. */
  placeholders?: number;
  /** Names the list for screen readers, e.g. 'Your numbers'. */
  label: string;
}

/**
 * Figures as stat cards (the `.pj-stats` cards of app.css, which the first frame of a page draws too):
 * four to a row, two on tablets and phones. Home, the dashboards, a project's figures, the matches.
 */
export function StatGrid({ stats, placeholders = 4, label }: StatGridProps) {
  return (
    <ul className="pj-stats" aria-label={label} aria-busy={!stats || stats.some((stat) => stat.value === undefined)}>
      {stats
        ? stats.map((stat) => (
            <li key={stat.label} className="pj-stat">
              <span className="pj-stat__label">{stat.label}</span>
              <span className="pj-stat__value">
                {stat.value ?? <span className="pj-stat__pending" aria-hidden="true" />}
              </span>
              {stat.hint && <span className="pj-stat__hint">{stat.hint}</span>}
            </li>
          ))
        : Array.from({ length: placeholders }, (_, key) => (
            <li key={key} className="pj-stat">
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </li>
          ))}
    </ul>
  );
}
