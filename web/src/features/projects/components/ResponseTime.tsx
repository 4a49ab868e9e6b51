import type { Project } from '../projects.api';
import { responsivenessTexts as t } from '../responsiveness.texts';

/**
 * The employer's typical response time (PRODUCT.md "No ghosting"): their median time to a first decision
 * or message and the share of applications answered within 7 days, or that there is not enough to tell.
 */
export function ResponseTime({ employer }: { employer: Project['employer'] }) {
  const { medianResponseHours: hours, responseRate: rate } = employer;
  return (
    <p className="pj-response-time">
      <span className="pj-visually-hidden">{t.label}: </span>
      {hours === null || hours === undefined
        ? t.newEmployer
        : rate === null || rate === undefined
          ? t.usually(hours)
          : `${t.usually(hours)} · ${t.rate(rate)}`}
    </p>
  );
}
