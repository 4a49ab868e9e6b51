import { Tag } from 'antd';
import { type MatchClosedReason, matchClosedReasonTexts } from '@projectory/contracts/values';
import { homeTexts } from '../home.texts';

// Solid colours with white text, all above 4.5:1 contrast.
const GREEN = '#15803d';
const INDIGO = '#4f46e5';

/** Match-score badge: ≥ 90 and ≥ 80 stand out, anything lower is plain (prototype spec §4 "Badges"). */
export function ScoreTag({ score }: { score: number }) {
  const color = score >= 90 ? GREEN : score >= 80 ? INDIGO : undefined;
  return <Tag color={color}>{homeTexts.recent.score(score)}</Tag>;
}

const STATUS_COLORS: Record<string, string | undefined> = {
  pending: '#92400e',
  accepted: GREEN,
  completed: '#1d4ed8',
  rejected: '#b91c1c',
  closed: '#475569',
};

export function StatusTag({ status }: { status: string }) {
  const label = homeTexts.statuses[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
  return <Tag color={STATUS_COLORS[status]}>{label}</Tag>;
}

/**
 * Why the system closed an application (API.md "Matching", (system)), shown beside its status wherever an
 * application is listed, to the student and to the employer; nothing for any other status.
 */
export function ClosedReason({ status, reason }: { status: string; reason?: MatchClosedReason | null }) {
  if (status !== 'closed') return null;
  return <p className="pj-closed-reason">{reason ? matchClosedReasonTexts[reason] : homeTexts.closedByTheSystem}</p>;
}
