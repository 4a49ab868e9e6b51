import { Tag } from 'antd';
import { Icon } from '../../../components/Icon';
import { matchingTexts as t } from '../matching.texts';

/** Prototype spec §4: ≥ 80 green, ≥ 60 yellow, below red (dark shades, for white text). */
export function scoreColor(score: number): string {
  return score >= 80 ? '#15803d' : score >= 60 ? '#92400e' : '#b91c1c';
}

export function OverallTag({ score }: { score: number }) {
  return (
    <Tag color={scoreColor(score)} className="pj-match-card__overall">
      {t.overall(score)}
    </Tag>
  );
}

/** The server's explanation of a score, e.g. "Shares 2 of your top 3 values: Integrity, Growth". */
export function Reasons({ reasons, id }: { reasons: string[]; id: string }) {
  if (reasons.length === 0) return null;
  return (
    <div className="pj-match-card__reasons">
      <h4 id={id} className="pj-match-card__subtitle">
        {t.reasons}
      </h4>
      <ul aria-labelledby={id}>
        {reasons.map((reason) => (
          <li key={reason}>
            <Icon name="check" size={14} className="pj-match-card__reason-icon" />
            <span>{reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
