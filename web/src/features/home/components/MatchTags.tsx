import { Tag } from 'antd';
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
};

export function StatusTag({ status }: { status: string }) {
  const label = homeTexts.statuses[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
  return <Tag color={STATUS_COLORS[status]}>{label}</Tag>;
}
