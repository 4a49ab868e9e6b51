import { Tag } from 'antd';
import type { MatchReason, MatchReasonKind } from '@projectory/contracts';
import { type MatchClosedReason, matchClosedReasonTexts } from '@projectory/contracts/values';
import { palette } from '../theme';
import { Icon, type IconName } from './Icon';
import { matchTagsTexts as t } from './match-tags.texts';
import './match-card.css';

/** Match-score badge: ≥ 90 and ≥ 80 stand out, anything lower is plain (prototype spec §4 "Badges"). */
export function ScoreTag({ score }: { score: number }) {
  const color = score >= 90 ? palette.success : score >= 80 ? palette.primary : undefined;
  return <Tag color={color}>{t.score(score)}</Tag>;
}

// Solid colours with white text, all above 4.5:1 contrast.
const STATUS_COLORS: Record<string, string | undefined> = {
  pending: palette.warning,
  accepted: palette.success,
  completed: palette.info,
  rejected: palette.danger,
  closed: palette.textMuted,
};

export function StatusTag({ status }: { status: string }) {
  return <Tag color={STATUS_COLORS[status]}>{t.statusLabel(status)}</Tag>;
}

/**
 * Why the system closed an application (API.md "Matching", (system)), shown beside its status wherever an
 * application is listed, to the student and to the employer; nothing for any other status.
 */
export function ClosedReason({ status, reason }: { status: string; reason?: MatchClosedReason | null }) {
  if (status !== 'closed') return null;
  return <p className="pj-closed-reason">{reason ? matchClosedReasonTexts[reason] : t.closedByTheSystem}</p>;
}

/** The match score and the status of an application, side by side (on its card's header). */
export function MatchBadges({ score, status, className }: { score: number; status: string; className: string }) {
  return (
    <div className={className}>
      <ScoreTag score={score} />
      <StatusTag status={status} />
    </div>
  );
}

/** Each kind has its own shape (not only its colour) and a spoken label. */
const REASON_ICONS: Record<MatchReasonKind, IconName> = { strength: 'check', gap: 'close', neutral: 'minus' };

/** Prototype spec §4: ≥ 80 green, ≥ 60 yellow, below red (dark shades, for white text). */
export function scoreColor(score: number): string {
  return score >= 80 ? palette.success : score >= 60 ? palette.warning : palette.danger;
}

export function OverallTag({ score }: { score: number }) {
  return (
    <Tag color={scoreColor(score)} className="pj-match-card__overall">
      {t.score(score)}
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
