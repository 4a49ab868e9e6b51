import { Tag } from 'antd';
import type { MatchReason, MatchReasonKind } from '@projectory/contracts';
import { Icon, type IconName } from '../../../components/Icon';
import { matchingTexts as t } from '../matching.texts';

/** Each kind has its own shape (not only its colour) and a spoken label. */
const REASON_ICONS: Record<MatchReasonKind, IconName> = { strength: 'check', gap: 'close', neutral: 'minus' };

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

/**
 * The server's explanation of a score, e.g. "Shares 2 of your top 3 values: Integrity, Growth": a tick
 * for a strength, a cross for a gap, a dash for what did not count, each also named for screen readers.
 */
export function Reasons({ reasons, id }: { reasons: readonly MatchReason[]; id: string }) {
  if (reasons.length === 0) return null;
  return (
    <div className="pj-match-card__reasons">
      <h4 id={id} className="pj-match-card__subtitle">
        {t.reasons}
      </h4>
      <ul aria-labelledby={id}>
        {reasons.map((reason) => (
          <li key={`${reason.kind}:${reason.text}`} className={`pj-match-card__reason--${reason.kind}`}>
            <Icon name={REASON_ICONS[reason.kind]} size={14} className="pj-match-card__reason-icon" />
            <span>
              <span className="pj-visually-hidden">{t.reasonKinds[reason.kind]}: </span>
              {reason.text}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
